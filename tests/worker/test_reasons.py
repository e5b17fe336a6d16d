"""Refusals in the player's language (web/worker/reasons.py, docs/i18n.md): every error the app
can show reaches the page as a key of the language files with its values, never as the error's
English text, and every such key is in every language with exactly the values its raisers give.
"""

from __future__ import annotations

import ast
import importlib
import json
import pkgutil
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from hostile import hostile_fragments, hostile_saves
from support.app import act, fresh

import nardcore
from nardcore.errors import NardError, Refusal
from nardcore.position import Position, PositionError
from web.worker import reasons, ui
from web.worker.duel.linkformat import LinkError
from web.worker.inputs import UIError

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "web" / "i18n"
LANGUAGES = sorted(path.stem for path in I18N.glob("*.json"))
PLACEHOLDER = re.compile(r"\{(\w+)\}")
EMBED = ROOT / "web" / "page" / "embed" / "embed.js"
EMBED_RAISE = re.compile(r'new PositionTextError\([^;]*?, "(why\.\w+)"(?:, \{ ([^}]*) \})?\)')


def words(lang: str) -> dict[str, Any]:
    return dict(json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8")))


ENGLISH = words("en")


def placeholders(text: Any) -> set[str]:
    forms = [text] if isinstance(text, str) else [value for name, value in text.items() if name != "plural"]
    return {name for form in forms for name in PLACEHOLDER.findall(form)}


def python_sources() -> Iterator[Path]:
    yield from sorted((ROOT / "nardcore").rglob("*.py"))
    yield from sorted((ROOT / "web" / "worker").glob("*.py"))


def raised_reasons() -> list[tuple[str, frozenset[str], str]]:
    """Every `why=` given in the Python: (key, the names of its values, where)."""
    found = []
    for path in python_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            why = [keyword for keyword in node.keywords if keyword.arg == "why"]
            name = node.func.id if isinstance(node.func, ast.Name) else ""
            if not why or not name.endswith(("Error", "Refusal")):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            value = why[0].value
            assert isinstance(value, ast.Constant) and isinstance(value.value, str), f"{where}: why= is no literal key"
            names = frozenset(str(k.arg) for k in node.keywords if k.arg not in ("why", None))
            found.append((value.value, names, where))
    return found


def embed_reasons() -> list[tuple[str, frozenset[str], str]]:
    """Every reason <nard-board> gives (embed.js's PositionTextError): (key, its values, where)."""
    text = EMBED.read_text(encoding="utf-8")
    found = []
    for match in EMBED_RAISE.finditer(text):
        names = frozenset(part.split(":")[0].strip() for part in (match.group(2) or "").split(",") if part.strip())
        found.append((match.group(1), names, f"embed.js:{text[:match.start()].count(chr(10)) + 1}"))
    return found


def test_every_reason_raised_is_a_key_of_every_language_with_the_values_it_is_given() -> None:
    given = raised_reasons() + embed_reasons()
    assert len(raised_reasons()) >= 35 and len(embed_reasons()) == 9
    for lang in LANGUAGES:
        catalogue = words(lang)
        for key, names, where in given:
            assert key.startswith("why.") and key in catalogue, f"{where}: {key} is not in {lang}.json"
            assert placeholders(catalogue[key]) == names, f"{where}: {key} in {lang}.json names other values"


def test_every_class_of_error_the_app_shows_has_a_reason_in_every_language() -> None:
    for info in pkgutil.walk_packages(nardcore.__path__, "nardcore."):
        if not info.name.startswith("nardcore.cli.__main__"):
            importlib.import_module(info.name)

    def subclasses(kind: type[BaseException]) -> Iterator[type[BaseException]]:
        for sub in kind.__subclasses__():
            yield sub
            yield from subclasses(sub)

    kinds = [*subclasses(NardError), UIError, LinkError]
    assert len(kinds) >= 13
    keys = {reasons.UNREADABLE} | {key for _, key in reasons.CLASS_REASONS}
    for kind in kinds:
        assert reasons.class_reason(kind("x")) is not None, f"{kind.__name__} has no reason of its class"
    for lang in LANGUAGES:
        catalogue = words(lang)
        for key in keys:
            assert isinstance(catalogue.get(key), str) and catalogue[key].strip(), (lang, key)
            assert placeholders(catalogue[key]) == set(), (lang, key)


def test_the_worker_shows_errors_only_through_their_reason() -> None:
    """Any `error=` handed to a message or an editor problem is `reason(...)`, never `str(error)`."""
    for path in sorted((ROOT / "web" / "worker").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                for keyword in node.keywords:
                    if keyword.arg == "error":
                        value = keyword.value
                        assert (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                                and value.func.id == "reason"), f"{path.name}:{node.lineno}"


def test_a_reason_is_its_own_the_one_it_wraps_or_its_class() -> None:
    try:
        Position.parse("narde:w:24x15,30:24x15")
    except PositionError as error:
        own = reasons.reason(error)
    assert own["key"] == "why.position_point" and own["args"] == {"point": "30"} and "30" in own["detail"]
    try:
        try:
            Position.parse("narde:q:24x15:24x15")
        except PositionError as error:
            raise UIError(str(error)) from None
    except UIError as wrapped:
        assert reasons.reason(wrapped)["key"] == "why.position_turn"
    assert reasons.reason(LinkError("no reason given"))["key"] == "why.link"
    assert reasons.reason(TypeError("'int' object is not subscriptable"))["key"] == "why.unreadable"
    long = Refusal("x", why="why.link_part", part="p" * 500)
    assert reasons.reason(long)["args"]["part"] == "p" * reasons.MAX_PARAM + "…"


def shown(message: Mapping[str, Any] | None) -> dict[str, Any]:
    """The reason a message carries, checked as the page would translate it."""
    assert message is not None
    error = message["args"]["error"]
    assert isinstance(error, dict) and set(error) == {"key", "args", "detail"}, error
    assert error["key"] in ENGLISH, error
    assert placeholders(ENGLISH[error["key"]]) <= set(error["args"]), error
    assert all(isinstance(value, (str, int)) for value in error["args"].values()), error
    return dict(error)


@pytest.mark.parametrize(("fragment", "key", "args"), [
    ("p=narde:x:24x15:24x15", "why.position_turn", {"turn": "x"}),
    ("p=narde:w:24x15", "why.position_fields", {}),
    ("p=narde:w:24x16:24x15", "why.position_checkers", {"n": 16}),
    ("p=chess:w:24x15:24x15", "why.position_game", {"name": "chess"}),
    ("p=narde:w:24x15&p=narde:w:24x15", "why.link_twice", {"name": "p"}),
    ("s=abc&gnubg=4HPwATDgc/ABMA", "why.link_no_game", {}),
    ("vs=computer", "why.link_no_game", {}),
    ("s=@@@", "why.codec", {}),
    ("gnubg=zzzz", "why.codec", {}),
    ("d=g1.w0.AAAA", "why.duel_cut", {}),
])
def test_a_refused_link_says_why_by_key(fragment: str, key: str, args: dict[str, Any]) -> None:
    app, before = fresh("narde")
    view = act(app, "load_url", fragment="#" + fragment)
    assert view["message"]["key"] in ("url_bad", "link_refused")
    error = shown(view["message"])
    assert (error["key"], error["args"]) == (key, args)
    assert view["position"] == before["position"]


def test_hostile_links_and_saves_are_refused_with_reasons() -> None:
    keys = set()
    for fragment in hostile_fragments(120, seed=21):
        app, _ = fresh("narde")
        view = act(app, "load_url", fragment="#" + fragment)
        if view["message"] and view["message"]["key"] == "url_bad":
            keys.add(shown(view["message"])["key"])
    valid = ui.App(dice="seed:1").dispatch({"type": "new_game", "settings": {"variant": "narde"}})["save"]
    for save in hostile_saves(120, seed=22, valid_save=valid):
        answer = ui.App(dice="seed:1").dispatch({"type": "boot", "save": save, "fragment": "", "query": ""})
        message = answer["view"]["message"]
        if message and message["key"] in ("save_corrupt", "save_corrupt_lost"):
            keys.add(shown(message)["key"])
    assert len(keys) >= 4, keys


def test_the_editor_the_dice_setting_a_game_by_link_and_a_request_out_of_turn_say_why_by_key() -> None:
    app, _ = fresh("narde")
    act(app, "edit_open")
    view = act(app, "edit_set", name="position", value="narde:w:24x16:24x15")
    assert view["message"]["key"] == "edit_bad_text"
    assert (shown(view["message"])["key"], shown(view["message"])["args"]) == ("why.position_checkers", {"n": 16})

    answer = ui.App().dispatch({"type": "boot", "save": None, "fragment": "", "query": "?dice=7,7"})
    assert answer["view"]["message"]["key"] == "bad_dice"
    assert shown(answer["view"]["message"])["key"] == "why.dice_spec"

    host, _ = fresh("narde", dice="seed:1")
    invitation = act(host, "link_new", variant="narde", seat="w")["link"]["url"]
    guest, _ = fresh("narde", dice="seed:2")
    own = act(guest, "load_url", fragment=invitation)["link"]["url"]
    view = act(guest, "load_url", fragment=own)
    assert view["message"]["key"] == "link_refused"
    assert (shown(view["message"])["key"], shown(view["message"])["args"]) == ("why.duel_own", {"n": 1})

    app, view = fresh("backgammon")
    view = act(app, "hint")  # nothing to hint before the opening roll
    assert view["message"]["key"] == "not_now" and shown(view["message"])["key"] == "why.game"
