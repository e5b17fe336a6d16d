"""The language files (web/i18n/*.json) against English, and the page's list of them (docs/i18n.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "web" / "i18n"
I18N_JS = ROOT / "web" / "page" / "i18n.js"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
META = ("_name", "_code", "_dir")
RIGHT_TO_LEFT = {"ar", "fa", "he"}
CLDR_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
# The plural categories each language has in CLDR (what Intl.PluralRules can answer, integers
# and decimals); a form of another category would never be shown.
LANGUAGE_CATEGORIES = {
    "ar": {"zero", "one", "two", "few", "many", "other"},
    "az": {"one", "other"},
    "de": {"one", "other"},
    "el": {"one", "other"},
    "en": {"one", "other"},
    "es": {"one", "many", "other"},
    "fa": {"one", "other"},
    "fr": {"one", "many", "other"},
    "he": {"one", "two", "other"},
    "hy": {"one", "other"},
    "ka": {"one", "other"},
    "ru": {"one", "few", "many", "other"},
    "tr": {"one", "other"},
    "uk": {"one", "few", "many", "other"},
}


def load(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), path.name
    return data


FILES = sorted(I18N.glob("*.json"))
CODES = [path.stem for path in FILES]
ENGLISH = load(I18N / "en.json")


def forms(value: Any) -> list[str]:
    """Every text a string can show: itself, each line of a list, each form of a plural object."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [str(line) for line in value]
    if isinstance(value, dict):
        return [str(text) for category, text in value.items() if category != "plural"]
    raise AssertionError(f"not a string, a list or a plural object: {value!r}")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def english_placeholders(key: str) -> set[str]:
    found: set[str] = set()
    for text in forms(ENGLISH[key]):
        found |= placeholders(text)
    return found


def test_there_are_the_fourteen_languages_of_the_docs() -> None:
    assert set(CODES) == set(LANGUAGE_CATEGORIES)


@pytest.mark.parametrize("path", FILES, ids=CODES)
def test_a_language_file_has_exactly_the_english_keys(path: Path) -> None:
    words = load(path)
    keys = [key for key in words if key not in META]
    english = [key for key in ENGLISH if key not in META]
    assert set(keys) - set(english) == set(), "keys English does not have"
    assert set(english) - set(keys) == set(), "English keys missing"


@pytest.mark.parametrize("path", FILES, ids=CODES)
def test_a_language_file_names_itself_and_its_direction(path: Path) -> None:
    words = load(path)
    assert isinstance(words.get("_name"), str) and words["_name"].strip()
    assert words.get("_code") == path.stem
    assert set(words) & set(META) - {"_dir"} == {"_name", "_code"}
    if path.stem in RIGHT_TO_LEFT:
        assert words.get("_dir") == "rtl"
    else:
        assert "_dir" not in words


