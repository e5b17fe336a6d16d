"""A game played by link in the app: starting one, opening a link, rolling with the dice the
two players' secrets give, and the link to send once the person has played.

The protocol itself is web/worker/duel/linkplay.py (docs/link-play.md). The session keeps this device's
record (`session.duel`); the game on the board is a copy of the record's game that the person
plays on, and what was played on it becomes the next link.
"""

from __future__ import annotations

from typing import Any, cast

from nardcore.dice import PresetDice
from nardcore.errors import NardError, quoted
from nardcore.position import SIDE_LETTERS

from .. import flow, saves
from ..inputs import UIError
from ..intent_shapes import Side
from ..reasons import reason
from ..session import Session, new_game_id
from ..viewmodel import LinkView
from .linkformat import LinkError, is_side, read_link
from .linkplay import Duel


def start(session: Session, request: dict[str, Any]) -> bool:
    """A new game by link: `variant` (a token), `seat` (w or b), `from_board` (the position on
    the board as the start, the side on roll to play first) — the invitation to send. A match
    (`match_length` above 0) is refused with the reason (docs/link-play.md): False, nothing starts."""
    length = request.get("match_length", 0)
    if isinstance(length, bool) or not isinstance(length, int) or not 0 <= length <= 64:
        raise UIError(f"match_length is a number from 0 to 64, not {quoted(length)}")
    if length > 0:
        session.say("link_no_match", length=length)
        return False
    seat = request.get("seat", "w")
    if not is_side(seat):
        raise UIError(f"seat is 'w' or 'b', not {quoted(seat)}")
    if request.get("from_board") is True:
        game = session.game
        if game.over or game.phase == "opening" or game.board.winner() is not None:
            raise UIError("there is no position on the board to start from")
        start_position = game.position
        variant = start_position.variant.token
    else:
        variant = request.get("variant", session.settings["variant"])
        if not isinstance(variant, str) or len(variant) > 120:
            raise UIError("variant must be a name")
        start_position = None
    try:
        duel, _ = Duel.create(variant, seat, start_position)
    except (LinkError, ValueError) as error:
        raise UIError(str(error)) from None
    begin(session, duel)
    session.say("link_started")
    return True


def begin(session: Session, duel: Duel) -> None:
    """A new entry in the library for a game by link, with a score of its own (another
    opponent: the tally of the games before it is not carried over)."""
    session.game_id = new_game_id()
    session.session_games = []
    session.tally = [0, 0]
    session.last = None  # the line under the board names nothing of the game before
    take(session, duel)


def take(session: Session, duel: Duel) -> None:
    """The record's game on the board (its last move kept)."""
    session.duel = duel
    session.match = None
    session.settings = {**session.settings, "variant": duel.game.variant.token, "match_length": 0,
                        "opponent": "human", "seat": duel.me, "dice": "app"}  # its dice: from both secrets
    last = session.last
    session.replace_game(duel.game.copy())
    session.last = last
    session.screen = "board"


def load_link_save(session: Session, save: Any) -> bool:
    """The page's record of the game a link belongs to, read into the session; False (said) when
    it cannot be read. It is read again unless the session holds it as it is (the same tab's next
    link): reading it replays the whole game, which late in a long game is most of a link's cost."""
    if isinstance(save, str) and save and saves.unstamped(save) != saves.save_text(session):
        try:
            saves.load_save(session, save, keep_prefs=True)
        except (UIError, NardError, LinkError) as error:
            session.say("open_bad", error=reason(error))
            return False
    return True


def open_link(session: Session, fragment: str, save: Any) -> None:
    """A link of a game played by link: the device's record of that game (`save`, found by the
    page) takes it, or an invitation starts this device's side. Refused links are said, and the
    record is left as it was."""
    try:
        link = read_link(fragment)
    except LinkError as error:
        session.say("link_refused", error=reason(error))
        return
    if not load_link_save(session, save):
        return
    duel = session.duel
    if duel is not None and duel.gid == link.gid:
        try:
            duel.receive(link)
        except LinkError as error:
            take(session, duel)
            session.say("link_refused", error=reason(error))
            return
        take(session, duel)
        session.last = last_move(duel)
        say_received(session, "link_received")
        return
    try:
        joined, _ = Duel.join(link)
    except LinkError as error:
        session.say("link_refused", error=reason(error))
        return
    begin(session, joined)
    session.say("link_joined")


