"""axe-core (npm, pinned in package.json, a test-only dependency) run on the main screen and on
every dialog and panel (screens_support.SCREENS), in light and dark: no serious or critical
violation (contrast, names, labels, roles)."""

from __future__ import annotations

import pytest
from browser_support import Watch, origin_of
from playwright.sync_api import Browser
from screens_support import AXE, SCREENS, axe_violations, open_screen, start_page
from support.dist import built_dist


@pytest.mark.parametrize(
    ("scheme", "size"),
    [("light", (1280, 800)), ("dark", (1280, 800)), ("dark", (390, 844))],
    ids=["light-1280x800", "dark-1280x800", "dark-phone-390x844"],
)
def test_no_screen_has_a_serious_or_critical_axe_violation(
    browser: Browser, site: str, scheme: str, size: tuple[int, int]
) -> None:
    width, height = size
    phone = width < 600  # a touch screen
    # axe's script is added to the page: the page's content security policy is set aside for it
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme,  # type: ignore[arg-type]
                                  bypass_csp=True, has_touch=phone, is_mobile=phone)
    watch = Watch(origin_of(site)).attach(context)
    try:
        page = context.new_page()
        start_page(page, site)
        assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
        found = {}
        for screen in SCREENS:
            open_screen(page, screen)
            violations = axe_violations(page)
            if violations:
                found[screen.name] = violations
            screen.close(page)
        assert found == {}
        watch.assert_clean()
    finally:
        context.close()


def test_axe_sees_a_button_without_a_name_and_words_too_faint_to_read(browser: Browser, site: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    try:
        page = context.new_page()
        start_page(page, site)
        page.evaluate("""() => {
          const flip = document.getElementById('btn-flip');
          flip.textContent = '';
          flip.removeAttribute('title');
          document.getElementById('record-title').style.color = '#e8e0d0';
        }""")
        found = " ".join(axe_violations(page))
        assert "button-name: #btn-flip" in found and "color-contrast: #record-title" in found, found
    finally:
        context.close()


def test_axe_core_is_a_test_tool_never_shipped() -> None:
    assert AXE.is_file()
    shipped = [path for path in built_dist().rglob("*") if path.is_file()]
    assert shipped and not [path for path in shipped if "axe" in path.name.lower()]
    for name in ("index.html", "embed.js", "sw.js"):
        assert "axe-core" not in (built_dist() / name).read_text(errors="replace")
