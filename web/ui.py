"""The app's state machine: intents in, one plain JSON-able view model out.

Runs on CPython (tests) and in the browser's Python worker alike; it never touches
the DOM. The main thread sends intents (`App.dispatch({"type": "click", "point": "13"})`)
and paints the view it gets back; it keeps `save` in localStorage.

Point ids are White's numbering: "1".."24", "bar-w", "bar-b", "off-w", "off-b".
Checker ids ("w0".."w14", "b0".."b14") follow the checkers as they move, so the
board can animate a move by moving the element with the same id.

>>> app = App(dice="1,2,6,5")
>>> view = app.dispatch({"type": "new_game", "settings": {"variant": "narde"}})["view"]
>>> view["phase"], view["position"]
('opening', 'narde:w:24x15:24x15')
>>> view = app.dispatch({"type": "roll"})["view"]   # black 2, white 1: black starts
>>> view["phase"], view["turn"]
('roll', 'b')
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from nardcore import safejson
from nardcore.bots import analysis, neural_cube
from nardcore.bots.base import Bot
from nardcore.bots.levels import DEFAULT_LEVEL, LEVELS, make_bot
from nardcore.codec import CodecError, decode_state, encode_state
from nardcore.dice import DiceSource, PresetDice, SeededDice, SystemDice
from nardcore.game import Game, GameError, GameResult, GameStateError
from nardcore.match import Match
from nardcore.movegen import Step
from nardcore.notation import format_play
from nardcore.position import SIDE_LETTERS, WHITE, Position
from nardcore.variant import BAR, CHECKERS, OFF, VARIANT_NAMES, VARIANTS, VariantError, find_variant

SCHEMA = 1  # version of the saved state (localStorage) and of the URL state
MAX_URL = 24_100  # characters of a URL fragment we are willing to read
MAX_SAVE = 2_000_000
REVIEW_SLICE = 0.25  # seconds of review per request: the page shows progress between slices

CUBE_LIMITS = (1, 2, 4, 8, 16, 32, 64)
MATCH_LENGTHS = (0, 1, 3, 5, 7, 9, 11, 15, 21, 25)

DEFAULT_SETTINGS: dict[str, Any] = {
    "variant": "backgammon",  # a variant token: name plus options, e.g. "narde+koks"
    "match_length": 0,  # 0: a single game; tawla31 matches are always to 31
    "opponent": "human",  # "human" (same device) or "computer"
    "level": DEFAULT_LEVEL,  # the computer's level (nardcore.bots.levels.LEVELS)
    "seat": "w",  # the colour the person plays against the computer
}
DEFAULT_PREFS: dict[str, Any] = {
    "lang": "en",
    "auto_roll": False,
    "auto_confirm": False,
    "auto_forced": True,
    "flip": False,
    "coach": False,  # before a blunder is confirmed, say so and offer to take it back
}
LANG_CODE_CHARS = set("abcdefghijklmnopqrstuvwxyz-")


def available_languages() -> list[dict[str, str]]:
    """The interface languages: one JSON file each in i18n/ beside this module."""
    found = []
    for path in sorted((Path(__file__).resolve().parent / "i18n").glob("*.json")):
        try:
            name = json.loads(path.read_text(encoding="utf-8")).get("_name", path.stem)
        except (OSError, ValueError, AttributeError):
            continue
        found.append({"code": path.stem, "name": str(name)})
    return found or [{"code": "en", "name": "English"}]


LANGUAGES = available_languages()


class UIError(ValueError):
    """A request the app cannot read (not a move that is merely illegal)."""


# -- dice sources the page can choose (test hooks) ----------------------------------------


class CountingDice:
    """A dice source that counts the dice it gave, so a reload can resume the same sequence."""

    def __init__(self, spec: str | None) -> None:
        self.spec = spec
        self.drawn = 0
        self._source = make_dice_source(spec)

    def die(self) -> int:
        self.drawn += 1
        return self._source.die()

    def skip(self, count: int) -> None:
        for _ in range(count):
            self.die()


def parse_dice_spec(spec: str) -> DiceSource:
    """`seed:42` (seeded random) or `6,5,3,1,...` (these dice, then seeded); raises UIError."""
    if not isinstance(spec, str) or len(spec) > 4000:
        raise UIError("the dice setting is too long")
    if spec.startswith("seed:"):
        seed = spec[5:]
        if not seed.isdigit() or len(seed) > 18:
            raise UIError(f"seed must be a number, not {seed!r}")
        return SeededDice(int(seed))
    parts = spec.split(",")
    if not all(len(p) == 1 and p in "123456" for p in parts):
        raise UIError(f"dice must be like seed:42 or 6,5,3,1 — not {spec[:40]!r}")
    return PresetDice([int(p) for p in parts], SeededDice(0))


def make_dice_source(spec: str | None) -> DiceSource:
    return SystemDice() if spec is None else parse_dice_spec(spec)


def parse_query(query: str) -> str | None:
    """The `dice` parameter of a query string such as `?dice=seed:42`, or None."""
    for part in (query or "").lstrip("?").split("&"):
        name, _, value = part.partition("=")
        if name == "dice" and value:
            return value.replace("%3A", ":").replace("%3a", ":").replace("%2C", ",").replace("%2c", ",")
    return None


# -- where the checkers are: stable ids ---------------------------------------------------


def point_id(side: int, slot: int, position: Position) -> str:
    """The board-wide id of a side's slot (its own numbering; 0 off, 25 bar)."""
    if slot == BAR:
        return f"bar-{SIDE_LETTERS[side]}"
    if slot == OFF:
        return f"off-{SIDE_LETTERS[side]}"
    return str(position.point_abs(side, slot))


