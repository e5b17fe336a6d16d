"""The hands and the senses: messages addressed to the one who reads them, the dice's throw
(still under reduced motion), the sounds (made with Web Audio; none before a gesture, none when
muted), a double click that plays a checker, and the automatic bear-off."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from browser_support import Watch, after, board, origin_of, points, press, wait_ready
from playwright.sync_api import Browser, Page

SHOTS = Path(__file__).resolve().parents[2] / "test-results"

# every text the message line shows, in order (a message may stand for a moment only)
MESSAGES_SEEN = """
window.__messages = [];
document.addEventListener("DOMContentLoaded", () => {
  const line = document.getElementById("message");
  const note = () => { const text = line.textContent || ""; if (text) window.__messages.push(text); };
  new MutationObserver(note).observe(line, {childList: true, characterData: true, subtree: true});
});
"""

# an AudioContext that records instead of playing: how many were made, how many nodes started,
# each sound the page announces with the number of nodes started by then, and each change of state
AUDIO_RECORDER = """
window.__audio = {made: 0, started: 0, sounds: [], states: []};
window.addEventListener("nard-sound", (e) => window.__audio.sounds.push([e.detail, window.__audio.started]));
class Param { setValueAtTime() {} exponentialRampToValueAtTime() {} linearRampToValueAtTime() {} }
class Node {
  constructor() { this.gain = new Param(); this.frequency = new Param(); this.Q = new Param(); this.type = ""; }
  connect(next) { return next; }
  start() { window.__audio.started += 1; }
  stop() {}
}
class RecordingContext {
  constructor() { window.__audio.made += 1; this.state = "running"; this.sampleRate = 8000; this.currentTime = 0;
                  this.destination = new Node(); }
  createBuffer(channels, frames) { return {getChannelData: () => new Float32Array(frames)}; }
  createBufferSource() { return new Node(); }
  createBiquadFilter() { return new Node(); }
  createGain() { return new Node(); }
  createOscillator() { return new Node(); }
  resume() { this.state = "running"; window.__audio.states.push("running"); return Promise.resolve(); }
  suspend() { this.state = "suspended"; window.__audio.states.push("suspended"); return Promise.resolve(); }
  close() { return Promise.resolve(); }
}
window.AudioContext = RecordingContext;
window.webkitAudioContext = RecordingContext;
"""

# the time of every pointer release, for the gap between the two halves of a double tap
RELEASES_SEEN = """
window.__releases = [];
document.addEventListener("pointerup", (e) => window.__releases.push(e.timeStamp), true);
"""
BOARD_INPUT = Path(__file__).resolve().parents[2] / "web" / "page" / "board" / "board-input.js"
DOUBLE_TAP_MS = int(re.search(r"DOUBLE_TAP_MS = (\d+);", BOARD_INPUT.read_text())[1])  # type: ignore[index]


def double(page: Page, action: Callable[[], None], played: str) -> None:
    """Two clicks or taps (`action`) on one checker, until the pair lands within DOUBLE_TAP_MS
    of each other (a machine under load can be slower than a person between the two halves:
    then it was two taps, pick up and set back, and the pair is made again); then the play
    `played` (a JS condition) is on the board."""
    for _ in range(5):
        page.evaluate("window.__releases = []")
        action()
        gap = page.evaluate("window.__releases.length >= 2 ? window.__releases[1] - window.__releases[0] : null")
        assert gap is not None, "the two halves of the double tap were not seen"
        if gap < DOUBLE_TAP_MS:
            page.wait_for_function(played, timeout=20_000)
            return
        page.wait_for_function("document.querySelector('#board [data-selected]') === null", timeout=20_000)
    raise AssertionError(f"five pairs of taps were each more than {DOUBLE_TAP_MS} ms apart")


@contextmanager
def app_at(browser: Browser, site: str, query: str, fragment: str, init: str = "",
           **context_args: object) -> Iterator[Page]:
    """The app opened on a link (`?query#fragment`), in a fresh watched context with `init`
    run before the page's scripts; fails if anything went wrong on the page meanwhile."""
    # the service worker blocked, as open_app does (the dice's motion is these tests' subject)
    context = browser.new_context(**{"viewport": {"width": 1280, "height": 860}, "service_workers": "block",  # type: ignore[arg-type]
                                     **context_args})
    watch = Watch(origin_of(site)).attach(context)
    try:
        if init:
            context.add_init_script(init)
        page = context.new_page()
        page.goto(f"{site}?{query}#{fragment}")
        wait_ready(page)
        yield page
        watch.assert_clean()
    finally:
        context.close()


