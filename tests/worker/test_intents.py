"""The app's parts beside the presenter: the intent table, messages, the autopilot, the readers
of saves, links and settings, the variant switches, and the worker boundary (web/worker/engine.py)."""

from __future__ import annotations

import doctest
import importlib
import json
import pkgutil
from collections.abc import Iterable
from typing import Any

import pytest

from nardcore.game import Game
from nardcore.position import Position
from nardcore.variant import find_variant
from web import worker
from web.worker import engine, flow, links, may, presenter, saves, settings, ui, variant_rules
from web.worker.autopilot import Autopilot
from web.worker.dice import CountingDice
from web.worker.intent_rules import Stay
from web.worker.intents import INTENTS
from web.worker.messages import Message
from web.worker.session import Session

WEB_MODULES = sorted(m.name for m in pkgutil.iter_modules(worker.__path__, f"{worker.__name__}."))


def computer_session(position: str, dice: str, **prefs: Any) -> Session:
    """The computer (black) to act at a set-up position, the person playing white."""
    start = Position.parse(position)
    counting = CountingDice(dice)
    session = Session(dice=counting, game=Game(start.variant, counting, position=start), screen="board")
    session.settings.update(variant=start.variant.token, opponent="computer", seat="w")
    session.prefs.update(prefs)
    return session


class FirstPlayBot:
    """A bot that takes the play leaving the fewest checkers on its 24 point, never doubles."""

    name = "advanced"

    def __init__(self) -> None:
        self.chosen = 0

    def choose_play(self, position: Position, plays: Iterable[Position]) -> Position:
        self.chosen += 1
        return min(plays, key=lambda p: (p.boards[position.turn][24], str(p)))

    def wants_double(self, game: Game) -> bool:
        return False

    def takes(self, game: Game) -> bool:
        return True


class BrokenBot(FirstPlayBot):
    def choose_play(self, position: Position, plays: Any) -> Position:
        raise RuntimeError("the network file is damaged")


class CheatingBot(FirstPlayBot):
    def choose_play(self, position: Position, plays: Any) -> Position:
        return position  # not one of the plays


# -- the intent table ------------------------------------------------------------------------------