class Layout:
    """Which checker (by id) stands where; stacks are last-in, first-out."""

    def __init__(self, position: Position) -> None:
        self.stacks: dict[str, list[str]] = {}
        for side in (0, 1):
            letter = SIDE_LETTERS[side]
            number = 0
            board = position.boards[side]
            for slot in [BAR, *range(24, 0, -1), OFF]:
                for _ in range(board[slot]):
                    self.stacks.setdefault(point_id(side, slot, position), []).append(f"{letter}{number}")
                    number += 1

    def move(self, source: str, target: str) -> None:
        self.stacks.setdefault(target, []).append(self.stacks[source].pop())

    def apply(self, position: Position, step: Step) -> None:
        """Move ids for one step of the mover of `position` (the board before the step)."""
        side = position.turn
        target = point_id(side, step.target, position)
        if step.hit:
            self.move(target, f"bar-{SIDE_LETTERS[1 - side]}")
        self.move(point_id(side, step.origin, position), target)

    def revert(self, position: Position, step: Step) -> None:
        side = position.turn
        target = point_id(side, step.target, position)
        self.move(target, point_id(side, step.origin, position))
        if step.hit:
            self.move(f"bar-{SIDE_LETTERS[1 - side]}", target)

    def matches(self, position: Position) -> bool:
        for side in (0, 1):
            board = position.boards[side]
            for slot in range(26):
                where = point_id(side, slot, position)
                ids = [i for i in self.stacks.get(where, []) if i[0] == SIDE_LETTERS[side]]
                if len(ids) != board[slot]:
                    return False
        return True


# -- the app ------------------------------------------------------------------------------


