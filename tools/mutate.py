"""Mutation testing: small deliberate breaks in the code, each run against the tests that
should notice it. `python build.py mutate [--module M ...] [--max N]`; not part of the suite
(it takes hours).

A mutant changes one thing inside one function: a comparison (`<` to `<=`, `==` to `!=`,
`in` to `not in` ...), an arithmetic or bitwise operator, `and`/`or`, a `not` dropped, a
number one higher, `True`/`False`, `+=` to `-=`. The mutated module is compiled and the code
of that one function is put in place of the original's (`function.__code__`), so every
reference to it, from any module, runs the mutant. A forked child does that and runs the
module's tests that reach that function (found by a profiled clean run; fastest first) with
pytest, stopping at the first failure: a failure (or a run over its time limit) kills the
mutant; a green run means it survived, and the tests have a gap there, or
the mutant behaves exactly like the original (an equivalent mutant: listed, with the reason,
in tests/data/mutation-equivalent.txt).

Results are kept in .mutation/results.json by module content, so a stopped run resumes and an
unchanged module is not run again; when only its tests changed, the mutants already killed
and those listed as equivalent stay as they are, and the rest run again.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import importlib
import json
import os
import signal
import sys
import time
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
STATE = ROOT / ".mutation" / "results.json"
EQUIVALENT = ROOT / "tests" / "data" / "mutation-equivalent.txt"

# The tests run with NARD_LONG=0.1: a tenth of the random games and oracle positions, so that a
# mutant costs seconds; the figures are a floor of what the whole suite kills.
QUICK = "0.1"
def core(*names: str) -> tuple[str, ...]:
    """tests/core/test_NAME.py for each name (tests/worker/: worker)."""
    return tuple(f"tests/core/test_{name}.py" for name in names)


def worker(*names: str) -> tuple[str, ...]:
    return tuple(f"tests/worker/test_{name}.py" for name in names)


GAME = core("game", "game_saves")
RULES = (*core("rule_options"), *GAME, *core("vectors", "blocks_and_runners", "held_back"))
UI = worker("ui_turns", "ui_saves", "ui_links", "ui_requests", "ui_computer", "ui_resign", "ui_record",
            "ui_rollout")  # the app, by feature
APP = (*worker("inputs", "layout", "presenter", "intents", "editor"), *UI, *worker("linkplay"), *core("matfile"),
       *worker("link_properties"))
# module -> the tests that should notice a break in it (fast ones first: -x stops at the first)
TARGETS: dict[str, tuple[str, ...]] = {
    "nardcore/variant.py": (*core("variant", "position", "match"), *RULES, *core("parsers_property")),
    "nardcore/position.py": (*core("variant", "position", "codec"), *RULES, *core("parsers_property")),
    "nardcore/movegen.py": (*core("held_back", "turn_graph"), *RULES, *core("gnubg_oracle", "random_games")),
    "nardcore/game.py": (*GAME, *core("resign", "match"), *RULES, *core("random_games")),
    "nardcore/scoring.py": (*GAME, *core("match"), *RULES, *core("random_games")),
    "nardcore/gamedata.py": (*GAME, *core("resign", "match", "codec", "parsers_property")),
    "nardcore/readers.py": (*GAME, *core("match", "parsers_property")),
    "nardcore/match.py": (*core("match"), *GAME, *core("resign")),
    **{f"nardcore/formats/{name}.py": core("codec", "parsers_property") for name in ("gnubg", "xgid", "state")},
    "nardcore/notation.py": core("notation", "vectors", "cli"),
    "nardcore/formats/mat.py": (*core("matfile"), *worker("link_properties")),
    "nardcore/formats/position_link.py": (*UI, *worker("link_properties", "editor")),
    # the app's Python: one set of tests, so that one profiled run finds what reaches each module
    **{f"web/worker/{name}.py": APP for name in (
        "session", "intents", "flow", "turn_input", "layout", "autopilot", "advice", "presenter",
        "saves", "links", "settings", "dice", "messages", "inputs", "variant_rules", "ui", "editor", "record",
        "duel/linkplay", "duel/linkformat", "duel/linkdice", "duel/linkgame")},
}
# the rule modules the 5% target is for
RULE_MODULES = ("nardcore/variant.py", "nardcore/position.py", "nardcore/movegen.py", "nardcore/game.py",
                "nardcore/scoring.py", "nardcore/gamedata.py", "nardcore/readers.py", "nardcore/match.py",
                "nardcore/formats/gnubg.py", "nardcore/formats/xgid.py", "nardcore/formats/state.py",
                "nardcore/notation.py")

_COMPARE_SWAPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
    ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
_BINARY_SWAPS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Add, ast.FloorDiv: ast.Mult, ast.Div: ast.Mult,
    ast.Mod: ast.FloorDiv, ast.BitOr: ast.BitAnd, ast.BitAnd: ast.BitOr, ast.LShift: ast.RShift,
    ast.RShift: ast.LShift, ast.Pow: ast.Mult,
}


@dataclass(frozen=True)
class Mutant:
    module: str  # path relative to the repository
    function: str  # qualified name of the outermost function holding the change
    line: int
    number: int  # the n-th mutation point of the module
    change: str
    start: int = 0  # the line of the function's `def`

    @property
    def key(self) -> str:
        """`module:function:+offset:change`, the offset in lines from the function's `def`: a key
        that holds while code elsewhere in the module moves (tests/data/mutation-equivalent.txt)."""
        return f"{self.module}:{self.function}:+{self.line - self.start}:{self.change}"


class _Points(ast.NodeVisitor):
    """The mutation points of a module, in source order, each with its function."""

    def __init__(self) -> None:
        self.points: list[tuple[ast.AST, str, str, str, int]] = []  # node, what, function, change, its def line
        self.scope: list[str] = []
        self.function: str | None = None
        self.start = 0

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.scope.append(node.name)
        self.generic_visit(node)
        self.scope.pop()

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        outer = self.function
        if outer is None:
            self.function = ".".join([*self.scope, node.name])
            self.start = node.lineno
        self.scope.append(node.name)
        for statement in node.body:  # decorators and defaults run at import: not patched
            self.visit(statement)
        self.scope.pop()
        self.function = outer

    visit_AsyncFunctionDef = visit_FunctionDef

    def add(self, node: ast.AST, what: str, change: str) -> None:
        if self.function is not None:
            self.points.append((node, what, self.function, change, self.start))

    def visit_Compare(self, node: ast.Compare) -> None:
        for index, op in enumerate(node.ops):
            swap = _COMPARE_SWAPS.get(type(op))
            if swap is not None:
                self.add(node, f"compare:{index}", f"{type(op).__name__} -> {swap.__name__}")
        self.generic_visit(node)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        swap = _BINARY_SWAPS.get(type(node.op))
        if swap is not None and not _is_text(node):
            self.add(node, "binop", f"{type(node.op).__name__} -> {swap.__name__}")
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        swap = _BINARY_SWAPS.get(type(node.op))
        if swap is not None:
            self.add(node, "augassign", f"{type(node.op).__name__}= -> {swap.__name__}=")
        self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        self.add(node, "boolop", "and -> or" if isinstance(node.op, ast.And) else "or -> and")
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if isinstance(node.op, ast.Not):
            self.add(node, "not", "not dropped")
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, bool):
            self.add(node, "bool", f"{node.value} -> {not node.value}")
        elif isinstance(node.value, int):
            self.add(node, "int", f"{node.value} -> {node.value + 1}")

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:  # the annotation is never evaluated in a function
            self.visit(node.value)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        pass  # text for people: a changed message is not a changed behaviour

    def visit_Raise(self, node: ast.Raise) -> None:
        pass  # the message of an error; whether it is raised is decided by the condition before

    def visit_Assert(self, node: ast.Assert) -> None:
        pass  # an internal check, not behaviour


def _is_text(node: ast.BinOp) -> bool:
    """`"a" + "b"` or `"%s" % x`: text, not arithmetic."""
    return any(isinstance(side, (ast.Constant, ast.JoinedStr)) and isinstance(getattr(side, "value", ""), str)
               for side in (node.left, node.right))


def _apply(node: ast.AST, what: str) -> None:
    if what.startswith("compare:"):
        assert isinstance(node, ast.Compare)
        index = int(what.split(":")[1])
        node.ops[index] = _COMPARE_SWAPS[type(node.ops[index])]()
    elif what in ("binop", "augassign"):
        assert isinstance(node, (ast.BinOp, ast.AugAssign))
        node.op = _BINARY_SWAPS[type(node.op)]()
    elif what == "boolop":
        assert isinstance(node, ast.BoolOp)
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif what == "not":
        assert isinstance(node, ast.UnaryOp)
        node.op = ast.UAdd()  # +x: keeps the tree's shape; the value of x is used as it is
        node.operand = ast.Call(ast.Name("bool", ast.Load()), [node.operand], [])
    elif what == "bool":
        assert isinstance(node, ast.Constant)
        node.value = not node.value
    elif what == "int":
        assert isinstance(node, ast.Constant) and isinstance(node.value, int)
        node.value = node.value + 1


def _skipped_lines(source: str) -> set[int]:
    return {number for number, line in enumerate(source.splitlines(), 1) if "pragma: no mutate" in line}


def mutants(module: str, source: str | None = None) -> list[Mutant]:
    """The module's mutants, from its file or from `source`."""
    if source is None:
        source = (ROOT / module).read_text(encoding="utf-8")
    finder = _Points()
    finder.visit(ast.parse(source))
    skipped = _skipped_lines(source)
    found = []
    seen: dict[tuple[str, int, str], int] = {}
    for number, (node, _what, function, change, start) in enumerate(finder.points):
        line = getattr(node, "lineno", 0)
        if line in skipped:
            continue
        twins = seen[(function, line, change)] = seen.get((function, line, change), 0) + 1
        if twins > 1:  # the same change twice on one line (two 1s, two ==): each its own mutant
            change = f"{change} #{twins}"
        found.append(Mutant(module, function, line, number, change, start))
    return found