def test_the_intent_table_names_every_request_the_page_sends() -> None:
    assert set(INTENTS) == {
        "boot", "sync", "open_game", "import_files", "export_library", "discard", "new_game", "setup", "close_setup",
        "set", "dismiss", "load_url",
        "export_url", "link_new", "link_hold", "live_new", "live_offer", "live_answer", "live_state", "live_in",
        "live_say", "live_tick", "share", "roll", "click", "drag", "quick_step", "undo", "confirm",
        "double", "take",
        "beaver",
        "drop",
        "next_game", "resign", "answer_resign", "bot", "replay", "play_on", "hint", "rollout", "review", "luck_ahead",
        "edit_open", "edit_point", "edit_move", "edit_set", "edit_reset", "edit_play", "edit_share", "edit_close",
        "dice_entropy", "dice_reveal", "dice_verify", "puzzles", "openings", "practice", "drill_cube", "study_close",
        "learn", "lesson_open", "lesson_again", "lesson_next", "learn_close", "learn_game"}
    # the game's own actions wait while the position editor is open; a new game closes it
    assert sorted(k for k, i in INTENTS.items() if i.during.editor is Stay.KEEP) == sorted(
        ["close_setup", "dismiss", "export_library", "export_url", "live_answer", "live_in", "live_say", "live_state",
         "live_tick", "set", "setup", "share", "sync"] + [k for k in INTENTS if k.startswith("edit_")])
    assert sorted(k for k, i in INTENTS.items() if i.during.editor is Stay.CLOSE) == [
        "boot", "discard", "drill_cube", "import_files", "learn", "learn_close", "learn_game", "lesson_again",
        "lesson_next",
        "lesson_open", "link_new", "live_new", "load_url", "new_game", "open_game", "openings", "practice", "puzzles",
        "study_close"]
    # while a study screen is open, the hand on the board plays its puzzle; what starts a game closes it
    assert sorted(k for k, i in INTENTS.items() if i.during.study is Stay.HAND) == [
        "click", "confirm", "drag", "hint", "quick_step", "undo"]
    assert sorted(k for k, i in INTENTS.items() if i.during.study is Stay.CLOSE) == sorted(
        ["boot", "discard", "import_files", "link_new", "live_new", "new_game", "open_game", "setup", "close_setup",
         "learn",
         "learn_close", "learn_game", "lesson_again", "lesson_next", "lesson_open"]
        + [k for k in INTENTS if k.startswith("edit_")])
    # while a lesson is open the hand plays its task, and the game's own actions wait
    handed = sorted(k for k, i in INTENTS.items() if i.during.learn is Stay.HAND)
    assert handed == ["click", "drag", "quick_step", "undo"]
    assert sorted(k for k, i in INTENTS.items() if i.during.learn is Stay.CLOSE) == [
        "boot", "close_setup", "discard", "drill_cube", "edit_close", "edit_move", "edit_open", "edit_play",
        "edit_point",
        "edit_reset", "edit_set", "edit_share", "import_files", "learn_game", "link_new", "live_new", "load_url",
        "new_game", "open_game", "openings", "practice", "puzzles", "setup", "study_close"]
    # the dice's proof (web/worker/fairplay.py), an export, the clock's tick and the luck measured
    # ahead change nothing on the board: the hint and review stay
    assert sorted(k for k, i in INTENTS.items() if "hint" in i.keeps) == [
        "dice_entropy", "dice_reveal", "dice_verify", "export_library", "hint", "live_tick", "luck_ahead", "rollout",
        "share"]
    assert sorted(k for k, i in INTENTS.items() if "review" in i.keeps) == [
        "dice_entropy", "dice_reveal", "dice_verify", "export_library", "live_tick", "luck_ahead", "review", "rollout",
        "set", "share"]
    # the game's actions are guarded by the guards behind the view's `can`, and automated after
    guarded = {k: i.guard for k, i in INTENTS.items() if i.guard is not None}
    assert set(guarded) == {"roll", "double", "take", "drop", "beaver", "undo", "confirm", "hint", "resign",
                            "answer_resign", "next_game"}
    assert all(guard is may.GUARDS[k] for k, guard in guarded.items() if k != "roll")
    assert sorted(k for k, i in INTENTS.items() if i.automates) == [
        "answer_resign", "beaver", "boot", "click", "confirm", "double", "drag", "drop", "edit_play", "import_files",
        "learn_game", "new_game", "next_game", "open_game", "play_on", "quick_step", "resign", "review", "roll",
        "set", "take"]
    with pytest.raises(ui.UIError, match="unknown request '_on_roll'"):
        ui.App().dispatch({"type": "_on_roll"})  # no method lookup by name


# -- messages ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("key", "ends"), [
    ("opening", {"undo", "confirm"}),
    ("took", {"undo", "confirm"}),
    ("forced", {"undo", "roll", "confirm", "step"}),
    ("no_moves", {"undo", "roll", "confirm"}),
    ("coach_blunder", {"undo", "roll", "confirm"}),
    ("passed", {"undo", "roll"}),
    ("url_loaded", {"undo", "roll"}),
    ("anything new", {"undo", "roll"}),
])
def test_a_message_lives_until_one_of_its_events(key: str, ends: set[str]) -> None:
    for event in ("step", "undo", "roll", "confirm"):
        session = Session(dice=CountingDice(None), game=Game("narde"), message=Message(key, {"n": 1}))
        session.note(event)
        assert (session.message is None) is (event in ends), event


def test_a_saved_message_is_read_strictly() -> None:
    assert Message.from_saved({"key": "passed", "args": {"side": "w"}}) == Message("passed", {"side": "w"})
    bad: Any
    for bad in (None, [], {"key": 3}, {"key": "x", "args": []}, {"key": "x", "args": {"a": "y" * 3000}}):
        assert Message.from_saved(bad) is None