class App:
    """The whole UI state: settings, the game or match, selection, messages."""

    def __init__(self, dice: str | None = None, bot_random: random.Random | None = None) -> None:
        self.dice = CountingDice(dice)
        self.settings: dict[str, Any] = dict(DEFAULT_SETTINGS)
        self.prefs: dict[str, Any] = dict(DEFAULT_PREFS)
        self.match: Match | None = None
        self.game: Game | None = None
        self.tally = [0, 0]  # points across single games of this session
        self.selected: int | None = None  # origin in the mover's numbering
        self.message: dict[str, Any] | None = None
        self.last: dict[str, Any] | None = None
        self.screen = "setup"  # "setup" (the start screen) or "board"
        self.layout: Layout | None = None
        self.bot_plan: list[Step] | None = None
        self.bot_random = bot_random or random.Random()
        self._bot_player: Bot | None = None
        self.hint: dict[str, Any] | None = None  # the best plays (or cube action) for the person to act
        self.review: dict[str, Any] | None = None  # the game's review, as far as it has got
        self.coach_warned: str | None = None  # the result the coach warned about (confirmed next time)
        self._review_steps: Iterator[tuple[int, int, analysis.Review]] | None = None
        self.set_aside: str | None = None
        self.new_game({})
        self.screen = "setup"

    # -- the entry point ------------------------------------------------------------------

    def dispatch(self, request: Any) -> dict[str, Any]:
        """Handle one intent; answer with the view, the state to save and the URL fragment."""
        if not isinstance(request, dict) or not isinstance(request.get("type"), str):
            raise UIError("a request is an object with a 'type'")
        kind = request["type"]
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            raise UIError(f"unknown request {kind!r}")
        self.set_aside = None
        if kind != "hint":
            self.hint = None  # a hint belongs to the moment it was asked for
        if kind not in ("review", "set"):
            self.review, self._review_steps = None, None  # so does a review: the game moves on
        url = None
        try:
            url = handler(request)
        except GameError as error:
            self.message = {"key": "not_now", "args": {"error": str(error)}}
        self._check_layout()
        answer: dict[str, Any] = {"view": self.view(), "save": json.dumps(self.to_save(), separators=(",", ":"))}
        if isinstance(url, str):
            answer["url"] = url
        aside = self._set_aside_text()
        if aside is not None:
            answer["set_aside"] = aside
        return answer

    def _set_aside_text(self) -> str | None:
        """An unreadable save met during this request, for the page to keep aside."""
        return self.set_aside

    # -- intents --------------------------------------------------------------------------

    def _on_boot(self, request: dict[str, Any]) -> None:
        query_dice = parse_query(str(request.get("query") or ""))
        spec: str | None = None
        try:
            if query_dice is not None:
                parse_dice_spec(query_dice)
                spec = query_dice
        except UIError as error:
            spec = None
            self.message = {"key": "bad_dice", "args": {"error": str(error)}}
        self.dice = CountingDice(spec)
        save = request.get("save")
        fragment = request.get("fragment")
        lang = request.get("lang")
        if isinstance(lang, str) and 0 < len(lang) <= 12 and not set(lang) - LANG_CODE_CHARS:
            self.prefs["lang"] = lang  # the page's guess, until a save says otherwise
        if isinstance(save, str) and save:
            try:
                self.load_save(save)
            except (UIError, GameStateError, ValueError, KeyError, TypeError) as error:
                self.set_aside = save
                self._reset()
                self.message = {"key": "save_corrupt", "args": {"error": str(error)[:300]}}
        if isinstance(fragment, str) and fragment.strip("#"):
            self._on_load_url({"fragment": fragment})
        self._automate()

    def _on_sync(self, request: dict[str, Any]) -> None:
        """Take the game another tab saved (its `save`); unreadable data changes nothing."""
        save = request.get("save")
        if not isinstance(save, str) or not save:
            raise UIError("nothing to take over")
        self.load_save(save)
        self.message = {"key": "synced", "args": {}}

    def _on_new_game(self, request: dict[str, Any]) -> None:
        settings = request.get("settings") or {}
        if not isinstance(settings, dict):
            raise UIError("settings must be an object")
        self.new_game(settings)
        self._automate()

    def _on_setup(self, request: dict[str, Any]) -> None:
        self.screen = "setup"

    def _on_close_setup(self, request: dict[str, Any]) -> None:
        self.screen = "board"

    def _on_roll(self, request: dict[str, Any]) -> None:
        game = self._game()
        if self._computer_to_act() or game.phase not in ("opening", "cube", "roll"):
            return
        self._roll()
        self._automate()

    def _on_click(self, request: dict[str, Any]) -> None:
        self._click(self._point(request.get("point")))
        self._automate()

    def _on_drag(self, request: dict[str, Any]) -> None:
        origin = self._point(request.get("from"))
        target = self._point(request.get("to"))
        game = self._game()
        if not self._human_moving() or origin is None:
            return
        if target is not None and target != origin:
            route = game.destinations(origin).get(target)
            if route:
                self._play_route(route)
                self._automate()
                return
        self._click(origin)

    def _on_undo(self, request: dict[str, Any]) -> None:
        game = self._game()
        if not self._human_moving() or not game.steps:
            return
        step = game.undo()
        assert step is not None and self.layout is not None
        # the board before the undone step is the board now; revert ids on it
        self.layout.revert(game.board, step)
        self.selected = None
        self.message = None

    def _on_confirm(self, request: dict[str, Any]) -> None:
        game = self._game()
        if not self._human_moving() or not game.turn_done or self._coach_stops():
            return
        self._confirm()
        self._automate()

    def _coach_stops(self) -> bool:
        """With the coach on, hold a blunder back once, saying what it costs and what was best."""
        game = self._game()
        if not self.prefs["coach"] or not game.steps:
            return False
        result = game.board.pass_turn()
        if self.coach_warned == str(result):
            return False  # warned already: the player confirms it anyway
        assert game.dice is not None
        options = analysis.hint(game.position, game.dice.dice, count=1_000)
        chosen = next((h for h in options if h.result == result), None)
        if chosen is None or analysis.mark(chosen.loss, game.variant.name) != "blunder":
            return False
        self.coach_warned = str(result)
        self.message = {"key": "coach_blunder", "args": {"loss": f"{chosen.loss:.3f}", "best": options[0].play}}
        return True

    def _on_double(self, request: dict[str, Any]) -> None:
        game = self._game()
        if self._computer_to_act() or not game.may_double():
            return
        game.double()
        self.message = {
            "key": "doubled",
            "args": {"side": SIDE_LETTERS[game.position.turn], "cube": game.cube_value * 2},
        }
        self._automate()

    def _on_take(self, request: dict[str, Any]) -> None:
        game = self._game()
        if self._computer_to_act() or game.phase != "take":
            return
        game.take()
        self.message = {"key": "took", "args": {"side": SIDE_LETTERS[1 - game.position.turn], "cube": game.cube_value}}
        self._automate()

    def _on_beaver(self, request: dict[str, Any]) -> None:
        game = self._game()
        if self._computer_to_act() or not game.may_beaver():
            return
        game.beaver()
        self.message = {
            "key": "beavered",
            "args": {"side": SIDE_LETTERS[1 - game.position.turn], "cube": game.cube_value},
        }
        self._automate()

    def _on_drop(self, request: dict[str, Any]) -> None:
        game = self._game()
        if self._computer_to_act() or game.phase != "take":
            return
        game.drop()
        self._game_over()

    def _on_next_game(self, request: dict[str, Any]) -> None:
        game = self._game()
        if not game.over:
            return
        if self.match is not None and not self.match.over:
            self.match.next_game()
            self.game = self.match.game
            self.last = None  # the last game's last move is not this game's
            self._fresh_turn_state()
            self.message = {"key": "crawford", "args": {}} if self.game.crawford else None
        else:
            self.new_game(self.settings)
        self._automate()

    def _on_set(self, request: dict[str, Any]) -> None:
        name, value = request.get("name"), request.get("value")
        if name not in DEFAULT_PREFS:
            raise UIError(f"unknown setting {name!r}")
        if name == "lang":
            if not isinstance(value, str) or not value or len(value) > 12 or set(value) - LANG_CODE_CHARS:
                raise UIError(f"bad language {value!r}")
        elif not isinstance(value, bool):
            raise UIError(f"setting {name} is true or false")
        self.prefs[name] = value
        if name in ("auto_roll", "auto_forced", "auto_confirm") and value:
            self._automate()

    def _on_dismiss(self, request: dict[str, Any]) -> None:
        self.message = None

    def _on_load_url(self, request: dict[str, Any]) -> None:
        fragment = request.get("fragment")
        try:
            self.load_url(fragment if isinstance(fragment, str) else "")
        except (UIError, GameStateError, VariantError, ValueError) as error:
            self.message = {"key": "url_bad", "args": {"error": str(error)[:300]}}
            return
        self.message = {"key": "url_loaded", "args": {}}

    def _on_export_url(self, request: dict[str, Any]) -> str:
        return self.export_url()

    def _on_hint(self, request: dict[str, Any]) -> None:
        """The best plays for the person's turn (or the cube action); `show` draws one of them."""
        if not self._can_hint():
            raise GameError("there is nothing to hint now")
        show = request.get("show")
        if self.hint is not None and isinstance(show, int) and not isinstance(show, bool):
            if self.hint.get("plays") and 0 <= show < len(self.hint["plays"]):
                self.hint["shown"] = show
            return
        self.hint = hint_for(self._game())

    def _on_review(self, request: dict[str, Any]) -> None:
        """Review the game: a slice of about REVIEW_SLICE seconds per request (the page asks again
        until `complete`, showing progress); `show`: draw the position after that turn; `close`."""
        if request.get("close"):
            self.review, self._review_steps = None, None
            return
        show = request.get("show", False)
        if self.review is not None and show is not False:
            if show is not None and not (isinstance(show, int) and 0 <= show < len(self.review["positions"])):
                raise UIError("no such turn in the review")
            self.review["shown"] = show
            return
        game = self._game()
        if self.review is None:
            self._review_steps = analysis.review_steps(game.start, game.history)
            self.review = {"done": 0, "total": 0, "complete": False, "shown": None, **analysis.Review().to_dict()}
        if self._review_steps is None:
            return
        deadline = time.perf_counter() + REVIEW_SLICE
        latest: analysis.Review | None = None
        for done, total, latest in self._review_steps:
            self.review.update(done=done, total=total)
            if time.perf_counter() > deadline:
                break
        else:
            self.review["complete"] = True
            self._review_steps = None
        if latest is not None:
            self.review.update(latest.to_dict())

    def _review_message(self) -> dict[str, Any]:
        assert self.review is not None
        turn = self.review["shown"]
        played = [d for d in self.review["decisions"] if d["turn"] == turn and d["kind"] == "play"]
        args: dict[str, Any] = {"turn": turn + 1}
        if played:
            args.update(side=played[0]["side"], play=played[0]["chosen"])
        return {"key": "review_shown", "args": args}

    def _reviewed_position(self) -> Position | None:
        if self.review is None or self.review.get("shown") is None:
            return None
        return Position.parse(self.review["positions"][self.review["shown"]])

    def _can_hint(self) -> bool:
        game = self._game()
        if game.over or self._computer_to_act():
            return False
        return (game.phase == "move" and bool(game.plays())) or game.phase == "take" or (
            game.phase == "cube" and game.may_double())

    def _on_bot(self, request: dict[str, Any]) -> None:
        """One action of the computer: roll, one step, confirm, or answer the cube."""
        if not self._computer_to_act():
            return
        game = self._game()
        if game.phase == "take":
            if self._bot_beavers():
                game.beaver()
                self.message = {
                    "key": "beavered",
                    "args": {"side": SIDE_LETTERS[1 - game.position.turn], "cube": game.cube_value},
                }
            elif self._bot_takes():
                game.take()
                self.message = {
                    "key": "took",
                    "args": {"side": SIDE_LETTERS[1 - game.position.turn], "cube": game.cube_value},
                }
            else:
                game.drop()
                self._game_over()
                return
        elif game.phase == "cube" and self._bot_wants_double():
            game.double()
            self.message = {
                "key": "doubled",
                "args": {"side": SIDE_LETTERS[game.position.turn], "cube": game.cube_value * 2},
            }
        elif game.phase in ("cube", "roll", "opening"):
            self._roll()
        elif game.phase == "move":
            if self.bot_plan is None:
                self.bot_plan = list(self._bot_choose())
            if self.bot_plan:
                self._apply_step(self.bot_plan.pop(0))
            if not self.bot_plan and game.turn_done:
                self._confirm()
        self._automate()

    # -- actions ----------------------------------------------------------------------------

    def new_game(self, settings: dict[str, Any]) -> None:
        merged = dict(DEFAULT_SETTINGS)
        merged.update({k: v for k, v in self.settings.items() if k in DEFAULT_SETTINGS})
        for key, value in settings.items():
            if key not in DEFAULT_SETTINGS:
                raise UIError(f"unknown game setting {key!r}")
            merged[key] = value
        token = merged["variant"]
        if not isinstance(token, str) or len(token) > 120:
            raise UIError("variant must be a name")
        try:
            variant = find_variant(token)
        except VariantError as error:
            raise UIError(str(error)) from None
        length = merged["match_length"]
        if not isinstance(length, int) or isinstance(length, bool) or not 0 <= length <= 999:
            raise UIError(f"match length must be 0..999, not {length!r}")
        if variant.name == "tawla31" and (length or "match_length" not in settings):
            length = 31  # tawla 31 is a match to 31 unless a single game is asked for
        if merged["opponent"] not in ("human", "computer"):
            raise UIError("opponent is 'human' or 'computer'")
        if merged["level"] not in LEVELS:
            raise UIError(f"level is one of {', '.join(LEVELS)}")
        if merged["seat"] not in ("w", "b"):
            raise UIError("seat is 'w' or 'b'")
        merged.update(variant=variant.token, match_length=length)
        if merged["variant"] != self.settings.get("variant") or merged["match_length"] != self.settings.get(
            "match_length"
        ):
            self.tally = [0, 0]
        self.settings = merged
        if length:
            self.match = Match(variant, self.dice, length)
            self.game = self.match.game
        else:
            self.match = None
            self.game = Game(variant, self.dice)
        self.last = None
        self.message = None
        self.screen = "board"
        self._fresh_turn_state()

    def _reset(self) -> None:
        self.settings = dict(DEFAULT_SETTINGS)
        self.new_game({})

    def _fresh_turn_state(self) -> None:
        self.selected = None
        self.bot_plan = None
        self.layout = Layout(self._game().board)

    def _roll(self) -> None:
        game = self._game()
        if game.phase == "opening":
            before = len(game.history)
            game.roll()
            rounds = [e["dice"] for e in game.history[before:] if e.get("event") == "opening"]
            white, black = rounds[-1]
            self.message = {
                "key": "opening",
                "args": {"w": white, "b": black, "side": SIDE_LETTERS[game.position.turn], "ties": len(rounds) - 1},
            }
            return
        game.roll()
        self.selected = None
        self.bot_plan = None
        if self.message and self.message.get("key") in ("opening", "took", "beavered"):
            pass
        else:
            self.message = None
        if not game.plays():
            self.message = {
                "key": "no_moves",
                "args": {"side": SIDE_LETTERS[game.position.turn], "dice": str(game.dice)},
            }

    def _click(self, point: int | None) -> None:
        game = self._game()
        if not self._human_moving() or point is None:
            self.selected = None
            return
        if self.selected is not None:
            route = game.destinations(self.selected).get(point)
            if route and point != self.selected:
                self._play_route(route)
                return
        movable = {step.origin for step in game.steps_now()}
        if point in movable and point != self.selected:
            self.selected = point
        else:
            self.selected = None

    def _play_route(self, route: tuple[Step, ...]) -> None:
        for step in route:
            self._apply_step(step)
        self.selected = None
        if self.message and self.message.get("key") in ("forced",):
            self.message = None

    def _apply_step(self, step: Step) -> None:
        game = self._game()
        board = game.board
        game.step(step)
        assert self.layout is not None
        self.layout.apply(board, step)

    def _confirm(self) -> None:
        game = self._game()
        side = game.position.turn
        board = game.position
        steps = game.steps
        dice = str(game.dice)
        game.confirm()
        text = format_play(board, steps)
        self.last = {
            "side": SIDE_LETTERS[side],
            "dice": dice,
            "text": text,
            "steps": [[point_id(side, s.origin, board), point_id(side, s.target, board)] for s in steps],
        }
        self.selected = None
        self.bot_plan = None
        if not steps:
            self.message = {"key": "passed", "args": {"side": SIDE_LETTERS[side], "dice": dice}}
        elif self.message and self.message.get("key") in (
            "no_moves",
            "forced",
            "not_now",
            "opening",
            "took",
            "beavered",
            "doubled",
            "coach_blunder",
        ):
            self.message = None
        if game.over:
            self._game_over()

    def _game_over(self) -> None:
        game = self._game()
        result = game.result
        assert result is not None
        if self.match is None and result.winner is not None:
            self.tally[result.winner] += result.points
        args: dict[str, Any] = {
            "winner": None if result.winner is None else SIDE_LETTERS[result.winner],
            "kind": result.kind,
            "points": result.points,
        }
        key = "game_over" if result.winner is not None else "draw"
        if self.match is not None and self.match.over:
            key = "match_over"
            # the winner's score first, capped at the match length (the last game may overshoot it)
            assert result.winner is not None
            length = self.match.length
            won, lost = self.match.score[result.winner], self.match.score[1 - result.winner]
            args["score"] = f"{min(won, length)}:{min(lost, length)}"
        self.message = {"key": key, "args": args}
        self.selected = None
        self.bot_plan = None

    def _automate(self) -> None:
        """Play what needs no decision: auto-roll, forced plays, passes, auto-confirm."""
        for _ in range(200):
            game = self._game()
            if game.over or self.screen == "setup" or self._computer_to_act():
                return
            if game.phase == "roll" and self.prefs["auto_roll"]:
                self._roll()
                continue
            if game.phase == "opening" and self.prefs["auto_roll"]:
                self._roll()
                continue
            if game.phase != "move":
                return
            plays = game.plays()
            if not game.steps and len(plays) <= 1 and self.prefs["auto_forced"]:
                if not plays:
                    self._confirm()  # the pass, shown as a message
                    continue
                (steps,) = plays.values()
                for step in steps:
                    self._apply_step(step)
                self.message = {
                    "key": "forced",
                    "args": {
                        "side": SIDE_LETTERS[game.position.turn],
                        "dice": str(game.dice),
                        "play": format_play(game.position, steps),
                    },
                }
                if not self.prefs["auto_confirm"]:
                    return
                continue
            if game.turn_done and game.steps and self.prefs["auto_confirm"]:
                if self._coach_stops():
                    return
                self._confirm()
                continue
            return

    # -- the computer ---------------------------------------------------------------------

    def _computer_to_act(self) -> bool:
        game = self._game()
        return (
            self.settings["opponent"] == "computer"
            and not game.over
            and game.phase != "opening"
            and game.to_act == self._computer_side()
        )

    def _computer_side(self) -> int:
        """The computer plays the colour the person does not (settings["seat"])."""
        return 1 - SIDE_LETTERS.index(self.settings.get("seat", "w"))

    def _human_moving(self) -> bool:
        game = self._game()
        return game.phase == "move" and not self._computer_to_act()

    def _bot(self) -> Bot:
        """The computer player of the chosen level (made once per level)."""
        level = self.settings.get("level", DEFAULT_LEVEL)
        if self._bot_player is None or self._bot_player.name != level:
            self._bot_player = make_bot(level, seed=self.bot_random.getrandbits(32))
        return self._bot_player

    def _bot_choose(self) -> tuple[Step, ...]:
        """The computer's play. A failing bot raises: the worker boundary reports it."""
        game = self._game()
        plays = game.plays()
        if not plays:
            return ()
        chosen = self._bot().choose_play(game.position, plays)
        if chosen not in plays:
            raise UIError(f"the computer chose {chosen}, which is not a legal play")
        return plays[chosen]

    def _bot_wants_double(self) -> bool:
        game = self._game()
        return game.may_double() and bool(self._bot().wants_double(game))

    def _bot_beavers(self) -> bool:
        game = self._game()
        beavers = getattr(self._bot(), "beavers", None)
        return game.may_beaver() and beavers is not None and bool(beavers(game))

    def _bot_takes(self) -> bool:
        return bool(self._bot().takes(self._game()))

    # -- reading points -----------------------------------------------------------------------

    def _game(self) -> Game:
        assert self.game is not None
        return self.game

    def _point(self, value: Any) -> int | None:
        """A board-wide point id as the mover's slot (0 off, 25 bar), or None."""
        if not isinstance(value, str) or len(value) > 8:
            return None
        game = self._game()
        side = game.position.turn
        letter = SIDE_LETTERS[side]
        if value == f"bar-{letter}":
            return BAR
        if value == f"off-{letter}":
            return OFF
        if value.isdigit() and value == str(int(value)) and 1 <= int(value) <= 24:
            absolute = int(value)
            return absolute if side == WHITE else game.variant.opponent_point(absolute)
        return None

    def _check_layout(self) -> None:
        board = self._game().board
        if self.layout is None or not self.layout.matches(board):
            self.layout = Layout(board)

    # -- the view model -------------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        game = self._game()
        board = game.board
        layout = self.layout
        reviewed = self._reviewed_position()
        if reviewed is not None:  # a position of the review is on the board, not the game's
            board, layout = reviewed, Layout(reviewed)
        variant = game.variant
        side = board.turn
        human_moving = self._human_moving() and reviewed is None
        movable: list[str] = []
        destinations: list[str] = []
        if human_moving:
            movable = sorted({point_id(side, s.origin, board) for s in game.steps_now()}, key=_point_order)
            if self.selected is not None:
                destinations = sorted(
                    (point_id(side, t, board) for t in game.destinations(self.selected)), key=_point_order
                )
        assert layout is not None
        checkers: list[dict[str, Any]] = []
        for where, ids in layout.stacks.items():
            for index, checker in enumerate(ids):
                checkers.append({"id": checker, "side": checker[0], "at": where, "i": index})
        checkers.sort(key=lambda c: (c["side"], int(c["id"][1:])))
        points: dict[str, dict[str, Any]] = {}
        for where, ids in layout.stacks.items():
            if ids:
                points[where] = {"side": ids[0][0], "count": len(ids)}
        dice = []
        opening_dice = None
        if reviewed is not None:
            pass  # a reviewed position is shown without the game's dice
        elif game.dice is not None:
            left = list(game.planner.dice_left) if game.planner else []
            values = [game.dice.high] * 4 if game.dice.is_double else [game.dice.high, game.dice.low]
            for value in values:
                dice.append({"value": value, "used": value not in left})
                if value in left:
                    left.remove(value)
            if game.turn_done:
                for die in dice:
                    die["blocked"] = not die["used"]
        elif game.phase in ("opening", "roll", "cube"):
            openings = [e for e in game.history if e.get("event") == "opening"]
            if openings and (game.phase == "opening" or len(game.history) == len(openings)):
                white, black = openings[-1]["dice"]
                opening_dice = {"w": white, "b": black}
        computer = self.settings["opponent"] == "computer"
        to_act = game.to_act
        human_turn = not self._computer_to_act() and not game.over
        can = {
            "roll": human_turn and game.phase in ("opening", "cube", "roll"),
            "double": human_turn and game.may_double(),
            "take": human_turn and game.phase == "take",
            "drop": human_turn and game.phase == "take",
            "beaver": human_turn and game.may_beaver(),
            "undo": human_moving and bool(game.steps),
            "hint": human_turn and self._can_hint(),
            "review": any(e.get("event") in ("play", "pass") for e in game.history),
            "confirm": human_moving and game.turn_done,
            "next_game": game.over and not (self.match is not None and self.match.over),
            "new_match": game.over and self.match is not None and self.match.over,
        }
        match_view = None
        if self.match is not None:
            match_view = {
                "length": self.match.length,
                "score": [min(points, self.match.length) for points in self.match.score],
                "crawford": game.crawford,
                "over": self.match.over,
            }
        if self.match is not None:  # shown capped: "16 of 5" after a big last game reads as nonsense
            score = [min(points, self.match.length) for points in self.match.score]
        else:
            score = list(self.tally)
        players = {}
        for s in (0, 1):
            letter = SIDE_LETTERS[s]
            players[letter] = {
                "kind": "computer" if computer and s == self._computer_side() else "human",
                "pips": board.pips(s),
                "off": board.off(s),
                "score": score[s],
            }
        result = game.result.to_dict() if game.result else None
        return {
            "schema": SCHEMA,
            "screen": self.screen,
            "variant": variant.name,
            "token": variant.token,
            "options": sorted(variant.options),
            "cube_limit": variant.cube_limit,
            "geometry": "same" if variant.same_direction else "opposite",
            "position": str(board),
            "phase": game.phase,
            "turn": SIDE_LETTERS[side],
            "to_act": None if to_act is None else SIDE_LETTERS[to_act],
            "checkers": checkers,
            "points": points,
            "movable": movable,
            "selected": None if self.selected is None else point_id(side, self.selected, board),
            "destinations": destinations,
            "dice": dice,
            "dice_text": str(game.dice) if game.dice else "",
            "opening_dice": opening_dice,
            "cube": {
                "enabled": variant.cube,
                "value": game.cube_value,
                "owner": None if game.cube_owner is None else SIDE_LETTERS[game.cube_owner],
                "offered": game.phase == "take",
            },
            "can": can,
            "players": players,
            "match": match_view,
            "result": result,
            "last": None if reviewed is not None else self.last,  # the live game's move is not drawn there
            "hint": self.hint,
            "review": self.review,
            "message": self._review_message() if reviewed is not None else self.message,
            "settings": dict(self.settings),
            "prefs": dict(self.prefs),
            # the person playing Black against the computer sees the board from Black's side
            "flipped": self.prefs["flip"] != (computer and self._computer_side() == WHITE),
            "bot_pending": self._computer_to_act(),
            "dice_source": self.dice.spec,
            "variants": [
                {"name": name, "options": sorted(VARIANTS[name].allowed_options), "cube": VARIANTS[name].cube}
                for name in VARIANT_NAMES
            ],
            "cube_limits": list(CUBE_LIMITS),
            "languages": LANGUAGES,
            "levels": list(LEVELS),
            "match_lengths": list(MATCH_LENGTHS),
        }

    # -- saving and sharing ---------------------------------------------------------------------

    def to_save(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "app": "nard",
            "settings": dict(self.settings),
            "prefs": dict(self.prefs),
            "tally": list(self.tally),
            "screen": self.screen,
            "match": self.match.to_dict() if self.match is not None else None,
            "game": self.game.to_dict() if self.match is None and self.game is not None else None,
            "last": self.last,
            "message": self.message,
            "selected": self.selected,
            "dice": {"spec": self.dice.spec, "drawn": self.dice.drawn},
        }

    def load_save(self, text: str) -> None:
        """Restore everything from `to_save()` JSON; raises (and changes nothing) when unreadable."""
        if len(text) > MAX_SAVE:
            raise UIError("the saved game is too large")
        try:
            data = safejson.loads(text)
        except safejson.JSONShapeError as error:
            raise UIError(f"the saved game cannot be read: {error}") from None
        if not isinstance(data, dict) or data.get("app") != "nard":
            raise UIError("this is not a saved game of this app")
        if data.get("schema") != SCHEMA:
            raise UIError(f"saved with schema {data.get('schema')!r}, this app reads {SCHEMA}")
        settings = _checked_settings(data.get("settings"))
        prefs = _checked_prefs(data.get("prefs"))
        tally = data.get("tally", [0, 0])
        if not (isinstance(tally, list) and len(tally) == 2 and all(_is_count(x) for x in tally)):
            raise UIError("bad tally")
        dice_info = data.get("dice") or {}
        if not isinstance(dice_info, dict):
            raise UIError("bad dice record")
        drawn = dice_info.get("drawn", 0)
        if not _is_count(drawn):
            raise UIError("bad dice count")
        dice = self.dice
        if dice.spec is not None and dice_info.get("spec") == dice.spec:
            dice = CountingDice(dice.spec)
            dice.skip(min(drawn, 100_000))
        match = game = None
        if data.get("match") is not None:
            match = Match.from_dict(data["match"], dice)
            game = match.game
        elif data.get("game") is not None:
            game = Game.from_dict(data["game"], dice)
        else:
            raise UIError("the save holds no game")
        if game.variant.token != settings["variant"]:
            settings["variant"] = game.variant.token
        selected = data.get("selected")
        last = data.get("last")
        message = data.get("message")
        screen = data.get("screen", "board")
        if screen not in ("setup", "board"):
            raise UIError("bad screen")
        # everything read: now change the state
        self.dice = dice
        self.settings, self.prefs, self.tally = settings, prefs, [int(x) for x in tally]
        self.match, self.game = match, game
        self._fresh_turn_state()
        self.last = _checked_last(last)
        self.message = message if _is_message(message) else None
        if _is_count(selected) and selected is not None and game.phase == "move" and game.destinations(selected):
            self.selected = selected
        self.screen = screen

    def export_url(self) -> str:
        """The URL fragment for the whole game: `s=<nardcore.codec state>` (+ `&vs=computer`)."""
        thing = self.match if self.match is not None else self._game()
        fragment = "s=" + encode_state(thing)
        if self.settings["opponent"] == "computer":
            fragment += "&vs=computer"
        return fragment

    def load_url(self, fragment: str) -> None:
        """Read a fragment made by `export_url`; raises (changing nothing) on anything else."""
        text = fragment.lstrip("#").strip()
        if len(text) > MAX_URL:
            raise UIError("the link is too long")
        fields: dict[str, str] = {}
        for part in text.split("&"):
            name, sep, value = part.partition("=")
            if not sep or name not in ("s", "vs") or name in fields:
                raise UIError("the link does not hold a game of this app")
            fields[name] = value
        if "s" not in fields:
            raise UIError("the link does not hold a game of this app")
        opponent = {"computer": "computer", None: "human"}.get(fields.get("vs"))
        if opponent is None:
            raise UIError("the link's opponent is unknown")
        try:
            thing = decode_state(fields["s"], self.dice)
        except CodecError as error:
            raise UIError(str(error)) from None
        match, game = (thing, thing.game) if isinstance(thing, Match) else (None, thing)
        self.match, self.game = match, game
        self.settings = {
            "variant": game.variant.token,
            "match_length": match.length if match is not None else 0,
            "opponent": opponent,
            "level": self.settings.get("level", DEFAULT_LEVEL),
            "seat": self.settings.get("seat", "w"),
        }
        self.tally = [0, 0]
        self.last = None
        self.screen = "board"
        self._fresh_turn_state()


