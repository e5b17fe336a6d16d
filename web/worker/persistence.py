"""Saving and sharing: the session as JSON for localStorage, the game as a link, both read back
strictly. Saved data and links are untrusted: a reader either takes everything or raises
(UIError, or nardcore's errors, all ValueErrors) and the session is left as it was.
"""

from __future__ import annotations

import json
import re
import urllib.parse
from typing import Any

from nardcore import safejson
from nardcore.bots.levels import DEFAULT_LEVEL, LEVELS
from nardcore.codec import CodecError, decode_state, encode_state, game_from_gnubg, game_from_xgid, gnubg_id, xgid
from nardcore.game import Game, GameError, GameStateError
from nardcore.match import Match
from nardcore.matfile import read_mat, write_mat
from nardcore.position import SIDE_LETTERS, Position, PositionError
from nardcore.svg import render
from nardcore.variant import BAR, VariantError, find_variant

from .inputs import UIError, is_count, is_lang
from .layout import POINT_IDS
from .linkplay import Duel
from .messages import Message
from .session import DEFAULT_PREFS, DEFAULT_SETTINGS, OPPONENTS, SEATS, CountingDice, Session, new_game_id

# Version of the saved state (the view carries it too). 1: the single save slot, no game id;
# 2: one save per game of the library, under its id. A schema-1 save is read as a new entry.
SCHEMA = 2
READABLE_SCHEMAS = (1, 2)
GAME_ID = re.compile(r"[0-9a-f]{12}")
MAX_URL = 24_100  # characters of a URL fragment we are willing to read
MAX_SAVE = 2_000_000
MAX_REPLAYED_DICE = 100_000
# A link's fragment: the whole state (`s`), or a position a person can write (`p`, with `dice`,
# `cube`, `owner`, `score`, `length`), or a backgammon position as gnubg (`gnubg`) or eXtreme
# Gammon (`xgid`) writes it; `vs=computer` for a game against the computer.
STATE_FIELDS = ("s", "p", "gnubg", "xgid")
LINK_FIELDS = (*STATE_FIELDS, "vs", "dice", "cube", "owner", "score", "length", "crawford")
POSITION_FIELDS = ("dice", "cube", "owner", "score", "length", "crawford")


def to_save(session: Session) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "app": "nard",
        "id": session.game_id,
        "settings": dict(session.settings),
        "prefs": dict(session.prefs),
        "tally": list(session.tally),
        "screen": session.screen,
        "match": session.match.to_dict() if session.match is not None else None,
        "game": session.game.to_dict() if session.match is None else None,
        "last": session.last,
        "message": None if session.message is None else session.message.to_dict(),
        "selected": session.selected,
        "dice": {"spec": session.dice.spec, "drawn": session.dice.drawn},
        "duel": None if session.duel is None else session.duel.to_dict(),
    }


def save_text(session: Session) -> str:
    return json.dumps(to_save(session), separators=(",", ":"))


def load_save(session: Session, text: str, *, keep_prefs: bool = False, copy: bool = False) -> None:
    """Restore everything from `save_text()`; raises (and changes nothing) when unreadable.
    `keep_prefs`: the session's preferences stay (another game of the library is opened);
    `copy`: the game gets an id of its own (an imported file)."""
    if len(text) > MAX_SAVE:
        raise UIError("the saved game is too large")
    try:
        data = safejson.loads(text)
    except safejson.JSONShapeError as error:
        raise UIError(f"the saved game cannot be read: {error}") from None
    if not isinstance(data, dict) or data.get("app") != "nard":
        raise UIError("this is not a saved game of this app")
    if data.get("schema") not in READABLE_SCHEMAS:
        raise UIError(f"saved with schema {data.get('schema')!r}, this app reads {READABLE_SCHEMAS}")
    game_id = data.get("id") if data["schema"] >= 2 else new_game_id()
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise UIError("the saved game has no valid id")
    settings = checked_settings(data.get("settings"))
    prefs = checked_prefs(data.get("prefs"))
    tally = checked_tally(data.get("tally", [0, 0]))
    dice = _resumed_dice(session.dice, data.get("dice") or {})
    match, game = _saved_game(data, dice)
    settings["variant"] = game.variant.token
    screen = data.get("screen", "board")
    if screen not in ("setup", "board"):
        raise UIError("bad screen")
    duel = Duel.from_dict(data["duel"]) if data.get("duel") is not None else None
    if duel is not None and (match is not None or game.history[:len(duel.game.history)] != duel.game.history):
        game = duel.game.copy()  # the game on the board went another way than the record: the record wins
    # everything read: now change the session
    session.dice, session.settings, session.tally = dice, settings, tally
    if not keep_prefs:
        session.prefs = prefs
    session.game_id = new_game_id() if copy else game_id
    session.match = match
    session.replace_game(game)
    session.duel = duel
    session.last = checked_last(data.get("last"))
    session.message = Message.from_saved(data.get("message"))
    selected = data.get("selected")
    if is_count(selected) and selected <= BAR and game.phase == "move" and game.destinations(selected):
        session.selected = selected
    session.screen = screen


