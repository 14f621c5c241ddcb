"""The board view: drawing, geometry, selection and the images and sounds."""
