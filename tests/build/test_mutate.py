"""tools/mutate.py's bookkeeping: every mutant listed as equivalent is one the tool makes from
today's sources, so the report counts it apart (docs/testing.md, Mutation testing)."""

from __future__ import annotations

from pathlib import Path

from tools import mutate

ROOT = Path(__file__).resolve().parents[2]


def test_every_listed_equivalent_mutant_is_made_from_the_current_sources() -> None:
    listed = mutate.equivalents()
    assert len(listed) > 100
    modules = sorted({key.split(":", 1)[0] for key in listed})
    made = {mutant.key for module in modules if (ROOT / module).exists() for mutant in mutate.mutants(module)}
    stale = sorted(set(listed) - made)
    assert not stale, ("tests/data/mutation-equivalent.txt names mutants the tool no longer makes (the code "
                       "at that place changed, or the function moved or was renamed): " + "; ".join(stale))


def test_a_key_counts_lines_from_its_function_so_code_moving_above_leaves_it_alone() -> None:
    source = "def f(x):\n    return x > 1\n"
    (before,) = [m for m in mutate.mutants("m.py", source) if m.change == "Gt -> GtE"]
    (after,) = [m for m in mutate.mutants("m.py", "import os\n\n\n" + source) if m.change == "Gt -> GtE"]
    assert before.key == after.key == "m.py:f:+1:Gt -> GtE" and after.line == before.line + 3
    (edited,) = [m for m in mutate.mutants("m.py", "def f(x):\n    y = x\n    return y > 1\n")
                 if m.change == "Gt -> GtE"]
    assert edited.key == "m.py:f:+2:Gt -> GtE"  # a change inside the function: judged again
