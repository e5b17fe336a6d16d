"""Every link and record form, on random game states of every variant: format then parse gives the
same state, parse then format gives the same text, and mutated texts are read or refused with
the documented error, nothing else.

The forms: `#p=` (position links, nardcore.formats.position_link), `#gnubg=` and `#xgid=` (backgammon),
`#s=` (the whole game or match, nardcore.formats.state), `.mat` records (nardcore.formats.mat) and the
`<nard-board>` record (web/worker/record.py writes it, web/page/embed/embed.js reads it, run here in node).

NARD_LONG=N checks N times as many states and mutations.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_matfile import assert_same_game, recorded

from nardcore.dice import SeededDice
from nardcore.formats.gnubg import gnubg_id
from nardcore.formats.mat import MatError, read_mat, write_mat
from nardcore.formats.state import encode_state
from nardcore.formats.xgid import xgid
from nardcore.game import RESIGN_LEVELS, Game
from nardcore.gamedata import game_from_dict, game_to_dict
from nardcore.match import Match
from nardcore.position import Position
from nardcore.variant import BAR, OFF
from web.worker import links, saves, ui
from web.worker.dice import CountingDice
from web.worker.inputs import UIError
from web.worker.record import embed_record
from web.worker.session import Session

PAGE = Path(__file__).resolve().parents[2] / "web" / "page"  # embed/embed.js, run in node below

LONG = float(os.environ.get("NARD_LONG", "1"))
# states per variant token: thousands for the forms of one position (a position, an ID), a
# thousand for the forms that replay a whole history (#s=, .mat, the embed record)
LIGHT_STATES = max(100, int(2_000 * LONG))
HEAVY_STATES = max(10, int(1_000 * LONG))
MAT_STATES = max(5, int(1_000 * LONG))
MUTATIONS = max(400, int(600 * LONG))  # enough that both outcomes occur (checked) whatever NARD_LONG says
APP_MUTATIONS = max(150, int(200 * LONG))
TOKENS = ["backgammon", "backgammon+beaver+jacoby", "narde", "narde+end-block+last-roll", "khachapuri",
          "moultezim+next-turn-runner", "tawla31"]
CUBE_TOKENS = [token for token in TOKENS if token.startswith("backgammon")]
NODE = shutil.which("node")


# -- random game states ------------------------------------------------------------------------


def act(game: Game, rng: random.Random) -> None:
    """One random action of the side to act: rolls, plays (sometimes one step at a time), cube
    actions (double, take, drop, beaver), resignations offered, accepted and declined."""
    phase = game.phase
    if phase == "opening":
        game.roll()
    elif phase == "take":
        if game.may_beaver() and rng.random() < 0.25:
            game.beaver()
        elif rng.random() < 0.7:
            game.take()
        else:
            game.drop()
    elif phase == "resign":
        game.accept_resignation() if rng.random() < 0.5 else game.decline_resignation()
    elif game.may_resign() and rng.random() < 0.01:
        game.resign(rng.choice(list(RESIGN_LEVELS)) if game.resign_by_offer else None)
    elif phase == "cube" and game.may_double() and rng.random() < 0.2:
        game.double()
    elif phase in ("cube", "roll"):
        game.roll()
    elif game.turn_done or not game.steps_now():
        game.confirm()
    elif game.steps or rng.random() < 0.3:
        game.step(rng.choice(game.steps_now()))  # a turn under way, one step at a time
    else:
        plays = list(game.plays())
        game.play(rng.choice(sorted(plays, key=str)))


def states(token: str, seed: int, per_thing: int = 1_000_000) -> Iterator[Game | Match]:
    """Random states of `token` without end: single games and matches (random lengths, Crawford
    games among them) played on by random actions, each yielded live after an action with some
    chance (so dice rolled or not, turns under way, doubles offered, games over all occur), at
    most `per_thing` of each game or match."""
    rng = random.Random(seed)
    while True:
        dice = SeededDice(rng.randrange(1 << 30))
        thing: Game | Match
        if rng.random() < 0.5:
            thing = Game(token, dice)
        else:
            thing = Match(token, dice, None if token.startswith("tawla31") else rng.randint(1, 9))
        stop = rng.random() < 0.3  # some stop at the first game's end, others play a match out
        chance = rng.choice([0.05, 0.2, 0.6])
        left = per_thing
        while left:
            game = thing.game if isinstance(thing, Match) else thing
            if rng.random() < chance or game.over:
                yield thing
                left -= 1
            if game.over:
                if not isinstance(thing, Match) or thing.over or stop:
                    break
                thing.next_game()
            else:
                act(game, rng)


def sample(token: str, count: int, seed: int = 0, per_thing: int = 1_000_000) -> Iterator[Game | Match]:
    generator = states(token, seed, per_thing)
    for _ in range(count):
        yield next(generator)


def game_of(thing: Game | Match) -> Game:
    return thing.game if isinstance(thing, Match) else thing


def saved(thing: Game | Match) -> dict[str, Any]:
    """A game's or a match's saved form."""
    return thing.to_dict() if isinstance(thing, Match) else game_to_dict(thing)


def session_of(thing: Game | Match) -> Session:
    game = game_of(thing)
    return Session(dice=CountingDice(None), game=game, match=thing if isinstance(thing, Match) else None)


def read_link(fragment: str) -> Game | Match:
    """What the app makes of a link's fragment (links.link_fields, then linked_game)."""
    return links.linked_game(links.link_fields(fragment), CountingDice(None))


