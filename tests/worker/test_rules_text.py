"""Each game's rules text (web/worker/rules_text.py) is complete and stands alone: every rule
docs/RULES.md gives the game has its section, every paragraph exists in all fourteen
languages, translated, and names the figures of its rule (the points, the rolls, the scores)
in Western digits, as the board and the notation write them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nardcore.variant import VARIANT_NAMES
from web.worker.presenter import catalogue
from web.worker.rules_text import RULES_TEXT, rules_sections

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = sorted(path.stem for path in (ROOT / "web" / "i18n").glob("*.json"))
STRINGS = {code: json.loads((ROOT / "web" / "i18n" / f"{code}.json").read_text(encoding="utf-8"))
           for code in LANGUAGES}

# the sections every game's rules must have, from the start to the scoring (docs/RULES.md)
EVERY_GAME = {"rules.h.start", "rules.h.way", "rules.h.opening", "rules.h.dice", "rules.h.bearoff", "rules.h.score"}
SECTIONS = {
    "backgammon": EVERY_GAME | {"rules.h.hit", "rules.h.bar", "rules.h.cube", "rules.h.match"},
    "narde": EVERY_GAME | {"rules.h.closed", "rules.h.head", "rules.h.block", "rules.h.match"},
    "khachapuri": EVERY_GAME | {"rules.h.closed", "rules.h.head", "rules.h.block", "rules.h.match"},
    "moultezim": EVERY_GAME | {"rules.h.closed", "rules.h.head", "rules.h.runner", "rules.h.table", "rules.h.match"},
    "tawla31": EVERY_GAME | {"rules.h.closed", "rules.h.runner"},
}
# the paragraph a game's rule needs, where several would fit a section
PARAGRAPHS = {
    "backgammon": {"rules.p.bg_start", "rules.p.way_opposite", "rules.p.opening_bg", "rules.p.bg_hit", "rules.p.bg_bar",
                   "rules.p.bg_score", "rules.p.bg_cube", "rules.p.bg_match"},
    "narde": {"rules.p.head_start", "rules.p.way_same", "rules.p.opening", "rules.p.closed_one", "rules.p.head_narde",
              "rules.p.six_block", "rules.p.score_mars"},
    "khachapuri": {"rules.p.khach_start", "rules.p.way_same", "rules.p.opening", "rules.p.closed_one",
                   "rules.p.head_free", "rules.p.six_block", "rules.p.khach_score"},
    "moultezim": {"rules.p.head_start", "rules.p.way_same", "rules.p.opening", "rules.p.closed_one",
                  "rules.p.head_free", "rules.p.runner_moultezim", "rules.p.table", "rules.p.score_mars"},
    "tawla31": {"rules.p.tawla_start", "rules.p.way_opposite", "rules.p.opening", "rules.p.closed_one",
                "rules.p.runner_tawla", "rules.p.tawla_score"},
}
# the figures each paragraph must name, in every language: the points of the start, the
# first-turn exception's rolls, the points of the runner's goal and of the table, the scores
FIGURES = {
    "rules.p.bg_start": ["15", "24", "13", "8", "6", "1"],
    "rules.p.head_start": ["15", "24", "12"],
    "rules.p.khach_start": ["15", "4", "24", "11", "6", "12", "18", "6-6"],
    "rules.p.tawla_start": ["15", "24", "1"],
    "rules.p.way_opposite": ["24", "1", "6", "19"],
    "rules.p.way_same": ["24", "1", "6", "12", "18", "13"],
    "rules.p.bg_hit": ["2"],
    "rules.p.bg_bar": ["3", "22"],
    "rules.p.head_narde": ["15", "6-6", "4-4", "3-3", "16", "5-5", "24", "4"],
    "rules.p.runner_moultezim": ["11"],
    "rules.p.runner_tawla": ["6", "1", "6-6", "24", "18"],
    "rules.p.table": ["4", "12", "7"],
    "rules.p.bearoff": ["15", "6", "1"],
    "rules.p.bg_score": ["1", "2", "3"],
    "rules.p.bg_match": ["1"],
    "rules.p.score_mars": ["1", "2"],
    "rules.p.khach_score": ["1", "30"],
    "rules.p.tawla_score": ["1", "15", "31"],
}
# English words a paragraph must say (the one language a test can read for meaning)
ENGLISH_WORDS = {
    "rules.p.closed_one": ["one opposing checker", "closed", "no hitting"],
    "rules.p.bg_hit": ["closed", "hits", "bar"],
    "rules.p.dice": ["double", "four times", "larger", "passes"],
    "rules.p.six_block": ["six points in a row", "ahead", "middle of a turn"],
    "rules.p.head_free": ["any number"],
    "rules.p.runner_moultezim": ["only that one checker", "rest of that roll"],
    "rules.p.runner_tawla": ["only that one checker", "rest of that roll"],
    "rules.p.bearoff": ["larger", "highest", "never compulsory"],
}


def figure_in(figure: str, text: str) -> bool:
    """`figure` stands in `text` as a number of its own (the 1 of "1 point", not of "15")."""
    return re.search(rf"(?<!\d)(?<!\d-){re.escape(figure)}(?!\d|-\d)", text) is not None


def keys_of(name: str) -> list[str]:
    return [key for section in rules_sections(name) for key in (section["heading"], *section["text"])]


def test_every_game_has_its_rules() -> None:
    assert set(RULES_TEXT) == set(VARIANT_NAMES)
    for entry in catalogue()["variants"]:
        assert entry["rules"] == rules_sections(entry["name"])


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_a_games_rules_have_every_section_from_the_start_to_the_scoring(name: str) -> None:
    sections = rules_sections(name)
    headings = [section["heading"] for section in sections]
    assert len(headings) == len(set(headings)), f"{name}: a section twice"
    assert set(headings) == SECTIONS[name]
    assert headings[0] == "rules.h.start" and headings.index("rules.h.bearoff") < headings.index("rules.h.score")
    paragraphs = {key for section in sections for key in section["text"]}
    assert PARAGRAPHS[name] <= paragraphs
    assert all(section["text"] for section in sections)


def test_no_rules_paragraph_is_left_out_of_every_game() -> None:
    shown = {key for name in VARIANT_NAMES for key in keys_of(name)}
    written = {key for key in STRINGS["en"] if key.startswith(("rules.h.", "rules.p."))}
    assert written == shown


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_rules_text_is_there_translated_and_names_its_figures(code: str) -> None:
    strings = STRINGS[code]
    for name in VARIANT_NAMES:
        for key in keys_of(name):
            text = strings.get(key)
            assert isinstance(text, str) and text.strip(), f"{code}: {key} missing"
            if code != "en" and key.startswith("rules.p."):
                assert text != STRINGS["en"][key], f"{code}: {key} is the English text"
            for figure in FIGURES.get(key, []):
                assert figure_in(figure, text), f"{code}: {key} does not name {figure!r}: {text}"


def test_the_english_paragraphs_say_the_rule() -> None:
    for key, words in ENGLISH_WORDS.items():
        for word in words:
            assert word in STRINGS["en"][key].lower(), f"{key} does not say {word!r}"


def test_the_figure_check_can_fail() -> None:
    assert figure_in("1", "1 point") and figure_in("6-6", "a 6-6 passes")
    assert figure_in("13", "მე-13 უჯრა") and figure_in("31", "ל-31 נקודות")
    assert not figure_in("1", "15 checkers") and not figure_in("6", "6-6") and not figure_in("4", "24")
