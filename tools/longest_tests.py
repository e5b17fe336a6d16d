"""The longest test of each test module, from a pytest run's `--durations=0` output, written to
tests/data/longest-test.json (tests/conftest.py runs the modules with the longest tests first).

    python -m pytest --durations=0 -q > /tmp/run.log; python -m tools.longest_tests /tmp/run.log
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "tests" / "data" / "longest-test.json"
DURATION = re.compile(r"([\d.]+)s (?:call|setup|teardown)\s+(\S+)")


def longest_by_module(log: str) -> dict[str, float]:
    """Each module's longest test in seconds (its setup, call and teardown together), longest first."""
    per_test: dict[str, float] = {}
    for line in log.splitlines():
        found = DURATION.match(line)
        if found:
            per_test[found[2]] = per_test.get(found[2], 0.0) + float(found[1])
    longest: dict[str, float] = {}
    for test, seconds in per_test.items():
        module = test.split("::", 1)[0]
        longest[module] = max(longest.get(module, 0.0), round(seconds, 1))
    return dict(sorted(longest.items(), key=lambda item: (-item[1], item[0])))


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    longest = longest_by_module(Path(argv[0]).read_text())
    if not longest:
        print(f"no durations in {argv[0]} (run pytest with --durations=0)", file=sys.stderr)
        return 1
    TARGET.write_text(json.dumps(longest, indent=1) + "\n")
    print(f"{TARGET.relative_to(ROOT)}: {len(longest)} modules")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