# -- the autopilot ---------------------------------------------------------------------------------


def test_a_failing_bot_raises_and_nothing_is_played_for_it() -> None:
    session = computer_session("narde:b:24x15:24x15", "6,5")
    pilot = Autopilot(lambda level, seed=None: BrokenBot())
    pilot.act(session)  # the computer rolls
    board = session.game.board
    with pytest.raises(RuntimeError, match="damaged"):
        pilot.act(session)
    assert session.game.board == board and not session.game.steps and session.game.phase == "move"


def test_a_bot_that_names_an_illegal_play_is_refused() -> None:
    session = computer_session("narde:b:24x15:24x15", "6,5")
    pilot = Autopilot(lambda level, seed=None: CheatingBot())
    pilot.act(session)
    with pytest.raises(ui.UIError, match="not a legal play"):
        pilot.act(session)
    assert not session.game.steps


def test_the_engine_reports_a_failing_bot_and_keeps_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    app = ui.App(dice="seed:4", make_bot=lambda level, seed=None: BrokenBot())
    monkeypatch.setattr(engine, "_app", app)
    app.session.start_game({"variant": "narde", "opponent": "computer"})
    app.session.game = Game("narde", app.session.dice, position=Position.parse("narde:b:24x15:24x15"))
    app.session.fresh_turn()
    assert json.loads(engine.dispatch('{"type": "bot"}'))["view"]["phase"] == "move"  # rolled
    before = app.game.board
    answer = json.loads(engine.dispatch('{"type": "bot"}'))
    assert answer == {"error": "RuntimeError: the network file is damaged"}
    assert app.game.board == before and not app.game.steps


def test_a_boot_through_the_engine_starts_afresh_from_what_the_page_sends(monkeypatch: pytest.MonkeyPatch) -> None:
    # a page mounted again (page.js mountPage, as the browser tests reset the app) boots again:
    # nothing of the game before is kept but what the boot sends
    monkeypatch.setattr(engine, "_app", None)
    first = json.loads(engine.dispatch('{"type": "boot", "query": "?dice=seed:3"}'))
    json.loads(engine.dispatch('{"type": "new_game", "settings": {"variant": "narde"}}'))
    played = json.loads(engine.dispatch('{"type": "roll"}'))
    assert played["view"]["variant"] == "narde" != first["view"]["variant"]
    again = json.loads(engine.dispatch('{"type": "boot", "query": "?dice=seed:3"}'))
    assert again["view"] == first["view"]


def test_the_computer_steps_its_play_one_request_at_a_time_and_chooses_once_per_turn() -> None:
    bot = FirstPlayBot()
    session = computer_session("narde:b:24x15:24x15", "6,5")
    pilot = Autopilot(lambda level, seed=None: bot)
    pilot.act(session)  # roll
    pilot.act(session)
    assert len(session.game.steps) == 1 and bot.chosen == 1
    pilot.act(session)  # the second step, then the turn is confirmed
    assert session.game.to_act == 0 and session.last is not None and session.last["side"] == "b"
    assert bot.chosen == 1


def test_the_computer_chooses_afresh_when_the_board_comes_round_again() -> None:
    # White dances before a closed board: after white's pass, black is on roll at the very
    # board its last play ended on, and must still choose (and confirm) a new play.
    bot = FirstPlayBot()
    session = computer_session("backgammon:b:bar,6x14:24x3,6x2,5x2,4x2,3x2,2x2,1x2", "6,5,6,5,6,5,6,5",
                               auto_roll=True, auto_forced=True)
    pilot = Autopilot(lambda level, seed=None: bot)
    def plays() -> list[dict[str, Any]]:
        return [e for e in session.game.history if e.get("event") == "play"]

    for _ in range(30):
        if len(plays()) == 3:
            break
        if session.computer_to_act():
            pilot.act(session)
        else:  # the person rolls (before a roll white may double, so it is not automatic)
            flow.roll(session)
            pilot.automate(session)
    passes = [e for e in session.game.history if e.get("event") == "pass"]
    assert len(plays()) == 3 and len(passes) == 2 and bot.chosen == 3