def sounds(page: Page) -> list[str]:
    return [name for name, _ in page.evaluate("window.__audio.sounds")]


def load(page: Page, fragment: str) -> None:
    """Another position by link, in the same page (the address bar's hashchange)."""
    after(page, lambda: page.evaluate("(f) => { location.hash = f; }", fragment))


def click(page: Page, point: str) -> None:
    after(page, lambda: page.click(f'#board [data-point="{point}"]', force=True))


# -- messages for the one who reads them --------------------------------------------------------


def test_the_computers_roll_without_a_move_never_asks_the_person_to_pass(browser: Browser, site: str) -> None:
    # Black (the computer) on the bar against White's points 6 and 4 rolls 6-4
    fragment = "p=backgammon:b:13x5,6x5,4x5:bar,24,13x5,8x3,6x5&vs=computer"
    with app_at(browser, site, "dice=6,4", fragment, MESSAGES_SEEN) as page:
        page.wait_for_function("document.getElementById('board').dataset.turn === 'w'", timeout=30_000)
        seen = page.evaluate("window.__messages")
        assert any(line.startswith("Black rolled 64: no legal move.") for line in seen), seen
        assert not [text for text in seen if "Pass" in text], seen


def test_the_player_who_doubles_reads_that_the_answer_is_awaited(browser: Browser, site: str) -> None:
    fragment = "p=backgammon:w:6x5,5x5,4x5:24x2,13x5,8x3,6x5&vs=computer"
    with app_at(browser, site, "dice=3,1", fragment, MESSAGES_SEEN) as page:
        after(page, lambda: page.click("#btn-double"))
        assert page.inner_text("#message") == "White doubles to 2. Waiting for the answer…"
        assert not page.is_visible("#btn-take")
        # the computer's answer follows: it takes (the cube is Black's) or drops (the game is over)
        page.wait_for_function("document.getElementById('board').dataset.phase !== 'take'", timeout=30_000)
        seen = page.evaluate("window.__messages")
        assert not [text for text in seen if "Take or drop" in text], seen


# -- the dice's throw ----------------------------------------------------------------------------


ROLL_HERE = "p=backgammon:w:24x2,13x5,8x3,6x4,5:24x2,13x5,8x3,6x5"


def test_the_dice_tumble_in_when_thrown_and_stand_still_afterwards(browser: Browser, site: str) -> None:
    with app_at(browser, site, "dice=6,5", ROLL_HERE) as page:
        press(page, "btn-roll")
        assert page.locator("#board .die.rolling").count() == 2
        running = page.evaluate("document.getAnimations().filter(a => a.animationName === 'die-throw').length")
        assert running >= 1
        click(page, "24")  # selecting a checker paints the same dice again: they stand still
        assert page.locator("#board .die").count() == 2
        assert page.locator("#board .die.rolling").count() == 0
        for width, height in ((360, 740), (1280, 800)):
            for scheme in ("light", "dark"):
                page.set_viewport_size({"width": width, "height": height})
                page.emulate_media(color_scheme=scheme)
                page.screenshot(path=str(SHOTS / f"dice-{width}-{scheme}.png"))


