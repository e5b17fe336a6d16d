"""The browser tests' pool of warm contexts (context_pool.py) lends a context that holds nothing
an earlier test stored, and never lends again one it cannot put back as it was."""

from __future__ import annotations

import context_pool
from browser_support import open_app, wait_ready
from playwright.sync_api import Browser

STORE = """async () => {
  localStorage.setItem('nard.probe', '1');
  await new Promise((done, fail) => {
    const open = indexedDB.open('probe-db', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('s');
    open.onsuccess = () => { open.result.close(); done(null); };
    open.onerror = () => fail(open.error);
  });
}"""
STORED = """async () => [localStorage.getItem('nard.probe'),
                   (await indexedDB.databases()).map(db => db.name).includes('probe-db')]"""


def real(context: object) -> object:
    return context._context  # type: ignore[attr-defined]


def test_a_lent_context_holds_nothing_an_earlier_test_stored(browser: Browser, site: str) -> None:
    context, page, _ = open_app(browser, site)
    assert type(context).__name__ == context_pool.LentContext.__name__  # lent by the pool
    page.evaluate(STORE)
    assert page.evaluate(STORED) == ["1", True]
    first = real(context)
    context.close()
    context, page, watch = open_app(browser, site)
    try:
        assert real(context) is first  # the same profile, lent again
        assert page.evaluate(STORED) == [None, False]
        watch.assert_clean()
    finally:
        context.close()


def test_a_context_given_an_init_script_is_not_lent_again(browser: Browser, site: str) -> None:
    context, page, _ = open_app(browser, site)
    context.add_init_script("window.nardProbe = 1;")
    page.reload()
    wait_ready(page)
    tainted = real(context)
    context.close()
    context, page, _ = open_app(browser, site)
    try:
        assert real(context) is not tainted
        assert page.evaluate("window.nardProbe") is None
    finally:
        context.close()
