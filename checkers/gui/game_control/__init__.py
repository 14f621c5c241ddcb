"""The game controller's rooms: `checkers.gui.controller.Game` holds a game's state and the player's
commands, and hands each of these parts its own work, without pixels.

- `ai_traffic`: what the game asks the AI worker, and one handler per reply and per purpose;
- `judging`: the game's one score for each position, and the AI's answer to a draw offer;
- `bookkeeping`: the clocks, the result and the origin a game's file keeps in its tags;
- `stepping`: taking back, replaying, stepping through a game and playing on from it;
- `declaring`: resigning and offering draws.

A room that works on the game names what it reads and sets of it in a Protocol of its own
(`AskingGame`, `JudgingGame`, `SteppingGame`, `DeclaringGame`) and imports nothing of
`checkers.gui.controller`: the imports run one way, and `Game`, which is each of them, passes itself.
"""
