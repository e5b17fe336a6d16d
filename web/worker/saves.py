"""Saving and sharing the session: as JSON for localStorage (its save and library entry), the
game as links and a .mat record, and the session restored from any of them. Saved data and
links are untrusted: a reader either takes everything or raises (UIError, or nardcore's
errors, all ValueErrors) and the session is left as it was. The links themselves are read by
links.py, the settings and preferences in a save by settings.py.
"""

from __future__ import annotations

import json
import re
import urllib.parse
from typing import Any

from nardcore import progress, safejson
from nardcore.bots.levels import DEFAULT_LEVEL
from nardcore.errors import quoted
from nardcore.formats import CodecError
from nardcore.formats.dicecomments import with_proof
from nardcore.formats.gnubg import gnubg_id
from nardcore.formats.longmat import read_mat_lazily
from nardcore.formats.mat import write_mat, write_session_mat
from nardcore.formats.state import encode_state
from nardcore.formats.xgid import xgid
from nardcore.game import Game
from nardcore.gamedata import game_from_dict, game_to_dict
from nardcore.match import Match
from nardcore.position import SIDE_LETTERS
from nardcore.svg import render_game
from nardcore.variant import BAR

from . import fairplay
from .dice import CountingDice
from .duel.linkplay import Duel
from .inputs import UIError, is_count
from .layout import POINT_IDS
from .links import link_fields, linked_game
from .messages import Message
from .session import Session, new_game_id
from .settings import SEATS, checked_prefs, checked_settings

# Version of the saved state (the view carries it too). 1: the single save slot, no game id;
# 2: one save per game of the library, under its id. A schema-1 save is read as a new entry.
SCHEMA = 2
READABLE_SCHEMAS = (1, 2)
GAME_ID = re.compile(r"[0-9a-f]{12}")
MAX_SAVE = 16_000_000  # a long record's save (formats/longmat.py keeps its games' text as it was)
MAX_REPLAYED_DICE = 100_000


def to_save(session: Session, *, played: bool = True) -> dict[str, Any]:
    """The session as save data; `played`: with the match's finished games (False: without them)."""
    fair = fairplay.to_save(session)
    return {
        "schema": SCHEMA,
        "app": "nard",
        "id": session.game_id,
        # "dice" only when entered by hand: a save of the app's own dice reads as saves before it did
        "settings": {k: v for k, v in session.settings.items() if (k, v) != ("dice", "app")},
        "prefs": dict(session.prefs),
        "tally": list(session.tally),
        "screen": session.screen,
        "match": session.match.to_dict(played) if session.match is not None else None,
        "game": game_to_dict(session.game) if session.match is None else None,
        "last": session.last,
        "message": None if session.message is None else session.message.to_dict(),
        "selected": session.selected,
        "dice": {"spec": session.dice.spec, "drawn": session.dice.drawn},
        "duel": None if session.duel is None else session.duel.to_dict(),
        **({} if fair is None else {"fair_dice": fair}),
        # a money session's finished games (none: saves read as before sessions were kept)
        **({"session_games": [game_to_dict(g) for g in session.session_games]} if session.session_games else {}),
    }


def save_text(session: Session) -> str:
    """The save as JSON text. A match's finished games, which do not change while it goes on,
    are written once and their text reused (`_played_text`): a match of hundreds of games
    costs each answer no more than a short one."""
    global _read
    pending = session.match is not None and session.match.played_pending
    data = to_save(session, played=not pending)
    if pending:
        data["match"]["played"] = _PLAYED_MARK  # their saved text, not read yet (load_save)
    if _read is not None and data == _read[0]:
        return _read[1]  # the save just read, unchanged (a start, another game opened): its own text
    _read = None
    match = data["match"]
    if session.match is None or match is None or "played" not in match:
        return json.dumps(data, separators=(",", ":"))
    match["played"] = _PLAYED_MARK
    alive()
    text = json.dumps(data, separators=(",", ":"))
    played = session.match.played_text() if pending else _played_text(session.match)
    return text.replace(json.dumps(_PLAYED_MARK), played, 1)


# The save `load_save` read last, as data without the page's revision stamp, and as text.
_read: tuple[dict[str, Any], str] | None = None
_STAMP = re.compile(r'\{"rev":\d+,"tab":"[0-9a-z]*",')  # the page's stamp before IndexedDB (library/migrate.js)
_PLAYED_MARK = "\x00the finished games\x00"  # JSON writes it as \u0000..., which no save holds elsewhere
_played_cache: tuple[list[Any], str] | None = None  # the finished games last written, and their text


def unstamped(text: str) -> str:
    """A save as the page keeps it without its revision stamp: the engine's save."""
    stamp = _STAMP.match(text)
    return "{" + text[stamp.end():] if stamp else text


def alive() -> None:
    """Between the long steps of reading or writing a long save (each a single call, parsing or
    writing a megabyte of JSON): a word to the page that the engine is working, not hung
    (nardcore.progress: its listener tells the page at most every few tenths of a second)."""
    for _ in range(progress.STRIDE):
        progress.tick()