def sorted_dice(game: Game) -> tuple[int, ...] | None:
    return tuple(sorted(game.dice.dice)) if game.dice else None


def test_the_states_cover_what_links_must_carry() -> None:
    """The generator is not vacuous: every kind of state the links must carry occurs."""
    seen: set[str] = set()
    for token in ("backgammon+beaver+jacoby", "narde+end-block+last-roll"):
        for thing in sample(token, 1_000):  # as many as a full run samples, whatever NARD_LONG says
            game = game_of(thing)
            seen.add(game.phase)
            seen |= {e["event"] for e in game.history[-1:]}
            if game.steps:
                seen.add("steps")
            if game.crawford:
                seen.add("crawford")
            if game.cube_owner is not None:
                seen.add("owned")
            if isinstance(thing, Match) and thing.played:
                seen.add("later game")
            if game.position.boards[0][BAR] or game.position.boards[1][BAR]:
                seen.add("bar")
    assert {"opening", "cube", "roll", "move", "take", "resign", "over", "steps", "crawford", "owned",
            "later game", "bar", "beaver", "drop", "accept", "decline"} <= seen


# -- format then parse, parse then format ------------------------------------------------------


@pytest.mark.parametrize("token", TOKENS)
def test_position_links(token: str) -> None:
    """`#p=` carries the position at the start of the turn (its side to move), the dice when they
    are thrown (phase move), a turned cube and its owner, a match's score and length and whether
    it is the Crawford game. It carries no history, no step of the turn under way, no double
    offered or resignation: the opened game is that one position, its phase worked out afresh."""
    over = 0
    for count, thing in enumerate(states(token, 1), 1):
        if count > LIGHT_STATES and over:  # with at least one finished game among them
            break
        assert count < 50_000, "no finished game among the states"
        game = game_of(thing)
        fragment = saves.position_fragment(session_of(thing))
        if game.position.winner() is not None:  # borne off: no game to play on, refused with the UI's error
            with pytest.raises(UIError, match="finished"):
                read_link(fragment)
            over += 1
            continue
        again = read_link(fragment)
        assert isinstance(again, Game)
        assert again.position == game.position, fragment
        assert sorted_dice(again) == (sorted_dice(game) if game.phase == "move" else None), fragment
        assert (again.cube_value, again.cube_owner) == (game.cube_value, game.cube_owner), fragment
        assert (again.score, again.match_length) == (game.score, game.match_length), fragment
        assert again.variant == game.variant and again.history == [] and again.crawford == game.crawford
        assert again.phase == ("move" if game.phase == "move" else again._turn_phase()), fragment
        assert saves.position_fragment(session_of(again)) == fragment


