"""The board as a picture (nardcore.svg, the share dialog's SVG and the PNG drawn from it): it shows
the side on roll and the cube as the board does."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from support.app import act

from nardcore.position import Position
from nardcore.svg import MID_Y, render, render_game
from web.worker import ui

SVG = "{http://www.w3.org/2000/svg}"


def parts(picture: str, cls: str) -> list[ElementTree.Element]:
    root = ElementTree.fromstring(picture)  # well-formed XML
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def arrow_points_down(marker: ElementTree.Element) -> bool:
    ys = [float(pair.split(",")[1]) for pair in (marker.get("points") or "").split()]
    tip = ys[2]
    return tip > max(ys[:2])


def test_the_side_on_roll_is_marked_by_an_arrow_at_its_half_in_its_colour() -> None:
    white = Position.parse("backgammon:w:6x15:24x15")
    black = Position.parse("backgammon:b:6x15:24x15")
    (marker,) = parts(render(white), "turn")
    assert "side-w" in (marker.get("class") or "") and arrow_points_down(marker)  # White plays from the bottom
    (marker,) = parts(render(black), "turn")
    assert "side-b" in (marker.get("class") or "") and not arrow_points_down(marker)
    (marker,) = parts(render(black, flipped=True), "turn")  # Black at the bottom
    assert arrow_points_down(marker)
    assert float((marker.get("points") or "").split()[2].split(",")[1]) > MID_Y


def test_the_dice_are_drawn_in_the_movers_colour_in_its_half() -> None:
    black = Position.parse("backgammon:b:6x15:24x15")
    dice = parts(render(black, dice=(5, 2)), "die")
    assert len(dice) == 2 and all("side-b" in (d.get("class") or "") for d in dice)
    assert all(float(d.get("x") or 0) < 400 for d in dice)  # Black's right hand, seen from White's side: the left half
    white_dice = parts(render(Position.parse("backgammon:w:6x15:24x15"), dice=(5, 2)), "die")
    assert all(float(d.get("x") or 0) > 464 for d in white_dice)


def test_the_cube_shows_its_face_in_the_middle_or_at_its_owners_edge() -> None:
    start = Position.start("backgammon")
    (cube,) = parts(render(start, cube=(64, None)), "cube")
    assert "owner-centre" in (cube.get("class") or "") and "".join(cube.itertext()) == "64"
    (cube,) = parts(render(start, cube=(4, 1)), "cube")
    rect = cube.find(f"{SVG}rect")
    assert rect is not None and float(rect.get("y") or 0) < MID_Y  # Black's cube at the top edge
    assert "owner-b" in (cube.get("class") or "") and "".join(cube.itertext()) == "4"
    (cube,) = parts(render(start, cube=(4, 1), flipped=True), "cube")
    rect = cube.find(f"{SVG}rect")
    assert rect is not None and float(rect.get("y") or 0) > MID_Y
    assert parts(render(start), "cube") == []


def test_the_shared_picture_of_a_game_shows_the_cube_and_the_side_on_roll() -> None:
    app = ui.App(dice="seed:5")
    app.dispatch({"type": "new_game", "settings": {"variant": "backgammon"}})
    app.session.play_on_from(Position.parse("backgammon:w:6x5,5x5,4x5:24x2,13x5,8x3,6x5"))
    picture = app.dispatch({"type": "share"})["share"]["svg"]
    (cube,) = parts(picture, "cube")
    assert "owner-centre" in (cube.get("class") or "") and "".join(cube.itertext()) == "64"
    assert "side-w" in (parts(picture, "turn")[0].get("class") or "")
    act(app, "double")
    act(app, "take")  # Black owns the cube at 2, White rolls
    view = act(app, "roll")
    picture = app.dispatch({"type": "share"})["share"]["svg"]
    (cube,) = parts(picture, "cube")
    assert "owner-b" in (cube.get("class") or "") and "".join(cube.itertext()) == "2"
    assert len(parts(picture, "die")) == 2 and view["turn"] == "w"
    assert picture == render_game(app.game)


def test_a_game_without_a_cube_has_none_in_its_picture() -> None:
    app = ui.App(dice="seed:5")
    app.dispatch({"type": "new_game", "settings": {"variant": "narde"}})
    picture = app.dispatch({"type": "share"})["share"]["svg"]
    assert parts(picture, "cube") == [] and len(parts(picture, "turn")) == 1
    assert re.search(r'aria-label="narde:[wb]:', picture)
