"""The delay of a move between two boards played live: two Chromium contexts on this machine.

    python bench/bench_live.py [--turns N]

Two contexts (two devices) connect by the invitation and its answer (docs/live.md), then play
N turns of backgammon from the start position. For each turn: the time from the sender's message put on the
data channel to the receiver's board showing the move (the line and the receiver's engine), and
from the sender's last click of the turn to that message (the sender's engine). Both pages'
clocks are the same machine's (performance.timeOrigin + performance.now()). Also printed: the
invitation's and the answer's length and the QR code's version.

Not a test: the figures depend on the machine (run it when the machine is as idle as it gets).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from bench.bench_boot import CHROMIUM, FLAGS, serving_apart, wait_ready  # noqa: E402
from tools import site as dist_site  # noqa: E402

DIST = ROOT / ".bench" / "dist"
START = "backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5"
NOW = "performance.timeOrigin + performance.now()"
# every message this page puts on the line, and every board it paints, with the time
WATCH = f"""() => {{
    const send = RTCDataChannel.prototype.send;
    window.sentAt = [];
    RTCDataChannel.prototype.send = function (data) {{
        if (data) window.sentAt.push({NOW});
        return send.call(this, data);
    }};
    window.paintedAt = [];
    const board = document.getElementById('board');
    new MutationObserver(() => window.paintedAt.push([{NOW}, board.dataset.position]))
        .observe(board, {{attributes: true, attributeFilter: ['data-position']}});
}}"""
WAITING = "document.getElementById('link-panel').dataset.waiting === '1'"
MOVABLE = "[...document.querySelectorAll('#board [data-movable]')].map(e => e.dataset.point)"


def open_page(browser: Any, url: str) -> Any:
    page = browser.new_context(reduced_motion="reduce", service_workers="block").new_page()
    page.goto(url)
    wait_ready(page)
    return page


def live_link(page: Any) -> str:
    page.wait_for_function("document.getElementById('live-url').value.includes('#live=')", timeout=60_000)
    return str(page.input_value("#live-url"))


def seq(page: Any) -> int:
    return int(page.evaluate("Number(document.getElementById('board').dataset.seq || 0)"))


def act(page: Any, selector: str) -> float:
    """Click and wait for the engine's answer; the time of the click."""
    before = seq(page)
    clicked = float(page.evaluate(NOW))
    page.click(selector, force=True)
    page.wait_for_function(f"Number(document.getElementById('board').dataset.seq || 0) > {before}", timeout=60_000)
    return clicked


def play_turn(page: Any) -> float:
    """Roll and play the first movable checker each step until the turn goes on the line; the
    time of the last click."""
    last = 0.0
    for _ in range(40):
        if page.evaluate(WAITING) or page.evaluate("document.getElementById('board').dataset.phase") == "over":
            return last
        if page.locator("#btn-roll").is_visible():
            last = act(page, "#btn-roll")
        elif page.evaluate(MOVABLE):
            act(page, f"#board [data-point='{page.evaluate(MOVABLE)[0]}']")
            target = page.evaluate("document.querySelector('#board [data-dest]').dataset.point")
            last = act(page, f"#board [data-point='{target}']")
        elif page.locator("#btn-confirm").is_visible():
            last = act(page, "#btn-confirm")
        else:
            page.wait_for_timeout(50)
    raise RuntimeError("the turn did not end")


def run(browser: Any, url: str, turns: int) -> dict[str, Any]:
    host, guest = open_page(browser, url + "#p=" + START), open_page(browser, url)
    host.click("#btn-share")
    host.wait_for_selector("#share-live", state="visible")
    host.click("#share-live")
    invite = live_link(host)
    guest.goto(invite)
    reply = live_link(guest)
    host.goto(reply)
    for page in (host, guest):
        page.wait_for_function("document.getElementById('live-panel').dataset.state === 'connected'", timeout=60_000)
        page.evaluate(WATCH)
    qr = host.evaluate("document.getElementById('live-qr').dataset.version || null")
    line: list[float] = []
    engine: list[float] = []
    for _ in range(turns):
        pages = [p for p in (host, guest) if not p.evaluate(WAITING)]
        if not pages or pages[0].evaluate("document.getElementById('board').dataset.phase") == "over":
            break
        sender = pages[0]
        receiver = guest if sender is host else host
        clicked = play_turn(sender)
        position = sender.evaluate("document.getElementById('board').dataset.position")
        receiver.wait_for_function(f"window.paintedAt.some(([t, p]) => p === {position!r})", timeout=60_000)
        sent = float(sender.evaluate("window.sentAt[window.sentAt.length - 1]"))
        painted = float(receiver.evaluate(f"window.paintedAt.find(([t, p]) => p === {position!r})[0]"))
        line.append(painted - sent)
        engine.append(sent - clicked)
    host.context.close()
    guest.context.close()
    return {"invite": len(invite), "reply": len(reply), "qr": qr, "line": line, "engine": engine}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=20)
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    dist_site.build(quiet=True, dist=DIST)
    with serving_apart(DIST) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        figures = run(browser, url, args.turns)
        browser.close()
    line, engine = figures["line"], figures["engine"]
    print(f"invitation {figures['invite']} characters (QR code version {figures['qr']}), "
          f"answer {figures['reply']} characters")
    print(f"{len(line)} turns: message on the line to the other board painted: median "
          f"{statistics.median(line):.0f} ms, max {max(line):.0f} ms")
    print(f"  the sender's last click to its message on the line: median {statistics.median(engine):.0f} ms, "
          f"max {max(engine):.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