def money_token(game: Game, options: tuple[str, ...]) -> str:
    """The variant an ID gives back: a match is plain backgammon, money play keeps `options`."""
    kept = [option for option in options if game.money and game.variant.has(option)]
    return "+".join(["backgammon", *kept])


def shareable(game: Game) -> bool:
    """The states for which the share dialog offers a gnubg ID and an XGID."""
    return game.variant.cube and not game.over and game.phase not in ("opening", "resign")


def assert_same_setup(again: Game, game: Game) -> None:
    """What gnubg IDs and XGIDs carry: the position at the start of the turn and its side on
    roll, the dice (not their order), a double offered, the cube, score, length and Crawford.
    No history (the game set up holds only the double offered), no step of the turn under way."""
    assert again.position.boards == game.position.boards and again.position.turn == game.position.turn
    assert again.phase == game.phase and sorted_dice(again) == sorted_dice(game)
    assert (again.cube_value, again.cube_owner, again.to_act) == (game.cube_value, game.cube_owner, game.to_act)
    assert (again.score, again.match_length, again.crawford) == (game.score, game.match_length, game.crawford)
    offered = [{"event": "double", "side": "wb"[game.position.turn], "cube": 2 * game.cube_value}]
    assert again.history == (offered if game.phase == "take" else []) and again.steps == ()


@pytest.mark.parametrize("token", CUBE_TOKENS)
def test_gnubg_links(token: str) -> None:
    """`#gnubg=POSITIONID:MATCHID`; of the rule options only Jacoby in money play (the Match ID's bit)."""
    checked = 0
    for thing in sample(token, LIGHT_STATES, seed=2):
        game = game_of(thing)
        if not shareable(game):
            continue
        text = gnubg_id(game)
        again = read_link("gnubg=" + text)
        assert isinstance(again, Game)
        assert_same_setup(again, game)
        assert again.variant.token == money_token(game, ("jacoby",)), text
        assert gnubg_id(again) == text
        checked += 1
    assert checked > LIGHT_STATES // 3


@pytest.mark.parametrize("token", CUBE_TOKENS)
def test_xgid_links(token: str) -> None:
    """`#xgid=XGID`, with or without `XGID=`; Jacoby and beaver in money play (the rules field)."""
    checked = 0
    for thing in sample(token, LIGHT_STATES, seed=3):
        game = game_of(thing)
        if not shareable(game):
            continue
        text = xgid(game)
        assert text.startswith("XGID=")
        for link in ("xgid=" + text, "xgid=" + text.removeprefix("XGID="), "xgid=" + urllib.parse.quote(text)):
            again = read_link(link)
            assert isinstance(again, Game)
            assert_same_setup(again, game)
            assert again.variant.token == money_token(game, ("beaver", "jacoby")), text
            assert xgid(again) == text
        checked += 1
    assert checked > LIGHT_STATES // 3


@pytest.mark.parametrize("token", TOKENS)
def test_state_links(token: str) -> None:
    """`#s=` carries everything: the history, the steps of the turn under way, a match's games."""
    kinds = set()
    for thing in sample(token, HEAVY_STATES, seed=4, per_thing=3):
        text = encode_state(thing)
        again = read_link("s=" + text)
        assert type(again) is type(thing)
        assert saved(again) == saved(thing)
        assert encode_state(again) == text
        kinds.add(type(thing).__name__)
    assert kinds == {"Game", "Match"}


@pytest.mark.parametrize("token", TOKENS)
def test_mat_records_of_games_stopped_anywhere(token: str) -> None:
    """`.mat` carries the moves, cube actions, scores and each game's end; of a turn under way only
    its dice (the steps are not a play yet), and no resignation still on the table."""
    for thing in sample(token, MAT_STATES, seed=5, per_thing=3):
        text = write_mat(thing)
        record = read_mat(text)
        assert write_mat(record.latest, record.names) == text
        if isinstance(thing, Match):
            assert record.match is not None and record.match.score == thing.score
            games = [*thing.played, thing.game]
        else:
            games = [thing]
        assert len(record.games) == len(games)
        for again, game in zip(record.games, games, strict=True):
            assert game is not None
            if unconfirmed_pass(again, game):
                # a roll with no legal play at the record's end reads as rolled, not yet confirmed
                # (docs/records.md: the turn may still be under way): one confirm away
                again.confirm()
            assert_same_game(again, game)