def _resumed_dice(current: CountingDice, info: Any) -> CountingDice:
    """The same test dice as before the reload, as far on as they had got."""
    if not isinstance(info, dict):
        raise UIError("bad dice record")
    drawn = info.get("drawn", 0)
    if not is_count(drawn):
        raise UIError("bad dice count")
    if current.spec is None or info.get("spec") != current.spec:
        return current
    dice = CountingDice(current.spec)
    dice.skip(min(drawn, MAX_REPLAYED_DICE))
    return dice


def _saved_game(data: dict[str, Any], dice: CountingDice) -> tuple[Match | None, Game]:
    if data.get("match") is not None:
        match = Match.from_dict(data["match"], dice)
        return match, match.game
    if data.get("game") is not None:
        return None, Game.from_dict(data["game"], dice)
    raise UIError("the save holds no game")


# -- links ----------------------------------------------------------------------------------


def export_url(session: Session) -> str:
    """The URL fragment for the whole game: `s=<nardcore.codec state>` (+ `&vs=computer`)."""
    fragment = "s=" + encode_state(session.match if session.match is not None else session.game)
    if session.against_computer:
        fragment += "&vs=computer"
    return fragment


def position_fragment(session: Session) -> str:
    """`p=POSITION` with the dice thrown, a turned cube and a match score where they apply:
    the position on the board (a turn under way is left out: its roll is given instead)."""
    game = session.game
    fragment = "p=" + urllib.parse.quote(str(game.position), safe=":,")
    if game.dice is not None and game.phase == "move":
        fragment += f"&dice={game.dice.dice[0]}{game.dice.dice[1]}"
    if game.cube_owner is not None:
        fragment += f"&cube={game.cube_value}&owner={SIDE_LETTERS[game.cube_owner]}"
    if game.match_length:
        fragment += f"&score={game.score[0]}-{game.score[1]}&length={game.match_length}"
    if game.crawford:  # no double in this game: the position alone does not say so
        fragment += "&crawford=1"
    if session.against_computer:
        fragment += "&vs=computer"
    return fragment


def share_links(session: Session) -> dict[str, str]:
    """What the share dialog offers: the whole game, the position only (while the game is on), for backgammon the
    gnubg ID and the XGID (where those formats can say the state), and the board as SVG."""
    game = session.game
    links = {"game": export_url(session)}
    if not game.over:  # a finished game's position has nothing left to play: its link would be refused
        links["position"] = position_fragment(session)
    if game.variant.cube and not game.over and game.phase not in ("opening", "resign"):
        try:
            links["gnubg"] = gnubg_id(game)
            links["xgid"] = xgid(game)
        except CodecError:
            pass  # a state these formats cannot hold
    links["svg"] = render(game.board, dice=game.dice.dice if game.dice else None, flipped=session.prefs["flip"])
    links["mat"] = write_mat(session.match if session.match is not None else game)
    return links


def looks_like_mat(text: str) -> bool:
    """A game record (.mat, nardcore.matfile) rather than a save of this app (JSON)."""
    return not text.lstrip("\ufeff \t\r\n").startswith("{")


def load_mat(session: Session, text: str) -> None:
    """A .mat record as a new game of the library (a match, or the record's last single game),
    played on by two players here; raises MatError (changing nothing) when unreadable."""
    record = read_mat(text, session.dice)
    thing = record.latest
    match, game = (thing, thing.game) if isinstance(thing, Match) else (None, thing)
    session.settings = {
        "variant": game.variant.token,
        "match_length": match.length if match is not None else 0,
        "opponent": "human",
        "level": session.settings.get("level", DEFAULT_LEVEL),
        "seat": session.settings.get("seat", "w"),
    }
    session.match = match
    session.replace_game(game)
    session.game_id = new_game_id()  # a new entry in the library: never over another game
    session.tally = [0, 0]
    session.screen = "board"