def mutated_code(mutant: Mutant) -> types.CodeType:
    """The code object of the mutant's function, from the module compiled with the change."""
    path = ROOT / mutant.module
    tree = ast.parse(path.read_text(encoding="utf-8"))
    finder = _Points()
    finder.visit(tree)
    node, what, _function, _change, _start = finder.points[mutant.number]
    _apply(node, what)
    ast.fix_missing_locations(tree)
    code = compile(tree, str(path), "exec")
    found = _find_code(code, mutant.function)
    if found is None:
        raise LookupError(f"no code for {mutant.function} in {mutant.module}")
    return found


def _find_code(code: types.CodeType, qualname: str) -> types.CodeType | None:
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            if const.co_qualname == qualname:
                return const
            inner = _find_code(const, qualname)
            if inner is not None:
                return inner
    return None


def module_name(module: str) -> str:
    return module.removesuffix(".py").replace("/", ".")


def live_function(mutant: Mutant) -> types.FunctionType:
    """The function object the running program calls, unwrapped from property, cache, etc."""
    thing: Any = importlib.import_module(module_name(mutant.module))
    for part in mutant.function.split("."):
        owner = thing
        thing = vars(owner).get(part, getattr(owner, part, None)) if isinstance(owner, type) else getattr(owner, part)
    for attribute in ("fget", "__func__", "__wrapped__", "func"):
        while hasattr(thing, attribute) and not isinstance(thing, types.FunctionType):
            thing = getattr(thing, attribute)
    if not isinstance(thing, types.FunctionType):
        raise LookupError(f"{mutant.function} in {mutant.module} is not a plain function")
    return thing


