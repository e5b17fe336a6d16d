"""axe-core (npm, pinned in package.json, a test-only dependency) run on the main screen and on
every dialog and panel (screens_support.SCREENS), in light and dark: no serious or critical
violation (contrast, names, labels, roles). At 1280×800 one page walks the screens once and
runs axe on each in both colour schemes (the page's media switched under it); the dark phone
has a context of its own (touch, its own size)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_support import TEST_CONTEXT, Watch, origin_of
from playwright.sync_api import Browser, Page
from screens_support import AXE, SCREENS, axe_violations, open_screen, start_page
from support.dist import built_dist


@pytest.fixture(scope="module")
def desktop(browser: Browser, site: str) -> Iterator[tuple[Page, Watch]]:
    """One page at 1280×800 on the game of `start_page`, for the module's tests (one boot, one
    review): axe's script is added to it, so its content security policy is set aside."""
    context = browser.new_context(**TEST_CONTEXT, viewport={"width": 1280, "height": 800}, bypass_csp=True)  # type: ignore[arg-type]
    watch = Watch(origin_of(site)).attach(context)
    try:
        page = context.new_page()
        start_page(page, site)
        yield page, watch
    finally:
        context.close()


def violations_on_every_screen(page: Page, schemes: tuple[str, ...]) -> dict[str, list[str]]:
    """axe's serious and critical violations on each screen of SCREENS, opened one after the other
    on `page`, in each colour scheme (the page's media switched, the screen left open)."""
    found = {}
    for screen in SCREENS:
        open_screen(page, screen)
        for scheme in schemes:
            page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
            assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
            # colours that change by a transition have reached the scheme's
            page.wait_for_function("document.getAnimations().filter(a => a.playState === 'running').length === 0")
            violations = axe_violations(page)
            if violations:
                found[f"{screen.name} ({scheme})"] = violations
        screen.close(page)
    return found


def test_the_axe_check_sees_a_button_without_a_name_and_words_too_faint_to_read(desktop: tuple[Page, Watch]) -> None:
    page, _ = desktop
    page.emulate_media(color_scheme="light")
    # nothing more to come by itself (the luck measured ahead repaints the controls)
    page.wait_for_function("window.nardPage.view && window.nardPage.view.next === null", timeout=60_000)
    page.evaluate("""() => {
      const flip = document.getElementById('btn-flip'), title = document.getElementById('record-title');
      const before = [flip.textContent, flip.getAttribute('title'), title.style.color];
      flip.textContent = '';
      flip.removeAttribute('title');
      title.style.color = '#e8e0d0';
      window.__undoFaint = () => {
        flip.textContent = before[0];
        flip.setAttribute('title', before[1]);
        title.style.color = before[2];
      };
    }""")
    try:
        found = " ".join(axe_violations(page))
        assert "button-name: #btn-flip" in found and "color-contrast: #record-title" in found, found
    finally:
        page.evaluate("window.__undoFaint()")
    assert axe_violations(page) == []  # as it was: the screens' test runs on it next


def test_no_screen_has_a_serious_or_critical_axe_violation_in_light_or_dark(desktop: tuple[Page, Watch]) -> None:
    page, watch = desktop
    assert violations_on_every_screen(page, ("light", "dark")) == {}
    watch.assert_clean()


def test_no_screen_on_a_dark_phone_has_a_serious_or_critical_axe_violation(browser: Browser, site: str) -> None:
    context = browser.new_context(**TEST_CONTEXT, viewport={"width": 390, "height": 844},  # type: ignore[arg-type]
                                  color_scheme="dark", bypass_csp=True,
                                  has_touch=True, is_mobile=True)
    watch = Watch(origin_of(site)).attach(context)
    try:
        page = context.new_page()
        start_page(page, site)
        assert violations_on_every_screen(page, ("dark",)) == {}
        watch.assert_clean()
    finally:
        context.close()


def test_axe_core_is_a_test_tool_never_shipped() -> None:
    assert AXE.is_file()
    shipped = [path for path in built_dist().rglob("*") if path.is_file()]
    assert shipped and not [path for path in shipped if "axe" in path.name.lower()]
    for name in ("index.html", "embed.js", "sw.js"):
        assert "axe-core" not in (built_dist() / name).read_text(errors="replace")