def _played_text(match: Match) -> str:
    """`match.to_dict()["played"]` as JSON, written again only when a game was added or replayed."""
    global _played_cache
    items = match.played_items()
    if _played_cache is None or len(_played_cache[0]) != len(items) or any(
            a is not b for a, b in zip(_played_cache[0], items, strict=True)):
        played = match.to_dict()["played"]
        _played_cache = (items, json.dumps(played, separators=(",", ":")))
        alive()
    return _played_cache[1]


def load_save(session: Session, text: str, *, keep_prefs: bool = False, copy: bool = False) -> None:
    """Restore everything from `save_text()`; raises (and changes nothing) when unreadable.
    `keep_prefs`: the session's preferences stay (another game of the library is opened);
    `copy`: the game gets an id of its own (an imported file)."""
    global _read
    if len(text) > MAX_SAVE:
        raise UIError("the saved game is too large", why="why.save_too_large")
    alive()
    data, played = _read_save(text)
    alive()
    if not isinstance(data, dict) or data.get("app") != "nard":
        raise UIError("this is not a saved game of this app", why="why.not_a_save")
    if data.get("schema") not in READABLE_SCHEMAS:
        raise UIError(f"saved with schema {data.get('schema')!r}, this app reads {READABLE_SCHEMAS}",
                      why="why.save_schema")
    game_id = data.get("id") if data["schema"] >= 2 else new_game_id()
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise UIError("the saved game has no valid id")
    settings = checked_settings(data.get("settings"))
    prefs = checked_prefs(data.get("prefs"))
    tally = checked_tally(data.get("tally", [0, 0]))
    dice = _resumed_dice(session.dice, data.get("dice") or {})
    match, game = _saved_game(data, dice, played)
    session_games = _session_games(data.get("session_games", []), dice, game, match)
    alive()
    settings["variant"] = game.variant.token
    screen = data.get("screen", "board")
    if screen not in ("setup", "board"):
        raise UIError("bad screen")
    duel = Duel.from_dict(data["duel"]) if data.get("duel") is not None else None
    fair = fairplay.from_save(data.get("fair_dice"))
    if duel is not None and (match is not None or game.history[:len(duel.game.history)] != duel.game.history):
        game = duel.game.copy()  # the game on the board went another way than the record: the record wins
    # everything read: now change the session
    session.dice, session.settings, session.tally = dice, settings, tally
    if not keep_prefs:
        session.prefs = prefs
    session.game_id = new_game_id() if copy else game_id
    session.match = match
    session.replace_game(game)
    session.session_games = session_games
    session.duel = duel
    session.dice_check = None
    session.entered.clear()
    if settings["dice"] == "hand":
        session.dice.by_hand(session.entered)
    elif fair is not None:
        session.dice.prove_anew(fair=fair)
    else:  # a save from before proven dice (docs/fair-dice.md): it plays on as it was
        session.dice.unproven()
    session.last = checked_last(data.get("last"))
    session.message = Message.from_saved(data.get("message"))
    selected = data.get("selected")
    if is_count(selected) and selected <= BAR and game.phase == "move" and game.destinations(selected):
        session.selected = selected
    session.screen = screen
    _read = ({key: value for key, value in data.items() if key not in ("rev", "tab")}, unstamped(text))


def _resumed_dice(current: CountingDice, info: Any) -> CountingDice:
    """The same test dice as before the reload, as far on as they had got."""
    if not isinstance(info, dict):
        raise UIError(f"bad dice record: the dice are not an object but {quoted(info)}")
    drawn = info.get("drawn", 0)
    if not is_count(drawn):
        raise UIError(f"bad dice count: the dice drawn (drawn) are {quoted(drawn)}")
    if current.spec is None or info.get("spec") != current.spec:
        return current
    dice = CountingDice(current.spec)
    dice.skip(min(drawn, MAX_REPLAYED_DICE))
    return dice


# A save longer than this, laid out as save_text writes it, is read without its match's finished
# games, whose text is read only once they are asked for (Match.from_dict(played_text=...)).
LAZY_SAVE = 100_000
_PLAYED_KEY = ',"played":['
_PLAYED_END = ']},"game":'  # the end of the finished games, of the match, and the save's next key


def _read_save(text: str) -> tuple[Any, str | None]:
    """The save's JSON, and the text of its match's finished games when they were left out of it
    (their place null): in a long save laid out as `save_text` writes it (the one key "played",
    the match's last, right before the save's "game", no escape that could spell another key),
    the rest is read now and checked as usual, and they when first asked for (a record, an
    export). A save laid out otherwise, or whose rest does not read so, is read whole."""
    start = text.find(_PLAYED_KEY) if len(text) > LAZY_SAVE else -1
    end = text.rfind(_PLAYED_END)
    if start >= 0 and end > start and text.count('"played"') == 1:
        begin = start + len(_PLAYED_KEY) - 1
        rest = text[:begin] + "null" + text[end + 1:]
        try:
            data = None if "\\u" in rest else safejson.loads(rest)
        except safejson.JSONShapeError:
            data = None
        match = data.get("match") if isinstance(data, dict) else None
        if isinstance(match, dict) and "played" in match and match["played"] is None:
            return data, text[begin:end + 1]
    try:
        return safejson.loads(text), None
    except safejson.JSONShapeError as error:
        raise UIError(f"the saved game cannot be read: {error}") from None


