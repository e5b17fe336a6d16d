"""Dice you can check in the app (web/worker/fairplay.py, docs/fair-dice.md), through the
intents the page sends: the commitment before the first roll, the player's entropy, the reveal,
Verify dice, the save and the .mat record; the computer player never reaches the dice."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from support.app import act, play_simply, simple_action

from nardcore.bots.levels import make_bot
from nardcore.fairdice import FairDice, derive_roll
from nardcore.formats.mat import read_mat
from web.worker import ui
from web.worker.dice import CountingDice

ROOT = Path(__file__).resolve().parents[2]


def against_computer(variant: str = "narde", **settings: Any) -> tuple[ui.App, Mapping[str, Any]]:
    app = ui.App(dice=None)  # no test dice: the app's own proven dice
    view = act(app, "new_game", settings={"variant": variant, "opponent": "computer", "level": "beginner",
                                          **settings})
    return app, view


def rolled(view: Mapping[str, Any]) -> bool:
    return bool(view["fair"]["rolls"] >= 12)


def test_the_commitment_is_shown_before_the_first_roll_and_the_entropy_taken_then_only() -> None:
    app, view = against_computer()
    fair = view["fair"]
    assert fair is not None and len(fair["commitment"]) == 64 and fair["may_add"] and fair["rolls"] == 0
    view = act(app, "dice_entropy", text="  my own words 7 3 1 ")
    assert view["fair"]["entropy"] == "my own words 7 3 1" and view["message"]["key"] == "dice_entropy_added"
    assert view["fair"]["commitment"] == fair["commitment"]  # the commitment came first and stays
    view = act(app, "roll")
    assert view["fair"]["rolls"] >= 1 and not view["fair"]["may_add"]
    view = act(app, "dice_entropy", text="more")
    assert view["message"]["key"] == "not_now"
    assert view["message"]["args"]["error"]["key"] == "why.dice_entropy_late"
    assert view["fair"]["entropy"] == "my own words 7 3 1"


def test_a_bad_entropy_is_refused_in_words() -> None:
    app, _ = against_computer()
    for text in ("", "   ", "x" * 201, 12, None):
        view = act(app, "dice_entropy", text=text)
        assert view["message"]["args"]["error"]["key"] == "why.dice_entropy"
        assert view["fair"]["entropy"] == ""


def test_revealing_mid_game_proves_the_rolls_so_far_and_opens_a_fresh_commitment() -> None:
    app, view = against_computer()
    act(app, "dice_entropy", text="abc")
    first = view["fair"]["commitment"]
    view = play_simply(app, rolled, limit=400)
    view = act(app, "dice_verify")
    assert view["fair"]["check"]["status"] == "unproven" and view["fair"]["check"]["first"] == 1
    view = act(app, "dice_reveal")
    assert view["message"]["key"] == "dice_revealed"
    fair = view["fair"]
    assert fair["commitment"] != first and fair["may_add"] and fair["secret_rolls"] == 0
    (revealed,) = fair["revealed"]
    assert revealed["commitment"] == first and revealed["entropy"] == "abc"
    seed = bytes.fromhex(revealed["seed"])
    view = act(app, "dice_verify")
    check = view["fair"]["check"]
    assert check["status"] == "ok" and check["proven"] == check["rolls"] == fair["rolls"] == revealed["rolls"]
    # the rolls on the board are those the seed gives: the opening round first, White's die first
    opening = next(e for e in app.game.history if e["event"] == "opening")
    assert tuple(opening["dice"]) == derive_roll(seed, "abc", 0)
    # the game plays on from the fresh commitment; the check goes with the next roll
    view = play_simply(app, lambda v: v["fair"]["rolls"] > fair["rolls"], limit=100)
    assert view["fair"]["check"] is None and view["fair"]["secret_rolls"] >= 1


def test_a_finished_game_reveals_its_seed_and_every_roll_verifies() -> None:
    app, _ = against_computer("tawla31", match_length=0)
    view = play_simply(app, lambda v: v["phase"] == "over", limit=3000)
    assert view["fair"]["revealed"] and view["fair"]["secret_rolls"] == 0
    view = act(app, "dice_verify")
    assert view["fair"]["check"]["status"] == "ok" and view["fair"]["check"]["rolls"] > 10
    # the .mat record carries the proof, and it verifies outside the app
    mat = app.dispatch({"type": "share"})["share"]["mat"]
    assert mat.startswith("; [DiceProcedure 0")
    read_mat(mat)  # still a record that reads
    path = ROOT / "tests" / ".fair-dice-record.mat"
    try:
        path.write_text(mat, encoding="utf-8")
        done = subprocess.run([sys.executable, "-m", "nardcore", "verify-dice", str(path)], capture_output=True,
                              text=True, cwd=ROOT, timeout=300)
    finally:
        path.unlink(missing_ok=True)
    assert done.returncode == 0, done.stdout + done.stderr


def saved_mid_game() -> tuple[dict[str, Any], ui.App]:
    app, _ = against_computer()
    play_simply(app, rolled, limit=400)
    return json.loads(app.dispatch({"type": "dismiss"})["save"]), app


def booted(save: dict[str, Any]) -> tuple[ui.App, Mapping[str, Any]]:
    app = ui.App(dice=None)
    view = app.dispatch({"type": "boot", "save": json.dumps(save), "fragment": "", "query": ""})["view"]
    return app, view


def test_a_reload_goes_on_with_the_same_commitment_and_rolls() -> None:
    save, app = saved_mid_game()
    again, view = booted(save)
    shown = app.view()["fair"]
    assert shown is not None and view["fair"]["commitment"] == shown["commitment"]
    assert view["message"] is None or view["message"]["key"] != "save_corrupt"
    for each in (app, again):
        play_simply(each, lambda v: v["fair"]["rolls"] >= 20, limit=400)
    assert [e.get("dice") for e in again.game.history][:30] == [e.get("dice") for e in app.game.history][:30]
    view = act(again, "dice_reveal")
    view = act(again, "dice_verify")
    assert view["fair"]["check"]["status"] == "ok"


def test_a_changed_roll_or_seed_in_the_save_fails_verification_at_that_roll() -> None:
    save, app = saved_mid_game()
    act(app, "dice_reveal")
    save = json.loads(app.dispatch({"type": "dismiss"})["save"])
    rolls = save["fair_dice"]["proof"]["segments"][0]["rolls"]
    rolls[6] = "12" if sorted(rolls[6]) != ["1", "2"] else "34"
    _, view = booted(save)
    view = act(_, "dice_verify")
    assert view["fair"]["check"]["first"] == 7 and view["fair"]["check"]["status"] == "roll"
    seeded = json.loads(app.dispatch({"type": "dismiss"})["save"])
    segment = seeded["fair_dice"]["proof"]["segments"][0]
    segment["seed"] = ("f" if segment["seed"][0] != "f" else "e") + segment["seed"][1:]
    again, _ = booted(seeded)
    view = act(again, "dice_verify")
    assert view["fair"]["check"]["first"] == 1 and view["fair"]["check"]["status"] == "seed"


def test_a_save_from_before_proven_dice_still_opens_and_plays_on_unproven() -> None:
    save, app = saved_mid_game()
    del save["fair_dice"]
    again, view = booted(save)
    assert view["message"] is None or view["message"]["key"] != "save_corrupt"
    assert again.game.history == app.game.history and view["fair"] is None
    before = len(app.game.history)
    view = play_simply(again, lambda v: len(again.game.history) > before + 6, limit=400)
    assert view["fair"] is None and "fair_dice" not in json.loads(again.dispatch({"type": "dismiss"})["save"])
    # the next game has proven dice again
    assert act(again, "new_game", settings={})["fair"]["may_add"]


def test_a_game_opened_from_a_link_proves_the_rolls_after_it() -> None:
    _, app = saved_mid_game()
    fragment = app.dispatch({"type": "export_url"})["url"]
    other = ui.App(dice=None)
    act(other, "load_url", fragment=fragment)
    before = len(other.game.history)
    play_simply(other, lambda v: len(other.game.history) > before + 6, limit=400)
    act(other, "dice_reveal")
    check = act(other, "dice_verify")["fair"]["check"]
    assert check["status"] == "unproven" and check["first"] == 1 and 0 < check["proven"] < check["rolls"]


def test_test_dice_and_games_by_link_show_no_proof() -> None:
    app = ui.App(dice="seed:4")
    assert act(app, "new_game", settings={"variant": "narde"})["fair"] is None
    host = ui.App(dice=None)
    act(host, "new_game", settings={"variant": "narde"})
    assert act(host, "link_new", variant="narde", seat="w")["fair"] is None


# -- the computer player never reaches the dice ----------------------------------------------


BOTS = ROOT / "nardcore" / "bots"


def test_the_computer_players_code_imports_nothing_that_rolls_the_dice() -> None:
    for path in BOTS.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [f"{node.module or ''}.{a.name}" for a in node.names] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert "fairdice" not in name and "web" not in name.split(".")[0], f"{path.name} imports {name}"
    loaded = subprocess.run([sys.executable, "-c", "import sys, nardcore.bots.levels, nardcore.bots.neural_cube;"
                             "print(' '.join(sorted(sys.modules)))"], capture_output=True, text=True, cwd=ROOT,
                            timeout=300).stdout.split()
    assert "nardcore.fairdice" not in loaded and not any(m.startswith("web.") for m in loaded)


def reachable(roots: list[Any]) -> list[Any]:
    """Every object reachable from `roots` through attributes, items and slots (not through
    modules and classes, which hold code, not this game's data)."""
    seen: dict[int, Any] = {}
    stack = list(roots)
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, type) or type(item).__name__ in ("module", "function",
                                                                                 "builtin_function_or_method"):
            continue
        seen[id(item)] = item
        if isinstance(item, dict):
            stack += list(item.keys()) + list(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack += list(item)
        if hasattr(item, "__dict__"):
            stack += list(vars(item).values())
        for slot in getattr(type(item), "__slots__", ()):
            if isinstance(slot, str) and hasattr(item, slot):
                stack.append(getattr(item, slot))
    return list(seen.values())


def test_nothing_the_computer_player_is_handed_reaches_the_seed_or_the_rolls_to_come() -> None:
    handed: list[Any] = []

    class Spy:
        def __init__(self, level: str, seed: Any = None) -> None:
            self.inner = make_bot("intermediate", seed=seed)
            self.name = level

        def choose_play(self, position: Any, plays: Any) -> Any:
            handed.extend([position, plays])
            return self.inner.choose_play(position, plays)

        def wants_double(self, game: Any) -> bool:
            handed.append(game)
            return True  # doubles whenever it may: the cube's questions get asked too

        def takes(self, game: Any) -> bool:
            handed.append(game)
            return True

    app = ui.App(dice=None, make_bot=Spy)
    view = act(app, "new_game", settings={"variant": "backgammon", "opponent": "computer"})
    for _ in range(600):
        if view["fair"]["rolls"] >= 16 or view["phase"] == "over":
            break
        # the person takes the computer's doubles; the rest as the simple player plays
        view = act(app, "take") if view["phase"] == "take" and not view["bot_pending"] else simple_action(app, view)
    dice = app.session.dice
    assert isinstance(dice.fair, FairDice)
    secret = dice.fair.state()["secret"]
    assert handed and any(type(h).__name__ == "Game" for h in handed)
    for item in reachable(handed):
        assert not isinstance(item, (FairDice, CountingDice)), "a dice source reached the computer player"
        assert not (isinstance(item, bytes) and item.hex() == secret)
        assert not (isinstance(item, str) and secret in item)


# -- this game's dice beside the board -------------------------------------------------------


def test_the_dice_history_counts_this_games_rolls_when_asked_for() -> None:
    app, view = against_computer()
    assert view["dice_history"] is None  # a preference, off by default
    view = act(app, "set", name="dice_history", value=True)
    assert view["dice_history"] == {"rolls": [], "faces": [0] * 6, "expected_face": 0.0, "doubles": 0,
                                    "expected_doubles": 0.0}
    view = play_simply(app, rolled, limit=400)
    history = view["dice_history"]
    drawn = [r for s in act(app, "dice_reveal")["fair"]["revealed"] for r in range(s["rolls"])]
    assert len(history["rolls"]) == len(drawn) and sum(history["faces"]) == 2 * len(drawn)
    assert history["faces"][5] == sum(roll.count("6") for roll in history["rolls"])
    assert history["doubles"] == sum(roll[0] == roll[1] for roll in history["rolls"])
    assert history["expected_face"] == round(len(drawn) / 3, 1)
    assert history["expected_doubles"] == round(len(drawn) / 6, 1)
