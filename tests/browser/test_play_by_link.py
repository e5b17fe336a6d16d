"""Play by link, as two people do it: two browser contexts (two devices) pass links to each
other until the game ends, and the cheats the protocol refuses are refused in the page."""

from __future__ import annotations

import os
from pathlib import Path

from browser_support import after, board, open_app, press, wait_ready
from playwright.sync_api import Browser, Page, expect

START = "narde:w:6x2,5,4:6x2,5,4"  # near the end: a few turns each
MOVABLE = "[...document.querySelectorAll('#board [data-movable]')].map(e => e.dataset.point)"
SHOTS = os.environ.get("NARD_SHOTS")  # a folder: screenshots of the screens of a game by link


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def link_to_send(page: Page) -> str:
    expect(page.locator("#link-panel")).to_have_attribute("data-waiting", "1")
    url = page.input_value("#link-url")
    assert "#d=" in url
    return url


def open_link(page: Page, url: str) -> None:
    after(page, lambda: page.goto(url))


def message(page: Page) -> str:
    return page.locator("#message").inner_text()


def play_turn(page: Page) -> None:
    """Roll, move the first movable checker to its first destination until the turn is
    complete, confirm: the app then shows the link to send."""
    for _ in range(30):
        if page.get_attribute("#link-panel", "data-waiting") == "1" or board(page)["phase"] == "over":
            return
        if page.locator("#btn-roll").is_visible():
            press(page, "btn-roll")
        elif page.evaluate(MOVABLE):
            origin = page.evaluate(MOVABLE)[0]
            after(page, lambda: page.click(f"#board [data-point='{origin}']", force=True))
            target = page.evaluate("document.querySelector('#board [data-dest]').dataset.point")
            after(page, lambda: page.click(f"#board [data-point='{target}']", force=True))
        elif page.locator("#btn-confirm").is_visible():
            press(page, "btn-confirm")
        else:
            raise AssertionError(f"nothing to do: {board(page)} {message(page)}")
    raise AssertionError("the turn did not end")


def test_two_devices_play_by_link_to_the_end_and_cheats_are_refused(browser: Browser, site: str) -> None:
    host_context, host, host_watch = open_app(browser, f"{site}#p={START}")
    guest_context, guest, guest_watch = open_app(browser, site)
    try:
        assert board(host)["position"] == START
        press(host, "btn-share")
        after(host, lambda: host.click("#share-link"))
        invite = link_to_send(host)
        shot(host, "1-invitation")
        open_link(guest, invite)
        assert board(guest)["position"] == START
        answer = link_to_send(guest)
        shot(guest, "2-joined")
        # the invitation opened again on the guest's device: refused, the game unchanged
        open_link(guest, invite)
        expect(guest.locator("#message")).to_contain_text("opened already")
        assert guest.get_attribute("#message", "data-tone") == "warn"
        devices = {"host": host, "guest": guest}
        to, url, old = "host", answer, invite
        for turn in range(40):
            page = devices[to]
            open_link(page, url)
            if turn == 0:
                shot(page, "3-your-turn")
            if turn == 2:
                # opened twice, an old link, an edited one: each refused with the reason
                open_link(page, url)
                expect(page.locator("#message")).to_contain_text("opened already")
                open_link(page, old)
                expect(page.locator("#message")).to_contain_text("link")
                assert "refused" in message(page)
                head, payload = url.rsplit(".", 1)
                edited = head + "." + payload[:-6] + ("A" if payload[-6] != "A" else "B") + payload[-5:]
                open_link(page, edited)
                assert "refused" in message(page)
                shot(page, "4-refused")
                # a reload after rolling shows the very same dice: no second chance
                if page.locator("#btn-roll").is_visible():
                    press(page, "btn-roll")
                    dice = board(page)["dice"]
                    page.reload()
                    wait_ready(page)
                    assert board(page)["dice"] == dice
            if board(page)["phase"] == "over":
                break
            play_turn(page)
            if board(page)["phase"] == "over" and page.get_attribute("#link-panel", "data-waiting") != "1":
                break
            old, url = url, link_to_send(page)
            if turn == 1:
                shot(page, "5-send-move")
            if board(page)["phase"] == "over":
                other = devices["guest" if to == "host" else "host"]
                open_link(other, url)
                break
            to = "guest" if to == "host" else "host"
        assert board(host)["phase"] == "over" and board(guest)["phase"] == "over"
        assert board(host)["position"] == board(guest)["position"]
        shot(host, "6-over")
        host_watch.assert_clean()
        guest_watch.assert_clean()
    finally:
        host_context.close()
        guest_context.close()