def say_received(session: Session, key: str) -> None:
    """What the other player's link (or live message) asks of this player: a double to take or
    drop, a resignation to accept, as against the computer; else `key` (it is checked and played)."""
    game = session.game
    other = game.to_act is not None and 1 - game.to_act
    if game.phase == "take":
        session.say("doubled", side=SIDE_LETTERS[int(other)], cube=game.cube_value * 2)
    elif game.phase == "resign" and game.resign_offer is not None:
        level = game.resign_offer[0]
        session.say("resign_offered", side=SIDE_LETTERS[int(other)], level=level,
                    points=flow.resign_points(game, level))
    else:
        session.say(key)


def last_move(duel: Duel) -> dict[str, Any] | None:
    """The other player's last play, for the line under the board."""
    for event in reversed(duel.game.history):
        if event.get("event") in ("play", "pass"):
            return {"side": event["side"], "text": event.get("play", ""),
                    "dice": "".join(str(d) for d in event["dice"]), "steps": []}
    return None


def roll(session: Session) -> None:
    """The person rolls: the dice the secrets give, once the other's share is here; in the
    cube phase without it, the roll is asked for by a link."""
    duel, game = session.duel, session.game
    assert duel is not None
    if game.phase not in ("cube", "roll"):
        return
    if not duel.may_roll(game):
        if game.phase == "cube":
            send(session, ask=True)
        else:
            session.say("link_wait")
        return
    game.dice_source = PresetDice(list(duel.dice_for(game)))
    flow.roll(session)


def after(session: Session) -> None:
    """After each request: when the person has finished, the link to send."""
    duel = session.duel
    if duel is not None and duel.link_due(session.game):
        send(session)


def may_double(session: Session) -> bool:
    """Doubling is not barred by the game by link: this side neither asked for its share nor
    declared it would not double at this turn."""
    return session.duel is None or not session.duel.no_double


def hold(session: Session, request: dict[str, Any]) -> None:
    """The person keeps the cube for their next turn (`keep` true: the link that ends their
    part declares nothing, and that turn asks for its share first) or not (the default)."""
    duel, keep = session.duel, request.get("keep")
    if not isinstance(keep, bool):
        raise UIError(f"keep is true or false, not {quoted(keep)}")
    if duel is None or not duel.hold_offered(session.game):
        return
    duel.set_hold(session.game, keep)


def send(session: Session, ask: bool = False) -> None:
    duel = session.duel
    assert duel is not None
    try:
        duel.send(session.game, ask=ask)
    except LinkError as error:
        take(session, duel)
        session.say("link_refused", error=reason(error))
        return
    take(session, duel)
    session.say("link_asked" if ask else sent_key(duel))


def sent_key(duel: Duel) -> str:
    """The message that says what the link just made carries, so the person knows what is
    sent: their move (a play or a pass), their decision (on the cube, a resignation), or only
    the other side's dice (the opening roll revealed, or a share after a request to roll)."""
    actions = [str(action) for action in duel.links[-1].get("a", []) if action != "N"]
    if any(action[:1] in ("p", "-") for action in actions):
        return "link_send"
    return "link_send_choice" if actions else "link_send_dice"


def view(session: Session) -> LinkView | None:
    """What the page shows of a game by link: the link to send while the device waits."""
    duel = session.duel
    if duel is None:
        return None
    waiting = not duel.my_link_next
    offered = not session.others_to_act() and duel.hold_offered(session.game)
    return {
        "gid": duel.gid,
        "me": cast(Side, duel.me),  # "w" or "b": Duel reads it so
        "seq": duel.seq,
        "waiting": waiting,
        "asked": duel.asked,
        "declared": duel.declared,
        "hold_offered": offered,
        "hold": offered and duel.holding(session.game),
        "over": duel.game.over,
        "url": duel.last_link() if waiting else None,
    }
