"""The view model is declared once: web/page/view-model.d.ts is what tools/viewmodel_ts.py writes
from the TypedDicts of web/worker/viewmodel.py and intent_shapes.py, and the intents the page may
send are the ones the worker handles."""

from __future__ import annotations

import ast
import typing
from pathlib import Path

import pytest

from tools import viewmodel_ts
from web.worker import intent_shapes
from web.worker.intents import INTENTS

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_d_ts_is_what_viewmodel_py_declares() -> None:
    assert viewmodel_ts.TARGET.read_text(encoding="utf-8") == viewmodel_ts.written(), (
        "web/page/view-model.d.ts differs from web/worker/viewmodel.py: run python tools/viewmodel_ts.py")


def test_the_committed_intents_d_ts_is_what_intent_shapes_py_declares() -> None:
    assert viewmodel_ts.INTENTS_TARGET.read_text(encoding="utf-8") == viewmodel_ts.written_intents(), (
        "web/page/intents.d.ts differs from web/worker/intent_shapes.py: run python tools/viewmodel_ts.py")


@pytest.mark.parametrize("module", sorted(viewmodel_ts.PARTS))
def test_the_committed_d_ts_of_each_part_is_what_its_module_declares(module: str) -> None:
    target = viewmodel_ts.part_target(module)
    assert target.read_text(encoding="utf-8") == viewmodel_ts.written_part(module), (
        f"{target.relative_to(viewmodel_ts.ROOT)} differs from web/worker/{module}.py: "
        "run python tools/viewmodel_ts.py")


def test_a_changed_field_changes_the_d_ts() -> None:
    """The check can fail: a field's type changed in Python is a different .d.ts."""
    source, intents = (path.read_text(encoding="utf-8") for path in viewmodel_ts.SOURCES)
    changed = source.replace("    cube_face: int  #", "    cube_face: str  #", 1)
    assert changed != source
    assert "  cube_face: string;" in viewmodel_ts.generate(changed, intents)
    assert viewmodel_ts.generate(changed, intents) != viewmodel_ts.written()


def test_types_are_translated() -> None:
    def ts(annotation: str) -> str:
        return viewmodel_ts.ts_type(ast.parse(annotation, mode="eval").body)

    assert ts("list[int | None]") == "(number | null)[]"
    assert ts("dict[Side, list[Step]]") == "Record<Side, Step[]>"
    assert ts('Literal["w", "b"] | None') == '"w" | "b" | null'
    assert ts("tuple[PointId, PointId]") == "[PointId, PointId]"
    assert ts('Annotated[Can, "partial"]') == "Partial<Can>"
    assert ts("NotRequired[bool]") == "boolean"
    with pytest.raises(viewmodel_ts.ShapeError):
        ts("set[int]")


def test_no_field_of_the_view_model_is_any() -> None:
    for path in viewmodel_ts.SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert "Any" not in {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}, path.name
    open_fields = viewmodel_ts.written().replace("Record<string, unknown>", "").replace("value: unknown", "")
    assert "unknown" not in open_fields, "only an intent's value and a message's arguments are open"


def intent_types() -> set[str]:
    """The `type` values of the Intent union."""
    found: set[str] = set()
    for member in typing.get_args(intent_shapes.Intent):
        found |= set(typing.get_args(typing.get_type_hints(member)["type"]))
    return found


def test_the_intent_union_names_every_intent_the_worker_handles_and_no_other() -> None:
    # those four are web/worker/engine.py's
    assert intent_types() == set(INTENTS) | {"hello", "ping", "statistics", "review_in_background"}
