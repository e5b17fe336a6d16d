"""A game played live, as two friends play it: two browser contexts (two devices) connect by the
invitation and its answer, then every move crosses the line at once, with no link sent; what a
cheating peer sends is refused, and a line that drops is noticed on the other side."""

from __future__ import annotations

import json
import time
from pathlib import Path

from browser_support import after, board, eventually, open_app, press, saved, stored_library, wait_ready
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_play_by_link import play_turn

from web.worker.duel.livelink import read_live_link

NARDE = "narde:w:6x3,5,4:6x3,5,4"  # near the end; five checkers, so no single roll (6-6 bears off four) ends it
BACKGAMMON = "backgammon:w:6x2,5,4,3:6x2,5,4,3"
# the cheater's page: every channel this page sends on is kept, with what it sent
SPY = """() => {
    const send = RTCDataChannel.prototype.send;
    window.sentOnLine = [];
    RTCDataChannel.prototype.send = function (data) {
        window.lineChannel = this;
        if (data) window.sentOnLine.push(data);
        return send.call(this, data);
    };
}"""


JSQR = Path(__file__).resolve().parents[2] / "node_modules" / "jsqr" / "dist" / "jsQR.js"  # a test-only decoder
READ_QR = """() => {
    const canvas = document.getElementById('live-qr');
    const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    const found = jsQR(pixels.data, canvas.width, canvas.height);
    return found && found.data;
}"""


def qr_text(page: Page) -> str:
    """The live link's QR code beside the board, read back by a decoder (npm jsqr)."""
    page.wait_for_function("document.getElementById('live-qr').dataset.version"
                           " && document.getElementById('live-qr').dataset.url"
                           " === document.getElementById('live-url').value", timeout=20_000)
    # the decoder's source, run at the page's top level (the page's policy allows no inline script)
    page.evaluate("(source) => { if (!window.jsQR) (0, eval)(source); }", JSQR.read_text())
    return str(page.evaluate(READ_QR))


def live_link(page: Page) -> str:
    page.wait_for_function("document.getElementById('live-url').value.includes('#live=')", timeout=30_000)
    return page.input_value("#live-url")


def connected(page: Page) -> None:
    expect(page.locator("#live-panel")).to_have_attribute("data-state", "connected", timeout=30_000)


def connect(browser: Browser, site: str, start: str) -> tuple[list[BrowserContext], Page, Page, list]:  # type: ignore[type-arg]
    """The host shares the position live, the guest opens the invitation and the host its answer."""
    host_context, host, host_watch = open_app(browser, f"{site}#p={start}")
    guest_context, guest, guest_watch = open_app(browser, site)
    press(host, "btn-share")
    host.click("#share-live")
    invite = live_link(host)
    assert qr_text(host) == invite  # the QR code beside the link is the link
    qr = host.evaluate("({...document.getElementById('live-qr').dataset})")
    print(f"invitation: {len(invite)} characters, QR code version {qr['version']} ({qr['modules']} modules a side)")
    after(guest, lambda: guest.goto(invite))
    reply = live_link(guest)
    host.goto(reply)
    connected(host)
    connected(guest)
    return [host_context, guest_context], host, guest, [host_watch, guest_watch]


def to_act(page: Page) -> bool:
    return board(page)["phase"] != "over" and page.get_attribute("#link-panel", "data-waiting") != "1"


def play_live(host: Page, guest: Page) -> int:
    """Both play to the end, each turn crossing the line: the turns played."""
    turns = 0
    for _ in range(200):
        if board(host)["phase"] == "over" and board(guest)["phase"] == "over":
            return turns
        page = host if to_act(host) else guest if to_act(guest) else None
        if page is None:
            host.wait_for_timeout(100)
            continue
        other = guest if page is host else host
        play_turn(page)
        turns += 1
        # the move is on the other board at once: its turn, or the end
        other.wait_for_function("document.getElementById('board').dataset.phase === 'over'"
                                " || document.getElementById('link-panel').dataset.waiting !== '1'", timeout=20_000)
    raise AssertionError("the game did not end")


def test_two_devices_play_narde_and_backgammon_live_to_the_end_with_no_link_after_the_second(
        browser: Browser, site: str) -> None:
    for start in (NARDE, BACKGAMMON):
        contexts, host, guest, watches = connect(browser, site, start)
        try:
            assert board(guest)["position"] == start
            play_live(host, guest)
            assert board(host)["position"] == board(guest)["position"]
            assert host.input_value("#live-url") == "" and guest.input_value("#live-url") == ""  # no link to send
            for watch in watches:
                watch.assert_clean()
        finally:
            for context in contexts:
                context.close()


