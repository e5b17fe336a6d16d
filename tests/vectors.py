"""Reads the golden cases in tests/data/vectors (format: tests/data/vectors/README.md)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

VECTOR_DIR = Path(__file__).resolve().parent / "data" / "vectors"


@dataclass(frozen=True)
class Case:
    file: str
    name: str
    description: str
    position: str
    dice: tuple[int, int]
    results: frozenset[str]

    def __str__(self) -> str:
        return f"{self.file}:{self.name}"


def load_cases() -> list[Case]:
    cases = []
    for path in sorted(VECTOR_DIR.glob("*.txt")):
        for block in path.read_text().split("\n\n"):
            lines = [line for line in block.strip().splitlines() if line.strip()]
            comments = [line for line in lines if line.startswith("#")]
            data = [line for line in lines if not line.startswith("#")]
            if not data:
                continue
            name, _, description = comments[-1].lstrip("# ").partition(": ")
            keyword_lines = dict(line.split(" ", 1) for line in data[:3])
            dice = keyword_lines["dice"].strip()
            results = data[3:]
            assert len(results) == int(keyword_lines["results"]), f"{path.name} {name}: result count"
            cases.append(
                Case(path.stem, name, description, keyword_lines["position"].strip(),
                     (int(dice[0]), int(dice[1])), frozenset(results))
            )
    return cases
