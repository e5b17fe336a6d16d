"""nardcore: the rules of backgammon, narde, khachapuri, moultezim and tawla 31, in pure Python.

>>> import nardcore
>>> start = nardcore.Position.start("narde")
>>> str(start)
'narde:w:24x15:24x15'
>>> len(nardcore.legal_plays(start, (6, 5)))
1
>>> game = nardcore.Game("backgammon", nardcore.SeededDice(1))
>>> game.phase
'opening'
"""

from __future__ import annotations

from .dice import DiceError, PresetDice, Roll, SeededDice, SystemDice
from .errors import NardError
from .game import Game, GameError
from .gamedata import game_from_dict, game_to_dict
from .match import Match
from .movegen import Step, legal_plays, result_positions
from .notation import AmbiguousPlayError, IllegalPlayError, MalformedPlayError, NotationError, format_play, parse_play
from .plays import LegalPlays, Play
from .position import BLACK, WHITE, Position, PositionError
from .readers import GameStateError
from .scoring import GameResult, score_game
from .variant import VARIANT_NAMES, VARIANTS, Variant, VariantError, find_variant

__version__ = "0.2.0"

__all__ = [
    "BLACK",
    "AmbiguousPlayError",
    "IllegalPlayError",
    "LegalPlays",
    "MalformedPlayError",
    "Play",
    "DiceError",
    "NardError",
    "VARIANTS",
    "VARIANT_NAMES",
    "WHITE",
    "Game",
    "GameError",
    "GameResult",
    "GameStateError",
    "Match",
    "NotationError",
    "Position",
    "PositionError",
    "PresetDice",
    "Roll",
    "SeededDice",
    "Step",
    "SystemDice",
    "Variant",
    "VariantError",
    "__version__",
    "find_variant",
    "format_play",
    "game_from_dict",
    "game_to_dict",
    "legal_plays",
    "parse_play",
    "result_positions",
    "score_game",
]
