"""The whole library as one file, and many files imported at once (docs/library.md).

A library file is JSON, written by the page (web/page/library/games.js `exportAll`):

    {"app": "nard", "kind": "library", "version": 1, "exported": <ms>,
     "prefs": {...the player's preferences: settings, lessons learned, puzzles, drills...},
     "games": [{"id", "name", "created", "updated", "save", "review"?}, ...]}

It is read strictly: anything but this envelope, or another version, is refused whole with a
reason and changes nothing. Each game's save is then read as strictly as the app reads its own
(saves.load_save, on a board of its own): a save that does not read is reported and handed back
to be kept aside, never lost, and the file's other games go in. Each game's library entry is
made again from its save, never taken from the file; a finished game's stored background review
(`review`, the Statistics' figures: web/worker/background.py) goes along with it when it reads
(`statistics_view.checked_review`), else it is left out and the game goes in without it. The
preferences are merged with this device's (`merged_prefs`); the page merges the games into
IndexedDB by id (library/store.js `mergeGames`: a game already there is not added twice).

Other files imported with it (saves of single games, .mat records) become games of the library
with an id made from their text, so that the same file imported twice is one game.
"""

from __future__ import annotations

import hashlib
import math
import re
from typing import Any

from nardcore import safejson
from nardcore.errors import NardError
from nardcore.match import MAX_GAMES

from . import saves
from .dice import CountingDice
from .drills import MAX_CARDS
from .inputs import UIError
from .reasons import reason
from .session import Session
from .settings import MAX_LEARNED, checked_prefs
from .statistics_view import checked_review
from .studydata import MAX_SEEN, read_study

__all__ = ["LIBRARY_VERSION", "import_files", "is_library", "merged_prefs", "read_library"]

LIBRARY_VERSION = 1
MAX_FILES = 500  # files chosen at once
MAX_LIBRARY = 300_000_000  # characters of a library file (the page refuses larger ones by their size)
MAX_NAME = 80
_HEAD = re.compile(r'\ufeff?\s*\{\s*"app"\s*:\s*"nard"\s*,\s*"kind"\s*:\s*"library"')
SAVE_ERRORS = (ValueError, KeyError, TypeError, IndexError, NardError)


def is_library(text: str) -> bool:
    """A library file (as the page writes it: "app" then "kind" first) rather than a save or a record."""
    return _HEAD.match(text[:200]) is not None


