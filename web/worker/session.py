"""The session: everything the app remembers between requests, as plain data.

Settings (what game, against whom), preferences (how the app behaves), the match or game,
the dice source, the screen, the message, the last move, and the turn's input state
(selection, checker ids). Who plays which side is answered here too, since the view, the
intents and the autopilot all ask it. The parts that change a session live beside it:
turn_input.py, flow.py, autopilot.py, advice.py, saves.py; the settings' defaults and
readers are settings.py.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from nardcore.bots import analysis
from nardcore.bots.rollout import Rollout
from nardcore.game import Game
from nardcore.match import Match
from nardcore.position import SIDE_LETTERS, Position
from nardcore.variant import find_variant

from .dice import CountingDice
from .duel.linkplay import Duel
from .layout import Layout
from .messages import Event, Message
from .settings import DEFAULT_PREFS, DEFAULT_SETTINGS, read_settings
from .viewmodel_dice import FairCheck

if TYPE_CHECKING:
    from .editor import Editor
    from .lesson_state import Learn


def new_game_id() -> str:
    """The id a game keeps in the player's library (web/page/library/): 12 hex digits."""
    return secrets.token_hex(6)


@dataclass
class Session:
    """The app's state. `game` is the match's current game when there is a match."""

    dice: CountingDice
    game: Game
    match: Match | None = None
    settings: dict[str, Any] = field(default_factory=lambda: dict(DEFAULT_SETTINGS))
    prefs: dict[str, Any] = field(default_factory=lambda: dict(DEFAULT_PREFS))
    tally: list[int] = field(default_factory=lambda: [0, 0])  # points across single games
    # a money session: the finished single games before this one, in one entry of the library
    session_games: list[Game] = field(default_factory=list)
    screen: str = "setup"  # "setup" (the start screen) or "board"
    message: Message | None = None
    last: dict[str, Any] | None = None  # the last confirmed turn, for the line and the arrows
    selected: int | None = None  # origin in the mover's numbering
    layout: Layout = field(init=False)
    hint: dict[str, Any] | None = None  # the best plays (or cube action) for the person to act
    review: dict[str, Any] | None = None  # the game's review, as far as it has got
    review_run: Iterator[tuple[int, int, analysis.Review]] | None = None
    review_game: int | None = None  # the match's game under review, from 0 (None: the game on the board)
    summary_run: Iterator[tuple[int, int, dict[str, Any] | None]] | None = None  # the match summary (match_review.py)
    rollout_run: Iterator[tuple[int, int, list[Rollout]]] | None = None  # the hint's rollout (rollouts.py)
    review_rollout_run: Iterator[tuple[int, int, list[Rollout]]] | None = None  # a reviewed turn's (rollouts.py)
    coach_warned: str | None = None  # the result the coach warned about (confirmed next time)
    set_aside: str | None = None  # an unreadable save met during this request
    share: dict[str, Any] | None = None  # what the share dialog offers, asked for in this request
    imported: dict[str, Any] | None = None  # files imported in this request (backup.py): games for the library
    library_head: dict[str, Any] | None = None  # the library file's head, asked for in this request (backup.py)
    replay: int | None = None  # the record is shown after this many events (None: the game as it is)
    game_id: str = field(default_factory=new_game_id)  # the game's (or match's) entry in the library
    live: Any = None  # the line of a game played live (livegame.Live; not saved: a reload drops it)
    duel: Duel | None = None  # a game played by link (web/worker/duel/linkplay.py): this device's record of it
    editor: Editor | None = None  # the position editor, while it is open (not saved: a reload closes it)
    dice_check: FairCheck | None = None  # the last Verify dice (fairplay.py), shown until the next roll
    entered: list[int] = field(default_factory=list)  # dice entered by hand, not rolled yet (settings "dice")
    # a puzzle, a drill or the opening book on a board of its own: a study.Study (not saved; typed
    # Any here, since study.py builds on the session)
    study: Any = None
    learn: Learn | None = None  # the Learn screen and the lesson open (lessons.py; not saved either)
    guided: bool = False  # a first game with the coach (lessons.first_game; a reload ends the coaching)
    first_of_its_game: bool = False  # the person's first game of this game here: the way round is shown
    luck_ahead: Any = None  # how far the luck of the game on the board is measured (luck_ahead.Ahead; not saved)

    def __post_init__(self) -> None:
        self.layout = Layout(self.game.board)

    @classmethod
    def fresh(cls, dice: CountingDice) -> Session:
        """A default session on the start screen."""
        session = cls(dice=dice, game=Game(find_variant(DEFAULT_SETTINGS["variant"]), dice))
        session.start_game({})
        session.screen = "setup"
        return session

    # -- changing the game ----------------------------------------------------------------

    def start_game(self, requested: dict[str, Any]) -> None:
        """A new game or match from the settings asked for (the others carry over)."""
        settings, variant = read_settings(self.settings, requested)
        if (settings["variant"], settings["match_length"]) != (
                self.settings.get("variant"), self.settings.get("match_length")):
            self.tally = [0, 0]
        self.settings = settings
        self.game_id = new_game_id()  # a new entry: the game before it stays in the library
        self.session_games = []
        self.duel = None
        self.dice_check = None
        self.use_dice()
        length = settings["match_length"]
        self.match = Match(variant, self.dice, length) if length else None
        self.replace_game(self.match.game if self.match is not None else Game(variant, self.dice))
        self.message = None
        self.screen = "board"

    def next_session_game(self) -> None:
        """The money session's next single game, the same settings: the finished one kept
        beside it, the same entry in the library (one `.mat` of every game)."""
        finished, game_id = [*self.session_games, self.game], self.game_id
        self.start_game(self.settings)
        self.session_games, self.game_id = finished, game_id

    def session_score(self) -> list[int]:
        """The money session's running score: every game of it so far, this one once over."""
        score = [0, 0]
        for game in [*self.session_games, self.game]:
            if game.result is not None and game.result.winner is not None:
                score[game.result.winner] += game.result.points
        return score

    def replace_game(self, game: Game) -> None:
        """Another game on the board: nothing of the old one's turn is kept."""
        self.game = game
        self.guided = False  # the coach explains the first game it was asked for, no other
        self.first_of_its_game = False
        self.last = None
        self.replay = None
        self.fresh_turn()

    def fresh_turn(self) -> None:
        self.selected = None
        self.layout = Layout(self.game.board)

    def play_on_from(self, position: Position) -> None:
        """A new single game of the library from `position` (the side on roll to act)."""
        self.match = None
        self.settings = {**self.settings, "variant": position.variant.token, "match_length": 0}
        self.game_id = new_game_id()
        self.session_games = []
        self.duel = None
        self.dice_check = None
        self.use_dice()
        fresh = position == Position.start(position.variant)  # the record's start: an opening roll
        self.replace_game(Game(position.variant, self.dice) if fresh else Game(position.variant, self.dice,
                                                                                 position=position))
        self.screen = "board"

    def use_dice(self) -> None:
        """A new entry's dice: entered by hand, or a new proof (docs/fair-dice.md)."""
        self.entered.clear()
        if self.by_hand:
            self.dice.by_hand(self.entered)
        else:
            self.dice.prove_anew()

    @property
    def by_hand(self) -> bool:
        """Every roll entered by hand (never in a game by link, whose dice come from its secrets)."""
        return bool(self.settings.get("dice") == "hand") and self.duel is None

    def waiting_for_hand(self) -> bool:
        """The computer is to roll and its dice, entered by hand, are not entered yet."""
        game = self.game
        return (self.by_hand and self.against_computer and not game.over and game.phase in ("cube", "roll")
                and game.to_act == self.computer_side and len(self.entered) < 2)

    # -- messages ---------------------------------------------------------------------------

    def say(self, key: str, **args: Any) -> None:
        self.message = Message(key, args)

    def note(self, event: Event) -> None:
        """Something happened to the turn: the message goes if it lives only until then."""
        if self.message is not None and self.message.ends_at(event):
            self.message = None

    # -- who plays which side ----------------------------------------------------------------

    @property
    def against_computer(self) -> bool:
        return bool(self.settings["opponent"] == "computer")

    @property
    def computer_side(self) -> int:
        """The computer plays the colour the person does not (settings["seat"])."""
        return 1 - SIDE_LETTERS.index(self.settings.get("seat", "w"))

    def computer_to_act(self) -> bool:
        game = self.game
        return (self.against_computer and not game.over and game.phase != "opening"
                and game.to_act == self.computer_side and not self.waiting_for_hand())

    def others_to_act(self) -> bool:
        """The person may not act now: the computer's turn, or in a game played by link, the
        other player's (this device waits for their link)."""
        return self.computer_to_act() or (self.duel is not None and self.duel.waiting(self.game))

    def human_moving(self) -> bool:
        return self.game.phase == "move" and not self.others_to_act()
