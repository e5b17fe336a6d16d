"""The Statistics screen's figures, from the library the page sends (`{"type": "statistics",
"games": [{"id", "save" or "summary", "review", "when"}], "scope"}`, web/worker/engine.py): the results by
game, by opponent and level, by single game or match; the player's error rate, skill and rating
per game over time from the reviewed games (background.py keeps their summaries), with a moving
average; the luck; and the dice, the player's and the opponent's, beside fair dice's.

Scope: "all" (the whole library), "computer" (the games against the computer), or a game's id
(that game alone). Everything the page sends is untrusted: what cannot be read is left out and
counted (`unread`), never an error. Plain data out: the page only draws it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from nardcore import safejson
from nardcore.bots import ratings
from nardcore.bots.analysis import judged_skill

from .background import SUMMARY_VERSION
from .statistics import (
    GamePlayed,
    Tally,
    check_dice,
    dice_counts,
    games_of_save,
    games_of_summary,
    results,
    summary_of_save,
)

MOVING = 10  # reviewed games in the moving average
MAX_GAMES = 100_000
SIDE_NAMES = ("w", "b")


def read_review(review: Any, count: int) -> list[dict[str, dict[str, float]] | None]:
    """The background review's summaries of a save's `count` games, None where there is none."""
    games = review.get("games") if isinstance(review, dict) and review.get("version") == SUMMARY_VERSION else None
    if not isinstance(games, list) or len(games) != count:
        return [None] * count
    return [game if _summary_ok(game) else None for game in games]


def checked_review(review: Any, max_games: int) -> dict[str, Any] | None:
    """A stored background review (`background.review_in_background`'s `review`) as it may be
    kept: its summaries that read, None in place of the others; None for anything else."""
    games = review.get("games") if isinstance(review, dict) and review.get("version") == SUMMARY_VERSION else None
    if not isinstance(games, list) or not 0 < len(games) <= max_games:
        return None
    return {"version": SUMMARY_VERSION, "games": [game if _summary_ok(game) else None for game in games]}


def _summary_ok(game: Any) -> bool:
    if not isinstance(game, dict):
        return False
    for side in SIDE_NAMES:
        part = game.get(side)
        if not isinstance(part, dict):
            return False
        for key in ("moves", "move_loss", "cubes", "cube_loss", "luck"):
            value = part.get(key)
            if not isinstance(value, (int, float)) or isinstance(value, bool) or value != value or abs(value) > 1e9:
                return False
        if part["moves"] < 0 or part["cubes"] < 0 or part["move_loss"] < 0 or part["cube_loss"] < 0:
            return False
    return True


def in_scope(game: GamePlayed, game_id: str, scope: str) -> bool:
    if scope == "all":
        return True
    if scope == "computer":
        return game.rival.startswith("computer:")
    return game_id == scope


def report(items: Any, scope: Any = "all", made: dict[str, Any] | None = None,
           again: list[str] | None = None) -> dict[str, Any]:
    """Every figure of the Statistics screen for the games `items` (the page's library) in `scope`.
    Each item brings its save or its save's summary (statistics.py `summary_of_save`); the
    summaries made of the saves read go into `made` by game id, for the page to keep; the ids of
    the games whose summary did not read, and which came without their save, into `again`."""
    scope = scope if isinstance(scope, str) else "all"
    played: list[tuple[GamePlayed, dict[str, dict[str, float]] | None, float]] = []
    unread = 0
    for item in items[:MAX_GAMES] if isinstance(items, list) else []:
        games = games_of_item(item, made)
        if games is None or not isinstance(item, dict):
            if again is not None and isinstance(item, dict) and "summary" in item and isinstance(item.get("id"), str):
                again.append(item["id"])
            unread += 1
            continue
        when = item.get("when")
        when = float(when) if isinstance(when, (int, float)) and not isinstance(when, bool) else 0.0
        game_id = str(item.get("id", ""))
        for game, summary in zip(games, read_review(item.get("review"), len(games)), strict=True):
            if in_scope(game, game_id, scope):
                played.append((game, summary, when))
    games_only = [game for game, _, _ in played]
    found = results(games_only)
    return {
        "scope": scope,
        "games": len(games_only),
        "unread": unread,
        "results": {
            "total": _tally(found.total),
            "by_variant": {key: _tally(value) for key, value in sorted(found.by_variant.items())},
            "by_rival": {key: _tally(value) for key, value in sorted(found.by_rival.items())},
            "by_kind": {key: _tally(value) for key, value in sorted(found.by_kind.items())},
        },
        "skill": skill_by_variant(played),
        "dice": dice_report(games_only),
    }


def games_of_item(item: Any, made: dict[str, Any] | None = None) -> list[GamePlayed] | None:
    """The games of one item the page sent: from its summary when that reads, else from its save
    (its summary then made and put into `made`); None when neither reads."""
    if not isinstance(item, dict):
        return None
    if "summary" in item:
        games = games_of_summary(item["summary"])
        if games is not None:
            return games
    text = item.get("save")
    try:
        save = safejson.loads(text) if isinstance(text, str) else None
    except ValueError:
        save = None
    if not isinstance(save, dict):
        return None
    summary = summary_of_save(save)
    games = games_of_summary(summary)
    if games is None:  # a save whose summary would not read back (a level of no name): read as it is
        return games_of_save(save)
    if made is not None and isinstance(item.get("id"), str):
        made[item["id"]] = summary
    return games


def _tally(tally: Tally) -> dict[str, int]:
    return asdict(tally)


def skill_by_variant(played: Sequence[tuple[GamePlayed, dict[str, dict[str, float]] | None, float]]) -> dict[str, Any]:
    """Per game (variant): every reviewed game of the player's, oldest first, with its error rate
    and rating; the moving average of the rate; the whole error rate, skill, rating and luck."""
    out: dict[str, Any] = {}
    by_variant: dict[str, list[tuple[GamePlayed, int, dict[str, dict[str, float]], float]]] = {}
    for game, summary, when in played:
        if summary is not None and game.mine is not None:
            by_variant.setdefault(game.variant, []).append((game, game.mine, summary, when))
    for variant, reviewed in sorted(by_variant.items()):
        reviewed.sort(key=lambda item: item[3])
        points = []
        moves = cubes = 0
        move_cost = cube_cost = move_loss = cube_loss = luck_mine = luck_theirs = 0.0
        for game, seat, summary, when in reviewed:
            mine, theirs = summary[SIDE_NAMES[seat]], summary[SIDE_NAMES[1 - seat]]
            n = int(mine["moves"])
            rate = 1000 * mine["move_loss"] / n if n else None
            points.append({"when": when, "rate": None if rate is None else round(rate, 2),
                           "rating": _rounded(ratings.rating(variant, mine["move_loss"], n, mine["cube_loss"],
                                                             int(mine["cubes"]), game.match_length))})
            moves += n
            cubes += int(mine["cubes"])
            move_loss += mine["move_loss"]
            cube_loss += mine["cube_loss"]
            # gnubg's weights depend on each game's match length: summed game by game
            move_cost += ratings.move_weight(game.match_length) * mine["move_loss"]
            cube_cost += ratings.cube_weight(game.match_length) * mine["cube_loss"]
            luck_mine += mine["luck"]
            luck_theirs += theirs["luck"]
        factor = ratings.game_factor(variant)
        rating = (ratings.RATING_OFFSET - (move_cost / moves + (cube_cost / cubes if cubes else 0.0)) / factor
                  if moves else None)
        rate = 1000 * move_loss / moves if moves else None
        out[variant] = {
            "points": points,
            "average": moving_average([p["rate"] for p in points]),
            "reviewed": len(reviewed),
            "moves": moves,
            "rate": None if rate is None else round(rate, 2),
            "cube_rate": round(1000 * cube_loss / cubes, 2) if cubes else None,
            "rating": _rounded(rating),
            "skill": judged_skill(rate, moves, variant) if rate is not None else None,
            "luck": {"mine": round(luck_mine, 3), "theirs": round(luck_theirs, 3)},
        }
    return out


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value)


def moving_average(values: Sequence[float | None], width: int = MOVING) -> list[float | None]:
    """The mean of each value and the `width` - 1 before it (the values there are), None-free."""
    out: list[float | None] = []
    window: list[float] = []
    for value in values:
        if value is not None:
            window = [*window, value][-width:]
        out.append(round(sum(window) / len(window), 2) if window else None)
    return out


def dice_report(games: Sequence[GamePlayed]) -> dict[str, Any]:
    """The dice of the player and of the opponent (of White and Black where nobody's side is the
    player's: two people at one device), each beside fair dice's; the fairness test leaves out
    the games whose dice were entered by hand."""
    players = any(game.mine is not None for game in games)
    sides = ("mine", "theirs") if players else ("w", "b")
    return {
        "hand_games": sum(1 for game in games if game.hand),
        "sides": [dice_side(games, side) for side in sides],
    }


def dice_side(games: Sequence[GamePlayed], side: str) -> dict[str, Any]:
    counts = dice_counts(games, side, by_hand=False)
    test = check_dice(counts)
    return {
        "who": side,
        "count": counts.count,
        "rolls": counts.rolls,
        "expected_rolls": {roll: round(value, 2) for roll, value in test.expected_rolls.items()},
        "faces": counts.faces,
        "expected_face": round(test.expected_faces, 2),
        "doubles": counts.doubles,
        "expected_doubles": round(test.expected_doubles, 2),
        "pips": counts.pips,
        "expected_pips": round(test.expected_pips, 1),
        "p": round(min(1.0, 2 * min(test.p_rolls, test.p_faces)), 4),
        "p_rolls": round(test.p_rolls, 4),
        "p_faces": round(test.p_faces, 4),
        "verdict": test.verdict,
    }


def statistics_answer(request: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's answer to {"type": "statistics"}: {"statistics": report, "summaries": {id:
    summary of each save read}}; or {"again": [id, ...]} when a game came with a summary that does
    not read and without its save: the page sends those games' saves (and nothing is counted)."""
    made: dict[str, Any] = {}
    again: list[str] = []
    found = report(request.get("games"), request.get("scope", "all"), made, again)
    return {"again": again} if again else {"statistics": found, "summaries": made}
