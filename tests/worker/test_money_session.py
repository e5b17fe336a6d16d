"""Money sessions (web/worker/session.py, saves.py, nardcore/formats/mat.py): consecutive
single games form one session, one entry in the library, with a running score; its `.mat`
holds every game, which Debian's gnubg imports as a money session with that score."""

from __future__ import annotations

import re
from pathlib import Path

from support.app import act
from support.matches import play_turn
from test_matfile import gnubg, needs_gnubg

from nardcore.formats.mat import write_session_mat
from web.worker import saves, ui


def session_of_three_games() -> ui.App:
    """Three money games between two people, each ended by a double and a drop (or a take and
    a second double dropped), the third one over too."""
    app = ui.App(dice="seed:21")
    act(app, "new_game", settings={"variant": "backgammon"})
    for number in range(3):
        for _ in range(2 + number):
            play_turn(app)
        act(app, "double")
        if number == 1:  # a taken cube: the game is worth 2
            act(app, "take")
            play_turn(app)
            act(app, "double")
        act(app, "drop")
        if number < 2:
            act(app, "next_game")
    return app


def test_consecutive_money_games_are_one_session_in_one_entry() -> None:
    app = session_of_three_games()
    session = app.session
    games = [*session.session_games, session.game]
    assert len(games) == 3 and all(g.over for g in games)
    score = [0, 0]
    for game in games:
        assert game.result is not None and game.result.winner is not None
        score[game.result.winner] += game.result.points
    # dropped at 1, at 4 after a take of 2 (worth 2), at 1
    assert [g.result.points for g in games if g.result is not None] == [1, 2, 1]
    assert session.session_score() == score and sum(score) == 4
    assert app.view()["money_session"] == {"games": 3, "score": score}  # beside the title: points a game
    first_id = session.game_id
    # saved and read back: the same entry, every game of it
    text = saves.save_text(session)
    again = ui.App(dice="seed:1")
    saves.load_save(again.session, text)
    assert again.session.game_id == first_id
    assert [g.history for g in again.session.session_games] == [g.history for g in session.session_games]
    # a new game from the start screen begins another session, in another entry
    act(app, "new_game", settings={"variant": "backgammon"})
    assert app.session.session_games == [] and app.session.game_id != first_id


def test_the_sessions_mat_holds_every_game_headed_by_the_running_score() -> None:
    app = session_of_three_games()
    text = saves.share_links(app.session)["mat"]
    games = [*app.session.session_games, app.session.game]
    assert text == write_session_mat(games) or text.endswith(write_session_mat(games))
    assert " 0 point match" in text and text.count(" Game ") == 3
    heads = re.findall(r" Black : (\d+)\s+White : (\d+)", text)
    running = [0, 0]
    expected = []
    for game in games:
        expected.append((str(running[1]), str(running[0])))
        assert game.result is not None and game.result.winner is not None
        running[game.result.winner] += game.result.points
    assert heads == expected


@needs_gnubg
def test_gnubg_imports_the_session_with_three_games_and_the_running_score(tmp_path: Path) -> None:
    app = session_of_three_games()
    path = tmp_path / "session.mat"
    path.write_text(saves.share_links(app.session)["mat"])
    output = gnubg([f"import mat {path}", "show score"], tmp_path)
    assert not re.search(r"warning|invalid|unrecognised|illegal", output, re.IGNORECASE), output
    white, black = app.session.session_score()
    assert f"The score (after 3 games) is: Black {black}, White {white} (money session" in output, output[-800:]
