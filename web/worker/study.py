"""The study screens: puzzles and the opening book (docs/study-app.md).

While one is open, `session.study` holds it, with a board of its own (`Study.board`, a session
of one game that is never saved): the game of the library stays as it was underneath, and
comes back when the study screen is closed. A puzzle is played on that board as a turn of a
game is; confirming it grades the answer (web/worker/puzzles.py), moves the player's puzzle
rating for that game (Glicko-2, once a puzzle: an answer given before is not rated again) and
keeps it in the saved preferences (studydata.py). The opening book's screen draws the chosen
opening roll's plays from the book (nardcore.books) on that board.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from nardcore.books import BookEntry, book_entries
from nardcore.bots import analysis, explain
from nardcore.game import Game
from nardcore.movegen import legal_plays
from nardcore.notation import parse_play
from nardcore.position import SIDE_LETTERS, Position
from nardcore.puzzles import Puzzle, puzzle_by_id, puzzles
from nardcore.variant import VARIANT_NAMES

from . import studydata
from .dice import CountingDice
from .inputs import UIError
from .layout import point_id
from .puzzles import daily_puzzle, grade, next_puzzle
from .session import Session

__all__ = ["Study", "answer", "book_games", "is_study_link", "open_openings", "open_puzzle", "pick_puzzle",
           "play_steps", "puzzle_games", "puzzle_why", "read_fragment", "show_answer", "show_play", "study_board",
           "study_view"]

PUZZLE_LINK, OPENINGS_LINK = "puzzle=", "openings="
MAX_LINK_ID = 40
PROVISIONAL = 110.0  # a rating this unsure or more is shown with a question mark, as lichess does
SHOWN_PLAYS = 5


@dataclass
class Study:
    kind: str  # "puzzles", "openings" or "drills" (practice.py)
    variant: str  # a game's name
    board: Session  # the board of the study screen: its own game, never saved
    puzzle: Puzzle | None = None
    daily: bool = False
    result: dict[str, Any] | None = None  # the graded answer, once confirmed
    entry: int | None = None  # the book entry shown (its index in book_entries)
    card: dict[str, Any] | None = None  # the drill asked (practice.py)


def puzzle_games() -> list[str]:
    return [name for name in VARIANT_NAMES if puzzles(name)]


def book_games() -> list[str]:
    return [name for name in VARIANT_NAMES if book_entries(name)]


def _study_variant(session: Session, asked: Any, games: list[str]) -> str:
    """The game asked for, else the game on the board, else the first that has any."""
    if asked is not None:
        if not isinstance(asked, str) or asked not in games:
            raise UIError(f"no study material for the game {str(asked)[:MAX_LINK_ID]!r}")
        return asked
    current = session.game.variant.name
    if current in games:
        return current
    if not games:
        raise UIError("no study material is installed")
    return games[0]


def study_board(session: Session, position: Position, dice: tuple[int, int]) -> Session:
    """A board of one game: `position` with `dice` rolled, its side to play (a person here)."""
    game = Game(position.variant, CountingDice(None), position=position)
    game.roll(dice)
    board = Session(dice=CountingDice(None), game=game)
    board.settings = {**session.settings, "variant": position.variant.token, "match_length": 0, "opponent": "human"}
    board.prefs = session.prefs  # the same preferences (the board's flip): set once, for both
    board.screen = "board"
    return board


# -- puzzles ---------------------------------------------------------------------------------


def open_puzzle(session: Session, puzzle: Puzzle, daily: bool = False) -> None:
    session.study = Study("puzzles", puzzle.position.variant.name, study_board(session, puzzle.position, puzzle.dice),
                          puzzle=puzzle, daily=daily)
    session.message = None


def pick_puzzle(session: Session, variant: Any, pick: Any) -> None:
    """`pick`: "next" (by the player's rating), "daily" (the puzzle of the day) or "again" (the
    puzzle shown, once more: not rated again)."""
    games = puzzle_games()
    study = session.study
    if pick == "again":
        if study is None or study.puzzle is None:
            raise UIError("no puzzle to try again")
        open_puzzle(session, study.puzzle, study.daily)
        return
    name = _study_variant(session, variant if variant is not None else (study.variant if study else None), games)
    progress = session.prefs.get("study")
    if pick == "daily":
        found = daily_puzzle(name, datetime.datetime.now(datetime.UTC).date())
    elif pick in ("next", None):
        found = next_puzzle(name, studydata.rating_of(progress, name), studydata.seen_of(progress, name))
    else:
        raise UIError("pick is 'next', 'daily' or 'again'")
    assert found is not None  # the game has puzzles (puzzle_games)
    open_puzzle(session, found, pick == "daily")


def answer(session: Session) -> None:
    """The play on the puzzle's board, confirmed: graded, the rating moved (the first answer to
    a puzzle only), and the board back at the puzzle's position with the best play drawn."""
    study = session.study
    assert study is not None and study.puzzle is not None
    puzzle, game = study.puzzle, study.board.game
    graded = grade(puzzle, game.board.pass_turn())
    progress = session.prefs.get("study")
    before = studydata.rating_of(progress, study.variant)
    rated = puzzle.id not in studydata.seen_of(progress, study.variant)
    after = before.after(puzzle.rating, graded["solved"]) if rated else before
    session.prefs["study"] = studydata.with_answer(progress, study.variant, puzzle.id, after)
    study.result = {**graded, "mark": None if graded["solved"] else analysis.mark(graded["lost"], study.variant),
                    "rated": rated, "before": round(before.rating), "after": round(after.rating),
                    "why": puzzle_why(puzzle, game.board.pass_turn())}
    show_answer(session, puzzle.position, puzzle.dice, game.board.pass_turn(), graded["played"], graded["solved"],
                [(p.play, p.result, p.equity, p.behind) for p in puzzle.plays])


