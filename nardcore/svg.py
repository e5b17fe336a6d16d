"""A position as an SVG picture (standard library only), drawn with the app's board geometry
(geometry.json, the numbers web/geometry.js uses too): points numbered for the viewer,
checkers, bar, trays, the side on roll (an arrow between the trays, pointing at its half, in its
colour), the dice if given (in the mover's colours, where the app draws them) and the cube if
given (its face on the bar: in the middle while centred, at its owner's edge once turned).

`Position._repr_svg_` and `Game._repr_svg_` use it, so both show as a board in Jupyter.

>>> from nardcore.position import Position
>>> picture = render(Position.parse("narde:w:24x15:24x15"))
>>> picture.startswith("<svg") and picture.count('class="checker') == 30
True
>>> 'class="turn side-w"' in picture, 'class="cube' in picture
(True, False)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Protocol
from xml.sax.saxutils import escape

from .variant import BAR, OFF, Variant


class Drawable(Protocol):
    """What is drawn: a Position (position.py draws itself with this module, so the type is
    named by what it has rather than imported)."""

    @property
    def variant(self) -> Variant: ...

    @property
    def boards(self) -> tuple[tuple[int, ...], tuple[int, ...]]: ...

    @property
    def turn(self) -> int: ...

class DrawableGame(Protocol):
    """What a game's picture shows of it (a nardcore.game.Game)."""

    @property
    def board(self) -> Drawable: ...

    @property
    def dice(self) -> Any: ...  # a Roll (its `dice`) or None

    @property
    def variant(self) -> Variant: ...

    @property
    def phase(self) -> str: ...

    @property
    def cube_value(self) -> int: ...

    @property
    def cube_owner(self) -> int | None: ...


GEOMETRY: dict[str, int] = json.loads((Path(__file__).with_name("geometry.json")).read_text(encoding="utf-8"))

_G = GEOMETRY
WIDTH, HEIGHT, R, PW = _G["width"], _G["height"], _G["checker_radius"], _G["point_width"]
LEFT_X = _G["side"]
BAR_X = LEFT_X + 6 * PW
RIGHT_X = BAR_X + _G["bar_width"]
TRAY_X = RIGHT_X + 6 * PW + _G["side"] + _G["tray_gap"]
TOP_Y, BOTTOM_Y, MID_Y = _G["border"], HEIGHT - _G["border"], HEIGHT // 2
COLOURS = {"frame": "#5a3a1e", "felt": "#1f3b2f", "dark": "#8c3b1a", "light": "#d9c6a0", "w": "#f4efe6", "b": "#2b2622",
           "edge_w": "#9c8f7a", "edge_b": "#000", "text": "#e8dcc4", "pip_w": "#2b2622", "pip_b": "#f4efe6",
           "cube": "#f7f3ea", "cube_text": "#2b2622"}
Cube = tuple[int, int | None]  # the face the cube shows, and its owner (None: centred)


def cube_face(value: int, owner: int | str | None, offered: bool, limit: int) -> int:
    """The number the cube shows, wherever it is drawn (this picture, the app's board, the
    editor's): the stake asked for while offered, the stake once turned (owned, or above 1), and
    the highest face, the game's cube limit, while it sits in the middle at 1. `owner`: a side,
    its letter, or None or "" while centred.

    >>> cube_face(1, None, False, 64), cube_face(1, None, True, 64), cube_face(4, 1, False, 64)
    (64, 2, 4)
    """
    if offered:
        return value * 2
    return value if owner not in (None, "") or value > 1 else limit


def point_place(index: int) -> tuple[float, bool]:
    """Centre x of the viewer's point `index` (1..24) and whether it is in the top row."""
    if index <= 12:
        return (RIGHT_X + (6 - index) * PW if index <= 6 else LEFT_X + (12 - index) * PW) + PW / 2, False
    return (LEFT_X + (index - 13) * PW if index <= 18 else RIGHT_X + (index - 19) * PW) + PW / 2, True