def read_library(text: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The file's preferences (checked) and games (`id`, `name`, `created`, `updated`, `save`,
    and `review` when the file has one that reads),
    their envelope checked field by field; raises UIError (why.library_*) on anything else.
    The saves themselves are read by `import_files`."""
    if len(text) > MAX_LIBRARY:
        raise UIError("the library file is too large", why="why.library_unreadable")
    try:
        data = safejson.loads(text.lstrip("\ufeff"))
    except safejson.JSONShapeError as error:
        raise UIError(f"the library file cannot be read: {error}", why="why.library_unreadable") from None
    saves.alive()
    if not isinstance(data, dict) or data.get("app") != "nard" or data.get("kind") != "library":
        raise UIError("this is not a library file of this app", why="why.library_unreadable")
    version = data.get("version")
    if version != LIBRARY_VERSION:
        raise UIError(f"library file version {version!r}, this app reads {LIBRARY_VERSION}",
                      why="why.library_version", version=str(version)[:20])
    if not isinstance(data.get("games"), list):
        raise UIError("the library file has no list of games", why="why.library_unreadable")
    prefs = checked_prefs(data.get("prefs", {}))
    games: dict[str, dict[str, Any]] = {}
    for item in data["games"]:
        game = _checked_game(item)
        had = games.get(game["id"])
        if had is None or had["updated"] < game["updated"]:
            games[game["id"]] = game  # the same game twice in a file: its later copy
    return prefs, list(games.values())


def _checked_game(item: Any) -> dict[str, Any]:
    def number(value: Any) -> bool:
        return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value) and value >= 0

    if not (isinstance(item, dict) and isinstance(item.get("id"), str) and saves.GAME_ID.fullmatch(item["id"])
            and isinstance(item.get("save"), str) and isinstance(item.get("name", ""), str)
            and number(item.get("created", 0)) and number(item.get("updated", 0))):
        raise UIError("a game of the library file is not as this app writes it", why="why.library_unreadable")
    game = {"id": item["id"], "name": item.get("name", "").strip()[:MAX_NAME], "created": int(item.get("created", 0)),
            "updated": int(item.get("updated", 0)), "save": item["save"]}
    review = checked_review(item.get("review"), MAX_GAMES + 1)  # a match's played games and its last
    if review is not None:
        game["review"] = review
    return game


def import_files(session: Session, files: Any) -> dict[str, Any]:
    """Every file's games read into library entries; a library file's preferences merged into
    the session's. Answers `{games: [{id, name, created, updated, save, entry, review?}], aside: [...],
    report: [{name, games, error?}]}` (the page keeps the games, sets aside `aside`, shows the report)."""
    if not isinstance(files, list) or not files or len(files) > MAX_FILES:
        raise UIError(f"import 1 to {MAX_FILES} files at once")
    games: list[dict[str, Any]] = []
    aside: list[str] = []
    report: list[dict[str, Any]] = []
    for item in files:
        if not (isinstance(item, dict) and isinstance(item.get("name"), str) and isinstance(item.get("text"), str)):
            raise UIError("each file is {name, text}")
        name, text = item["name"][:200], item["text"]
        line: dict[str, Any] = {"name": name, "games": 0}
        report.append(line)
        try:
            if not text.strip("\ufeff \t\r\n"):
                raise UIError("the file is empty", why="why.import_empty")
            if is_library(text):
                prefs, found = read_library(text)
                session.prefs = merged_prefs(session.prefs, prefs)
                for game in found:
                    try:
                        entry = _entry_of(game["save"], game["id"])
                        if not entry["over"]:
                            game.pop("review", None)  # a review is kept with a finished game only
                        games.append({**game, "entry": entry})
                        line["games"] += 1
                    except SAVE_ERRORS as error:
                        aside.append(game["save"])
                        line.setdefault("failed", []).append(reason(error))
            else:
                made = _file_game(text)
                games.append({"name": "", "created": 0, "updated": 0, **made})
                line["games"] = 1
        except SAVE_ERRORS as error:
            line["error"] = reason(error)
    return {"games": games, "aside": aside, "report": report}


def _board() -> Session:
    return Session.fresh(CountingDice(None))


def _entry_of(save: str, game_id: str) -> dict[str, Any]:
    """A library file's save read on a board of its own: its entry, under the id the file gives."""
    board = _board()
    saves.load_save(board, save)
    if board.game_id != game_id:
        raise UIError("a save of the library file is kept under another game's id", why="why.library_unreadable")
    return saves.library_entry(board)


def _file_game(text: str) -> dict[str, Any]:
    """A save or a .mat record as a new game of the library, its id made from its text."""
    board = _board()
    if saves.looks_like_mat(text):
        saves.load_mat(board, text)
    else:
        saves.load_save(board, text, copy=True)
    board.game_id = hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:12]
    return {"id": board.game_id, "save": saves.save_text(board), "entry": saves.library_entry(board)}


# -- the player's progress from two devices, in one ------------------------------------------


def merged_prefs(mine: dict[str, Any], theirs: dict[str, Any]) -> dict[str, Any]:
    """This device's preferences with a library file's (both checked): the file's settings (the
    player brings their settings along), this device's language, the lessons learned on either,
    and the study progress merged (`merged_study`)."""
    prefs = {**mine, **{key: value for key, value in theirs.items() if key not in ("lang", "learned", "study")}}
    learned = list(dict.fromkeys([*mine.get("learned", []), *theirs.get("learned", [])]))
    prefs["learned"] = learned[:MAX_LEARNED]
    study = merged_study(mine.get("study"), theirs.get("study"))
    if study is not None:
        prefs["study"] = study
    else:
        prefs.pop("study", None)
    return prefs


def merged_study(mine: Any, theirs: Any) -> dict[str, Any] | None:
    """Puzzles: each game's puzzles seen on either device, and the rating of the device that
    answered more of them (this one's on a tie). Drills: every card of either deck, a card in
    both as the device that answered it more often has it (then the one due later)."""
    a, b = read_study(mine), read_study(theirs)
    if a is None or b is None:
        return a or b
    puzzles = dict(a["puzzles"])
    for name, part in b["puzzles"].items():
        have = puzzles.get(name)
        if have is None:
            puzzles[name] = part
            continue
        seen = list(dict.fromkeys([*have["seen"], *part["seen"]]))[-MAX_SEEN:]

        def answered(rating: dict[str, Any]) -> int:
            return int(rating["solved"]) + int(rating["missed"])

        rating = part["rating"] if answered(part["rating"]) > answered(have["rating"]) else have["rating"]
        puzzles[name] = {"rating": rating, "seen": seen}
    cards = {card["id"]: card for card in a["drills"]}
    for card in b["drills"]:
        have = cards.get(card["id"])

        def rank(c: dict[str, Any]) -> tuple[int, int]:
            return c["reps"] + c["lapses"], c["due"]

        if have is None or rank(card) > rank(have):
            cards[card["id"]] = card
    return {"puzzles": puzzles, "drills": list(cards.values())[-MAX_CARDS:]}
