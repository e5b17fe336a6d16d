"""Each game's complete rules as the rules screen shows them: sections, each a heading and
its paragraphs, as keys of web/i18n. Every game's text stands alone (no "as in narde"): a
paragraph true of several games (the dice, bearing off) is one key shown in each of them.

The words follow docs/RULES.md; tests/test_rules_text.py checks that every game has the
sections its rules need and that each paragraph names its figures in every language.

>>> [heading for heading, _ in RULES_TEXT["tawla31"]][:3]
['rules.h.start', 'rules.h.way', 'rules.h.opening']
"""

from __future__ import annotations

from .viewmodel import RulesSection

_SAME_WAY = [("rules.h.way", ["rules.p.way_same"]), ("rules.h.opening", ["rules.p.opening"]),
             ("rules.h.dice", ["rules.p.dice"]), ("rules.h.closed", ["rules.p.closed_one"])]

RULES_TEXT: dict[str, list[tuple[str, list[str]]]] = {
    "backgammon": [
        ("rules.h.start", ["rules.p.bg_start"]),
        ("rules.h.way", ["rules.p.way_opposite"]),
        ("rules.h.opening", ["rules.p.opening_bg"]),
        ("rules.h.dice", ["rules.p.dice"]),
        ("rules.h.hit", ["rules.p.bg_hit"]),
        ("rules.h.bar", ["rules.p.bg_bar"]),
        ("rules.h.bearoff", ["rules.p.bearoff"]),
        ("rules.h.score", ["rules.p.bg_score"]),
        ("rules.h.cube", ["rules.p.bg_cube"]),
        ("rules.h.match", ["rules.p.bg_match"]),
    ],
    "narde": [
        ("rules.h.start", ["rules.p.head_start"]),
        *_SAME_WAY,
        ("rules.h.head", ["rules.p.head_narde"]),
        ("rules.h.block", ["rules.p.six_block"]),
        ("rules.h.bearoff", ["rules.p.bearoff"]),
        ("rules.h.score", ["rules.p.score_mars"]),
        ("rules.h.match", ["rules.p.match"]),
    ],
    "khachapuri": [
        ("rules.h.start", ["rules.p.khach_start"]),
        *_SAME_WAY,
        ("rules.h.head", ["rules.p.head_free"]),
        ("rules.h.block", ["rules.p.six_block"]),
        ("rules.h.bearoff", ["rules.p.bearoff"]),
        ("rules.h.score", ["rules.p.khach_score"]),
        ("rules.h.match", ["rules.p.match"]),
    ],
    "moultezim": [
        ("rules.h.start", ["rules.p.head_start"]),
        *_SAME_WAY,
        ("rules.h.head", ["rules.p.head_free"]),
        ("rules.h.runner", ["rules.p.runner_moultezim"]),
        ("rules.h.table", ["rules.p.table"]),
        ("rules.h.bearoff", ["rules.p.bearoff"]),
        ("rules.h.score", ["rules.p.score_mars"]),
        ("rules.h.match", ["rules.p.match"]),
    ],
    "tawla31": [
        ("rules.h.start", ["rules.p.tawla_start"]),
        ("rules.h.way", ["rules.p.way_opposite"]),
        ("rules.h.opening", ["rules.p.opening"]),
        ("rules.h.dice", ["rules.p.dice"]),
        ("rules.h.closed", ["rules.p.closed_one"]),
        ("rules.h.runner", ["rules.p.runner_tawla"]),
        ("rules.h.bearoff", ["rules.p.bearoff"]),
        ("rules.h.score", ["rules.p.tawla_score"]),
    ],
}


def rules_sections(name: str) -> list[RulesSection]:
    """The rules screen's sections of the game `name` (a variant's name, without options)."""
    return [{"heading": heading, "text": list(text)} for heading, text in RULES_TEXT[name]]
