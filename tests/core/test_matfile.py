"""Game records as .mat text (nardcore.formats.mat): round trips on random games and matches of every
variant, mutated files, and backgammon records checked by gnubg itself (`gnubg -t`).

NARD_LONG=N plays N times as many random games and mutations.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from support.random_play import RandomActor, play_until

from nardcore.dice import PresetDice, SeededDice
from nardcore.formats.gnubg import match_info_from_id, position_id
from nardcore.formats.mat import MatError, read_mat, write_mat
from nardcore.game import Game
from nardcore.match import Match
from nardcore.position import Position

LONG = float(os.environ.get("NARD_LONG", "1"))
RECORDS_PER_VARIANT = max(2, int(12 * LONG))
MUTATIONS_PER_VARIANT = max(20, int(60 * LONG))
GNUBG = shutil.which("gnubg") or shutil.which("/usr/games/gnubg")
TOKENS = ["backgammon", "backgammon+beaver+jacoby", "narde", "narde+end-block+last-roll", "khachapuri",
          "moultezim+next-turn-runner", "tawla31"]


# the random player of these records: every kind of action, resignations now and then
ACTOR = RandomActor(beaver=0.2, take=0.7, resign=0.006, double=0.1)
GNUBG_SAFE = RandomActor(beaver=0.2, take=0.7, resign=0.006, double=0.1, gnubg_safe=True)


def drive(game: Game, rng: random.Random, actions: int = 10_000, gnubg_safe: bool = False) -> None:
    """Random actions of every kind (support.random_play.RandomActor): cube, beavers,
    resignations (accepted or declined, before or after rolling), passes, until the game is
    over or `actions` are made. `gnubg_safe`: resign after rolling only when gnubg would not
    play a forced move for the resigner."""
    actor = GNUBG_SAFE if gnubg_safe else ACTOR
    if not game.over:
        play_until(lambda: actor.act(game, rng), lambda _: game.over, actions, what=None)


def random_match(token: str, seed: int, length: int = 3, actions: int = 100_000, gnubg_safe: bool = False) -> Match:
    rng = random.Random(seed)
    match = Match(token, SeededDice(seed), None if token.startswith("tawla31") else length)
    budget = actions
    while budget > 0:
        before = len(match.game.history)
        drive(match.game, rng, budget, gnubg_safe)
        budget -= max(1, len(match.game.history) - before)
        if not match.game.over or match.over:
            break
        match.next_game()
    return match


def random_game(token: str, seed: int, actions: int = 10_000) -> Game:
    game = Game(token, SeededDice(seed))
    drive(game, random.Random(seed), actions)
    return game


def recorded(game: Game) -> list[dict[str, Any]]:
    """The history as a .mat record keeps it: backgammon's tied opening rounds and resignations
    offered but not accepted are left out."""
    events: list[dict[str, Any]] = []
    for index, event in enumerate(game.history):
        kind = event["event"]
        if kind == "opening" and game.variant.opening_dice_played and event["dice"][0] == event["dice"][1]:
            continue
        answer = game.history[index + 1]["event"] if index + 1 < len(game.history) else None
        if game.resign_by_offer and (kind == "decline" or kind == "resign" and answer != "accept"):
            continue
        events.append(event)
    return events


def jacoby_resignation(game: Game) -> bool:
    """Jacoby money play with the cube centred: every resignation scores 1, so the level is not in the record."""
    return game.money and game.variant.has("jacoby") and any(e["event"] == "accept" for e in game.history)


def assert_same_game(again: Game, game: Game) -> None:
    assert again.variant == game.variant
    if not jacoby_resignation(game):
        assert recorded(again) == recorded(game)
        assert again.result == game.result
    assert again.position == game.position
    assert (again.cube_value, again.cube_owner, again.score, again.crawford) == (
        game.cube_value, game.cube_owner, game.score, game.crawford)
    if game.phase != "resign":
        assert again.phase == game.phase and again.dice == game.dice


# -- round trips ----------------------------------------------------------------------------------


@pytest.mark.parametrize("token", TOKENS)
def test_matches_read_back_as_they_were_written(token: str) -> None:
    for seed in range(RECORDS_PER_VARIANT):
        # some stop part-way: a double offered, dice rolled and not played, a game not begun
        match = random_match(token, seed, length=1 + seed % 3, actions=10_000 if seed % 3 else 1 + seed * 40)
        text = write_mat(match)
        record = read_mat(text)
        assert record.match is not None and record.length == match.length
        assert write_mat(record.match) == text
        assert record.match.score == match.score and record.match.over == match.over
        assert len(record.games) == len(match.played) + 1
        for again, game in zip(record.games, [*match.played, match.game], strict=True):
            assert game is not None
            assert_same_game(again, game)


@pytest.mark.parametrize("token", TOKENS)
def test_single_games_read_back_as_they_were_written(token: str) -> None:
    for seed in range(RECORDS_PER_VARIANT):
        game = random_game(token, 1000 + seed, actions=10_000 if seed % 2 else 1 + seed * 3)
        text = write_mat(game, ("Ann Smith", "Bob"))
        record = read_mat(text)
        assert record.length == 0 and record.match is None and record.names == ("Ann Smith", "Bob")
        assert write_mat(record.latest, record.names) == text
        assert isinstance(record.latest, Game)
        assert_same_game(record.latest, game)


def test_the_layout_is_gnubgs() -> None:
    game = Game("backgammon", PresetDice([3, 1, 6, 4, 5, 5]))
    game.roll()
    game.play("8/5 6/5")
    game.roll()
    game.play("24/14")
    game.double()
    game.take()
    game.roll()
    game.play("13/3(2)")
    text = write_mat(game)
    assert text.splitlines() == [
        " 0 point match",
        "",
        " Game 1",
        " Black : 0                      White : 0",
        "  1)                             31: 8/5 6/5",
        "  2) 64: 24/18 18/14              Doubles => 2",
        "  3)  Takes                      55: 8/3 8/3 13/8 13/8",
        "",
    ]
    assert "; [Variant" not in text


def test_other_games_name_their_variant_and_opening() -> None:
    game = Game("narde+koks", PresetDice([3, 3, 5, 2, 6, 5]))
    game.roll()
    game.roll()
    game.play("24/13")
    lines = write_mat(game).splitlines()
    assert lines[0] == '; [Variant "narde+koks"]'
    assert lines[6:8] == ['; [Opening "3-3 5-2"]', "  1)                             65: 24/13"]
    again = read_mat("\n".join(lines)).games[0]
    assert again.history == game.history


GNUBG_MATCH = Path(__file__).parents[1] / "data" / "gnubg-match.mat"  # written by gnubg 1.07 (`export match mat`)


def test_a_record_gnubg_wrote_is_read() -> None:
    text = GNUBG_MATCH.read_text()
    record = read_mat(text)
    assert record.match is not None and record.length == 3 and record.names == ("root", "gnubg")
    first, second = record.games
    assert first.result is not None and first.result.kind == "drop" and first.result.winner == 1
    assert second.result is not None and second.result.resigned and (second.result.points, second.cube_value) == (4, 4)
    assert record.match.score == [0, 5] and record.match.over
    assert sum(e["event"] == "pass" for e in first.history) == 2
    # what other programs write: ratings after names, comment lines, `Cannot Move`, Windows line ends
    variant = ('; [Site "somewhere"]\n; [Player 1 "gnubg"]\n; [Variation "Backgammon"]\n' +
               text.replace(" gnubg : ", " gnubg, 1650 : ").replace("12) 66:   ", "12) 66: Cannot Move"))
    again = read_mat(variant.replace("\n", "\r\n"))
    assert again.names == ("root", "gnubg")
    assert [g.history for g in again.games] == [g.history for g in record.games]


# -- errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no ' N point match' line"),
        ("hello\n", "line 1: expected ' N point match'"),
        (" 3 point match\n\n  1) 31: 8/5 6/5\n", "line 3: '1) 31: 8/5 6/5' comes before the first 'Game 1'"),
        (" 3 point match\n Game 2\n", "line 2: game 2 follows game 0"),
        (" 3 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/4 6/5\n", "line 4: "),
        (" 3 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n  2) 31: 8/5 6/5\n",
         "line 5: '31:' is in black's column, but white acts now"),
        (" 3 point match\n Game 1\n A : 1   B : 0\n", "line 3: the score line says white 0, black 1"),
        ('; [Variant "chess"]\n 3 point match\n', "line 1: unknown game 'chess'"),
        (" 3 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n      Wins 5 points\n",
         "line 5: black wins 5: a resignation with the cube at 1 gives 1, 2, 3"),
        (" 3 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5                  Doubles => 4\n",
         "line 4: 'Doubles => 4': the cube goes to 2"),
        (" 1 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5\n  2)                           Takes\n",
         "line 5: "),
    ],
)
def test_bad_records_say_which_line(text: str, message: str) -> None:
    with pytest.raises(MatError) as error:
        read_mat(text)
    assert str(error.value).startswith(message) or message in str(error.value)


def mutated(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    kind = rng.randrange(6)
    at = rng.randrange(len(lines))
    if kind == 0:
        del lines[at]
    elif kind == 1:
        lines.insert(at, lines[rng.randrange(len(lines))])
    elif kind == 2:
        lines[at], lines[-1] = lines[-1], lines[at]
    else:
        chars = list("\n".join(lines))
        for _ in range(1 + rng.randrange(3)):
            where = rng.randrange(len(chars))
            if kind == 3:
                chars[where] = rng.choice("0123456789/*:;() abcdefgnoprstwDGTW=>\t\"[]-+")
            elif kind == 4:
                del chars[where]
            else:
                chars.insert(where, chr(rng.randrange(1, 0x2FF)))
        return "".join(chars)
    return "\n".join(lines)


@pytest.mark.parametrize("token", TOKENS)
def test_mutated_records_raise_only_mat_errors(token: str) -> None:
    rng = random.Random(token)
    texts = [write_mat(random_match(token, seed, length=3, actions=400)) for seed in range(4)]
    kinds: set[str] = set()
    for _ in range(MUTATIONS_PER_VARIANT):
        text = mutated(rng.choice(texts), rng)
        try:
            record = read_mat(text)
        except MatError as error:
            assert str(error).startswith(("line ", "no ")), str(error)
            kinds.add("error")
        else:
            kinds.add("read")
            write_mat(record.latest, record.names)  # what was read writes back
    assert kinds == {"error", "read"}


# -- gnubg itself ---------------------------------------------------------------------------------

needs_gnubg = pytest.mark.skipif(GNUBG is None,
                                 reason="Debian's gnubg is not installed (python build.py test installs it)")
_IDS = re.compile(r"Position ID: (\S+)\s+Match ID\s*: (\S+)")


def gnubg(commands: list[str], cwd: Path) -> str:
    assert GNUBG is not None
    run = subprocess.run([GNUBG, "-t", "-q"], input="\n".join(commands) + "\n", capture_output=True, text=True,
                         cwd=cwd, timeout=120, check=False)
    return run.stdout + run.stderr


def gnubg_states(output: str) -> list[tuple[str, str]]:
    """(Position ID, Match ID) of the board shown before each `show score` line."""
    states = []
    for chunk in output.split("The score")[:-1]:
        found = _IDS.findall(chunk)
        assert found, chunk[-2000:]
        states.append(found[-1])
    return states


def same_board(position: Position, gnubg_position_id: str) -> bool:
    """gnubg shows a finished game from either side: compare the board, whoever is on roll."""
    return gnubg_position_id in (position_id(position), position_id(position.pass_turn()))


@needs_gnubg
def test_gnubg_imports_our_records(tmp_path: Path) -> None:
    things: list[Game | Match] = []
    # matches with cube actions, resignations and Crawford games
    for seed, length in [(51, 5), (59, 5), (63, 3), (66, 5), (50, 1), (52, 2), (53, 4)]:
        things.append(random_match("backgammon", seed, length=length, gnubg_safe=True))
    for seed in range(3):  # single games of money play, beavers included
        game = Game("backgammon+beaver", SeededDice(90 + seed))
        drive(game, random.Random(90 + seed), gnubg_safe=True)
        things.append(game)
    on_time = Game("backgammon", SeededDice(8))  # lost on time by the doubler (a game played live on clocks)
    on_time.roll()
    on_time.play(next(iter(on_time.plays())))
    on_time.double()
    on_time.lose_on_time(on_time.position.turn)
    things.append(on_time)
    matches = [thing for thing in things if isinstance(thing, Match)]
    assert any(match.game.crawford or any(g is not None and g.crawford for g in match.played) for match in matches)
    events = {e["event"] for thing in things for g in ([*thing.played, thing.game] if isinstance(thing, Match)
                                                        else [thing]) if g is not None for e in g.history}
    assert {"double", "take", "drop", "accept", "pass"} <= events
    commands = []
    for number, thing in enumerate(things):
        path = tmp_path / f"record{number}.mat"
        path.write_text(write_mat(thing))
        commands += [f"import mat {path}", "show board", "show score"]
    output = gnubg(commands, tmp_path)
    assert not re.search(r"warning|invalid|unrecognised|illegal", output, re.IGNORECASE), output
    states = gnubg_states(output)
    assert len(states) == len(things)
    for thing, (posid, matchid) in zip(things, states, strict=True):
        game = thing.game if isinstance(thing, Match) else thing
        assert same_board(game.position, posid), (write_mat(thing), posid)
        if isinstance(thing, Match):
            info = match_info_from_id(matchid)
            assert (info.match_length, list(info.score)) == (thing.length, thing.score), write_mat(thing)


@needs_gnubg
def test_we_read_gnubgs_records_move_for_move(tmp_path: Path) -> None:
    commands = []
    for player in (0, 1):
        commands += [f"set player {player} gnubg", f"set player {player} chequerplay evaluation plies 0",
                     f"set player {player} cubedecision evaluation plies 0"]
    files = []
    states = []
    for number, (seed, length) in enumerate([(3, 3), (11, 5), (7, 1)]):
        path = tmp_path / f"gnubg{number}.mat"
        files.append(path)
        output = gnubg([*commands, f"set seed {seed}", f"new match {length}", f"export match mat {path}",
                        "show board", "show score"], tmp_path)
        states.append(gnubg_states(output)[-1])
    kinds = set()
    for path, (posid, matchid) in zip(files, states, strict=True):
        text = path.read_text()
        record = read_mat(text)
        assert record.match is not None
        info = match_info_from_id(matchid)
        assert list(info.score) == record.match.score and record.match.over
        assert same_board(record.match.game.position, posid)
        # every turn gnubg wrote is a play of ours, in order
        turns = re.findall(r"([1-6][1-6]): ([^:]*?)(?=\s{2,}|\s*[1-6][1-6]:|\s*$)", text, re.MULTILINE)
        ours = [e for game in record.games for e in game.history if e["event"] in ("play", "pass")]
        assert len(turns) == len(ours)
        kinds |= {e["event"] for game in record.games for e in game.history}
    assert "play" in kinds and "double" in kinds


# -- what other programs write, and the reader's limits --------------------------------------------


def test_a_money_games_names_may_stand_alone_on_the_score_line() -> None:
    first_turn = "  1)                             31: 8/5 6/5\n"
    record = read_mat(" 0 point match\n\n Game 1\n Ann Smith, 1500      Bob\n" + first_turn)
    assert record.names == ("Bob", "Ann Smith") and record.length == 0  # black's column first, the rating gone
    assert record.games[0].history[-1]["play"] == "8/5 6/5"
    with pytest.raises(MatError, match="score line"):
        read_mat(" 3 point match\n\n Game 1\n Ann Smith      Bob\n  1)                             31: 8/5 6/5\n")
    with pytest.raises(MatError, match="score line"):
        read_mat(" 0 point match\n\n Game 1\n Ann Bob\n  1)                             31: 8/5 6/5\n")
    unnamed = read_mat(" 3 point match\n\n Game 1\n  : 0      : 0\n  1)                             31: 8/5 6/5\n")
    assert unnamed.names == ("White", "Black")


def test_a_narde_record_without_its_opening_starts_with_the_side_that_moves_first() -> None:
    game = Game("narde", PresetDice([2, 5, 6, 4]))  # black wins the opening and rolls 64
    game.roll()
    game.roll()
    game.play(next(iter(game.plays())))
    text = write_mat(game)
    assert '; [Opening "2-5"]' in text
    again = read_mat(text.replace('; [Opening "2-5"]\n', "")).games[0]
    assert again.history[1:] == game.history[1:] and again.position == game.position


def test_an_opening_is_up_to_a_hundred_rounds_before_the_first_turn() -> None:
    def record(rounds: str, before_the_turn: bool = True) -> str:
        tag = f'; [Opening "{rounds}"]\n'
        turn = "  1)                             65: 24/13\n"
        return ('; [Variant "narde"]\n 0 point match\n\n Game 1\n Black : 0      White : 0\n'
                + (tag + turn if before_the_turn else turn + tag))
    hundred = " ".join(["3-3"] * 99 + ["5-2"])
    assert len(read_mat(record(hundred)).games[0].history) == 101  # 99 ties, the opening, the turn
    with pytest.raises(MatError, match="rounds like"):
        read_mat(record("3-3 " + hundred))
    with pytest.raises(MatError, match="rounds like"):
        read_mat(record("7-7 5-2"))
    with pytest.raises(MatError, match="comes before the first turn"):
        read_mat(record("5-2", before_the_turn=False))


def test_a_record_and_its_lines_are_read_up_to_their_limits() -> None:
    from nardcore.formats import mat

    text = write_mat(Game("backgammon", PresetDice([3, 1])))
    padded = text + ";" + "x" * (mat.MAX_MAT_TEXT - len(text) - 1)
    assert len(padded) == mat.MAX_MAT_TEXT
    with pytest.raises(MatError) as refused:
        read_mat(padded)  # read: the last line is too long, the record is not
    assert "line" in str(refused.value) and "record is too long" not in str(refused.value)
    with pytest.raises(MatError, match="record is too long"):
        read_mat(padded + "x")
    comment = "; " + "x" * (mat.MAX_LINE - 2)
    assert len(read_mat(text + comment + "\n").games) == 1
    with pytest.raises(MatError, match="longer than"):
        read_mat(text + comment + "x\n")


def finished_narde(resign: bool) -> str:
    """A narde game played to its end (first play in notation order), or conceded early."""
    game = Game("narde", SeededDice(3))
    while not game.over:
        if game.phase in ("opening", "roll"):
            game.roll()
        elif resign and len(game.history) > 6:
            game.resign()
        elif game.plays():
            game.play(sorted(game.plays(), key=str)[0])
        else:
            game.confirm()
    return write_mat(game)


@pytest.mark.parametrize("resign", [False, True])
def test_a_games_end_is_said_once_by_its_winner_with_its_points(resign: bool) -> None:
    text = finished_narde(resign)
    wins = next(line for line in text.splitlines() if "Wins" in line)
    record = read_mat(text).games[0]
    assert record.over and record.result is not None and f"Wins {record.result.points} point" in wins
    at = wins.index("Wins")
    cell = " " * at + wins[at:]  # the winner's cell alone on a line
    with pytest.raises(MatError, match="wins"):
        read_mat(text.replace(wins, wins + "\n" + cell))  # said twice
    points = record.result.points
    with pytest.raises(MatError, match="wins"):
        read_mat(text.replace(f"Wins {points} point", f"Wins {points + 1} point"))
    other_column = " " * (34 if at < 20 else 6) + wins[at:]
    with pytest.raises(MatError, match="wins"):
        read_mat(text.replace(wins, wins[:at].rstrip() + "\n" + other_column))


def test_a_tied_opening_round_is_not_followed_by_a_second_opening_line() -> None:
    head = '; [Variant "narde"]\n 0 point match\n\n Game 1\n Black : 0      White : 0\n'
    with pytest.raises(MatError, match="once"):
        read_mat(head + '; [Opening "3-3"]\n; [Opening "5-2"]\n  1)                             65: 24/13\n')


def test_a_record_has_two_names() -> None:
    with pytest.raises(ValueError):
        write_mat(Game("narde"), ["Only one"])


@pytest.mark.parametrize(("token", "phase"), [("narde", "roll"), ("backgammon", "take"), ("backgammon", "move")])
def test_a_loss_on_time_reads_back_as_one_not_as_a_resignation(token: str, phase: str) -> None:
    game = Game(token, SeededDice(8))
    game.roll()
    if game.phase == "roll":
        game.roll()
    game.play(next(iter(game.plays())))
    if phase == "take":
        game.double()
    elif phase == "move":
        game.roll()
    loser = game.position.turn  # in the take phase the doubler, who is not to act
    game.lose_on_time(loser)
    text = write_mat(game)
    assert f'; [Lost on time "{"wb"[loser]}"]' in text
    again = read_mat(text).games[0]
    assert again.result == game.result and again.history == game.history
    with pytest.raises(MatError, match="'w' or 'b'"):
        read_mat(text.replace(f'time "{"wb"[loser]}"', 'time "x"'))
    with pytest.raises(MatError, match="loss on time gives"):
        read_mat(text.replace("Wins 1 point", "Wins 2 points"))