class CubeBot(FirstPlayBot):
    """A bot whose cube answers are set: doubles when `double`, takes when `take`."""

    def __init__(self, double: bool = False, take: bool = True) -> None:
        super().__init__()
        self.double, self.take = double, take

    def wants_double(self, game: Game) -> bool:
        return self.double

    def takes(self, game: Game) -> bool:
        return self.take


class BeaverBot(CubeBot):
    def __init__(self, beaver: bool) -> None:
        super().__init__()
        self.beaver = beaver

    def beavers(self, game: Game) -> bool:
        return self.beaver


RACE = "backgammon+beaver:w:6x8,5x7:6x8,5x7"  # white on roll, money play, the cube in the middle


@pytest.mark.parametrize(("bot", "cube", "owner"), [
    (CubeBot(take=True), 2, 1),  # no beaver answer: a plain take
    (BeaverBot(beaver=False), 2, 1),
    (BeaverBot(beaver=True), 4, 1),
])
def test_the_computer_answers_a_double_by_its_players_own_words(bot: CubeBot, cube: int, owner: int) -> None:
    session = computer_session(RACE, "6,5")
    flow.double(session)
    Autopilot(lambda level, seed=None: bot).act(session)
    game = session.game
    assert (game.cube_value, game.cube_owner, game.phase, game.to_act) == (cube, owner, "roll", 0)


def test_the_computer_drops_when_its_player_will_not_take() -> None:
    session = computer_session(RACE, "6,5")
    flow.double(session)
    Autopilot(lambda level, seed=None: CubeBot(take=False)).act(session)
    assert session.game.result is not None and (session.game.result.kind, session.game.result.winner) == ("drop", 0)


@pytest.mark.parametrize("wants", [True, False])
def test_the_computer_doubles_when_its_player_wants_to(wants: bool) -> None:
    session = computer_session(RACE.replace(":w:", ":b:"), "6,5")
    Autopilot(lambda level, seed=None: CubeBot(double=wants)).act(session)
    assert session.game.phase == ("take" if wants else "move")


# -- saves, links and settings ----------------------------------------------------------------------


def test_an_unreadable_save_changes_nothing() -> None:
    app = ui.App(dice="seed:3")
    app.dispatch({"type": "new_game", "settings": {"variant": "moultezim"}})
    app.dispatch({"type": "roll"})
    before = saves.save_text(app.session)
    good = json.loads(before)
    for broken in ({**good, "screen": "menu"}, {**good, "tally": [1]}, {**good, "game": None},
                   {**good, "settings": {**good["settings"], "seat": "red"}}):
        with pytest.raises(ValueError):
            saves.load_save(app.session, json.dumps(broken))
        assert saves.save_text(app.session) == before


def test_the_last_move_from_a_save_is_read_strictly() -> None:
    last = {"side": "w", "dice": "61", "text": "13/7 8/7", "steps": [["13", "7"], ["8", "7"]]}
    assert saves.checked_last(last) == last
    four = {**last, "dice": "44", "steps": [["13", "9"]] * 4}  # doubles: four steps are kept
    assert saves.checked_last(four) == four
    long = saves.checked_last({**last, "text": "x" * 100, "dice": "123456"})
    assert long is not None and (long["text"], long["dice"]) == ("x" * 80, "1234")  # cut to what is shown
    for steps in ([[["13"], "7"]], [[{"a": 1}, "7"]], [["13", "0"]], [["13", "7"]] * 5):
        assert saves.checked_last({**last, "steps": steps}) is None
    assert saves.checked_last({**last, "side": "x"}) is None


