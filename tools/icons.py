"""The app's icons and web manifest, made at build time with the standard library only.

The icon is the brand mark of the page's header: a light checker overlapping a dark one on the
board's brown, drawn with 4x4 supersampling and written as PNG (zlib + struct). The manifest
lets a phone or desktop install the app to its home screen (it runs offline once installed,
through the service worker).
"""

from __future__ import annotations

import json
import struct
import zlib
from functools import cache

BROWN = (122, 74, 38)
LIGHT = (244, 239, 230)
DARK = (43, 38, 34)
EDGE = (156, 143, 122)
SIZES = (192, 512)
SUPERSAMPLE = 4


def icon_pixels(size: int, maskable: bool = False) -> list[bytes]:
    """Rows of RGB bytes. A maskable icon keeps its mark inside the central 80% safe zone."""
    scale = 0.8 if maskable else 1.0
    radius = 0.27 * size * scale
    dark_centre = (size * (0.5 + 0.12 * scale), size * 0.5)
    light_centre = (size * (0.5 - 0.12 * scale), size * 0.5)
    rows = []
    steps = [(i + 0.5) / SUPERSAMPLE for i in range(SUPERSAMPLE)]
    def near_an_edge(x: float, y: float) -> bool:
        return any(abs(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 - r) < 1.5
                   for (cx, cy) in (light_centre, dark_centre) for r in (radius, radius * 0.92))

    for y in range(size):
        row = bytearray()
        for x in range(size):
            if not near_an_edge(x + 0.5, y + 0.5):  # inside one colour: no need to sample
                row += bytes(_colour_at(x + 0.5, y + 0.5, light_centre, dark_centre, radius))
                continue
            total = [0, 0, 0]
            for dy in steps:
                for dx in steps:
                    colour = _colour_at(x + dx, y + dy, light_centre, dark_centre, radius)
                    total[0] += colour[0]
                    total[1] += colour[1]
                    total[2] += colour[2]
            row += bytes(round(c / SUPERSAMPLE**2) for c in total)
        rows.append(bytes(row))
    return rows


def _colour_at(x: float, y: float, light: tuple[float, float], dark: tuple[float, float],
               radius: float) -> tuple[int, int, int]:
    def distance(centre: tuple[float, float]) -> float:
        return float(((x - centre[0]) ** 2 + (y - centre[1]) ** 2) ** 0.5)

    near_light = distance(light)
    if near_light <= radius:  # the light checker lies on top, with a thin rim
        return EDGE if near_light > radius * 0.92 else LIGHT
    if distance(dark) <= radius:
        return DARK
    return BROWN


def png(rows: list[bytes]) -> bytes:
    """An 8-bit RGB PNG of these rows."""
    height, width = len(rows), len(rows[0]) // 3

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\0" + row for row in rows)  # filter type 0 on every row
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


@cache
def icon_files() -> dict[str, bytes]:
    files = {f"web/icon-{size}.png": png(icon_pixels(size)) for size in SIZES}
    files["web/icon-maskable-512.png"] = png(icon_pixels(512, maskable=True))
    return files


def manifest() -> bytes:
    data = {
        "name": "Nard — backgammon, narde, khachapuri, moultezim, tawla 31",
        "short_name": "Nard",
        "description": "The backgammon family in the browser, offline: five games, a computer opponent, "
                       "hints and review.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#{:02x}{:02x}{:02x}".format(*BROWN),
        "theme_color": "#{:02x}{:02x}{:02x}".format(*BROWN),
        "icons": [
            *({"src": f"web/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"} for size in SIZES),
            {"src": "web/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
    }
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