MAX_SESSION_GAMES = 1000


def _session_games(data: Any, dice: CountingDice, game: Game, match: Match | None) -> list[Game]:
    """A money session's finished games as saved: single games of the game's variant, each
    over; anything else refused (the save is not read)."""
    if not isinstance(data, list) or len(data) > MAX_SESSION_GAMES or (data and match is not None):
        raise UIError("bad session games")
    games = [game_from_dict(item, dice) for item in data]
    if any(g.variant != game.variant or g.match_length or not g.over for g in games):
        raise UIError("bad session games")
    return games


def _saved_game(data: dict[str, Any], dice: CountingDice, played: str | None = None) -> tuple[Match | None, Game]:
    if data.get("match") is not None:
        # the finished games' moves are replayed when a record or an export asks for them:
        # opening a match of hundreds of games reads its results and its current game only
        # (and not even their text, given apart: `_read_save`)
        if played is not None and isinstance(data["match"], dict):
            rest = {key: value for key, value in data["match"].items() if key != "played"}
            match = Match.from_dict(rest, dice, lazy=True, played_text=played)
            data["match"]["played"] = _PLAYED_MARK  # as save_text compares it (`_read`)
            return match, match.game
        match = Match.from_dict(data["match"], dice, lazy=True)
        return match, match.game
    if data.get("game") is not None:
        return None, game_from_dict(data["game"], dice)
    raise UIError("the save holds no game (neither a match nor a game)")


# -- the game shared as links, and opened from one -------------------------------------------


def export_url(session: Session) -> str:
    """The URL fragment for the whole game: `s=<nardcore.formats.state text>` (+ `&vs=computer`)."""
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
    links["svg"] = render_game(game, flipped=session.prefs["flip"])
    fair = fairplay.live(session)
    # the dice proof as comments at the record's head (docs/fair-dice.md): revealed seeds only
    # a money session: every game of it in one record, with the running score
    record = (write_session_mat([*session.session_games, game]) if session.match is None and session.session_games
              else write_mat(session.match if session.match is not None else game))
    links["mat"] = with_proof(record, fair.proof() if fair is not None else None)
    return links


def looks_like_mat(text: str) -> bool:
    """A game record (.mat, nardcore.formats.mat) rather than a save of this app (JSON)."""
    return not text.lstrip("\ufeff \t\r\n").startswith("{")


def load_mat(session: Session, text: str) -> None:
    """A .mat record as a new game of the library (a match, or the record's last single game),
    played on by two players here; raises MatError (changing nothing) when unreadable. The
    finished games of a long record are replayed when first asked for (formats/longmat.py)."""
    record = read_mat_lazily(text, session.dice)
    thing = record.latest
    match, game = (thing, thing.game) if isinstance(thing, Match) else (None, thing)
    session.settings = {
        "variant": game.variant.token,
        "match_length": match.length if match is not None else 0,
        "opponent": "human",
        "level": session.settings.get("level", DEFAULT_LEVEL),
        "seat": session.settings.get("seat", "w"),
        "dice": "app",  # the record's own rolls came first; the app's proven dice from here
    }
    session.match = match
    session.replace_game(game)
    session.game_id = new_game_id()  # a new entry in the library: never over another game
    session.session_games = []
    session.tally = [0, 0]
    session.screen = "board"
    fairplay.prove_from_here(session)  # the record's own rolls are not this app's to prove


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
        "dice": "app",  # the record's own rolls came first; the app's proven dice from here
    }
    session.match = match
    session.replace_game(game)
    session.duel = None
    session.game_id = new_game_id()  # a new entry in the library: never over another game
    session.session_games = []
    session.tally = [0, 0]
    session.screen = "board"
    fairplay.prove_from_here(session)  # the record's own rolls are not this app's to prove


def library_entry(session: Session) -> dict[str, Any]:
    """What the Games screen lists of this game (web/page/library/ keeps it beside the save)."""
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
        "hand": session.by_hand,  # every roll entered by hand: marked so in the library
        # a game played by link: the page finds it by its game id when a link of it is opened
        "link": None if session.duel is None else {"gid": session.duel.gid, "side": session.duel.me},
        # how a single game ended, for its card ("you lost a gammon"); a match says its score
        "result": None if match is not None or game.result is None
        else {"points": game.result.points, "kind": game.result.kind},
    }


# -- strict readers for saved data -----------------------------------------------------------


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
