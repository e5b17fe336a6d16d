"""A game's settings (what game, against whom) and the person's preferences (how the app
behaves): their defaults, and the strict readers of both, from a request or a save.
"""

from __future__ import annotations

from typing import Any

from nardcore.bots.levels import DEFAULT_LEVEL, LEVELS
from nardcore.errors import quoted
from nardcore.variant import VARIANT_NAMES, Variant, VariantError, find_variant

from .inputs import UIError, is_count, is_lang
from .studydata import read_study
from .variant_rules import match_length_for

DEFAULT_SETTINGS: dict[str, Any] = {
    "variant": "backgammon",  # a variant token: name plus options, e.g. "narde+koks"
    "match_length": 0,  # 0: a single game (tawla31: see variant_rules)
    "opponent": "human",  # "human" (same device) or "computer"
    "level": DEFAULT_LEVEL,  # the computer's level (nardcore.bots.levels.LEVELS)
    "seat": "w",  # the colour the person plays against the computer
    "dice": "app",  # "app": the app's proven dice; "hand": every roll entered by hand (docs/fair-dice.md)
}
DEFAULT_PREFS: dict[str, Any] = {
    "lang": "en",
    "auto_roll": False,
    "auto_confirm": False,
    "auto_forced": True,
    "flip": False,
    "turn_board": False,  # hot-seat: the board turns to the player to act
    "coach": False,  # before a blunder is confirmed, say so and offer to take it back
    "sound": True,  # the page's sounds (web/page/sound.js), after the person's first touch or key
    "auto_bear_off": False,  # the rest of a turn that can only bear off, played at once (docs/ui.md)
    "dice_history": False,  # this game's rolls and their counts beside the board (fairplay.history)
    # finished games against the computer reviewed when the player is idle (web/worker/background.py)
    "background_review": False,
    "learned": [],  # the lessons done (web/worker/lessons.py), by id; never changed in place
    "both_numbers": False,  # the board shows both sides' point numbers, the record each side's own (docs/ui.md)
    "game": "",  # the game last chosen on the start screen, offered first from then on ("": none yet)
    "way_shown": [],  # the games (names) started here from the start screen: a first one shows the way round
}
# The game offered first to a person who has chosen none yet, by the page's language: the game
# most played where the language is spoken (docs/first-game.md); backgammon elsewhere.
FIRST_GAME = {"ru": "narde", "uk": "narde", "az": "narde", "hy": "narde", "ka": "khachapuri", "ar": "tawla31"}
NOT_BOOLEAN_PREFS = ("lang", "learned", "game", "way_shown")
MAX_LEARNED = 200
OPPONENTS = ("human", "computer")
DICE_MODES = ("app", "hand")
SEATS = ("w", "b")


def read_settings(current: dict[str, Any], requested: Any) -> tuple[dict[str, Any], Variant]:
    """The settings of a new game: `requested` (untrusted) over `current`; raises UIError."""
    if not isinstance(requested, dict):
        raise UIError("settings must be an object")
    merged = dict(DEFAULT_SETTINGS)
    merged.update({k: v for k, v in current.items() if k in DEFAULT_SETTINGS})
    for key, value in requested.items():
        if key not in DEFAULT_SETTINGS:
            raise UIError(f"unknown game setting {key!r}")
        merged[key] = value
    token = merged["variant"]
    if not isinstance(token, str) or len(token) > 120:
        raise UIError("variant must be a name")
    try:
        variant = find_variant(token)
    except VariantError as error:
        raise UIError(str(error)) from None
    length = merged["match_length"]
    if not is_count(length) or length > 999:
        raise UIError(f"match length must be 0..999, not {length!r}")
    if merged["opponent"] not in OPPONENTS:
        raise UIError("opponent is 'human' or 'computer'")
    if merged["level"] not in LEVELS:
        raise UIError(f"level is one of {', '.join(LEVELS)}")
    if merged["seat"] not in SEATS:
        raise UIError("seat is 'w' or 'b'")
    if merged["dice"] not in DICE_MODES:
        raise UIError("dice is 'app' or 'hand'")
    asked = length if "match_length" in requested else None
    merged.update(variant=variant.token, match_length=match_length_for(variant, asked, length))
    return merged, variant


def offered_game(prefs: dict[str, Any]) -> str:
    """The game the start screen offers first: the one last chosen, else the language's own."""
    return str(prefs.get("game") or FIRST_GAME.get(str(prefs.get("lang")), "backgammon"))


def read_pref(name: Any, value: Any) -> str:
    """The name of a preference the person set, once `value` is known to fit it; raises UIError."""
    if not isinstance(name, str) or name not in DEFAULT_PREFS or name == "way_shown":
        raise UIError(f"unknown setting {name!r}")
    if name == "lang":
        if not is_lang(value):
            raise UIError(f"bad language {value!r}")
    elif name == "game":
        if value not in VARIANT_NAMES:
            raise UIError(f"the game is one of {', '.join(VARIANT_NAMES)}")
    elif not isinstance(value, bool):
        raise UIError(f"setting {name} is true or false")
    return name


# -- strict readers for saved data -----------------------------------------------------------


def checked_settings(data: Any) -> dict[str, Any]:
    """The game settings of a save; UIError naming the setting that is wrong."""
    if not isinstance(data, dict):
        raise UIError("bad game settings: the settings are not an object")
    unknown = set(data) - set(DEFAULT_SETTINGS)
    if unknown:
        raise UIError(f"bad game settings: unknown settings {quoted(sorted(unknown))}")
    settings = {**DEFAULT_SETTINGS, **data}  # a save from before a setting existed gets its default
    if not isinstance(settings["variant"], str) or len(settings["variant"]) > 200:
        raise UIError(f"bad game settings: variant is not a name but {quoted(settings['variant'])}")
    try:
        settings["variant"] = find_variant(settings["variant"]).token
    except VariantError as error:
        raise UIError(f"bad game settings: variant: {error}") from None
    for name, fits in (("match_length", is_count(settings["match_length"])),
                       ("opponent", settings["opponent"] in OPPONENTS),
                       ("level", settings["level"] in LEVELS), ("seat", settings["seat"] in SEATS),
                       ("dice", settings["dice"] in DICE_MODES)):
        if not fits:
            raise UIError(f"bad game settings: {name} is {quoted(settings[name])}")
    return settings


def checked_prefs(data: Any) -> dict[str, Any]:
    """Known preferences of the right type; anything else keeps its default. `study`, the
    puzzle ratings (studydata.py), is kept when readable; no request sets it."""
    if not isinstance(data, dict):
        raise UIError(f"bad preferences: the preferences (prefs) are not an object but {quoted(data)}")
    prefs = dict(DEFAULT_PREFS)
    for key, value in data.items():
        if key == "lang" and is_lang(value):
            prefs[key] = value
        elif key == "learned" and isinstance(value, list) and len(value) <= MAX_LEARNED and all(
                isinstance(each, str) and 0 < len(each) <= 40 for each in value):
            prefs[key] = list(dict.fromkeys(value))
        elif key == "game" and value in VARIANT_NAMES:
            prefs[key] = value
        elif key == "way_shown" and isinstance(value, list) and all(name in VARIANT_NAMES for name in value):
            prefs[key] = list(dict.fromkeys(value))
        elif key in DEFAULT_PREFS and key not in NOT_BOOLEAN_PREFS and isinstance(value, bool):
            prefs[key] = value
        elif key == "study" and read_study(value) is not None:
            prefs[key] = read_study(value)
    return prefs