def unconfirmed_pass(again: Game, game: Game) -> bool:
    return (again.phase == "move" and not again.plays() and not game.over and game.history[-1:] != []
            and game.history[-1]["event"] == "pass" and len(recorded(again)) == len(recorded(game)) - 1)


# -- <nard-board> records, read by web/page/embed/embed.js in node ------------------------------

HARNESS = """
globalThis.document = {currentScript: null};
globalThis.location = {href: "file:///"};
globalThis.HTMLElement = class {};
globalThis.customElements = {get: () => true, define: () => {}};
const embed = await import(process.argv[2]);
let input = "";
for await (const chunk of process.stdin) input += chunk;
const answers = JSON.parse(input).map((text) => {
  try {
    return {frames: embed.parseRecord(text).map((f) => ({position: f.position.text, turn: f.position.turn,
      w: f.position.boards.w, b: f.position.boards.b, dice: f.dice, play: f.play, action: f.action || null,
      cube: f.cube || null}))};
  } catch (error) {
    return {error: error.constructor.name, message: String(error.message)};
  }
});
process.stdout.write(JSON.stringify(answers));
"""


@pytest.fixture(scope="module")
def embed_reader(tmp_path_factory: pytest.TempPathFactory) -> Callable[[list[str]], list[dict[str, Any]]]:
    """parseRecord of web/page/embed/embed.js, with the games' numberings put in as the build does."""
    if NODE is None:
        pytest.skip("node is not installed")
    from tools.site import EMBED_DATA_MARK, numberings

    folder = tmp_path_factory.mktemp("embed")
    source = (PAGE / "embed" / "embed.js").read_text(encoding="utf-8")
    source = source.replace(EMBED_DATA_MARK, json.dumps({"style": "", "numberings": numberings(), "strings": {}}))
    source = source.replace('"../board/board.js"', json.dumps((PAGE / "board" / "board.js").as_uri()))
    (folder / "embed.mjs").write_text(source, encoding="utf-8")
    (folder / "harness.mjs").write_text(HARNESS, encoding="utf-8")

    def read(texts: list[str]) -> list[dict[str, Any]]:
        assert NODE is not None
        run = subprocess.run([NODE, str(folder / "harness.mjs"), (folder / "embed.mjs").as_uri()],
                             input=json.dumps(texts), capture_output=True, text=True, timeout=120, check=True)
        answers: list[dict[str, Any]] = json.loads(run.stdout)
        return answers

    return read


def frames_of(game: Game) -> list[tuple[Position, str, str]]:
    """What the embed record must show: the position before the first turn, then each turn's
    position after it with its dice and play, and in a game with a cube each cube action a frame
    of its own (no dice, no play; resignations are no frame)."""
    positions = game.positions()
    actions = ("double", "take", "drop", "beaver") if game.variant.cube else ()
    kept = [index for index, event in enumerate(game.history) if event["event"] in ("play", "pass", *actions)]
    frames = [(positions[kept[0] if kept else len(game.history)], "", "")]
    for index in kept:
        event = game.history[index]
        turn = event["event"] in ("play", "pass")
        frames.append((positions[index + 1], "".join(map(str, event["dice"])) if turn else "",
                       str(event.get("play", "")) if turn else ""))
    return frames


def cube_words(frame: dict[str, Any]) -> list[str]:
    """A frame's cube action and where the cube stands, as the record writes them back."""
    action, cube = frame.get("action"), frame.get("cube")
    words = []
    if action:
        words.append(f"{action['kind']}={action['cube']}" if action["kind"] in ("double", "beaver") else action["kind"])
    if cube:
        words.append(f"cube={cube['value']}{cube['owner'] or ''}")
    return words