class _Only:
    """A pytest plugin: run only the tests in `chosen` (node ids), fastest first."""

    def __init__(self, chosen: dict[str, float]) -> None:
        self.chosen = chosen

    def pytest_collection_modifyitems(self, config: Any, items: list[Any]) -> None:
        kept = sorted((item for item in items if item.nodeid in self.chosen), key=lambda item: self.chosen[item.nodeid])
        deselected = [item for item in items if item.nodeid not in self.chosen]
        config.hook.pytest_deselected(items=deselected)
        items[:] = kept


class _Reach:
    """A pytest plugin for the clean run: which tests call each function of the modules
    (its outermost function, as mutants name them), and how long each test takes."""

    def __init__(self, modules: list[str]) -> None:
        self.modules = {str(ROOT / module): module for module in modules}
        self.current = ""
        self.reached: dict[str, dict[str, set[str]]] = {module: {} for module in modules}
        self.seconds: dict[str, float] = {}

    def _profile(self, frame: types.FrameType, event: str, _arg: object) -> None:
        if event == "call" and self.current:
            module = self.modules.get(frame.f_code.co_filename)
            if module is not None:
                function = frame.f_code.co_qualname.split(".<locals>.")[0]
                self.reached[module].setdefault(function, set()).add(self.current)

    def pytest_runtest_protocol(self, item: Any, nextitem: Any) -> None:
        self.current = item.nodeid
        self.seconds[item.nodeid] = time.monotonic()

    def pytest_runtest_logfinish(self, nodeid: str, location: object) -> None:
        self.seconds[nodeid] = time.monotonic() - self.seconds.get(nodeid, time.monotonic())
        self.current = ""

    def table(self) -> dict[str, dict[str, dict[str, float]]]:
        return {module: {function: {test: self.seconds.get(test, 0.0) for test in tests}
                         for function, tests in functions.items()}
                for module, functions in self.reached.items()}


