"""The library's and the Share dialog's part of the view model: what the Games screen lists of a
game (saves.library_entry), the links Share offers, and an import's and export's answers
(web/worker/backup.py). Declared apart from viewmodel.py to keep each file short; translated into
web/page/library-model.d.ts (tools/viewmodel_ts.py)."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

LibrarySide = Literal["w", "b"]  # viewmodel.py's Side (that module imports this one: no import back)


class LibraryLink(TypedDict):
    gid: str
    side: LibrarySide


class EntryResult(TypedDict):
    """How a single game of the library ended, for its side: points and the kind of win."""

    points: int
    kind: str


class LibraryEntry(TypedDict):
    """What the Games screen lists of a game, kept beside its save (saves.library_entry)."""

    id: str
    variant: str
    token: str
    opponent: str
    level: str
    seat: LibrarySide
    match_length: int
    score: list[int]
    position: str
    phase: str
    over: bool
    winner: LibrarySide | None
    started: bool
    link: LibraryLink | None
    hand: NotRequired[bool]  # every roll entered by hand (left out of the dice's statistics)
    result: NotRequired[EntryResult | None]  # a single game's end (older entries lack it)


class ShareLinks(TypedDict, total=False):
    """The links and files the Share dialog offers (all optional: the editor's set-up has fewer)."""

    game: str  # URL fragments
    position: str
    gnubg: str
    xgid: str
    record: str  # a <nard-board> record
    svg: str
    mat: str
    puzzle: SharedPuzzle  # a puzzle open on the study screen: shared alone, its link and <nard-board puzzle>


class SharedPuzzle(TypedDict):
    """A puzzle as the Share dialog offers it (docs/embed.md)."""

    id: str
    position: str
    dice: str  # "64"


class ImportedGame(TypedDict):
    """A game of an import for the library (web/worker/backup.py): its save and entry made again from it."""

    id: str
    name: str
    created: int  # ms since 1970 (0: now)
    updated: int
    save: str
    entry: LibraryEntry
    review: NotRequired[dict[str, object]]  # the game's stored background review, from a library file


class ImportLine(TypedDict):
    """One file of an import: its games taken, or why it was not, and its games that did not read."""

    name: str
    games: int
    error: NotRequired[dict[str, object]]  # a reason (web/worker/reasons.py): the file was refused
    failed: NotRequired[list[dict[str, object]]]


class Imported(TypedDict):
    """Files imported (intent import_files): games for the library, saves to set aside, a line a file."""

    games: list[ImportedGame]
    aside: list[str]
    report: list[ImportLine]
    opened: NotRequired[bool]  # one game file, opened on the board as a new game (the answer's save)


class LibraryHead(TypedDict):
    """The library file's head (intent export_library): the page adds the games (docs/library.md)."""

    app: str
    kind: str
    version: int
    prefs: dict[str, object]
