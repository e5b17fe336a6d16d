"""The share dialog, as a player uses it: links for the whole game and the position, gnubg ID
and XGID for backgammon, copy buttons, and the board as SVG and PNG files."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import AppPage, after, board, open_app, play_one_turn, press, start_game, start_turn, wait_ready
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.fresh_game  # the worker's booted app, reset (shared_app.py)


def test_the_share_dialog_offers_every_form_and_each_link_opens_the_position(app: AppPage, browser: Browser,
                                                                             site: str, tmp_path: Path) -> None:
    page = app.page
    start_game(page, "backgammon")
    start_turn(page)
    position, dice = board(page)["position"], board(page)["dice"]
    press(page, "btn-share")
    rows = page.locator("#share-rows input")
    expect(rows).to_have_count(7)  # the gnubg ID and the XGID each with its link
    links = {kind: page.input_value(f"#share-{kind}") for kind in ("game", "position", "gnubg", "xgid", "embed")}
    # the snippet for a page of one's own: the script from this site and the record up to this roll
    assert links["embed"].startswith(f'<script src="{site}embed.js"></script> <nard-board record="')
    assert position in links["embed"]
    assert "?dice" not in links["game"] and "#s=" in links["game"]
    assert "#p=backgammon:" in links["position"] and f"&dice={dice}" in links["position"]
    assert ":" in links["gnubg"] and links["xgid"].startswith("XGID=")
    app.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click(".share-copy[data-kind='xgid']")
    expect(page.locator("#share-status")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == links["xgid"]
    # pictures
    with page.expect_download() as svg:
        page.click("#share-svg")
    assert svg.value.suggested_filename.endswith(".svg")
    svg_file = tmp_path / "board.svg"
    svg.value.save_as(svg_file)
    assert svg_file.read_text().count('class="checker') >= 28
    with page.expect_download() as png:
        page.click("#share-png")
    png_file = tmp_path / "board.png"
    png.value.save_as(png_file)
    assert png.value.suggested_filename.endswith(".png") and png_file.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # each link, opened by a friend, shows this position and roll
    for kind in ("game", "position"):
        context, friend, watch = open_app(browser, links[kind])
        try:
            wait_ready(friend)
            assert board(friend)["position"] == position and board(friend)["dice"] == dice, kind
            watch.assert_clean()
        finally:
            context.close()
    for kind in ("gnubg", "xgid"):
        context, friend, watch = open_app(browser, f"{site}#{kind}={links[kind]}")
        try:
            assert board(friend)["position"].split(":", 1)[1] == position.split(":", 1)[1], kind
            assert board(friend)["dice"] == dice, kind
        finally:
            context.close()


def test_a_narde_game_shares_links_but_no_backgammon_ids(app: AppPage) -> None:
    page = app.page
    start_game(page, "narde")
    press(page, "btn-share")
    expect(page.locator("#share-rows input")).to_have_count(3)
    assert page.locator("#share-gnubg").count() == 0 and page.locator("#share-embed").count() == 1


def test_the_game_record_downloads_as_mat_and_imports_back_as_a_new_game(app: AppPage, tmp_path: Path) -> None:
    page = app.page
    start_game(page, "backgammon")
    play_one_turn(page)
    play_one_turn(page)
    position = board(page)["position"]
    press(page, "btn-share")
    with page.expect_download() as record:
        page.click("#share-mat")
    assert record.value.suggested_filename.startswith("nard-backgammon-")
    file = tmp_path / record.value.suggested_filename
    record.value.save_as(file)
    assert file.suffix == ".mat"
    text = file.read_text()
    assert text.startswith(" 0 point match") and "  1) " in text
    page.click("#share-close")
    page.click("#btn-games")
    after(page, lambda: page.set_input_files("#games-import", str(file)))
    expect(page.locator("#message")).to_contain_text("added to your games")
    expect(page.locator("#games")).to_be_hidden()  # closed once the game is kept, maybe after the message
    assert board(page)["position"] == position
    page.click("#btn-games")
    expect(page.locator("#games-list .game-entry")).to_have_count(2)
    page.click("#games-close")
    # a damaged record: said with the line it fails on, and nothing changes
    bad = tmp_path / "damaged.mat"
    bad.write_text(text.replace("  1) ", "  1) 77: ", 1))
    page.click("#btn-games")
    after(page, lambda: page.set_input_files("#games-import", str(bad)))
    expect(page.locator("#message")).to_contain_text("could not be opened")
    expect(page.locator("#message")).to_contain_text("line 5")
    assert board(page)["position"] == position
    page.click("#btn-games")
    expect(page.locator("#games-list .game-entry")).to_have_count(2)


def test_the_gnubg_id_and_the_xgid_are_offered_bare_and_as_links_that_open_them(app: AppPage, browser: Browser,
                                                                               site: str) -> None:
    page = app.page
    start_game(page, "backgammon")
    start_turn(page)
    position, dice = board(page)["position"], board(page)["dice"]
    press(page, "btn-share")
    app.context.grant_permissions(["clipboard-read", "clipboard-write"])
    for kind in ("gnubg", "xgid"):
        row = page.locator(f"#share-{kind}").locator("xpath=..")
        copy_id = row.locator(f".share-copy[data-kind='{kind}']")
        copy_link = row.locator(f".share-copy[data-kind='{kind}-link']")
        expect(copy_id).to_have_text("Copy ID")
        expect(copy_link).to_have_text("Copy link")
        expect(page.locator(f"#share-{kind}-link")).to_have_attribute(
            "aria-label", "A link that opens this position in the app")
        bare = page.input_value(f"#share-{kind}")
        copy_id.click()
        expect(page.locator("#share-status")).to_have_text("Copied.")
        assert page.evaluate("navigator.clipboard.readText()") == bare
        page.evaluate("navigator.clipboard.writeText('')")
        copy_link.click()
        expect(page.locator("#share-status")).to_have_text("Copied.")
        link = str(page.evaluate("navigator.clipboard.readText()"))
        assert link == page.input_value(f"#share-{kind}-link")
        assert link.startswith(f"{site}#{kind}=") and "?dice" not in link, link
        # the copied link, opened in a new page, shows this position and roll
        context, friend, watch = open_app(browser, link)
        try:
            assert board(friend)["position"].split(":", 1)[1] == position.split(":", 1)[1], kind
            assert board(friend)["dice"] == dice, kind
            watch.assert_clean()
        finally:
            context.close()