def load_url(session: Session, fragment: str) -> None:
    """Read a fragment made by `export_url`; raises (changing nothing) on anything else."""
    fields = link_fields(fragment)
    opponent = {"computer": "computer", None: "human"}.get(fields.get("vs"))
    if opponent is None:
        raise UIError("the link's opponent is unknown")
    thing = linked_game(fields, session.dice)
    match, game = (thing, thing.game) if isinstance(thing, Match) else (None, thing)
    session.settings = {
        "variant": game.variant.token,
        "match_length": match.length if match is not None else 0,
        "opponent": opponent,
        "level": session.settings.get("level", DEFAULT_LEVEL),
        "seat": session.settings.get("seat", "w"),
    }
    session.match = match
    session.replace_game(game)
    session.duel = None
    session.game_id = new_game_id()  # a new entry in the library: never over another game
    session.tally = [0, 0]
    session.screen = "board"


def library_entry(session: Session) -> dict[str, Any]:
    """What the Games screen lists of this game (web/library.js keeps it beside the save)."""
    game, match = session.game, session.match
    # a match's score is shown capped at its length, as on the board
    score = [min(s, match.length) for s in match.score] if match is not None else list(session.tally)
    won = match.winner if match is not None else (game.result.winner if game.result is not None else None)
    return {
        "id": session.game_id,
        "variant": game.variant.name,
        "token": game.variant.token,
        "opponent": session.settings["opponent"],
        "level": session.settings["level"],
        "seat": session.settings["seat"],
        "match_length": match.length if match is not None else 0,
        "score": score,
        "position": str(game.board),
        "phase": game.phase,
        "over": game.over if match is None else match.over,
        "winner": None if won is None else SIDE_LETTERS[won],
        # a game nobody has rolled in yet: the library forgets it when another takes its place
        "started": bool(game.history) or not game.opening or (match is not None and bool(match.results))
        or session.duel is not None,
        # a game played by link: the page finds it by its game id when a link of it is opened
        "link": None if session.duel is None else {"gid": session.duel.gid, "side": session.duel.me},
    }


def link_fields(fragment: str) -> dict[str, str]:
    """The fields of a link's fragment (percent-decoded): one of STATE_FIELDS, each field at
    most once, the position fields only with `p`."""
    text = fragment.lstrip("#").strip()
    if len(text) > MAX_URL:
        raise UIError("the link is too long")
    fields: dict[str, str] = {}
    for part in text.split("&"):
        name, sep, value = part.partition("=")
        if not sep or name not in LINK_FIELDS:
            raise UIError(f"the link has a part this app does not read: {shorten(part)!r}")
        if name in fields:
            raise UIError(f"the link names {name!r} twice")
        try:
            fields[name] = urllib.parse.unquote(value, errors="strict") if name != "s" else value
        except UnicodeDecodeError:  # `%C3` alone, `%ff`: a UIError like every other refusal, not the codec's
            raise UIError(f"the link's {name}= has %-escapes that are not UTF-8: {shorten(value)!r}") from None
    kinds = [name for name in STATE_FIELDS if name in fields]
    if len(kinds) != 1:
        raise UIError("the link does not hold a game of this app (s=, p=, gnubg= or xgid=)")
    extra = [name for name in POSITION_FIELDS if name in fields]
    if extra and kinds != ["p"]:
        raise UIError(f"{', '.join(extra)} go with a p= position only")
    return fields