def test_a_cheating_peer_is_refused_and_a_dropped_line_is_noticed(browser: Browser, site: str) -> None:
    contexts, host, guest, watches = connect(browser, site, NARDE)
    try:
        for page in (host, guest):
            page.evaluate(SPY)
        cheater = host if to_act(host) else guest
        honest = guest if cheater is host else host
        play_turn(cheater)
        honest.wait_for_function("document.getElementById('link-panel').dataset.waiting !== '1'", timeout=20_000)
        cheater.wait_for_function("window.sentOnLine.length > 0 && window.lineChannel", timeout=20_000)
        position = board(honest)["position"]
        sent = cheater.evaluate("window.sentOnLine[window.sentOnLine.length - 1]")
        edited = sent[:-8] + ("A" if sent[-8] != "A" else "B") + sent[-7:]  # a forged roll, or a move changed
        for forged in (sent, edited, '{"d":"d=000000000000.w2.AAAA"}', "<img src=x onerror=alert(1)>"):
            after(honest, lambda forged=forged: cheater.evaluate("(data) => window.lineChannel.send(data)", forged))
            if forged != sent:  # the same message again (sent again after a reconnection) changes nothing
                expect(honest.locator("#message")).to_contain_text("refused")
            assert board(honest)["position"] == position
        expect(honest.locator("#live-heard")).to_be_empty()
        # words: a quick message one way, a chat line the other, shown as text and nothing else
        after(cheater, lambda: honest.click("#live-q-gg"))
        expect(cheater.locator("#live-heard li").last).to_have_text("Good game")
        words = '<img src=x onerror="document.title=1">'
        chat = json.dumps({"t": words})
        after(honest, lambda: cheater.evaluate("(data) => window.lineChannel.send(data)", chat))
        expect(honest.locator("#live-heard li").last).to_have_text(words)
        assert honest.locator("#live-heard img").count() == 0
        # the honest side plays on; then the cheater's device goes away: the other side says so
        play_turn(honest)
        start = time.monotonic()
        contexts[0 if cheater is host else 1].close()
        expect(honest.locator("#live-panel")).to_have_attribute("data-state", "dropped", timeout=20_000)
        print(f"dropped line noticed after {time.monotonic() - start:.1f} s")
        expect(honest.locator("#link-live")).to_be_visible()  # on by links, or live again
        watches[1 if cheater is host else 0].assert_clean()
    finally:
        for context in contexts:
            context.close()


def test_the_live_link_opens_a_new_game_ready_to_invite(browser: Browser, site: str) -> None:
    """A page may link to `#live`: the New game dialog opens with "live" chosen, and Start makes
    the invitation (no server contacted: the tick "Over the internet" is off)."""
    context, page, watch = open_app(browser, f"{site}#live")
    try:
        expect(page.locator("#setup")).to_be_visible()
        assert page.is_checked("#setup-live") and not page.is_checked("#setup-internet")
        page.click("#setup-start")
        assert live_link(page).split("#", 1)[1].startswith("live=")
        expect(page.locator("#live-panel")).to_have_attribute("data-state", "inviting")
        expect(page.locator("#link-panel")).to_be_hidden()  # the live panel says what to send
        watch.assert_clean()
    finally:
        context.close()


def test_an_answer_opened_in_a_new_tab_is_handed_to_the_waiting_tab(browser: Browser, site: str) -> None:
    """The answer comes back in a messenger, which opens it in a new tab: that tab hands it to the
    tab holding the invitation (BroadcastChannel), which connects; the new tab opens no game of
    its own from it (only the waiting tab holds the line's offer)."""
    host_context, host, host_watch = open_app(browser, f"{site}#p={NARDE}")
    guest_context, guest, guest_watch = open_app(browser, site)
    try:
        press(host, "btn-share")
        host.click("#share-live")
        after(guest, lambda: guest.goto(live_link(host)))
        reply = live_link(guest)
        other_tab = host_context.new_page()
        other_tab.goto(reply)
        connected(host)
        connected(guest)
        expect(other_tab.locator("html[data-ready]")).to_have_count(1, timeout=60_000)
        expect(other_tab.locator("#live-panel")).to_be_hidden()  # it handed the answer on, kept nothing of it
        host_watch.assert_clean()
        guest_watch.assert_clean()
    finally:
        host_context.close()
        guest_context.close()


def clocks_shown(pages: tuple[Page, ...], reserve: str) -> None:
    """Both clocks drawn on each device with `reserve` left, one of them running."""
    for page in pages:
        page.wait_for_function("document.querySelectorAll('.live-clock[data-running]').length === 1",
                               timeout=20_000)
        for side in ("w", "b"):
            expect(page.locator(f"#live-clock-{side}")).to_contain_text(reserve)


