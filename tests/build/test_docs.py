"""The repo stands alone and its docs describe what the code reads."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from nardcore.formats.state import decode_state
from nardcore.game import Game

ROOT = Path(__file__).resolve().parents[2]
OUTSIDE = "../" + "shared"  # split so this file does not name it


def test_nothing_in_the_repo_reads_outside_it() -> None:
    files = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    for name in files:
        if name.endswith((".py", ".md", ".js", ".html", ".toml", ".txt")):
            assert OUTSIDE not in (ROOT / name).read_text(encoding="utf-8"), name


def test_the_rule_book_and_the_golden_cases_are_in_the_repo() -> None:
    assert (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8").startswith("# Rules of the five games")
    assert (ROOT / "tests" / "data" / "vectors" / "README.md").is_file()


def test_the_readme_embed_link_holds_a_game_the_app_reads() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r'<iframe src="[^"#]*#([^"]*)"', readme)
    assert found, "no embed snippet in the README"
    fields = dict(part.split("=", 1) for part in found.group(1).split("&"))
    # web/worker/ui.py load_url reads exactly the fields s (required) and vs (optional).
    assert set(fields) <= {"s", "vs"} and "s" in fields
    assert fields.get("vs", "computer") == "computer"
    game = decode_state(fields["s"])
    assert isinstance(game, Game)
    assert str(game.position) == "narde:w:24x15:24x15"


def test_the_ui_doc_names_the_link_format_the_app_reads() -> None:
    ui_doc = (ROOT / "docs" / "ui.md").read_text(encoding="utf-8")
    assert "#s=<state>" in ui_doc and "#g1." not in ui_doc
    assert "#g1." not in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_embed_docs_positions_and_records_are_what_the_rules_say() -> None:
    from nardcore.notation import parse_play
    from nardcore.position import Position

    texts = [(ROOT / "docs" / "embed.md").read_text(encoding="utf-8"),
             (ROOT / "embed-example.html").read_text(encoding="utf-8")]
    records = [found for text in texts for found in re.findall(r'record="([^"]*)"', text, re.S)]
    positions = [found for text in texts for found in re.findall(r'(?:position="|#p=)([a-z0-9+]+:[wb]:[^"&\s]*)', text)]
    assert len(records) == 3 and len(positions) >= 4
    for text in positions:
        Position.parse(text)
    for record in records:
        frames = re.split(r"\s+(?=[a-z0-9+]+:[wb]:)", record.strip())
        before = Position.parse(frames[0])
        for frame in frames[1:]:
            words = [word for word in frame.split() if not word.startswith("cube=")]  # where the cube stands
            after = Position.parse(words[0])
            if re.fullmatch(r"double=\d+|beaver=\d+|take|drop", " ".join(words[1:])):  # a cube action
                assert after == before, frame
                continue
            dice = (int(words[1][0]), int(words[1][1]))
            assert parse_play(before, dice, " ".join(words[2:])) == after, frame
            before = after