def test_under_reduced_motion_the_dice_do_not_tumble(browser: Browser, site: str) -> None:
    with app_at(browser, site, "dice=6,5", ROLL_HERE, reduced_motion="reduce") as page:
        press(page, "btn-roll")
        assert page.locator("#board .die").count() == 2
        assert page.locator("#board .die.rolling").count() == 0
        assert page.evaluate("document.getAnimations().filter(a => a.animationName === 'die-throw').length") == 0


# -- the sounds ----------------------------------------------------------------------------------


def test_each_thing_on_the_board_is_heard_and_nothing_before_a_gesture(browser: Browser, site: str) -> None:
    with app_at(browser, site, "dice=6,5", ROLL_HERE, AUDIO_RECORDER) as page:
        assert page.evaluate("window.__audio.made") == 0  # the page painted, nobody touched it yet
        press(page, "btn-roll")
        assert sounds(page) == ["roll"]
        click(page, "24")
        click(page, "18")
        assert sounds(page) == ["roll", "move"]
        # a new board by link is not heard; White's 6/4* with 2-1 hits Black's blot
        load(page, "p=backgammon:w:6x2,13x13:21,1x14&dice=21")
        assert sounds(page) == ["roll", "move"]
        click(page, "6")
        click(page, "4")
        assert sounds(page) == ["roll", "move", "hit"]
        load(page, "p=backgammon:w:2x2,1x13:1x15&dice=21")
        click(page, "2")
        click(page, "off-w")
        assert sounds(page) == ["roll", "move", "hit", "off"]
        load(page, "p=backgammon:w:2,1:1x15&dice=21")  # White's last two checkers
        click(page, "2")
        click(page, "off-w")
        click(page, "1")
        click(page, "off-w")
        assert sounds(page) == ["roll", "move", "hit", "off", "off", "off"]
        press(page, "btn-confirm")
        assert board(page)["phase"] == "over"
        assert sounds(page) == ["roll", "move", "hit", "off", "off", "off", "end"]
        recorded = page.evaluate("window.__audio.sounds")
        started = [count for _, count in recorded]
        assert started[0] > 0 and all(b > a for a, b in zip(started, started[1:]))  # each sound played its notes
        assert page.evaluate("window.__audio.made") == 1


SOUND_JS = Path(__file__).resolve().parents[2] / "web" / "page" / "sound.js"
IDLE_MS = int(re.search(r"IDLE_MS = (\d+);", SOUND_JS.read_text())[1])  # type: ignore[index]


def test_the_audio_is_suspended_when_quiet_and_wakes_for_the_next_sound(browser: Browser, site: str) -> None:
    with app_at(browser, site, "dice=6,5", ROLL_HERE, AUDIO_RECORDER) as page:
        press(page, "btn-roll")
        assert sounds(page) == ["roll"]
        # a phone's audio output is not kept awake between sounds
        page.wait_for_function("window.__audio.states.at(-1) === 'suspended'", timeout=IDLE_MS + 10_000)
        click(page, "24")
        click(page, "18")
        assert sounds(page) == ["roll", "move"]
        states = page.evaluate("window.__audio.states")
        assert "running" in states[states.index("suspended") + 1 :], states  # resumed for the move
        # a touch that makes no sound wakes it too, and does not leave it running
        page.wait_for_function("window.__audio.states.at(-1) === 'suspended'", timeout=IDLE_MS + 10_000)
        quiet = len(page.evaluate("window.__audio.states"))
        page.mouse.click(2, 2)  # the page's corner: nothing there
        asleep_again = f"window.__audio.states.length > {quiet + 1} && window.__audio.states.at(-1) === 'suspended'"
        page.wait_for_function(asleep_again, timeout=IDLE_MS + 10_000)
        assert page.evaluate("window.__audio.states")[quiet:] == ["running", "suspended"]
        assert sounds(page) == ["roll", "move"]


