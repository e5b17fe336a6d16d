"""The embed's words in every language (docs/embed.md): the embedded app's messages point to no
Games menu (it has none), and nothing the Share dialog or <nard-board> shows names a file of
the repository."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

LANGUAGES = sorted((Path(__file__).resolve().parents[2] / "web" / "i18n").glob("*.json"))


def words(path: Path) -> dict[str, object]:
    return dict(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("path", LANGUAGES, ids=lambda path: path.stem)
def test_the_embedded_apps_messages_name_no_games_menu(path: Path) -> None:
    found = words(path)
    games = str(found["btn.games"])
    for key in ("msg.url_loaded_embed", "msg.played_on_embed"):
        text = str(found[key])
        assert text and games.lower() not in text.lower(), (path.stem, key, text)
        # the same news as the app's own message, without its pointer to the menu
        assert text != found[key.removesuffix("_embed")]


@pytest.mark.parametrize("path", LANGUAGES, ids=lambda path: path.stem)
def test_share_and_the_embed_show_no_repository_path(path: Path) -> None:
    for key, text in words(path).items():
        if key.startswith(("share.", "embed.")):
            assert "docs/" not in str(text) and ".md" not in str(text), (path.stem, key, text)


def test_the_example_pages_puzzle_is_the_shipped_one() -> None:
    """embed-example.html's <nard-board puzzle> draws what the app asks for that id."""
    from nardcore.puzzles import puzzle_by_id

    page = (Path(__file__).resolve().parents[2] / "embed-example.html").read_text(encoding="utf-8")
    found = re.findall(r'<nard-board id="puzzle" puzzle="([^"]+)" position="([^"]+)" dice="(\d\d)"', page)
    assert len(found) == 1
    puzzle_id, position, dice = found[0]
    puzzle = puzzle_by_id(puzzle_id)
    assert puzzle is not None
    assert (puzzle.position.format(), f"{puzzle.dice[0]}{puzzle.dice[1]}") == (position, dice)
