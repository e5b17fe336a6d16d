"""The view model: pure functions from a session to the plain JSON the page paints.

`view(session)` answers every request; `catalogue()` (the games, their options, cube limits
and match lengths, the languages) is static and goes out once, in the worker's `hello`;
`start_view()` is the view of a fresh default session, which the build puts into the page
so the board is drawn before Python is up. Nothing here changes a session.

>>> start_view()["position"], start_view()["numbering"][24]
('backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5', 1)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, cast

from nardcore.bots.levels import LEVEL_SHARES, LEVELS
from nardcore.dice import Roll
from nardcore.game import RESIGN_LEVELS, Game
from nardcore.gamedata import result_to_dict
from nardcore.position import SIDE_LETTERS, WHITE, Position
from nardcore.svg import cube_face
from nardcore.variant import VARIANT_NAMES, VARIANTS, Variant

from . import (
    advice,
    fairplay,
    flow,
    lessons,
    luck_ahead,
    may,
    point_numbers,
    practice,
    record,
    rollouts,
    study,
    variant_rules,
)
from . import editor as editing
from .dice import CountingDice
from .duel import linkgame, livegame
from .intent_shapes import Side
from .layout import Layout, point_id, point_order
from .messages import Message
from .next_work import next_work
from .rules_text import rules_sections
from .saves import SCHEMA
from .session import Session
from .viewmodel import (
    SIDES,
    Arrow,
    BoardView,
    Can,
    Catalogue,
    Checker,
    Cube,
    Die,
    GameResultView,
    Guide,
    HandView,
    Hint,
    Language,
    LastMove,
    MatchView,
    Player,
    PointInfo,
    Prefs,
    RecordEntry,
    Resign,
    Review,
    SessionView,
    Settings,
    VariantEntry,
    View,
    side_of,
)
from .viewmodel import Message as MessageView
from .viewmodel_study import StudyView

I18N = Path(__file__).resolve().parent.parent / "i18n"  # web/i18n, shared with the page


def available_languages(folder: Path = I18N) -> list[Language]:
    """The interface languages: one JSON file each in i18n/ (`_name`: the language's own name)."""
    found: list[Language] = []
    for path in sorted(folder.glob("*.json")):
        try:
            name = json.loads(path.read_text(encoding="utf-8")).get("_name", path.stem)
        except (OSError, ValueError, AttributeError):
            continue
        found.append({"code": path.stem, "name": str(name)})
    return found or [{"code": "en", "name": "English"}]


LANGUAGES = available_languages()


# -- sent once ------------------------------------------------------------------------------


def variant_entry(variant: Variant) -> VariantEntry:
    """What the setup form needs to offer one game."""
    return {
        "name": variant.name,
        "title": variant.title,
        "options": sorted(variant.allowed_options),
        "cube": variant.cube,
        "cube_limits": variant_rules.cube_limits(variant),
        "default_cube_limit": variant.cube_limit,
        "match_lengths": variant_rules.match_lengths(variant),
        "default_match_length": variant_rules.default_match_length(variant),
        "fixed_match_length": variant_rules.fixed_match_length(variant),
        "rules": rules_sections(variant.name),
    }


def catalogue() -> Catalogue:
    return {"variants": [variant_entry(VARIANTS[name]) for name in VARIANT_NAMES], "languages": LANGUAGES,
            "levels": list(LEVELS), "level_shares": LEVEL_SHARES}


def start_view() -> View:
    """The view of a fresh default session (system dice, nothing rolled)."""
    return view(Session.fresh(CountingDice(None)))


def numbering(variant: Variant) -> list[int]:
    """Index p, a point in White's numbering (1..24), holds the same point in Black's (index 0: 0)."""
    return [0, *(variant.opponent_point(point) for point in range(1, 25))]


# -- every answer ---------------------------------------------------------------------------


def view(session: Session) -> View:
    """The whole view model of the session as it is now, with what the page sends by itself
    after it (`next`: web/worker/next_work.py)."""
    shown = screen_view(session)
    over = (session.editor, session.study, session.learn)  # a screen over the game: no luck measured
    on_the_game = session.screen == "board" and over == (None, None, None)
    shown["next"] = next_work(shown, luck_behind=on_the_game and luck_ahead.behind(session))
    return shown


def screen_view(session: Session) -> View:
    """The view model of the screen on top: the editor, a study screen, Learn, or the game."""
    if session.editor is not None:
        return editor_view(session, session.editor)
    if session.study is not None:
        return study_board_view(session, session.study)
    if session.learn is not None:
        return learn_view(session)
    game = session.game
    reviewed = advice.reviewed_position(session) or record.shown_position(session)
    # a position of the review is drawn instead of the game's, without its dice or input
    board = reviewed if reviewed is not None else game.board
    layout = Layout(reviewed) if reviewed is not None else session.layout
    human_moving = session.human_moving() and reviewed is None
    movable, destinations = _targets(session) if human_moving else ([], [])
    reviewing = reviewed is not None and session.review is not None and session.review.get("shown") is not None
    shown_numbers = point_numbers.numbers(session, board)
    review_read = point_numbers.review_read(session.review, game.variant, shown_numbers)
    message = advice.review_message(review_read) if reviewing and review_read else addressed(session)
    if message is None and human_moving:
        message = lessons.coach_note(session)
    last = None if reviewed is not None else session.last  # the live game's move is not drawn there
    return {
        "schema": SCHEMA,
        "screen": "setup" if session.screen == "setup" else "board",
        **board_part(
            game.variant, position=str(board), phase=game.phase, turn=SIDES[board.turn],
            to_act=None if game.to_act is None else SIDES[game.to_act], stacks=layout.stacks,
            movable=movable,
            selected=None if session.selected is None else point_id(board.turn, session.selected, board),
            destinations=destinations,
            dice=advice.review_dice(session) if reviewed is not None else dice(game),
            dice_text=str(game.dice) if game.dice else "",
            opening_dice=None if reviewed is not None else opening_dice(game),
            cube={
                "enabled": game.variant.cube,
                "value": game.cube_value,
                "owner": None if game.cube_owner is None else SIDES[game.cube_owner],
                "offered": game.phase == "take",
            },
            cube_face=cube_face(game.cube_value, game.cube_owner, game.phase == "take", game.variant.cube_limit),
            # the person playing Black against the computer sees the board from Black's side
            flipped=session.prefs["flip"] != (viewer(session) != WHITE),
            arrows=arrows(last, session.hint, SIDES[board.turn]) + advice.review_arrows(session),
            guide=lessons.guide(board, SIDES.index(shown_numbers[0])) if shows_the_way(session) else None,
            numbers=shown_numbers),
        "can": can(session),
        "players": players(session, board),
        "match": match(session),
        "money_session": money_session(session),
        # what the session and the core keep as plain JSON, declared in viewmodel.py for the page
        "result": cast(GameResultView, result_to_dict(game.result)) if game.result else None,
        "last": cast(LastMove | None, point_numbers.last_read(last, game.variant, shown_numbers)),
        "hint": cast(Hint | None, session.hint),
        "record": cast(list[RecordEntry], point_numbers.record_read(record.entries(game), game.variant, shown_numbers)),
        "replay": None if session.replay is None else {"at": session.replay, "of": len(game.history)},
        "resign": resign(session),
        "review": cast(Review | None, review_view(review_read)),
        "message": None if message is None else cast(MessageView, message.to_dict()),
        "settings": cast(Settings, dict(session.settings)),
        "prefs": cast(Prefs, dict(session.prefs)),
        "bot_pending": session.computer_to_act() and session.replay is None,  # replay pauses the computer
        "next": None,  # view() says
        "dice_source": session.dice.spec,
        "link": linkgame.view(session),
        "live": livegame.view(session),
        "editor": None,
        "fair": fairplay.view(session),
        "hand": hand(session),
        "dice_history": fairplay.history(session),
        "study": None,
        "practice_due": practice.due_count(session),
        "learn": None,
    }


def study_board_view(session: Session, studied: study.Study) -> View:
    """A study screen: its own board (a puzzle to answer, or drawn with the plays listed) and
    the study panel (`study`); the game of the library waits underneath, its controls off."""
    board = studied.board
    shown = screen_view(board)
    playing = studied.kind != "openings" and studied.result is None
    message = session.message or board.message
    shown.update({
        "can": {**_no_controls(), "undo": playing and shown["can"]["undo"],
                "confirm": playing and shown["can"]["confirm"]},
        "record": [], "replay": None, "resign": None, "review": None, "match": None, "result": None,
        "fair": None,  # a study board's dice are its position's own, not rolled: nothing to verify
        # an answered puzzle's plays in the hint's list; the book's plays are in `study`
        "hint": cast(Hint | None, board.hint if studied.kind != "openings" and not playing else None),
        "settings": cast(Settings, dict(session.settings)), "prefs": cast(Prefs, dict(session.prefs)),
        "message": None if message is None else cast(MessageView, message.to_dict()), "bot_pending": False,
        "study": cast(StudyView | None, practice.practice_view(session) if studied.kind == "drills"
                      else study.study_view(session)),
        "practice_due": practice.due_count(session)})
    if not playing:
        shown.update({"movable": [], "destinations": [], "selected": None})
    return shown


def learn_view(session: Session) -> View:
    """The Learn screen over the game (its board as it stands), or a lesson's task on the board:
    its board is a session of its own, drawn as a game's, with the way round and the homes, and
    no control but undo (a whole play is checked at once)."""
    assert session.learn is not None
    run = session.learn.run
    if run is None:  # the list of lessons, over the game as it stands
        learn, session.learn = session.learn, None
        try:
            shown = screen_view(session)
        finally:
            session.learn = learn
        # the Learn screen stands over the board (a first visit's start screen waits behind it)
        return {**shown, "screen": "board", "learn": lessons.view(session), "bot_pending": False}
    board = run.board
    shown = screen_view(board)
    shown["guide"] = lessons.guide(board.game.position)
    shown["flipped"] = bool(session.prefs["flip"])  # the person's setting as it is now (White plays the task)
    done = run.state == "done"
    shown["can"] = {**_no_controls(), "undo": shown["can"]["undo"] and not done}
    if done:
        shown["movable"], shown["selected"], shown["destinations"] = [], None, []
    message = lessons.message(session)
    return {**shown, "message": None if message is None else cast(MessageView, message.to_dict()), "record": [],
        "players": {side: {**player, "score": 0} for side, player in shown["players"].items()},
        "settings": cast(Settings, dict(session.settings)), "prefs": cast(Prefs, dict(session.prefs)),
        "learn": lessons.view(session),
        "bot_pending": False, "dice_source": session.dice.spec}


# A message that asks the side to act for something, and its words when that side is not the
# person here (the computer, or the friend of a game by link): what happened, and the wait.
FOR_THE_OTHER_SIDE = {"no_moves": "no_moves_other", "doubled": "doubled_wait", "resign_offered": "resign_wait"}


def addressed(session: Session) -> Message | None:
    """The session's message in words for the person who reads it: "Press Pass" or "Take or
    drop?" only while the person is the one to act; else what the other side does or faces."""
    message = session.message
    if message is None or message.key not in FOR_THE_OTHER_SIDE or not session.others_to_act():
        return message
    return Message(FOR_THE_OTHER_SIDE[message.key], message.args)


def editor_view(session: Session, editor: editing.Editor) -> View:
    """The set-up being edited, drawn by the same board (phase "edit": nothing to play; the
    board sends edit intents), with the editor's form in `editor`. White at the bottom unless
    the person flipped the board."""
    flipped = bool(session.prefs["flip"])
    variant = editor.variant
    counts = [editor.counts(side) for side in (0, 1)]
    length = editor.length
    turn = SIDES[editor.turn]
    return {
        "schema": SCHEMA,
        "screen": "board",
        **board_part(
            variant, position=editor.text(), phase="edit", turn=turn, to_act=turn, stacks=editor.stacks,
            movable=[], selected=None, destinations=[],
            dice=rolled_dice(Roll.parse(editor.dice)) if editor.dice else [],
            dice_text=editor.dice, opening_dice=None,
            cube={"enabled": variant.cube, "value": editor.cube,
                  "owner": side_of(editor.owner) if editor.owner else None, "offered": False},
            cube_face=cube_face(editor.cube, editor.owner, False, variant.cube_limit),
            flipped=flipped, arrows=[]),
        "can": _no_controls(),
        "players": {SIDES[side]: {"kind": "human", "pips": sum(p * counts[side][p] for p in range(1, 26)),
                                         "off": counts[side][0], "score": editor.score[side] if length else 0}
                    for side in (0, 1)},
        "match": {"length": length, "score": list(editor.score), "crawford": False, "over": False} if length else None,
        "result": None,
        "last": None,
        "hint": None,
        "record": [],
        "replay": None,
        "resign": None,
        "review": None,
        "message": None if session.message is None else cast(MessageView, session.message.to_dict()),
        "settings": cast(Settings, dict(session.settings)),
        "prefs": cast(Prefs, dict(session.prefs)),
        "bot_pending": False,
        "next": None,
        "dice_source": session.dice.spec,
        "link": None,
        "live": None,
        "editor": editor.view(flipped),
        "fair": None,
        "hand": None,
        "dice_history": None,
        "study": None,
        "practice_due": practice.due_count(session),
        "learn": None,
        "money_session": None,
    }


def board_part(variant: Variant, *, position: str, phase: str, turn: Side, to_act: Side | None,
               stacks: Mapping[str, list[str]], movable: list[str], selected: str | None, destinations: list[str],
               dice: list[Die], dice_text: str, opening_dice: dict[Side, int] | None, cube: Cube,
               cube_face: int, flipped: bool, arrows: list[Arrow], guide: Guide | None = None,
               numbers: list[Side] | None = None) -> BoardView:
    """What the board draws, for the game on it and for a set-up in the editor alike: the
    game and its options, the position with every checker (`stacks`: point id -> checker
    ids, bottom first), what may be moved now, the dice, the cube, which way up the board is
    (`flipped`), the numberings its points are labelled in (`numbers`, the viewer's when not
    given) and the arrows on it."""
    return {
        "variant": variant.name,
        "token": variant.token,
        "options": sorted(variant.options),
        "cube_limit": variant.cube_limit,
        "cube_face": cube_face,
        "geometry": "same" if variant.same_direction else "opposite",
        "numbering": numbering(variant),
        "position": position,
        "phase": phase,
        "turn": turn,
        "to_act": to_act,
        "checkers": checkers(stacks),
        "points": points(stacks),
        "movable": movable,
        "selected": selected,
        "destinations": destinations,
        "dice": dice,
        "dice_text": dice_text,
        "opening_dice": opening_dice,
        "cube": cube,
        "flipped": flipped,
        "arrows": arrows,
        "guide": guide,
        "numbers": numbers if numbers is not None else ["b" if flipped else "w"],
    }


def arrows(last: Mapping[str, Any] | None, hint: Mapping[str, Any] | None, turn: Side) -> list[Arrow]:
    """The arrows on the board: each step of the last confirmed turn (`last`: its side and
    steps), then each step of the hint's play shown (the hint's side, else the side to move)."""
    found: list[Arrow] = []
    if last:
        found += [{"from": a, "to": b, "kind": "last", "side": last["side"]} for a, b in last.get("steps") or []]
    if hint and hint.get("shown") is not None and hint.get("plays"):
        side = hint.get("side") or turn
        found += [{"from": a, "to": b, "kind": "hint", "side": side} for a, b in hint["plays"][hint["shown"]]["steps"]]
    return found


def _no_controls() -> Can:
    """Nothing to play: the editor's set-up is not a game."""
    return {"roll": False, "double": False, "take": False, "drop": False, "beaver": False, "undo": False,
            "hint": False, "review": False, "confirm": False, "resign": False, "answer_resign": False,
            "replay": False, "play_on": False, "next_game": False, "new_match": False}


def _targets(session: Session) -> tuple[list[str], list[str]]:
    """The points the person may move from, and the selected checker's destinations."""
    game, board = session.game, session.game.board
    side = board.turn
    movable = sorted({point_id(side, s.origin, board) for s in game.steps_now()}, key=point_order)
    destinations: list[str] = []
    if session.selected is not None:
        destinations = sorted((point_id(side, t, board) for t in game.destinations(session.selected)),
                              key=point_order)
    return movable, destinations


def checkers(stacks: Mapping[str, list[str]]) -> list[Checker]:
    """Every checker by id with its point and its place in the stack (0 = bottom)."""
    found: list[Checker] = [{"id": checker, "side": side_of(checker[0]), "at": where, "i": index}
                            for where, ids in stacks.items() for index, checker in enumerate(ids)]
    return sorted(found, key=lambda c: (c["side"], int(c["id"][1:])))


def points(stacks: Mapping[str, list[str]]) -> dict[str, PointInfo]:
    return {where: {"side": side_of(ids[0][0]), "count": len(ids)} for where, ids in stacks.items() if ids}


def rolled_dice(roll: Roll) -> list[Die]:
    """The dice the board draws for a roll, none used: higher first, four for a double (the
    editor's and the embed's still boards too: tests/page/test_embed_board.py)."""
    values = [roll.high] * 4 if roll.is_double else [roll.high, roll.low]
    return [{"value": value, "used": False} for value in values]


def dice(game: Game) -> list[Die]:
    """The dice rolled (`rolled_dice`), each used or not; `blocked`: left but unplayable."""
    if game.dice is None:
        return []
    left = list(game.planner.dice_left) if game.planner else []
    shown = rolled_dice(game.dice)
    for die in shown:
        die["used"] = die["value"] not in left
        if die["value"] in left:
            left.remove(die["value"])
    if game.turn_done:
        for die in shown:
            die["blocked"] = not die["used"]
    return shown


def opening_dice(game: Game) -> dict[Side, int] | None:
    """The last opening round's dice, while they are news (before anyone has rolled again)."""
    if game.phase not in ("opening", "roll", "cube"):  # dice are rolled only in "move"
        return None
    openings = [e for e in game.history if e.get("event") == "opening"]
    if openings and (game.phase == "opening" or len(game.history) == len(openings)):
        white, black = openings[-1]["dice"]
        return {"w": white, "b": black}
    return None


def review_view(review: dict[str, Any] | None) -> dict[str, Any] | None:
    """The review as the session keeps it, and whether its shown turn may be rolled out
    (`rollable`, by rollouts.rollable: the page offers the rollout by this flag alone)."""
    return None if review is None else {**review, "rollable": rollouts.rollable(review) is not None}


def can(session: Session) -> Can:
    """The controls the person may use now: the game's actions by the guards the requests
    themselves pass (web/worker/may.py), and what only shows the record."""
    game, history = session.game, session.game.history
    return {
        "roll": may.roll(session),
        "double": may.double(session),
        "take": may.answer_double(session),
        "drop": may.answer_double(session),
        "beaver": may.beaver(session),
        "undo": may.undo(session),
        "hint": may.hint(session),
        "review": any(e.get("event") in ("play", "pass") for e in history),
        "confirm": may.confirm(session),
        "resign": may.resign(session),
        "answer_resign": may.answer_resign(session),
        "replay": bool(history),
        "play_on": session.replay is not None,
        "next_game": may.next_game(session),
        "new_match": game.over and may.finished_match(session),
    }


def hand(session: Session) -> HandView | None:
    """Whose roll the person enters by hand now (the dice picker), or None."""
    game = session.game
    if not may.enter_dice(session):
        return None
    if game.phase == "opening":
        return {"side": None, "opening": True}
    assert game.to_act is not None
    return {"side": SIDES[game.to_act], "opening": False}


def shows_the_way(session: Session) -> bool:
    """The way round and the homes are drawn in a first game with the coach, and in the
    person's first game of each game but backgammon, whose way every board prints
    (docs/first-game.md)."""
    return session.guided or (session.first_of_its_game and session.game.variant.name != "backgammon")


def viewer(session: Session) -> int:
    """The side the board is drawn for (before the flip preference): the person's colour
    against the computer; in hot-seat with `turn_board`, the side to act; else White."""
    if session.against_computer:
        return 1 - session.computer_side
    if session.duel is not None:  # a game by link: this device's side
        return SIDE_LETTERS.index(session.duel.me)
    game = session.game
    if session.prefs["turn_board"] and game.to_act is not None and game.phase != "opening":
        return game.to_act
    return WHITE


def resign(session: Session) -> Resign | None:
    """What giving up costs now (the choices the Resign dialog offers), or the offer on the
    table: {"offer": level, "side", "points"}; None when neither applies."""
    game = session.game
    if game.phase == "resign":
        assert game.resign_offer is not None
        level = game.resign_offer[0]
        return {"offer": level, "side": SIDES[game.position.turn], "points": flow.resign_points(game, level)}
    if not game.may_resign() or session.others_to_act():
        return None
    if game.resign_by_offer:
        return {"levels": [{"level": level, "points": flow.resign_points(game, level)} for level in RESIGN_LEVELS]}
    return {"concede": flow.resign_points(game, None)}


def players(session: Session, board: Position) -> dict[Side, Player]:
    # a match score is shown capped: "16 of 5" after a big last game reads as nonsense
    score = _capped_score(session) or list(session.tally)
    return {
        SIDES[side]: {
            "kind": "computer" if session.against_computer and side == session.computer_side else "human",
            "pips": board.pips(side),
            "off": board.off(side),
            "score": score[side],
        }
        for side in (0, 1)
    }


def match(session: Session) -> MatchView | None:
    """The match: a whole one, or the one a position opened from a link belongs to (its score
    and length; that game is played alone)."""
    game = session.game
    if session.match is None and not game.match_length:
        return None
    length = session.match.length if session.match is not None else game.match_length
    over = session.match.over if session.match is not None else game.over
    return {"length": length, "score": _capped_score(session), "crawford": game.crawford, "over": over}


def money_session(session: Session) -> SessionView | None:
    """A money session of more than one game: its finished games and running score."""
    if session.match is not None or not session.session_games:
        return None
    finished = len(session.session_games) + (1 if session.game.over else 0)
    return {"games": finished, "score": session.session_score()}


def _capped_score(session: Session) -> list[int] | None:
    game = session.game
    if session.match is not None:
        return [min(points, session.match.length) for points in session.match.score]
    if game.match_length:  # a position from a match: its score, with this game once it is over
        score = list(game.score)
        if game.result is not None and game.result.winner is not None:
            score[game.result.winner] += game.result.points
        return [min(points, game.match_length) for points in score]
    return None