@pytest.mark.parametrize("fragment", ["s=a&s=b", "vs=computer", "s=a&x=1", "s", "#" + "s=" + "A" * 25_000])
def test_link_fields_are_read_strictly(fragment: str) -> None:
    with pytest.raises(ui.UIError):
        links.link_fields(fragment)


# -- variant switches ------------------------------------------------------------------------------


def test_match_lengths_by_game() -> None:
    tawla, narde = find_variant("tawla31"), find_variant("narde")
    assert [variant_rules.match_length_for(tawla, asked, 0) for asked in (None, 0, 5)] == [31, 0, 31]
    assert [variant_rules.match_length_for(narde, asked, 7) for asked in (None, 0, 5)] == [7, 0, 5]
    assert variant_rules.cube_limits(narde) == [] and variant_rules.cube_limits(find_variant("backgammon"))[-1] == 64


# -- the worker boundary ----------------------------------------------------------------------------


def test_hello_sends_the_catalogue_once_and_views_carry_the_numbering() -> None:
    hello = json.loads(engine.dispatch('{"type": "hello"}'))
    assert hello["ready"] is True and hello["catalogue"] == presenter.catalogue()
    view = ui.App().dispatch({"type": "new_game", "settings": {"variant": "narde"}})["view"]
    assert view["numbering"][1] == 13 and view["numbering"][13] == 1


@pytest.mark.parametrize("name", WEB_MODULES)
def test_web_docstring_examples_run_as_written(name: str) -> None:
    failed, _ = doctest.testmod(importlib.import_module(name), optionflags=doctest.NORMALIZE_WHITESPACE)
    assert failed == 0



@pytest.mark.parametrize("change", [
    {"match_length": -1}, {"match_length": "3"}, {"opponent": "cat"}, {"level": "godlike"}, {"seat": "x"},
    {"colour": "w"},
])
def test_saved_settings_with_one_bad_field_are_refused(change: dict[str, Any]) -> None:
    from web.worker.settings import DEFAULT_SETTINGS

    assert settings.checked_settings(dict(DEFAULT_SETTINGS))["variant"] == DEFAULT_SETTINGS["variant"]
    with pytest.raises(ui.UIError, match="bad game settings"):
        settings.checked_settings({**DEFAULT_SETTINGS, **change})


def test_saved_preferences_keep_known_values_of_the_right_type_only() -> None:
    from web.worker.settings import DEFAULT_PREFS

    read = settings.checked_prefs({"lang": "ru", "auto_roll": not DEFAULT_PREFS["auto_roll"]})
    assert read["lang"] == "ru" and read["auto_roll"] is not DEFAULT_PREFS["auto_roll"]
    ignored = settings.checked_prefs({"lang": True, "flip": "ru", "auto_roll": "yes", "unknown": True})
    assert ignored == DEFAULT_PREFS


# -- the settings of a new game ----------------------------------------------------------------------


def test_new_game_settings_are_read_at_their_limits() -> None:
    from web.worker.settings import DEFAULT_SETTINGS, read_settings

    current = {**DEFAULT_SETTINGS, "opponent": "computer", "level": "strongest"}
    merged, _ = read_settings(current, {"variant": "narde"})
    assert (merged["opponent"], merged["level"]) == ("computer", "strongest")  # the others carry over
    assert read_settings(current, {"match_length": 999})[0]["match_length"] == 999
    for requested, complaint in [
        ({"variant": "b" * 121}, "variant must be a name"),
        ({"variant": 5}, "variant must be a name"),
        ({"variant": "b" * 120}, "unknown game"),
        ({"match_length": 1000}, "match length must be 0..999"),
    ]:
        with pytest.raises(ui.UIError, match=complaint):
            read_settings(current, requested)


def test_the_tally_of_games_won_starts_again_only_with_another_game_or_length() -> None:
    session = Session.fresh(CountingDice("seed:1"))
    session.tally = [2, 1]
    session.start_game({})
    assert session.tally == [2, 1]
    session.start_game({"variant": "narde"})
    assert session.tally == [0, 0]