def hint_for(game: Game) -> dict[str, Any]:
    """The hint for the side to act: up to five plays with their value, or the cube action."""
    if game.phase in ("cube", "take"):
        if game.phase == "cube":
            action = "double" if neural_cube.wants_double(game) else "roll"
        else:
            action = "beaver" if neural_cube.beavers(game) else "take" if neural_cube.takes(game) else "drop"
        return {"cube": action, "plays": [], "shown": None}
    position, plays = game.position, game.plays()
    side = position.turn
    found = []
    for item in analysis.hint(position, game.dice.dice if game.dice else (1, 1), count=5):
        steps = plays.get(item.result, ())
        found.append({
            "play": item.play,
            "equity": round(item.equity, 3),
            "loss": round(item.loss, 3),
            "steps": [[point_id(side, s.origin, position), point_id(side, s.target, position)] for s in steps],
        })
    return {"cube": None, "plays": found, "shown": 0, "side": SIDE_LETTERS[side]}


# -- strict readers for saved data ---------------------------------------------------------


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10**9


def _point_order(point: str) -> tuple[int, int]:
    return (0, int(point)) if point.isdigit() else (1, 0 if point.startswith("bar") else 1)


def _checked_settings(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or set(data) - set(DEFAULT_SETTINGS):
        raise UIError("bad game settings")
    settings = dict(DEFAULT_SETTINGS)
    settings.update(data)
    try:
        settings["variant"] = find_variant(str(settings["variant"])).token
    except VariantError as error:
        raise UIError(str(error)) from None
    if not _is_count(settings["match_length"]) or settings["opponent"] not in ("human", "computer"):
        raise UIError("bad game settings")
    if settings["level"] not in LEVELS or settings["seat"] not in ("w", "b"):
        raise UIError("bad game settings")
    return settings


def _checked_prefs(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise UIError("bad preferences")
    prefs = dict(DEFAULT_PREFS)
    for key, value in data.items():
        if key not in DEFAULT_PREFS:
            continue
        if key == "lang":
            if isinstance(value, str) and value and len(value) <= 12 and not set(value) - LANG_CODE_CHARS:
                prefs[key] = value
        elif isinstance(value, bool):
            prefs[key] = value
    return prefs


def _is_message(message: Any) -> bool:
    return (
        isinstance(message, dict)
        and isinstance(message.get("key"), str)
        and isinstance(message.get("args", {}), dict)
        and len(json.dumps(message)) < 2000
    )


def _checked_last(last: Any) -> dict[str, Any] | None:
    if not isinstance(last, dict):
        return None
    steps = last.get("steps")
    if not isinstance(steps, list) or len(steps) > 4:
        return None
    valid = {str(n) for n in range(1, 25)} | {"bar-w", "bar-b", "off-w", "off-b"}
    for pair in steps:
        if not (isinstance(pair, list) and len(pair) == 2 and all(p in valid for p in pair)):
            return None
    if (
        last.get("side") not in ("w", "b")
        or not isinstance(last.get("text"), str)
        or not isinstance(last.get("dice"), str)
    ):
        return None
    return {"side": last["side"], "text": last["text"][:80], "dice": last["dice"][:4], "steps": steps}


__all__ = ["CHECKERS", "DEFAULT_LEVEL", "LEVELS", "App", "GameResult", "Layout", "UIError", "make_bot", "point_id"]