@pytest.mark.parametrize("path", FILES, ids=CODES)
def test_every_form_of_a_string_has_the_english_placeholders(path: Path) -> None:
    words = load(path)
    wrong = []
    for key, value in words.items():
        if key in META:
            continue
        wanted = english_placeholders(key)
        for text in forms(value):
            if placeholders(text) != wanted:
                wrong.append(f"{key}: {sorted(placeholders(text))} in {text!r}, English has {sorted(wanted)}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("path", FILES, ids=CODES)
def test_plural_objects_are_well_formed(path: Path) -> None:
    words = load(path)
    categories = LANGUAGE_CATEGORIES[path.stem]
    for key, value in words.items():
        if not isinstance(value, dict):
            continue
        assert isinstance(value.get("plural"), str), f"{key}: no 'plural'"
        plural = value["plural"]
        assert plural in english_placeholders(key), f"{key}: plural names {plural!r}, not an English placeholder"
        named = set(value) - {"plural"}
        assert named <= set(CLDR_CATEGORIES), f"{key}: {sorted(named - set(CLDR_CATEGORIES))} are no CLDR categories"
        assert named <= categories, f"{key}: {path.stem} has no {sorted(named - categories)} forms"
        assert "other" in named, f"{key}: no 'other' form"
        assert all(isinstance(value[name], str) and value[name] for name in named), key


@pytest.mark.parametrize("path", FILES, ids=CODES)
def test_strings_are_not_empty_and_lists_stay_lists(path: Path) -> None:
    words = load(path)
    for key, value in words.items():
        if key in META:
            continue
        english = ENGLISH[key]
        assert isinstance(value, list) == isinstance(english, list), key
        if isinstance(value, list):
            assert value and all(isinstance(line, str) and line.strip() for line in value), key
        # a string English leaves empty or blank-led (" (after …)") may be so here too
        assert all(text or not any(forms(english)) for text in forms(value)), key


def test_english_reads_right_at_one() -> None:
    """English counts that can be 1 choose their form: "1 pip", "after 1 tie", "1 of 1 turn"."""
    for key in ("player.pips", "msg.opening_ties", "review.running"):
        assert isinstance(ENGLISH[key], dict), key


def test_the_pages_list_of_languages_is_the_files_with_their_names() -> None:
    """web/page/i18n.js's LANGUAGES (the language switch before the engine's hello, and the
    first visit's guess) cannot drift from web/i18n/."""
    source = I18N_JS.read_text(encoding="utf-8")
    block = re.search(r"export const LANGUAGES = \[(.*?)\];", source, re.S)
    assert block, "no LANGUAGES list in web/page/i18n.js"
    listed = re.findall(r'\{\s*code:\s*"([^"]+)",\s*name:\s*"([^"]+)"\s*\}', block.group(1))
    assert listed == [(path.stem, load(path)["_name"]) for path in FILES]


# -- isolates in right-to-left pages: web/page/i18n.js run in node ---------------------------------

HARNESS = r"""
import { readFileSync } from "node:fs";
globalThis.location = { search: "" };
const kept = new Map();
globalThis.localStorage = { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, String(v)),
                            removeItem: (k) => kept.delete(k) };
globalThis.sessionStorage = globalThis.localStorage;
globalThis.document = { documentElement: {} };
globalThis.fetch = async (url) => ({
  ok: true, json: async () => JSON.parse(readFileSync(new URL(String(url)), "utf8")),
});
const i18n = await import(process.argv[2]);
const out = {};
for (const lang of ["ar", "en"]) {
  await i18n.loadStrings(lang);
  out[lang] = {
    dir: document.documentElement.dir,
    isolate: i18n.isolate("−0.674"),
    play: i18n.isolate("24/18 13/9"),
    loss: i18n.t("review.tip.luck", { luck: "−0.674" }),
    number: i18n.t("review.tip.turn", { turn: 12 }),
    word: i18n.t("review.tip.luck", { luck: "abc" }),
  };
}
console.log(JSON.stringify(out));
"""


def test_figures_in_a_right_to_left_page_are_kept_left_to_right(tmp_path: Path) -> None:
    """In Arabic a signed number is set in a left-to-right isolate (U+2066…U+2069), its sign in
    front ("−0.674", not "0.674−"): by `isolate()` and as an argument of `t()`; a word argument
    keeps its first-strong isolate; in English nothing is added."""
    import shutil
    import subprocess

    node = shutil.which("node")
    assert node, "node is needed (python build.py test installs it)"
    harness = tmp_path / "harness.mjs"
    harness.write_text(HARNESS, encoding="utf-8")
    run = subprocess.run([node, str(harness), I18N_JS.as_uri()], capture_output=True, text=True, timeout=60,
                         check=False)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    ar, en = out["ar"], out["en"]
    lri, fsi, pdi = "\u2066", "\u2068", "\u2069"
    assert ar["dir"] == "rtl" and en["dir"] == "ltr"
    assert ar["isolate"] == f"{lri}−0.674{pdi}" and ar["play"] == f"{lri}24/18 13/9{pdi}"
    arabic = load(I18N / "ar.json")
    assert ar["loss"] == arabic["review.tip.luck"].replace("{luck}", f"{lri}−0.674{pdi}")
    assert ar["number"] == arabic["review.tip.turn"].replace("{turn}", f"{lri}12{pdi}")
    assert ar["word"] == arabic["review.tip.luck"].replace("{luck}", f"{fsi}abc{pdi}")
    english = load(I18N / "en.json")
    assert en["isolate"] == "−0.674" and en["loss"] == english["review.tip.luck"].replace("{luck}", "−0.674")