def test_the_clocks_are_shown_on_both_devices_and_tick_and_a_hidden_tab_says_your_turn(
        browser: Browser, site: str) -> None:
    """A time control chosen when inviting: both devices draw both clocks from the first view,
    and the running one counts down (on the guest, a controlled clock: Playwright's, run ahead a
    second at a time so the line's heartbeat is never silent long enough to look dropped)."""
    host_context, host, host_watch = open_app(browser, f"{site}#live")
    guest_context, guest, guest_watch = open_app(browser, site)
    try:
        guest.clock.install()  # from the next load on: the app loaded again under it
        guest.reload()
        wait_ready(guest)
        host.select_option("#setup-clock", "8:60")
        host.click("#setup-start")
        after(guest, lambda: guest.goto(live_link(host)))
        host.goto(live_link(guest))
        connected(host)
        connected(guest)
        clocks_shown((host, guest), "1:00")
        running = guest.locator(".live-clock[data-running]")
        side = str(running.get_attribute("id"))
        assert host.get_attribute(f"#{side}", "data-running") is not None  # the same side's clock on both
        start = float(guest.evaluate("performance.now()"))
        for _ in range(25):  # the delay (8 s) is free, then the reserve runs
            guest.clock.run_for(400)
            time.sleep(0.2)  # short steps, so the line's heartbeat is never silent long enough to look dropped
        spent = float(guest.evaluate("performance.now()")) - start
        left = float(guest.get_attribute(f"#{side}", "data-left") or "60")
        # drawn every 0.2 s: the figure read may be from the draw a tick before the time read
        assert spent > 12_000 and 60 - (spent / 1000 - 8) - 2 <= left <= 60 - (spent / 1000 - 8) + 0.2, (spent, left)
        expect(guest.locator(f"#{side}")).not_to_contain_text("1:00")
        expect(guest.locator("#live-panel")).to_have_attribute("data-state", "connected")
        other = "live-clock-b" if side == "live-clock-w" else "live-clock-w"
        expect(guest.locator(f"#{other}")).to_contain_text("1:00")  # the other side's reserve waits
        # the friend's move makes it this player's turn while the tab is hidden: its title says so
        mover = host if to_act(host) else guest
        waiting = guest if mover is host else host
        title = waiting.title()
        waiting.evaluate("Object.defineProperty(document, 'hidden', {configurable: true, get: () => true})")
        play_turn(mover)
        waiting.wait_for_function("document.title.startsWith('• Your turn')", timeout=20_000)
        waiting.evaluate("Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});"
                         " document.dispatchEvent(new Event('visibilitychange'))")
        assert waiting.title() == title  # seen: the title is the page's again
        host_watch.assert_clean()
        guest_watch.assert_clean()
    finally:
        host_context.close()
        guest_context.close()


def test_share_offers_the_clocks_and_a_loss_on_time_stays_over_a_reload(browser: Browser, site: str) -> None:
    """Share → "Play a friend live from here" with the clocks chosen beside it (New game's
    choices, none by default): the invitation carries them and both devices draw them from the
    first view. Then the guest's device says its player lost on time (`{"f": "b"}` on the line,
    docs/live.md "Clocks"): the host's game ends, and a reload shows it over, lost on time, as
    the library keeps it (no clock runs out here: nothing waits)."""
    host_context, host, host_watch = open_app(browser, f"{site}#p={NARDE}")
    guest_context, guest, guest_watch = open_app(browser, site)
    try:
        press(host, "btn-share")
        expect(host.locator("#share-clock")).to_be_visible()
        assert host.input_value("#share-clock") == ""  # none, unless chosen
        values = host.eval_on_selector_all("#share-clock option", "options => options.map((o) => o.value)")
        assert values == ["", "8:60", "12:120", "15:300", "20:600"]
        expect(host.locator("#share-clock option").nth(2)).to_have_text("12 s a move + 2 min a game")
        host.select_option("#share-clock", "12:120")
        host.click("#share-live")
        invite = live_link(host)
        assert read_live_link(invite.split("#", 1)[1])[1]["t"] == [12, 120, 120, 120]
        after(guest, lambda: guest.goto(invite))
        host.goto(live_link(guest))
        connected(host)
        connected(guest)
        clocks_shown((host, guest), "2:00")
        guest.evaluate(SPY)
        guest.wait_for_function("window.lineChannel", timeout=20_000)  # the next heartbeat shows the line
        after(host, lambda: guest.evaluate("(data) => window.lineChannel.send(data)", json.dumps({"f": "b"})))
        expect(host.locator("#message")).to_contain_text("wins on time")
        assert board(host)["phase"] == "over"
        eventually(lambda: '"event":"time"' in (saved(host) or ""))
        host.reload()
        wait_ready(host)
        assert board(host)["phase"] == "over"
        expect(host.locator("#message")).to_contain_text("Black ran out of time: White wins on time.")
        expect(host.locator("#record-list li").last).to_have_text("Black loses on time")
        entry = next(game for game in stored_library(host)["games"] if game["link"])
        assert entry["over"] and entry["winner"] == "w" and entry["result"] == {"points": 1, "kind": "time"}
        host_watch.assert_clean()
        guest_watch.assert_clean()
    finally:
        host_context.close()
        guest_context.close()