def run_mutant(mutant: Mutant, tests: tuple[str, ...], limit: float, chosen: dict[str, float] | None = None) -> str:
    """'killed', 'survived', 'timeout' or 'error' (the mutant could not be put in place).
    `chosen`: only these tests (node ids, with their seconds), the ones that reach the
    mutant's function; None: all of `tests`."""
    try:
        code = mutated_code(mutant)
        function = live_function(mutant)
    except (LookupError, SyntaxError, TypeError, ValueError):
        return "error"
    files = tests if chosen is None else tuple(t for t in tests if any(n.split("::")[0] == t for n in chosen))
    plugins = [] if chosen is None else [_Only(chosen)]
    pid = os.fork()
    if pid == 0:  # the child: the mutant in place, the tests, the verdict as the exit status
        status = 3
        try:
            function.__code__ = code
            import pytest

            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            status = int(pytest.main([*files, "-x", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
                                      "-m", "not browser", "--no-header"], plugins=plugins))
        finally:
            os._exit(status)
    started = time.monotonic()
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() - started > limit:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return "timeout"
        time.sleep(0.02)
    code_ = os.waitstatus_to_exitcode(status)
    return {0: "survived", 1: "killed"}.get(code_, "killed" if code_ in (2, 3) else "error")


def baseline(module: str, tests: tuple[str, ...]) -> tuple[float, dict[str, dict[str, float]]]:
    """Seconds the unmutated tests take (they must pass: a red run makes every mutant look
    killed), and for each function of `module` the tests that reach it with their seconds.
    One profiled run serves every module with the same tests, until a module or test changes."""
    sharing = sorted(m for m, t in TARGETS.items() if t == tests)
    digest = hashlib.sha256(Path(__file__).read_bytes())  # a new tool profiles again
    for path in (*sharing, *tests):
        digest.update((ROOT / path).read_bytes())
    reach_file = STATE.parent / f"reach-{digest.hexdigest()[:16]}.json"
    try:
        cached = json.loads(reach_file.read_text())
        return cached["seconds"], cached["reach"][module]
    except (OSError, ValueError, KeyError):
        pass
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        import pytest

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        reach = _Reach(sharing)
        # Profile the whole run, from here: set from inside a pytest hook, CPython 3.11 missed
        # the calls made from frames already running (a test reached a function, and then
        # not its callees), so mutants ran without the tests that kill them.
        sys.setprofile(reach._profile)
        status = int(pytest.main([*tests, "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "-m", "not browser"],
                                 plugins=[reach]))
        sys.setprofile(None)
        if status == 0:
            reach_file.parent.mkdir(exist_ok=True)
            reach_file.write_text(json.dumps({"seconds": time.monotonic() - started, "reach": reach.table()}))
        os._exit(status)
    _, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"the tests {' '.join(tests)} fail without any mutant: fix them first")
    cached = json.loads(reach_file.read_text())
    return cached["seconds"], cached["reach"][module]


def load_state() -> dict[str, Any]:
    try:
        data = json.loads(STATE.read_text())
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def save_state(state: dict[str, Any], modules: list[str]) -> None:
    """Writes these modules' entries into the file as it now is, so that runs of other modules
    may go at once (one per core), each keeping only its own figures."""
    STATE.parent.mkdir(exist_ok=True)
    current = load_state()
    current.update({module: state[module] for module in modules if module in state})
    temporary = STATE.with_suffix(f".{os.getpid()}.tmp")
    temporary.write_text(json.dumps(current, indent=1, sort_keys=True))
    temporary.replace(STATE)


def fingerprint(module: str, tests: tuple[str, ...]) -> tuple[str, str]:
    """The module's digest and its tests' digest (the tool's own code counts as a test: when it
    changes, the survivors run again)."""
    tests_digest = hashlib.sha256(Path(__file__).read_bytes())
    for test in tests:
        tests_digest.update((ROOT / test).read_bytes())
    return hashlib.sha256((ROOT / module).read_bytes()).hexdigest()[:16], tests_digest.hexdigest()[:16]