def render(position: Drawable, dice: tuple[int, int] | None = None, flipped: bool = False, size: int = 480,
           cube: Cube | None = None) -> str:
    """The board: White at the bottom (Black with `flipped`), as an SVG document `size` wide;
    `cube`: (face, owner) for a game with a cube."""
    viewer = 1 if flipped else 0
    label = escape(str(position), {'"': "&quot;"})
    parts: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{size}" '
        f'height="{round(size * HEIGHT / WIDTH)}" role="img" aria-label="{label}">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{COLOURS["frame"]}"/>',
        f'<rect x="{LEFT_X}" y="{TOP_Y}" width="{RIGHT_X + 6 * PW - LEFT_X}" height="{BOTTOM_Y - TOP_Y}" '
        f'fill="{COLOURS["felt"]}"/>',
    ]
    for index in range(1, 25):
        x, top = point_place(index)
        tip = TOP_Y + _G["half"] if top else BOTTOM_Y - _G["half"]
        base = TOP_Y if top else BOTTOM_Y
        colour = COLOURS["dark"] if index % 2 else COLOURS["light"]
        parts.append(f'<polygon points="{x - PW / 2},{base} {x + PW / 2},{base} {x},{tip}" fill="{colour}"/>')
        label_y = TOP_Y - 6 if top else BOTTOM_Y + _G["border"] - 6
        parts.append(f'<text x="{x}" y="{label_y}" font-size="15" text-anchor="middle" '
                     f'fill="{COLOURS["text"]}">{index}</text>')
    for side in (0, 1):
        board = position.boards[side]
        for slot in range(1, 25):
            if board[slot]:
                index = _viewer_index(position, side, slot, viewer)
                x, top = point_place(index)
                parts += _stack(side, board[slot], x, TOP_Y + R if top else BOTTOM_Y - R, 1 if top else -1)
        near = side == viewer  # the viewer's bar half and tray are at the bottom
        if board[BAR]:
            parts += _stack(side, board[BAR], BAR_X + _G["bar_width"] / 2,
                            MID_Y + 44 + R if near else MID_Y - 44 - R, 1 if near else -1)
        for i in range(board[OFF]):
            y = BOTTOM_Y - 6 - i * _G["slab_gap"] - _G["slab_height"] if near else TOP_Y + 6 + i * _G["slab_gap"]
            parts.append(f'<rect class="off" x="{TRAY_X}" y="{y}" width="{_G["tray_width"]}" '
                         f'height="{_G["slab_height"]}" rx="4" fill="{COLOURS["wb"[side]]}"/>')
    turn = position.turn
    parts.append(_turn_marker(turn, turn == viewer))
    if dice is not None:
        # the mover's dice in the mover's right-hand half as seen from the bottom, as the app draws them
        centre = RIGHT_X + 3 * PW if turn == viewer else LEFT_X + 3 * PW
        mover = "wb"[turn]
        for n, value in enumerate(dice):
            x = centre + (n - 0.5) * 70 - 28
            parts.append(f'<rect class="die side-{mover}" x="{x}" y="{MID_Y - 28}" width="56" height="56" rx="10" '
                         f'fill="{COLOURS[mover]}" stroke="{COLOURS["edge_" + mover]}" stroke-width="2"/>'
                         f'<text x="{x + 28}" y="{MID_Y + 12}" font-size="36" text-anchor="middle" '
                         f'fill="{COLOURS["pip_" + mover]}">{int(value)}</text>')
    if cube is not None:
        parts.append(_cube(cube, viewer))
    parts.append("</svg>")
    return "".join(parts)


def render_game(game: DrawableGame, flipped: bool = False, size: int = 480) -> str:
    """A game's board as `render` draws it, with the dice rolled and, in a game with a cube, the
    cube with the face the app shows (`cube_face`)."""
    cube: Cube | None = None
    if game.variant.cube:
        face = cube_face(game.cube_value, game.cube_owner, game.phase == "take", game.variant.cube_limit)
        cube = (face, game.cube_owner)
    dice = game.dice.dice if game.dice else None
    return render(game.board, dice=dice, flipped=flipped, size=size, cube=cube)


def _turn_marker(turn: int, near: bool) -> str:
    """An arrow in the side on roll's colour between the trays, pointing at its half of the board."""
    x, half = TRAY_X + _G["tray_width"] / 2, 22
    tip, base = (MID_Y + 30, MID_Y - 10) if near else (MID_Y - 30, MID_Y + 10)
    mover = "wb"[turn]
    edge = COLOURS["text"] if mover == "b" else COLOURS["edge_w"]  # Black's arrow outlined light on the frame
    return (f'<polygon class="turn side-{mover}" points="{x - half},{base} {x + half},{base} {x},{tip}" '
            f'fill="{COLOURS[mover]}" stroke="{edge}" stroke-width="3"/>')


def _cube(cube: Cube, viewer: int) -> str:
    """The cube on the bar: centred in the middle, an owner's at that owner's edge."""
    face, owner = cube
    size = 46
    x = BAR_X + _G["bar_width"] / 2 - size / 2
    if owner is None:
        y, where = MID_Y - size / 2, "centre"
    else:
        y = BOTTOM_Y - size - 6 if owner == viewer else TOP_Y + 6
        where = "wb"[owner]
    return (f'<g class="cube owner-{where}"><rect x="{x}" y="{y}" width="{size}" height="{size}" rx="8" '
            f'fill="{COLOURS["cube"]}" stroke="{COLOURS["edge_w"]}" stroke-width="2"/>'
            f'<text x="{x + size / 2}" y="{y + size / 2 + 9}" font-size="26" font-weight="700" text-anchor="middle" '
            f'fill="{COLOURS["cube_text"]}">{int(face)}</text></g>')


def _viewer_index(position: Drawable, side: int, slot: int, viewer: int) -> int:
    """Where the viewer sees `side`'s point `slot`: the viewer's own numbering."""
    return slot if side == viewer else position.variant.opponent_point(slot)


def _stack(side: int, count: int, x: float, base: float, direction: int) -> list[str]:
    room = _G["half"] - 2 * R - 4
    spacing = 2 * R if count <= _G["visible"] else min(2 * R, room / (count - 1))
    fill, edge = COLOURS["wb"[side]], COLOURS["edge_" + "wb"[side]]
    return [f'<circle class="checker side-{"wb"[side]}" cx="{x}" cy="{base + direction * i * spacing}" r="{R - 1}" '
            f'fill="{fill}" stroke="{edge}" stroke-width="2"/>' for i in range(count)]
