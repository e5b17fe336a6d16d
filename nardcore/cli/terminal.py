"""A game in the terminal against the heuristic bot: `python -m nardcore play VARIANT`."""

from __future__ import annotations

from typing import TextIO

from ..bots import HeuristicBot, act
from ..dice import SeededDice, SystemDice
from ..game import Game, GameError
from ..gamedata import event_text
from ..notation import format_play
from ..textboard import render

__all__ = ["play_game"]


def play_game(variant: str, seed: int | None, human: int, inp: TextIO, out: TextIO) -> int:
    """A game against the heuristic bot; the human types plays in notation."""
    dice = SeededDice(seed) if seed is not None else SystemDice()
    game = Game(variant, dice)
    bot = HeuristicBot()
    names = {human: "you", 1 - human: "bot"}
    seen = 0
    shown = -1  # history length when the board was last drawn

    def report() -> None:
        nonlocal seen
        for event in game.history[seen:]:
            side = event.get("side")
            who = names[0 if side == "w" else 1] if side else ""
            out.write(f"{who + ': ' if who else ''}{event_text(event, side_prefix=False)}\n")
        seen = len(game.history)

    out.write(f"{game.variant.title}: you play {'white' if human == 0 else 'black'}. "
              "Type plays like 24/18 13/11; 'plays' lists them, 'hint' suggests one, 'quit' ends.\n")
    while not game.over:
        side = game.to_act
        if side != human:
            act(game, bot)
            report()
            continue
        if game.phase in ("opening", "roll"):
            game.roll()
            report()
            continue
        if game.phase == "cube":
            answer = _ask(inp, out, "double or roll? [d/r] ", ("d", "double", "r", "roll", "quit"))
            if answer is None or answer == "quit":
                return 0
            if answer.startswith("d"):
                game.double()
            else:
                game.roll()
            report()
            continue
        if game.phase == "take":
            prompt = f"the bot doubles to {game.cube_value * 2}: take or drop? [t/d] "
            answer = _ask(inp, out, prompt, ("t", "take", "d", "drop", "quit"))
            if answer is None or answer == "quit":
                return 0
            if answer.startswith("t"):
                game.take()
            else:
                game.drop()
            report()
            continue
        if shown != len(game.history):
            out.write(render(game.position, human) + "\n")
            shown = len(game.history)
        assert game.dice is not None
        plays = {result: format_play(game.position, steps) for result, steps in game.plays().items()}
        if not plays:
            out.write(f"you rolled {game.dice}: no legal play, the turn passes\n")
            game.confirm()
            report()
            continue
        answer = _ask(inp, out, f"you rolled {game.dice}, your play: ")
        if answer is None or answer == "quit":
            return 0
        if answer == "plays":
            out.write("  " + "\n  ".join(sorted(plays.values())) + "\n")
            continue
        if answer == "hint":
            best = bot.rank(game.position, game.plays())[:3]
            out.write("  " + "\n  ".join(plays.get(result, str(result)) for _, result in best) + "\n")
            continue
        try:
            game.play(answer)
        except GameError as error:
            out.write(f"{error}\n")
            continue
        report()
    assert game.result is not None
    out.write(render(game.position, human) + "\n")
    result = game.result
    if result.winner is None:
        out.write("the game is a draw\n")
    else:
        plural = "s" if result.points != 1 else ""
        out.write(f"{names[result.winner]} won: {result.kind}, {result.points} point{plural}\n")
    return 0


def _ask(inp: TextIO, out: TextIO, prompt: str, choices: tuple[str, ...] = ()) -> str | None:
    """The answer, lower case; None at the end of input. With `choices`, asks until one is given."""
    while True:
        out.write(prompt)
        out.flush()
        line = inp.readline()
        if not line:
            out.write("\n")
            return None
        answer = line.strip().lower()
        if not choices or answer in choices:
            return answer
        out.write(f"please answer one of: {', '.join(choices)}\n")
