"""Train the four long games in turns, a stage at a time, each resuming from its checkpoint.

    python -m train.all                 # narde, khachapuri, moultezim, tawla31 to 10k, then 30k, 60k, ...
"""

from __future__ import annotations

import sys

from . import td

LONG_GAMES = ("narde", "khachapuri", "moultezim", "tawla31")
STAGES = (10_000, 30_000, 60_000, 100_000, 200_000, 300_000, 400_000)


def main(argv: list[str]) -> None:
    for target in STAGES:
        for variant in LONG_GAMES:
            td.main([variant, "--games", str(target), "--bench-every", "5000", "--bench-pairs", "100", *argv])


if __name__ == "__main__":
    main(sys.argv[1:])