def equivalents() -> dict[str, str]:
    """`module:function:+offset:change  reason` lines: mutants that behave as the original."""
    found = {}
    if EQUIVALENT.exists():
        for line in EQUIVALENT.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                key, _, reason = line.partition("  ")
                found[key.strip()] = reason.strip()
    return found


def run(modules: list[str], limit_factor: float, log: Callable[[str], None]) -> dict[str, dict[str, Any]]:
    sys.path[:0] = [str(ROOT)]
    os.chdir(ROOT)
    os.environ["NARD_LONG"] = QUICK
    state = load_state()
    for module in modules:
        tests = TARGETS[module]
        code, tested_by = fingerprint(module, tests)
        entry = state.get(module)
        if not isinstance(entry, dict) or entry.get("stamp") != code:
            entry = state[module] = {"stamp": code, "tests": tested_by, "results": {}}
        elif entry.get("tests") != tested_by:
            # the tests changed, the module did not: a killed mutant stays killed (tests only
            # grow), and so does one listed as equivalent; the others run again
            entry["tests"] = tested_by
            known = equivalents()
            entry["results"] = {k: v for k, v in entry["results"].items() if v == "killed" or k in known}
        importlib.import_module(module_name(module))
        found = mutants(module)
        keys = {m.key for m in found}  # results of mutants no longer made (the tool changed) go
        entry["results"] = {k: v for k, v in entry["results"].items() if k in keys}
        todo = [m for m in found if m.key not in entry["results"]]
        if not todo:
            continue
        seconds, reached = baseline(module, tests)
        # the mutants whose tests are quickest first: a stopped run has measured the most
        todo.sort(key=lambda m: sum(reached[m.function].values()) if m.function in reached else seconds)
        log(f"{module}: {len(todo)} mutants to run, its tests take {seconds:.1f} s profiled")
        started = time.monotonic()
        for done, mutant in enumerate(todo, 1):
            # only the tests that reach the mutant's function (all of them for a function no
            # test calls: it may run at import or collection); the time limit from theirs
            # (measured while profiled, so already generous)
            chosen = reached.get(mutant.function)
            limit = max(15.0, limit_factor * (seconds if chosen is None else sum(chosen.values())))
            entry["results"][mutant.key] = run_mutant(mutant, tests, limit, chosen)
            if done % 10 == 0 or done == len(todo):
                save_state(state, modules)
                rate = done / (time.monotonic() - started)
                left = (len(todo) - done) / rate / 60
                log(f"  {module}: {done}/{len(todo)}, {rate * 60:.0f}/min, {left:.0f} min left")
    save_state(state, modules)
    return {m: state[m] for m in modules if m in state}


def report(results: dict[str, dict[str, Any]]) -> Iterator[str]:
    known = equivalents()
    for module, entry in results.items():
        keys = {m.key for m in mutants(module)}
        outcome = {k: v for k, v in entry["results"].items() if k in keys}
        survived = [k for k, v in outcome.items() if v == "survived" and k not in known]
        equivalent = [k for k, v in outcome.items() if v == "survived" and k in known]
        errors = [k for k, v in outcome.items() if v == "error"]
        judged = len(outcome) - len(equivalent) - len(errors)
        share = len(survived) / judged if judged else 0.0
        yield (f"{module}: {len(outcome)} mutants, {judged - len(survived)} killed, {len(survived)} survived "
               f"({share:.1%}), {len(equivalent)} equivalent, {len(errors)} not applicable")
        for key in sorted(survived, key=lambda k: int(k.split(":")[2])):
            yield f"    survived  {key}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="build.py mutate", description=__doc__.split("\n\n")[0])
    parser.add_argument("--module", action="append", choices=sorted(TARGETS), help="only these (repeatable)")
    parser.add_argument("--rules", action="store_true", help="only nardcore's rule modules")
    parser.add_argument("--report", action="store_true", help="print the last results, run nothing")
    parser.add_argument("--limit", type=float, default=3.0,
                        help="time limit per mutant, times its tests' profiled clean run")
    args = parser.parse_args(argv)
    modules = args.module or (list(RULE_MODULES) if args.rules else list(TARGETS))
    if args.report:
        state = load_state()
        results = {m: state[m] for m in modules if m in state}
    else:
        results = run(modules, args.limit, lambda line: print(line, flush=True))
    for line in report(results):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