@pytest.mark.parametrize("token", TOKENS)
def test_embed_records(token: str, embed_reader: Callable[[list[str]], list[dict[str, Any]]]) -> None:
    """The `<nard-board>` record carries the sequence of positions, each turn's dice and play."""
    games = [game_of(thing).copy() for thing in sample(token, HEAVY_STATES, seed=6, per_thing=3)]
    texts = [embed_record(game) for game in games]
    for game, text, answer in zip(games, texts, embed_reader(texts), strict=True):
        assert "frames" in answer, (text, answer)
        expected = frames_of(game)
        assert len(answer["frames"]) == len(expected)
        for frame, (position, dice, play) in zip(answer["frames"], expected, strict=True):
            assert Position.parse(frame["position"]) == position
            assert frame["turn"] == "wb"[position.turn] and (frame["dice"], frame["play"]) == (dice, play)
            for side, board in zip("wb", position.boards, strict=True):
                assert frame[side][1:BAR + 1] == list(board[1:BAR + 1]) and frame[side][OFF] == board[OFF]
        written = "  ".join(" ".join(p for p in (f["position"], f["dice"], f["play"], *cube_words(f)) if p)
                            for f in answer["frames"])
        assert written == text


# -- mutated texts -----------------------------------------------------------------------------

HUGE = ["9" * 30, "99999", "65536", "4294967296", "1e9", "-1", "0"]


def mutated(text: str, rng: random.Random) -> str:
    """`text` changed once or twice: a character changed, deleted or inserted, cut short,
    a character percent-encoded (or a bad escape), a number made huge, a field emptied, a field
    duplicated or added."""
    for _ in range(rng.choice([1, 1, 2])):
        kind = rng.randrange(9)
        at = rng.randrange(len(text) + 1)
        if kind == 0 and text:
            text = text[:at] + rng.choice("0123456789:,&=%+-/xXwbDBR#?;. \n\u00e9\u0663\x00") + text[at + 1:]
        elif kind == 1:
            text = text[:at] + text[at + 1:]
        elif kind == 2:
            text = text[:at] + chr(rng.randrange(1, 0x3000)) + text[at:]
        elif kind == 3:
            text = text[:at] if rng.random() < 0.7 else text[at:]
        elif kind == 4 and at < len(text):
            escape = rng.choice([f"%{ord(text[at]):02X}", "%", "%ZZ", "%ff", "%00", "%2525", "%C3", "%E2%80"])
            text = text[:at] + escape + text[at + 1:]
        elif kind == 5:
            numbers = list(re.finditer(r"\d+", text))
            if numbers:
                found = rng.choice(numbers)
                text = text[:found.start()] + rng.choice(HUGE) + text[found.end():]
        elif kind == 6:
            fields = list(re.finditer(r"(?<=[=:])[^&:]*", text))
            if fields:
                found = rng.choice(fields)
                text = text[:found.start()] + text[found.end():]
        elif kind == 7:
            parts = text.split("&")
            text = "&".join([*parts, rng.choice(parts)])
        else:
            extra = ["vs=computer", "vs=robot", "dice=52", "cube=2&owner=w", "score=1-0&length=3", "x=1", "", "="]
            text = text + "&" + rng.choice(extra)
    return text


def valid_links(token: str, count: int, seed: int) -> list[str]:
    """Links of every form the app reads, of random states of `token`."""
    links = []
    for thing in sample(token, count, seed):
        game = game_of(thing)
        session = session_of(thing)
        links.append(saves.position_fragment(session))
        if rng_pick(len(links)) == 0:
            links.append(saves.export_url(session))
        if shareable(game):
            links += ["gnubg=" + gnubg_id(game), "xgid=" + xgid(game).removeprefix(rng_prefix(len(links)))]
    return links


def rng_pick(number: int) -> int:
    return number % 8  # every 8th state also as a whole-game link (those cost a replay each)


def rng_prefix(number: int) -> str:
    return "XGID=" if number % 2 else ""


def assert_sound(thing: Game | Match) -> None:
    """A state read from a link passes the core's own checks: its saved form reads back as it."""
    again = Match.from_dict(thing.to_dict()) if isinstance(thing, Match) else game_from_dict(game_to_dict(thing))
    assert saved(again) == saved(thing)
    game = game_of(thing)
    assert Position.parse(str(game.position)) == game.position


