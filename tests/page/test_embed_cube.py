"""The cube in `<nard-board>`'s record (web/worker/record.py embed_record, web/page/embed/embed.js
parseRecord and boardView, run in node): where the cube stands after each turn, and each cube
action a frame of its own, drawn with the cube offered, turned and owned as the game had it."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from nardcore.dice import PresetDice
from nardcore.game import Game
from nardcore.position import Position
from tools.site import numberings
from web.worker.record import embed_record

EMBED = Path(__file__).resolve().parents[2] / "web" / "page" / "embed" / "embed.js"
NODE = shutil.which("node")
HARNESS = """
Object.assign(globalThis, {document: {currentScript: null}, location: {href: "file:///"},
  HTMLElement: class {}, customElements: {get: () => true, define: () => {}}});
const embed = await import(process.argv[2]);
let input = "";
for await (const chunk of process.stdin) input += chunk;
const {numberings, record} = JSON.parse(input);
const frames = embed.parseRecord(record, numberings);
process.stdout.write(JSON.stringify(frames.map((frame) => {
  const offered = Boolean(frame.action && frame.action.kind === "double");
  const view = embed.boardView(frame.position, {cube: frame.cube, offered});
  return {dice: frame.dice, play: frame.play, cube: frame.cube || null, action: frame.action || null,
          view: view.cube, face: view.cube_face};
})));
"""


def in_node(record: str, tmp_path: Path) -> list[dict[str, object]]:
    assert NODE is not None
    script = tmp_path / "harness.mjs"
    script.write_text(HARNESS)
    data = json.dumps({"numberings": numberings(), "record": record})
    run = subprocess.run([NODE, str(script), EMBED.as_uri()], input=data, capture_output=True, text=True,
                         check=True, timeout=120)
    return list(json.loads(run.stdout))


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_embeds_record_shows_the_cube_and_every_cube_action(tmp_path: Path) -> None:
    start = Position.parse("backgammon:w:6x4,5x3,4x3,3x3,2x2:6x4,5x3,4x3,3x3,2x2")
    game = Game("backgammon", PresetDice([6, 5, 2, 1]), position=start)
    game.double()
    game.take()
    game.roll()
    game.play("6/off 5/off")
    game.double()  # Black redoubles to 4
    game.drop()
    record = embed_record(game)
    assert "double=2" in record and " take" in record and "cube=2b" in record and "double=4" in record
    frames = in_node(record, tmp_path)
    kinds = [None if f["action"] is None else f["action"]["kind"] for f in frames]  # type: ignore[index]
    assert kinds == [None, "double", "take", None, "double", "drop"]
    first, double, take, play, redouble, drop = frames
    assert first["view"] == {"enabled": False, "value": 1, "owner": None, "offered": False} and first["face"] == 64
    assert double["view"] == {"enabled": True, "value": 1, "owner": None, "offered": True} and double["face"] == 2
    assert take["view"] == {"enabled": True, "value": 2, "owner": "b", "offered": False} and take["face"] == 2
    assert play["cube"] == {"value": 2, "owner": "b"} and play["dice"] == "65"
    assert redouble["view"]["offered"] and redouble["face"] == 4  # type: ignore[index]
    assert drop["action"] == {"kind": "drop", "cube": 0}
    # a record without the cube's words reads as before: none of them taken for a play
    plain = in_node("narde:w:24x15:24x15  narde:b:24x14,13:24x15 65 24/13", tmp_path)
    assert plain[1]["play"] == "24/13" and plain[1]["cube"] is None and plain[1]["action"] is None