BACKGAMMON = "backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5"


# the roll is painted: its dice on the board, or its pass in the link to send
ROLLED = ("document.getElementById('board').dataset.dice"
          " || document.getElementById('link-panel').dataset.waiting === '1'")


def link_number(url: str) -> int:
    """The number of a `#d=GAME.SIDE+NUMBER.DATA` link."""
    return int(url.split("#d=", 1)[1].split(".")[1][1:])


def test_a_backgammon_turn_without_doubling_takes_one_link(browser: Browser, site: str) -> None:
    """Each player opens the other's one link and rolls at once: the move's link said its sender
    would not double at their next turn and carries the other's dice. Ticking "I may double at
    my next turn" gives that turn the Double button back (its roll then asks for a link)."""
    host_context, host, host_watch = open_app(browser, f"{site}#p={BACKGAMMON}")
    guest_context, guest, guest_watch = open_app(browser, site)
    try:
        press(host, "btn-share")
        after(host, lambda: host.click("#share-link"))
        open_link(guest, link_to_send(host))
        devices = {"host": host, "guest": guest}
        to, url = "host", link_to_send(guest)
        for turn in range(6):
            page = devices[to]
            open_link(page, url)
            # the link is taken (an earlier answer may be the one painted first on a loaded machine)
            expect(page.locator("#link-panel")).not_to_have_attribute("data-waiting", "1")
            # the turn begins with this one link: the dice are here, no Double, no request to roll
            expect(page.locator("#btn-roll")).to_be_visible()
            expect(page.locator("#btn-double")).to_be_hidden()
            expect(page.locator("#link-hold-row")).to_be_visible()
            assert not page.is_checked("#link-hold")
            press(page, "btn-roll")
            # the roll's answer (another answer, to the link's, may be painted first on a loaded
            # machine): the dice to play, or a roll with no legal play (a checker on the bar
            # against a closed board), passed at once and sent in the same one link
            page.wait_for_function(ROLLED, timeout=20_000)
            if board(page)["dice"]:
                assert page.get_attribute("#link-panel", "data-waiting") != "1"  # the turn is still to play
            else:
                expect(page.locator("#record-list li").last).to_contain_text("no play")  # the dice, and no play
            if turn == 2:
                shot(page, "7-backgammon-turn")
            play_turn(page)
            sent = link_to_send(page)
            assert link_number(sent) == link_number(url) + 1  # one link back for the whole turn
            expect(page.locator("#link-text")).to_contain_text("your dice")
            to, url = "guest" if to == "host" else "host", sent
        # the host keeps the cube for their next turn: that turn may double, and rolling asks first
        open_link(host, url)
        host.check("#link-hold")
        host.wait_for_function("document.getElementById('link-hold').checked")
        press(host, "btn-roll")
        host.wait_for_function(ROLLED, timeout=20_000)  # the answer to the tick may be painted first
        play_turn(host)
        sent = link_to_send(host)
        expect(host.locator("#link-text")).not_to_contain_text("your dice")  # the answer brings no dice
        open_link(guest, sent)
        press(guest, "btn-roll")
        guest.wait_for_function(ROLLED, timeout=20_000)
        play_turn(guest)
        open_link(host, link_to_send(guest))
        expect(host.locator("#btn-double")).to_be_visible()
        expect(host.locator("#link-hold-row")).to_be_hidden()
        press(host, "btn-roll")
        assert link_to_send(host) and not board(host)["dice"]  # the roll went out as a request
        host_watch.assert_clean()
        guest_watch.assert_clean()
    finally:
        host_context.close()
        guest_context.close()
