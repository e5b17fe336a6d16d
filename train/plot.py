"""Learning curves as SVG, from train/logs/VARIANT.csv (standard library only).

    python -m train.plot        # writes docs/training/VARIANT.svg for every game with a log
"""

from __future__ import annotations

import csv
import html
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "train" / "logs"
OUT = ROOT / "docs" / "training"
WIDTH, HEIGHT, PAD = 640, 320, 48


def curve_svg(variant: str, rows: list[dict[str, str]]) -> str:
    """The benchmark share (with its 95% interval) against games played."""
    games = [int(r["games"]) for r in rows]
    shares = [float(r["share"]) for r in rows]
    lows = [float(r["low"]) for r in rows]
    highs = [float(r["high"]) for r in rows]
    opponent = rows[-1]["opponent"] if rows else "?"
    most = max(games) if games else 1

    def x(g: int) -> float:
        return PAD + (WIDTH - 2 * PAD) * g / most

    def y(share: float) -> float:
        return HEIGHT - PAD - (HEIGHT - 2 * PAD) * share

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" '
        f'font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{PAD}" y="24" font-size="15">{html.escape(variant)}: share of the points against '
        f"{html.escape(opponent)} (0-ply), by games of self-play</text>",
    ]
    for share in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(f'<line x1="{PAD}" x2="{WIDTH - PAD}" y1="{y(share):.1f}" y2="{y(share):.1f}" '
                     f'stroke="#ddd"/><text x="{PAD - 6}" y="{y(share) + 4:.1f}" text-anchor="end">{share:.0%}</text>')
    parts.append(f'<text x="{WIDTH - PAD}" y="{HEIGHT - PAD + 18}" text-anchor="end">{most:,} games</text>')
    if games:
        band = [f"{x(g):.1f},{y(h):.1f}" for g, h in zip(games, highs, strict=True)]
        band += [f"{x(g):.1f},{y(lo):.1f}" for g, lo in reversed(list(zip(games, lows, strict=True)))]
        parts.append(f'<polygon points="{" ".join(band)}" fill="#cfe3f7"/>')
        line = " ".join(f"{x(g):.1f},{y(s):.1f}" for g, s in zip(games, shares, strict=True))
        parts.append(f'<polyline points="{line}" fill="none" stroke="#1f5f9f" stroke-width="2"/>')
        parts.append(f'<text x="{x(games[-1]) - 4:.1f}" y="{y(shares[-1]) - 8:.1f}" text-anchor="end">'
                     f"{shares[-1]:.1%}</text>")
    parts.append("</svg>\n")
    return "\n".join(parts)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for log in sorted(LOGS.glob("*.csv")):
        with log.open(newline="") as file:
            rows = list(csv.DictReader(file))
        path = OUT / f"{log.stem}.svg"
        path.write_text(curve_svg(log.stem, rows), encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {len(rows)} points")


if __name__ == "__main__":
    main()
