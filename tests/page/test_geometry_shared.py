"""The board's geometry in the app (web/page/board/geometry.js) and in nardcore are one set of numbers."""

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_js_geometry_is_the_shared_json() -> None:
    source = (ROOT / "web" / "page" / "board" / "geometry.js").read_text(encoding="utf-8")
    match = re.search(r"^export const GEOMETRY = (\{.*?\});$", source, re.MULTILINE | re.DOTALL)
    assert match, "web/page/board/geometry.js must export GEOMETRY as one JSON object literal"
    shared = json.loads((ROOT / "nardcore" / "geometry.json").read_text(encoding="utf-8"))
    # the literal may be wrapped over lines (and end with a comma) to keep them short
    literal = re.sub(r",\s*\}$", "}", match.group(1))
    assert json.loads(literal) == shared
