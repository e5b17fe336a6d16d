"""The source tree's shape (docs/architecture.md): no import circle in nardcore or web.worker,
no source file over 600 lines anywhere in the repository's code (tests, tools and training
too), no line of the page's JavaScript over 160 characters, and the app's Python only in
web/worker/."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("nardcore", "web/worker")
MAX_LINES = 600
# The page's JavaScript: Biome lints it but has no rule for a line's length (its formatter is off,
# as it would rewrite every file). Wider than ruff's 120: JSDoc casts sit inline in the code.
MAX_JS_LINE = 160
SOURCE_SUFFIXES = {".py", ".js", ".mjs", ".ts", ".css", ".html"}  # not data: the words, the networks


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(root: Path, packages: Iterable[str]) -> dict[str, dict[str, int]]:
    """module -> {module of the same packages it imports: the line}, read from the sources.

    Every import counts wherever it stands: at the top, inside a function (a deferred import
    dodges a circle at run time but leaves it in the design) or under `if TYPE_CHECKING`.
    `from . import name` is an import of the submodule `name` when there is one.
    """
    paths = {module_name(path, root): path for package in packages for path in (root / package).rglob("*.py")}
    graph: dict[str, dict[str, int]] = {}
    for name, path in paths.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        found: dict[str, int] = {}
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join([*package[: len(package) - node.level + 1], *([base] if base else [])])
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in paths else base for alias in node.names]
            else:
                continue
            for target in targets:
                if target in paths and target != name:
                    found.setdefault(target, node.lineno)
        graph[name] = found
    return graph


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """Each import circle once, as the path around it (the first module again at its end)."""
    found: list[list[str]] = []
    seen: set[frozenset[str]] = set()
    done: set[str] = set()

    def walk(module: str, path: list[str]) -> None:
        for target in sorted(graph.get(module, {})):
            if target in path:
                circle = [*path[path.index(target):], target]
                if frozenset(circle) not in seen:
                    seen.add(frozenset(circle))
                    found.append(circle)
            elif target not in done:
                walk(target, [*path, target])
        done.add(module)

    for module in sorted(graph):
        if module not in done:
            walk(module, [module])
    return found


def described(circle: list[str], graph: dict[str, dict[str, int]]) -> str:
    steps = [f"{a} (line {graph[a][b]})" for a, b in zip(circle, circle[1:], strict=False)]
    return " -> ".join([*steps, circle[-1]])


def test_nardcore_and_the_worker_have_no_import_circle() -> None:
    graph = import_graph(ROOT, PACKAGES)
    assert {"nardcore.game", "nardcore.gamedata", "web.worker.session", "web.worker.editor"} <= set(graph)
    assert "nardcore.game" in graph["nardcore.gamedata"]  # the graph holds the imports it should
    found = circles(graph)
    assert not found, "import circles:\n" + "\n".join(described(circle, graph) for circle in found)


@pytest.mark.parametrize("where", [
    "def f() -> None:\n    from .b import g\n",  # deferred, inside a function
    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import g\n",  # for the types only
    "from . import b\n",
    "import pkg.b\n",
])
def test_a_circle_is_found_however_its_import_is_written(tmp_path: Path, where: str) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "a.py").write_text(where)
    (tmp_path / "pkg" / "b.py").write_text("from .a import f\n")
    (tmp_path / "pkg" / "c.py").write_text("from .b import g\n")  # into the circle, not part of it
    graph = import_graph(tmp_path, ["pkg"])
    assert circles(graph) == [["pkg.a", "pkg.b", "pkg.a"]]
    (tmp_path / "pkg" / "b.py").write_text("from . import c\n")
    (tmp_path / "pkg" / "c.py").write_text("x = 1\n")
    assert circles(import_graph(tmp_path, ["pkg"])) == []


# Every folder of the repository's own code; what is generated or installed is not (dist/,
# node_modules/, caches).
CODE_FOLDERS = ("nardcore", "web", "tests", "train", "bench", "tools", ".ci")


def test_no_source_file_in_the_repository_is_over_600_lines() -> None:
    sources = [path for folder in CODE_FOLDERS for path in (ROOT / folder).rglob("*")
               if path.suffix in SOURCE_SUFFIXES and "__pycache__" not in path.parts]
    sources += [path for path in ROOT.glob("*") if path.suffix in SOURCE_SUFFIXES]  # build.py, index.html
    assert len(sources) > 200
    assert ROOT / "build.py" in sources and ROOT / "tests" / "build" / "test_structure.py" in sources
    lengths = {path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
               for path in sources}
    too_long = {name: length for name, length in lengths.items() if length > MAX_LINES}
    assert not too_long, f"over {MAX_LINES} lines: {too_long}"


def test_no_line_of_the_pages_javascript_is_over_160_characters() -> None:
    sources = sorted(path for suffix in ("*.js", "*.mjs") for path in (ROOT / "web" / "page").rglob(suffix))
    assert len(sources) > 20
    too_wide = [f"{path.relative_to(ROOT).as_posix()}:{number} ({len(line)})"
                for path in sources for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if len(line) > MAX_JS_LINE]
    assert not too_wide, f"lines over {MAX_JS_LINE} characters: {too_wide}"


def test_the_apps_python_is_the_package_web_worker_and_none_is_loose_in_web() -> None:
    assert not sorted((ROOT / "web").glob("*.py")), "a Python module at the top of web/: it belongs in web/worker/"
    assert (ROOT / "web" / "worker" / "__init__.py").is_file()
    assert not sorted((ROOT / "web" / "page").rglob("*.py")), "Python among the page's JavaScript"