def test_muted_nothing_is_heard(browser: Browser, site: str) -> None:
    with app_at(browser, site, "dice=6,5", ROLL_HERE, AUDIO_RECORDER) as page:
        page.click("#btn-settings")
        assert page.is_checked("#pref-sound")  # sounds are on unless the person turns them off
        after(page, lambda: page.uncheck("#pref-sound"))
        page.click("#settings-close")
        press(page, "btn-roll")
        click(page, "24")
        click(page, "18")
        assert sounds(page) == [] and page.evaluate("window.__audio.started") == 0
        page.reload()  # remembered with the other settings
        page.wait_for_selector("html[data-ready='1']", state="attached", timeout=60_000)
        page.click("#btn-settings")
        assert not page.is_checked("#pref-sound")


# -- quicker hands -------------------------------------------------------------------------------


PLAYED_24_18 = "document.getElementById('board').dataset.position.startsWith('backgammon:w:24,18,')"


def test_a_double_click_plays_the_checker_by_the_larger_die(browser: Browser, site: str) -> None:
    with app_at(browser, site, "dice=6,5", ROLL_HERE, RELEASES_SEEN) as page:
        press(page, "btn-roll")
        before = board(page)["seq"]
        double(page, lambda: page.dblclick('#board [data-point="24"]', force=True), PLAYED_24_18)
        assert int(board(page)["seq"]) > int(before)
        assert points(page, "selected") == []
        press(page, "btn-undo")  # one step, undone like any other
        assert board(page)["position"].startswith("backgammon:w:24x2,13x5,")


def test_setting_a_checker_down_then_picking_one_up_there_at_once_is_two_taps(browser: Browser, site: str) -> None:
    with app_at(browser, site, "dice=6,5", ROLL_HERE) as page:
        press(page, "btn-roll")
        click(page, "13")
        spot = page.locator('#board [data-point="8"]')
        spot.click(force=True)  # sets the checker from 13 down on 8 by the 5 ...
        spot.click(force=True)  # ... and at once picks one up there: a selection, not a quick step
        # the view after the first tap still shows 13 picked up: wait for the one after the second
        page.wait_for_function("document.getElementById('board').dataset.position.includes('8x4')"
                               " && document.querySelector('#board [data-selected]:not([data-point=\"13\"])') !== null",
                               timeout=20_000)
        assert points(page, "selected") == ["8"]
        position = board(page)["position"]
        assert "13x4" in position and "8x4" in position, position


def test_a_double_tap_plays_the_checker_on_a_phone(browser: Browser, site: str) -> None:
    with app_at(browser, site, "dice=6,5", ROLL_HERE, RELEASES_SEEN, viewport={"width": 360, "height": 740},
                has_touch=True, is_mobile=True) as page:
        press(page, "btn-roll")
        target = page.locator('#board [data-point="24"]')

        def two_taps() -> None:
            target.tap(force=True)
            target.tap(force=True)

        double(page, two_taps, PLAYED_24_18)


def test_auto_bear_off_finishes_the_turn_when_only_bear_offs_are_left(browser: Browser, site: str) -> None:
    with app_at(browser, site, "dice=6,4", "p=backgammon:w:6x1,2x1,1x13:1x15") as page:
        page.click("#btn-settings")
        assert not page.is_checked("#pref-auto_bear_off")  # off unless the person asks for it
        after(page, lambda: page.check("#pref-auto_bear_off"))
        for width, height in ((360, 740), (1280, 800)):
            for scheme in ("light", "dark"):
                page.set_viewport_size({"width": width, "height": height})
                page.emulate_media(color_scheme=scheme)
                page.screenshot(path=str(SHOTS / f"settings-{width}-{scheme}.png"))
        page.click("#settings-close")
        press(page, "btn-roll")
        click(page, "6")
        click(page, "2")  # 6/2 by the 4: the 6 can only bear off from 2, and is played at once
        assert board(page)["position"] == "backgammon:w:2,1x13:1x15"
        assert page.is_visible("#btn-confirm")
