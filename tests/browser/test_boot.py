"""The built app boots in Chromium: Python in a worker, nothing fetched from elsewhere, no errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser_support import (
    AppPage,
    Watch,
    after,
    assert_drawn_as_engine_says,
    board,
    drawn,
    expected_drawn,
    one_step,
    open_app,
    origin_of,
    press,
    start_game,
    start_turn,
    wait_controlled,
)
from playwright.sync_api import Browser

import build


@pytest.mark.fresh_game  # true of any booted app, the worker's shared one too
def test_loading_indicator_is_gone_once_ready(app: AppPage) -> None:
    assert app.page.locator("#boot-status").count() == 0


@pytest.mark.fresh_game  # true of any booted app, the worker's shared one too
def test_engine_runs_python_in_a_worker(app: AppPage) -> None:
    hello = app.page.evaluate("window.nardApp.hello")
    assert hello["ready"] is True
    assert hello["platform"] == "emscripten"
    assert hello["python"].startswith("3.")
    assert hello["position"] == "backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5"
    assert len(app.page.workers) >= 1
    # Pyodide is not on the main thread.
    assert app.page.evaluate("typeof globalThis.loadPyodide === 'undefined' && !('pyodide' in globalThis)")


@pytest.mark.fresh_game  # true of any booted app, the worker's shared one too
def test_the_web_python_modules_import_in_the_worker(app: AppPage) -> None:
    hello = app.page.evaluate("window.nardApp.hello")
    assert hello["ui"] is True, hello.get("ui_error")


@pytest.mark.fresh_game  # true of any booted app, the worker's shared one too
def test_engine_answers_each_request_through_the_worker(app: AppPage) -> None:
    answer = app.page.evaluate("window.nardApp.request({type: 'hello'})")
    assert answer["ready"] is True


@pytest.mark.fresh_game  # true of any booted app, the worker's shared one too
def test_a_bad_request_gets_an_error_answer_not_a_crash(app: AppPage) -> None:
    answer = app.page.evaluate("window.nardApp.request({type: 'no such request'})")
    assert "error" in answer
    assert app.page.evaluate("window.nardApp.request({type: 'hello'})")["ready"] is True


@pytest.mark.service_worker  # its precache's requests count too
def test_every_request_goes_to_the_page_origin(app: AppPage, site: str) -> None:
    wait_controlled(app.page)  # the service worker's precache (nardcore.zip among it) is complete
    assert any(url.endswith("pyodide.asm.wasm") for url in app.watch.requests)
    assert any(url.endswith("nardcore.zip") for url in app.watch.requests)
    others = [u for u in app.watch.requests if not u.startswith(("data:", "blob:")) and origin_of(u) != origin_of(site)]
    assert others == []


@pytest.mark.fresh_game  # true of any booted app, the worker's shared one too
def test_the_board_is_in_the_page_with_its_test_hooks(app: AppPage) -> None:
    board = app.page.locator("#board")
    assert board.locator("svg").count() >= 1
    points = app.page.locator("#board [data-point]")
    ids = set(points.evaluate_all("nodes => nodes.map(n => n.dataset.point)"))
    assert {str(n) for n in range(1, 25)} | {"bar-w", "bar-b", "off-w", "off-b"} <= ids
    assert points.evaluate_all("nodes => nodes.every(n => n.getAttribute('aria-label'))")
    # the hooks hold the engine's state, not just any text: the start screen's backgammon board
    hooks = app.page.evaluate("({...document.getElementById('board').dataset})")
    assert hooks["position"] == "backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5"
    assert hooks["variant"] == "backgammon"
    assert hooks["turn"] == "w"
    assert hooks["dice"] == ""
    assert hooks["phase"] in ("opening", "roll")
    assert int(hooks["seq"]) >= 1


EMBED = (
    '<!doctype html><title>host</title><link rel="icon" href="data:,">'
    '<iframe title="game" src="{src}" style="width:800px;height:600px"></iframe>'
)


def boot_in_iframe(browser: Browser, site: str, host_url: str, same_origin: bool) -> None:
    context = browser.new_context()
    watch = Watch(origin_of(site), also_allowed=(origin_of(host_url),)).attach(context)
    try:
        page = context.new_page()
        if same_origin:  # the embedding page is made up on the spot, at the app's own origin
            page.route(host_url, lambda route: route.fulfill(content_type="text/html", body=EMBED.format(src=site)))
        page.goto(host_url)
        frame = page.frame_locator("iframe")
        frame.locator("html[data-ready]").wait_for(state="attached", timeout=60_000)
        assert frame.locator("html").get_attribute("data-ready") == "1"
        assert frame.locator("#board svg").count() >= 1
        # the embed starts as fast as the page: from the memory snapshot
        app_frame = page.main_frame.child_frames[0]
        assert app_frame.evaluate("window.nardApp.hello.boot") == "snapshot"
        if same_origin:
            watch.assert_clean()
        else:
            # storage and the service worker are denied: the page tells the player that nothing is
            # saved, the console says the service worker is missing, and nothing else goes wrong
            frame.locator("#store-notice").wait_for(state="visible", timeout=10_000)
            assert "does not let the page store" in (frame.locator("#store-text").text_content() or "")
            denied = ("console warning: service worker not registered: NotSupportedError",)
            assert {d for d in denied if any(p.startswith(d) for p in watch.problems)} == set(denied)
            assert [p for p in watch.problems if not p.startswith(denied)] == []
    finally:
        context.close()


def test_app_boots_in_a_same_origin_iframe(browser: Browser, site: str) -> None:
    boot_in_iframe(browser, site, site + "embed-test.html", same_origin=True)


def test_app_boots_in_a_cross_site_iframe_with_storage_denied(browser: Browser, site: str, tmp_path: Path) -> None:
    # localhost embeds 127.0.0.1: another site, so the browser denies the frame IndexedDB,
    # localStorage and a service worker (third-party storage blocked). The game still starts.
    (tmp_path / "embed.html").write_text(EMBED.format(src=site))
    with build.SiteServer(tmp_path, 0).serving() as host:
        boot_in_iframe(browser, site, host.replace("127.0.0.1", "localhost") + "embed.html", same_origin=False)


def test_the_pages_policy_refuses_injected_script_and_other_origins(browser: Browser, site: str) -> None:
    context, page, _ = open_app(browser, site)
    try:
        directive = page.evaluate("""() => new Promise(resolve => {
            document.addEventListener('securitypolicyviolation', e => resolve(e.effectiveDirective), {once: true});
            const script = document.createElement('script');
            script.textContent = 'window.nardInjected = 1';
            document.body.append(script);
        })""")
        assert directive.startswith("script-src")
        assert page.evaluate("window.nardInjected") is None
        answer = page.evaluate("fetch('https://example.com/x').then(() => 'fetched', () => 'refused')")
        assert answer == "refused"
        # the app itself runs under the policy: a move is still played
        start_game(page)
        phase = page.evaluate("window.nardApp.request({type: 'roll'}).then(a => a.view.phase)")
        assert phase in ("roll", "move", "cube")
    finally:
        context.close()


@pytest.mark.parametrize("stored", [None, "{not a view", json.dumps({"checkers": 3, "position": 7})])
def test_before_python_starts_the_page_paints_the_engines_start_view(browser: Browser, site: str,
                                                                     stored: str | None) -> None:
    """The engine never starts here (PyScript is not served): what is drawn comes from the
    start view the build put into the page, also when the last view kept is unreadable."""
    context = browser.new_context()
    context.route("**/vendor/pyscript/**", lambda route: route.abort())
    if stored is not None:
        context.add_init_script(f"localStorage.setItem('nard.view', {json.dumps(stored)})")
    page = context.new_page()
    try:
        page.goto(site)
        page.wait_for_function("document.querySelectorAll('#board [data-checker]').length === 30")
        start = json.loads(page.locator("#nard-start-view").text_content() or "{}")
        assert drawn(page) == expected_drawn(start["position"])
        assert page.evaluate("document.documentElement.dataset.ready") != "1"
    finally:
        context.close()


def test_boards_can_be_mounted_side_by_side_and_taken_down(app: AppPage) -> None:
    page = app.page
    start_game(page)  # the start dialog would cover the page
    result = page.evaluate("""() => {
        const view = window.nardPage.view;
        const heard = {one: [], two: []};
        const roots = ['one', 'two'].map(name => {
            const root = document.createElement('div');
            root.id = 'extra-' + name;
            root.style.width = '480px';
            document.body.append(root);
            return root;
        });
        const one = window.nardApp.createBoard(roots[0], {onIntent: i => heard.one.push(i.type)});
        const two = window.nardApp.createBoard(roots[1], {onIntent: i => heard.two.push(i.type)});
        one.paint(view);
        two.paint(view);
        const counts = roots.map(r => r.querySelectorAll('[data-checker]').length);
        const press = (root) => {
            const hit = root.querySelector('[data-point="13"] .hit');
            for (const type of ['pointerdown', 'pointerup']) {
                const box = hit.getBoundingClientRect();
                hit.dispatchEvent(new PointerEvent(type, {bubbles: true, clientX: box.x + box.width / 2,
                    clientY: box.y + box.height / 2, pointerId: 1, button: 0}));
            }
        };
        roots[1].scrollIntoView();
        press(roots[1]);
        const svg = roots[0].querySelector('svg');
        one.destroy();
        svg.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
        return {counts, heard, left: roots[0].querySelectorAll('svg').length,
                still: roots[1].querySelectorAll('[data-checker]').length};
    }""")
    assert result["counts"] == [30, 30]
    assert result["heard"]["one"] == [] and result["heard"]["two"] == ["click"]
    assert result["left"] == 0 and result["still"] == 30


# Every listener added while the page is mounted, by target, type and function.
TRACK_LISTENERS = """() => {
    const live = window.liveListeners = [];
    const add = EventTarget.prototype.addEventListener;
    const remove = EventTarget.prototype.removeEventListener;
    const same = (target, type, fn) => (l) => l.target === target && l.type === type && l.fn === fn;
    EventTarget.prototype.addEventListener = function (type, fn, options) {
        if (!live.some(same(this, type, fn))) live.push({target: this, type, fn});
        return add.call(this, type, fn, options);
    };
    EventTarget.prototype.removeEventListener = function (type, fn, options) {
        const at = live.findIndex(same(this, type, fn));
        if (at >= 0) live.splice(at, 1);
        return remove.call(this, type, fn, options);
    };
    window.untrackListeners = () => {
        EventTarget.prototype.addEventListener = add;
        EventTarget.prototype.removeEventListener = remove;
    };
    const request = window.nardApp.request.bind(window.nardApp);
    window.sentIntents = [];
    window.nardApp.request = (message) => {
        window.sentIntents.push(message.type);
        return request(message);
    };
}"""

# The listeners still on the page (window, document or an element in it), named.
LEFT_LISTENERS = """() => window.liveListeners
    .filter(l => l.target === window || l.target === document || l.target.isConnected)
    .map(l => `${l.target === window ? 'window' : l.target.id || l.target.nodeName}:${l.type}`)"""


def test_the_page_can_be_taken_down_and_mounted_again(app: AppPage) -> None:
    page = app.page
    press(page, "setup-start")
    page.evaluate(TRACK_LISTENERS)
    page.evaluate("window.nardPage.destroy()")
    assert page.evaluate("window.nardPage === undefined && document.querySelectorAll('#board svg').length === 0")
    # keys, buttons and a pasted link do nothing any more
    for key in ["r", "f", "Enter"]:
        page.keyboard.press(key)
    # the hash changed, wait for its hashchange event (our handler, set last, runs after any
    # listener the page left) and a frame
    page.evaluate("""() => new Promise(resolve => {
        window.onhashchange = () => requestAnimationFrame(() => resolve(true));
        const ids = ['btn-new', 'btn-settings', 'btn-games', 'btn-rules', 'btn-roll'];
        for (const id of ids) document.getElementById(id).click();
        location.hash = 'p=backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5';
    })""")
    page.evaluate("window.onhashchange = null")
    assert page.evaluate("document.querySelector('dialog[open]')") is None
    assert page.evaluate("location.hash") != ""  # the page's hashchange listener would take it off
    assert page.evaluate("window.sentIntents") == []
    page.evaluate("history.replaceState(null, '', location.pathname + location.search)")

    # mounted again on the same element: the game goes on, each key heard once
    after(page, lambda: page.evaluate("""async () => {
        window.remounted = window.nardApp.mountPage(document.getElementById('board'), window.nardApp);
        await window.remounted.start();
    }"""))
    assert page.evaluate("window.nardPage.gameId") is not None
    assert_drawn_as_engine_says(page)
    assert board(page)["phase"] == "opening"
    after(page, lambda: page.keyboard.press("r"))
    assert board(page)["dice"] != ""
    assert page.evaluate("window.sentIntents") == ["boot", "roll"]
    start_turn(page)
    one_step(page)
    assert_drawn_as_engine_says(page)

    # a whole mount and its destroy leave no listener behind
    page.evaluate("window.remounted.destroy()")
    page.evaluate("window.untrackListeners()")
    assert page.evaluate(LEFT_LISTENERS) == []
    assert page.evaluate("[...document.querySelectorAll('#record-list button, #hint-list button')].length") == 0