def puzzle_why(puzzle: Puzzle, played: Position) -> list[dict[str, object]]:
    """Why the best play is better (nardcore.bots.explain), largest difference first: than the
    play made, or once solved, than the second best (none when the best is the only play)."""
    best = puzzle.plays[0].result
    other = played if played != best else (puzzle.plays[1].result if len(puzzle.plays) > 1 else None)
    return [] if other is None else [fact.to_dict() for fact in explain.compare(best, other)]


def show_answer(session: Session, position: Position, dice: tuple[int, int], played: Position, played_text: str,
                best: bool, plays: list[tuple[str, Position, float, float]]) -> None:
    """The study board back at `position` once answered: the play made drawn as a last move is
    (unless it was the best), the best as the hint's is, and the `plays` (notation, result,
    equity, behind the best) in the hint's list."""
    study = session.study
    assert study is not None
    study.board = study_board(session, position, dice)
    side = SIDE_LETTERS[position.turn]
    if not best:
        study.board.last = {"side": side, "text": played_text, "dice": "",
                            "steps": play_steps(position, dice, played)}
    study.board.hint = {"cube": None, "shown": 0, "side": side,
                        "plays": [{"play": text, "equity": round(equity, 3), "loss": round(behind, 3),
                                   "steps": play_steps(position, dice, result)}
                                  for text, result, equity, behind in plays[:SHOWN_PLAYS]]}


def play_steps(position: Position, dice: tuple[int, int], result: Position) -> list[list[str]]:
    side = position.turn
    return [[point_id(side, s.origin, position), point_id(side, s.target, position)]
            for s in legal_plays(position, dice).get(result, ())]


# -- the opening book --------------------------------------------------------------------------


def open_openings(session: Session, variant: Any, entry: Any = 0) -> None:
    name = _study_variant(session, variant, book_games())
    entries = book_entries(name)
    if not isinstance(entry, int) or isinstance(entry, bool) or not 0 <= entry < len(entries):
        raise UIError("no such entry in the opening book")
    book = entries[entry]
    board = study_board(session, book.position, book.dice)
    side = book.position.turn
    board.hint = {"cube": None, "shown": 0, "side": SIDE_LETTERS[side],
                  "plays": [{"play": p.play, "equity": p.equity, "loss": p.behind,
                             "steps": play_steps(book.position, book.dice, _result(book, p.play))} for p in book.plays]}
    session.study = Study("openings", name, board, entry=entry)
    session.message = None


def _result(entry: BookEntry, text: str) -> Position:
    """A book play's result for the entry's side on roll (the book writes the mover's numbering)."""
    return parse_play(entry.position, entry.dice, text)


