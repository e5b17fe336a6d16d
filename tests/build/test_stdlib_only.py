"""nardcore runs unchanged in Pyodide: it imports only the standard library and no browser module."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "nardcore"
BROWSER_MODULES = {"js", "pyodide", "pyscript"}


def imported_top_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_nardcore_imports_only_the_standard_library_and_itself() -> None:
    sources = sorted(CORE.rglob("*.py"))
    assert len(sources) >= 5
    for path in sources:
        outside = imported_top_modules(path) - set(sys.stdlib_module_names) - {"nardcore"}
        assert not outside, f"{path.relative_to(CORE.parent)} imports {sorted(outside)}"
        assert not imported_top_modules(path) & BROWSER_MODULES, path