@pytest.mark.parametrize("token", TOKENS)
def test_mutated_links_are_read_or_refused_with_the_uis_error(token: str) -> None:
    rng = random.Random(token)
    links = valid_links(token, max(20, MUTATIONS // 10), seed=7)
    outcomes: dict[str, set[str]] = {}
    for _ in range(MUTATIONS):
        original = rng.choice(links)
        text = mutated(original, rng)
        form = original.split("=", 1)[0]
        try:
            thing = read_link(text)
        except UIError as error:
            assert str(error), text
            outcomes.setdefault(form, set()).add("refused")
        else:
            assert_sound(thing)
            outcomes.setdefault(form, set()).add("read")
    for form, seen in outcomes.items():
        assert seen == {"refused", "read"} or form == "s", (form, seen)
    assert outcomes.get("s") is not None and "refused" in outcomes["s"]


@pytest.mark.parametrize("token", ["backgammon+beaver+jacoby", "narde", "tawla31"])
def test_mutated_links_in_the_app_leave_the_game_untouched(token: str) -> None:
    rng = random.Random(token)
    links = valid_links(token, 30, seed=8)
    app = ui.App(dice="seed:3")
    app.dispatch({"type": "new_game", "settings": {"variant": "narde"}})
    app.dispatch({"type": "roll"})
    keys = set()
    for _ in range(APP_MUTATIONS):
        before = app.to_save()
        view = app.dispatch({"type": "load_url", "fragment": "#" + mutated(rng.choice(links), rng)})["view"]
        key = view["message"]["key"]
        keys.add(key)
        if key in ("url_bad", "link_refused"):  # cut down to `d=…`, a play-by-link link: refused as one
            after = app.to_save()
            assert (after["game"], after["match"], after["id"]) == (before["game"], before["match"], before["id"])
        else:
            assert key == "url_loaded"
            assert_sound(app.match if app.match is not None else app.game)
            app = ui.App(dice="seed:3")  # back to the game the next link is opened over
            app.dispatch({"type": "new_game", "settings": {"variant": "narde"}})
            app.dispatch({"type": "roll"})
    assert {"url_bad", "url_loaded"} <= keys


@pytest.mark.parametrize("token", ["backgammon+beaver+jacoby", "narde+end-block+last-roll", "moultezim"])
def test_mutated_records_are_read_or_refused_with_mat_errors(token: str) -> None:
    """Mutations beyond tests/core/test_matfile.py's line edits: cut short, percent escapes, huge numbers."""
    rng = random.Random(token)
    texts = [write_mat(thing) for thing in sample(token, 6, seed=9)]
    seen = set()
    for _ in range(max(30, MUTATIONS // 10)):
        text = mutated(rng.choice(texts), rng)
        try:
            record = read_mat(text)
        except MatError as error:
            assert str(error).startswith(("line ", "no ")), str(error)
            seen.add("refused")
        else:
            seen.add("read")
            assert read_mat(write_mat(record.latest, record.names)).names == record.names
    assert seen == {"refused", "read"}


def test_mutated_embed_records_are_read_or_refused_with_the_position_error(
        embed_reader: Callable[[list[str]], list[dict[str, Any]]]) -> None:
    rng = random.Random(11)
    texts = [embed_record(game_of(thing)) for token in TOKENS for thing in sample(token, 4, seed=10)]
    changed = [mutated(rng.choice(texts), rng) for _ in range(MUTATIONS)]
    seen = set()
    for text, answer in zip(changed, embed_reader(changed), strict=True):
        if "error" in answer:
            assert answer["error"] == "PositionTextError" and answer["message"], (text, answer)
            seen.add("refused")
        else:
            seen.add("read")
            for frame in answer["frames"]:
                assert sum(frame["w"]) == sum(frame["b"]) == 15
                assert all(0 <= count <= 15 for count in frame["w"] + frame["b"])
    assert seen == {"refused", "read"}