def show_play(session: Session, index: Any) -> None:
    """Draw another of the plays listed (the puzzle's rolled-out plays, once answered; the book's)."""
    study = session.study
    hint = study.board.hint if study is not None else None
    if hint is None or not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(hint["plays"]):
        raise UIError("no such play to show")
    hint["shown"] = index


# -- links ---------------------------------------------------------------------------------


def is_study_link(fragment: str) -> bool:
    return fragment.lstrip("#").startswith((PUZZLE_LINK, OPENINGS_LINK))


def read_fragment(session: Session, fragment: str) -> None:
    """`#puzzle=ID` or `#openings=GAME` opened (untrusted): UIError (changing nothing) when the
    puzzle or the game is unknown."""
    text = fragment.lstrip("#")
    if text.startswith(PUZZLE_LINK):
        wanted = text[len(PUZZLE_LINK):]
        found = puzzle_by_id(wanted) if len(wanted) <= MAX_LINK_ID else None
        if found is None:
            raise UIError(f"there is no puzzle {wanted[:MAX_LINK_ID]!r}", why="why.puzzle_unknown")
        open_puzzle(session, found)
        return
    wanted = text[len(OPENINGS_LINK):]
    if wanted not in book_games():
        raise UIError(f"there is no opening book for {wanted[:MAX_LINK_ID]!r}", why="why.book_unknown")
    open_openings(session, wanted)


# -- the view ------------------------------------------------------------------------------


def _rating_view(progress: dict[str, Any] | None, name: str) -> dict[str, Any]:
    rating = studydata.rating_of(progress, name)
    return {"rating": round(rating.rating), "provisional": rating.deviation >= PROVISIONAL,
            "solved": rating.solved, "missed": rating.missed}


def study_view(session: Session) -> dict[str, Any] | None:
    """What the study panel shows beside the board (None when no study screen is open)."""
    study = session.study
    if study is None:
        return None
    progress = session.prefs.get("study")
    if study.kind == "puzzles":
        puzzle = study.puzzle
        assert puzzle is not None
        return {"kind": "puzzles", "variant": study.variant, "games": puzzle_games(),
                "rating": _rating_view(progress, study.variant),
                "puzzle": {"id": puzzle.id, "rating": puzzle.rating, "themes": list(puzzle.themes),
                           "side": SIDE_LETTERS[puzzle.position.turn], "dice": f"{puzzle.dice[0]}{puzzle.dice[1]}",
                           "daily": study.daily, "link": PUZZLE_LINK + puzzle.id,
                           "position": puzzle.position.format()},
                "result": study.result, "book": None}
    entries = book_entries(study.variant)
    assert study.entry is not None
    shown = entries[study.entry]
    openings = [index for index, entry in enumerate(entries) if _is_opening(entry)]
    # the replies: entries after the opening that leads to them, up to the next opening
    parent = max(index for index in openings if index <= study.entry)
    replies = range(parent + 1, min((index for index in openings if index > parent), default=len(entries)))
    return {"kind": "openings", "variant": study.variant, "games": book_games(), "rating": None, "puzzle": None,
            "result": None, "link": OPENINGS_LINK + study.variant,
            "book": {"entry": study.entry, "opening": parent,
                     "shown": study.board.hint["shown"] if study.board.hint else 0,
                     "side": SIDE_LETTERS[shown.position.turn], "dice": f"{shown.dice[0]}{shown.dice[1]}",
                     "games": shown.games,
                     "plays": [{"play": p.play, "equity": p.equity, "interval": p.interval,
                                "win": p.outcomes.get("win"), "outcomes": dict(p.outcomes)} for p in shown.plays],
                     "openings": [_line(entries, index) for index in openings],
                     "replies": [_line(entries, index) for index in replies]}}


def _is_opening(entry: BookEntry) -> bool:
    return entry.position.boards == Position.start(entry.position.variant).boards


def _line(entries: tuple[BookEntry, ...], index: int) -> dict[str, Any]:
    entry = entries[index]
    best = entry.plays[0]
    return {"index": index, "dice": f"{entry.dice[0]}{entry.dice[1]}", "best": best.play, "equity": best.equity,
            "win": best.outcomes.get("win")}