def shorten(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def linked_game(fields: dict[str, str], dice: CountingDice) -> Game | Match:
    """The game a link's fields describe; UIError naming what is wrong."""
    try:
        if "s" in fields:
            return decode_state(fields["s"], dice)
        if "gnubg" in fields:
            return game_from_gnubg(fields["gnubg"], dice)
        if "xgid" in fields:
            text = fields["xgid"]
            return game_from_xgid(text if text.startswith("XGID=") else "XGID=" + text, dice)
        return position_game(fields, dice)
    except (CodecError, PositionError, GameStateError, GameError) as error:
        raise UIError(str(error)) from None


def position_game(fields: dict[str, str], dice: CountingDice) -> Game:
    """`p=POSITION` with `dice=D1D2` (a roll already thrown), `cube=N&owner=w|b` (games with a
    cube), `score=W-B&length=N` (a position from a match), `crawford=1` (its Crawford game)."""
    position = Position.parse(fields["p"])
    variant = position.variant
    roll = fields.get("dice")
    if roll is not None and not re.fullmatch(r"[1-6][1-6]", roll):
        raise UIError(f"dice are two digits 1..6 like 52, not {shorten(roll)!r}")
    cube_text, owner_text = fields.get("cube", "1"), fields.get("owner")
    if not re.fullmatch(r"[1-9][0-9]{0,4}", cube_text):
        raise UIError(f"the cube is a number like 2, not {shorten(cube_text)!r}")
    cube = int(cube_text)
    if (cube != 1 or owner_text is not None) and not variant.cube:
        raise UIError(f"{variant.name} has no cube")
    if owner_text not in (None, "w", "b") or (cube == 1) != (owner_text is None):
        raise UIError("the owner is w or b, and only a turned cube (2 or more) has one")
    length_text, score_text = fields.get("length"), fields.get("score")
    if (length_text is None) != (score_text is None):
        raise UIError("a match position needs both score=W-B and length=N")
    length, score = 0, (0, 0)
    if length_text is not None and score_text is not None:
        found = re.fullmatch(r"(\d{1,3})-(\d{1,3})", score_text)
        if not re.fullmatch(r"[1-9]\d{0,2}", length_text) or found is None:
            raise UIError("score is W-B and length N, like score=2-1&length=5")
        length, score = int(length_text), (int(found.group(1)), int(found.group(2)))
    crawford_text = fields.get("crawford")
    if crawford_text not in (None, "1"):
        raise UIError(f"crawford=1 marks the Crawford game, not {shorten(crawford_text or '')!r}")
    owner = None if owner_text is None else SIDE_LETTERS.index(owner_text)
    game = Game(variant, dice, position=position, match_length=length, score=score, cube=cube, cube_owner=owner,
                crawford=crawford_text == "1")
    if roll is not None:
        game.roll((int(roll[0]), int(roll[1])))  # thrown already: no double before it
    return game


# -- strict readers for saved data -----------------------------------------------------------


def checked_settings(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or set(data) - set(DEFAULT_SETTINGS):
        raise UIError("bad game settings")
    settings = {**DEFAULT_SETTINGS, **data}  # a save from before a setting existed gets its default
    try:
        settings["variant"] = find_variant(str(settings["variant"])).token
    except VariantError as error:
        raise UIError(str(error)) from None
    if not is_count(settings["match_length"]) or settings["opponent"] not in OPPONENTS:
        raise UIError("bad game settings")
    if settings["level"] not in LEVELS or settings["seat"] not in SEATS:
        raise UIError("bad game settings")
    return settings


def checked_prefs(data: Any) -> dict[str, Any]:
    """Known preferences of the right type; anything else keeps its default."""
    if not isinstance(data, dict):
        raise UIError("bad preferences")
    prefs = dict(DEFAULT_PREFS)
    for key, value in data.items():
        if key == "lang" and is_lang(value):
            prefs[key] = value
        elif key in DEFAULT_PREFS and key != "lang" and isinstance(value, bool):
            prefs[key] = value
    return prefs


def checked_tally(data: Any) -> list[int]:
    if not (isinstance(data, list) and len(data) == 2 and all(is_count(x) for x in data)):
        raise UIError("bad tally")
    return [int(x) for x in data]


def checked_last(last: Any) -> dict[str, Any] | None:
    """The last move as `flow.confirm` wrote it, or None for anything else."""
    if not isinstance(last, dict):
        return None
    steps = last.get("steps")
    if not isinstance(steps, list) or len(steps) > 4:
        return None
    for pair in steps:
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) and p in POINT_IDS for p in pair)):
            return None
    if last.get("side") not in SEATS or not isinstance(last.get("text"), str) or not isinstance(last.get("dice"), str):
        return None
    return {"side": last["side"], "text": last["text"][:80], "dice": last["dice"][:4], "steps": steps}
