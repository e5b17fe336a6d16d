"""The board view of `<nard-board>` (web/page/embed/embed.js boardView, run in node) is the one
the worker's presenter.board_part makes for the same still board (docs/architecture.md, "One home
for each board rule"): checker ids and point ids, the dice drawn, the cube's face, the game, its
options and numbering, over 10,000 random positions of every game."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from nardcore.dice import Roll
from nardcore.position import Position, PositionError
from nardcore.svg import cube_face
from nardcore.variant import find_variant
from tools.site import numberings
from web.worker.layout import Layout
from web.worker.presenter import board_part, numbering, rolled_dice
from web.worker.viewmodel import SIDES, BoardView

EMBED = Path(__file__).resolve().parents[2] / "web" / "page" / "embed" / "embed.js"
NODE = shutil.which("node")
POSITIONS = 10_000
TOKENS = ["backgammon", "backgammon+beaver+jacoby", "backgammon+cube-limit-8", "narde", "narde+end-block",
          "khachapuri", "moultezim+next-turn-runner", "tawla31"]

HARNESS = """
Object.assign(globalThis, {document: {currentScript: null}, location: {href: "file:///"},
  HTMLElement: class {}, customElements: {get: () => true, define: () => {}}});
const embed = await import(process.argv[2]);
let input = "";
for await (const chunk of process.stdin) input += chunk;
const {numberings, boards} = JSON.parse(input);
process.stdout.write(JSON.stringify(boards.map(({text, dice, flipped}) =>
  embed.boardView(embed.parsePosition(text, numberings), {dice, flipped}))));
"""


def random_position(token: str, rng: random.Random) -> Position | None:
    """Any position of the game, not only those play reaches: each side's checkers spread over
    its points, its bar and its tray at random, never on a point the other holds (None where
    the game refuses it, as one without hitting refuses checkers on the bar)."""
    variant = find_variant(token)
    other = numbering(variant)
    fields = []
    taken: set[int] = set()  # White's points, in White's numbering
    for side in (0, 1):
        left = rng.randint(0, 15)
        items = []
        slots = list(range(1, 26))
        rng.shuffle(slots)
        for slot in slots:
            if not left:
                break
            point = slot if side == 0 else other[slot] if slot <= 24 else 0
            if slot <= 24 and side == 1 and point in taken:
                continue
            count = rng.randint(1, left)
            left -= count
            if side == 0 and slot <= 24:
                taken.add(slot)
            items.append(("bar" if slot == 25 else str(slot)) + (f"x{count}" if count > 1 else ""))
        fields.append(",".join(items))
    try:
        return Position.parse(f"{token}:{rng.choice('wb')}:{fields[0]}:{fields[1]}")
    except PositionError:
        return None


def still_board(position: Position, dice: str, flipped: bool) -> BoardView:
    """What board_part makes of a board with nothing to play: no cube in play, no arrows."""
    variant = position.variant
    return board_part(
        variant, position=str(position), phase="", turn=SIDES[position.turn], to_act=None,
        stacks=Layout(position).stacks, movable=[], selected=None, destinations=[],
        dice=rolled_dice(Roll.parse(dice)) if dice else [], dice_text=str(Roll.parse(dice)) if dice else "",
        opening_dice=None,
        cube={"enabled": False, "value": 1, "owner": None, "offered": False},
        cube_face=cube_face(1, None, False, variant.cube_limit), flipped=flipped, arrows=[])


@pytest.fixture(scope="module")
def boards() -> list[tuple[Position, str, bool]]:
    rng = random.Random(44)
    found: list[tuple[Position, str, bool]] = []
    while len(found) < POSITIONS:
        position = random_position(TOKENS[len(found) % len(TOKENS)], rng)
        if position is not None:
            dice = rng.choice(["", f"{rng.randint(1, 6)}{rng.randint(1, 6)}"])
            found.append((position, dice, rng.random() < 0.5))
    return found


def test_the_random_positions_cover_what_the_board_view_must_carry(boards: list[tuple[Position, str, bool]]) -> None:
    """The generator is not vacuous: every game and option, bars, full trays, doubles, flips occur."""
    assert {str(position).split(":")[0] for position, _, _ in boards} >= set(TOKENS)
    assert any(position.boards[side][25] for position, _, _ in boards for side in (0, 1))
    assert any(position.boards[side][0] == 15 for position, _, _ in boards for side in (0, 1))
    assert any(dice and dice[0] == dice[1] for _, dice, _ in boards)
    assert any(flipped for _, _, flipped in boards) and not all(flipped for _, _, flipped in boards)


def test_the_embeds_board_view_is_the_presenters(tmp_path: Path, boards: list[tuple[Position, str, bool]]) -> None:
    if NODE is None:
        pytest.skip("node is not installed")
    (tmp_path / "harness.mjs").write_text(HARNESS, encoding="utf-8")
    request = {"numberings": numberings(),
               "boards": [{"text": str(position), "dice": dice, "flipped": flipped}
                          for position, dice, flipped in boards]}
    run = subprocess.run([NODE, str(tmp_path / "harness.mjs"), EMBED.as_uri()], input=json.dumps(request),
                         capture_output=True, text=True, timeout=600, check=True)
    drawn = json.loads(run.stdout)
    assert len(drawn) == len(boards)
    for (position, dice, flipped), view in zip(boards, drawn, strict=True):
        assert view == still_board(position, dice, flipped), (str(position), dice, flipped)
