"""A game played live (docs/live.md): the game by link (linkgame.py, linkplay.py) whose links
travel over a direct line between the two browsers (a WebRTC data channel) as soon as they
are made, rather than through a messenger.

The page holds the line and only carries text: it hands this module the description of its
side of the line (`offer`, `answer`), is told the other side's (`Live.remote`), and passes
everything that arrives on the line to `receive`, which reads it as strictly as a link. What
to send on the line is `Live.outbox`. Two links connect the devices: the invitation (the
host's first link of the game and its offer) and the answer (the guest's join and its
answer); a dropped line is reconnected the same way from the last link each side holds, and
meanwhile the game goes on by links.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, cast

from nardcore.errors import quoted
from nardcore.position import SIDE_LETTERS

from ..inputs import UIError
from ..intent_shapes import Side
from ..reasons import reason
from ..session import Session
from ..viewmodel import ClockView, LiveState, LiveView
from . import linkgame
from .linkformat import LinkError, is_link, read_link
from .linkplay import Duel
from .liveclock import GRACE, Clocks, read_control
from .livelink import live_link, read_live_link, rebuild_sdp, reduce_sdp

QUICK = ("gg", "thanks", "your_turn", "moment")  # quick messages: live.quick.KEY in web/i18n
MAX_CHAT = 200  # characters of a chat message
MAX_DATA = 25_000  # characters of one message on the line
OUTBOX = 20  # messages kept for the page to send


def now() -> float:
    """The clocks' time in seconds (tests put a controlled clock here)."""
    return time.monotonic()


@dataclass
class Live:
    """This tab's line to the other device for the game `gid`.

    `state`: "inviting" (the link to send is the invitation or a new offer), "answering" (the
    page is to answer `remote`), "replying" (the link to send is the answer), "connecting" (the
    page is to take the answer `remote`), "connected", "dropped"."""

    gid: str
    state: str
    link: str | None = None  # the live link to send
    remote: str | None = None  # the other side's session description, for the page to take
    token: int = 0  # changes with each new `remote`
    outbox: list[tuple[int, str]] = field(default_factory=list)  # (number, text) for the line
    sent: int = -1  # the number of this device's last link put in the outbox
    count: int = 0  # messages put in the outbox
    heard: list[dict[str, str]] = field(default_factory=list)  # the other's quick messages and chat
    clocks: Clocks | None = None  # the game's time control, when it has one (liveclock.py)
    flag: str | None = None  # the side that lost on time

    def put(self, data: dict[str, Any]) -> None:
        self.count += 1
        self.outbox = [*self.outbox, (self.count, json.dumps(data, separators=(",", ":")))][-OUTBOX:]


def start(session: Session, request: dict[str, Any]) -> None:
    """A new game played live: the game by link (linkgame.start) and the invitation that carries
    the page's offer (`offer`, its description of the line) and the time control (`clock`:
    [delay, reserve] in seconds, or none)."""
    try:
        control = read_control(request.get("clock"))
    except ValueError as error:
        raise UIError(str(error)) from None
    if not linkgame.start(session, request):
        return
    duel = session.duel
    assert duel is not None
    clocks = None if control is None else Clocks(delay=control[0], reserve=control[1])
    _invite(session, request.get("offer"), duel.links[0]["g"], clocks)
    session.say("live_invite")


def reinvite(session: Session, request: dict[str, Any]) -> None:
    """A new line for the game under way (the line dropped, or a game by link goes live): the
    link carries this device's latest link and the page's new offer."""
    duel = session.duel
    if duel is None:
        raise UIError("there is no game by link to play live")
    held = session.live
    _invite(session, request.get("offer"), duel.gid, held.clocks if held is not None and held.gid == duel.gid else None)
    session.say("live_reinvite")


def _line(sdp: Any, kind: str, clocks: Clocks | None) -> dict[str, Any]:
    """The line's fields for a live link, with the clocks as they stand (paused) when there are."""
    line = reduce_sdp(sdp, kind)
    if clocks is not None:
        clocks.pause(now())
        line["t"] = clocks.carry(now())
    return line


def _invite(session: Session, offer: Any, gid: str, clocks: Clocks | None) -> None:
    duel = session.duel
    assert duel is not None
    fragment = duel.last_link()
    if fragment is None:
        raise UIError("this device has sent no link of the game yet")
    try:
        link = live_link(fragment, _line(offer, "o", clocks))
    except LinkError as error:
        session.live = Live(gid, "dropped", clocks=clocks)
        session.say("live_failed", error=reason(error))
        return
    session.live = Live(gid, "inviting", link=link, clocks=clocks)


def answer(session: Session, request: dict[str, Any]) -> None:
    """The page's answer to the other's offer: the live link to send back."""
    live, duel = session.live, session.duel
    if live is None or duel is None or live.state != "answering":
        return
    fragment = duel.last_link()
    assert fragment is not None  # the guest's join at least
    try:
        live.link = live_link(fragment, _line(request.get("answer"), "a", live.clocks))
    except LinkError as error:
        live.state = "dropped"
        session.say("live_failed", error=reason(error))
        return
    live.state, live.remote = "replying", None
    session.say("live_reply")


def open_link(session: Session, fragment: str, save: Any) -> None:
    """A `live=` link opened: an invitation (or a new offer for a game under way), or the answer
    to this tab's invitation. Its link of the game is taken as a link is; refused, nothing changes."""
    try:
        link, line = read_live_link(fragment)
    except LinkError as error:
        session.say("link_refused", error=reason(error))
        return
    if not linkgame.load_link_save(session, save):
        return
    duel = session.duel
    live = session.live
    if line["k"] == "a":
        if duel is None or duel.gid != link.gid or live is None or live.gid != link.gid or live.state != "inviting":
            # no invitation waits for it in this tab: its link of the game still counts
            if duel is not None and duel.gid == link.gid and _take(session, link):
                session.live = Live(link.gid, "dropped")
                session.say("live_no_offer")
            elif duel is None or duel.gid != link.gid:
                session.say("link_refused", error=reason(LinkError("this answer belongs to no game on this device",
                                                                   why="why.duel_other_game")))
            return
        if not _take(session, link):
            return
        live.state, live.link, live.remote, live.token = "connecting", None, rebuild_sdp(line), live.token + 1
        live.clocks = live.clocks or _carried(line)
        session.say("live_connecting")
        return
    if duel is not None and duel.gid == link.gid:
        if not _take(session, link):
            return
    else:
        try:
            joined, _ = Duel.join(link)
        except LinkError as error:
            session.say("link_refused", error=reason(error))
            return
        linkgame.begin(session, joined)
    token = 0 if live is None else live.token
    held = live.clocks if live is not None and live.gid == link.gid else None
    flag = live.flag if live is not None and live.gid == link.gid else None
    session.live = Live(link.gid, "answering", remote=rebuild_sdp(line), token=token + 1,
                        clocks=held or _carried(line), flag=flag)
    session.say("live_answering")


def _carried(line: dict[str, Any]) -> Clocks | None:
    """The clocks a live link carries (checked when the link was read): this device takes them
    when it holds none of this game (a new game, a reloaded tab); its own win otherwise."""
    return Clocks.carried(line["t"]) if "t" in line else None


def _take(session: Session, link: Any) -> bool:
    """The link of the game a live link carries: taken when it is the next one, passed over
    when this device has it already (the same link); else refused and said."""
    duel = session.duel
    assert duel is not None
    if link.seq < duel.seq and duel.links[link.seq] == link.message:
        return True
    try:
        duel.receive(link)
    except LinkError as error:
        linkgame.take(session, duel)
        session.say("link_refused", error=reason(error))
        return False
    linkgame.take(session, duel)
    session.last = linkgame.last_move(duel)
    return True


def line_state(session: Session, request: dict[str, Any]) -> None:
    """The page says the line is open, or dropped (closed, failed, or silent for 3 s)."""
    live, state = session.live, request.get("state")
    if state not in ("open", "dropped", "failed"):
        raise UIError(f"state is 'open', 'dropped' or 'failed', not {quoted(state)}")
    if live is None:
        return
    if state == "open" and live.state in ("connecting", "replying"):
        live.state = "connected"
        live.sent = -1  # this device's last link goes on the line: the other side may not hold it yet
        session.say("live_connected")
    elif state == "failed" and live.state in ("inviting", "replying", "connecting", "answering"):
        live.state = "dropped"
        session.say("live_failed_line")
    elif state == "dropped" and live.state == "connected":
        live.state = "dropped"
        if live.clocks is not None:
            live.clocks.pause(now())
        session.say("live_dropped")


def receive(session: Session, request: dict[str, Any]) -> None:
    """A message on the line, read as strictly as a link: a link of this game (the other's
    next one), a quick message or a short chat; anything else is refused, the game unchanged."""
    live, duel, data = session.live, session.duel, request.get("data")
    if live is None or duel is None or live.state != "connected":
        return
    try:
        message = _read_message(data)
    except LinkError as error:
        session.say("live_refused", error=reason(error))
        return
    if "f" in message:
        if live.flag == message["f"]:
            return  # this device had seen it already
        if message["f"] != _other(duel.me) or live.flag is not None:
            session.say("live_refused", error=reason(LinkError("only a player's own device says it ran out of time")))
            return
        lose_on_time(session, message["f"])
        return
    if live.flag is not None:
        return  # the game ended on time: its moves no longer count
    if "d" in message:
        try:
            if not is_link(message["d"]):
                raise LinkError("the message is not a link of a game")
            link = read_link(message["d"])
        except LinkError as error:
            session.say("live_refused", error=reason(error))
            return
        if link.gid == duel.gid and link.seq == duel.seq - 1 and duel.links[-1] == link.message:
            return  # the same link again (sent again after the line came back): nothing new
        try:
            duel.receive(link)
        except LinkError as error:
            linkgame.take(session, duel)
            session.say("live_refused", error=reason(error))
            return
        linkgame.take(session, duel)
        session.last = linkgame.last_move(duel)
        linkgame.say_received(session, "live_received")
        return
    live.heard = [*live.heard, message][-5:]


def _read_message(data: Any) -> dict[str, str]:
    if not isinstance(data, str) or len(data) > MAX_DATA:
        raise LinkError("the message on the line is not short text")
    try:
        message = json.loads(data)
    except ValueError:
        raise LinkError("the message on the line is not one this app sends") from None
    if not isinstance(message, dict) or len(message) != 1:
        raise LinkError("the message on the line is not one this app sends")
    (kind, value), = message.items()
    if kind == "d" and isinstance(value, str) and len(value) <= MAX_DATA:
        return {"d": value}
    if kind == "q" and value in QUICK:
        return {"q": value}
    if kind == "t" and isinstance(value, str) and 0 < len(value) <= MAX_CHAT:
        return {"t": value}
    if kind == "f" and value in SIDE_LETTERS:
        return {"f": value}
    raise LinkError("the message on the line is not one this app sends")


def say(session: Session, request: dict[str, Any]) -> None:
    """A quick message (`quick`: one of QUICK) or a short chat line (`text`) to the other side."""
    live = session.live
    if live is None or live.state != "connected":
        return
    quick, text = request.get("quick"), request.get("text")
    if quick is not None:
        if quick not in QUICK:
            raise UIError(f"no quick message {quoted(quick)}")
        live.put({"q": quick})
    elif isinstance(text, str) and text.strip():
        live.put({"t": text.strip()[:MAX_CHAT]})


def _other(side: str) -> str:
    return "b" if side == "w" else "w"


def before(session: Session) -> bool:
    """Before each request: a player whose time ran out loses on time now (True), before
    anything that request would play."""
    live, duel = session.live, session.duel
    if live is None or duel is None or live.gid != duel.gid or live.clocks is None or live.flag is not None:
        return False
    running = live.clocks.running
    if running is None or live.state != "connected":
        return False
    # this device judges its own player's clock; the other's gets a grace for the other device to say so
    late = now() if running == duel.me else now() - GRACE
    if live.clocks.flagged(late) != running:
        return False
    lose_on_time(session, running)
    return True


def lose_on_time(session: Session, side: str) -> None:
    """`side` ran out of time: the game ends here, lost by that side at the cube's value (docs/live.md)."""
    live, duel = session.live, session.duel
    assert live is not None and duel is not None
    live.flag = side
    if live.clocks is not None:
        live.clocks.stop(now())
        live.clocks.reserves[side] = 0.0
    if not duel.game.over:
        # in the record itself (its save keeps it), then on the board: the game saved is the game ended
        duel.lose_on_time(side)
        linkgame.take(session, duel)
        result = session.game.result
        assert result is not None and result.winner is not None
        session.tally[result.winner] += result.points
    if side == duel.me:
        live.put({"f": side})  # the other device learns it at once
    say_flag(session)


def say_flag(session: Session) -> None:
    """Who lost on time (said again after the request that found it)."""
    live = session.live
    if live is not None and live.flag is not None:
        session.say("live_time", loser=live.flag, winner=_other(live.flag))


def after(session: Session) -> None:
    """After each request: this device's new link on the line at once, and the clock of the
    side to act next running."""
    live, duel = session.live, session.duel
    if live is None or duel is None or live.gid != duel.gid:
        session.live = None if duel is None or (live is not None and live.gid != duel.gid) else live
        return
    if live.flag is not None:
        return  # lost on time: nothing more goes on the line but words
    message = session.message
    if live.state != "dropped" and message is not None and message.key.startswith(("link_send", "link_asked")):
        session.message = None  # the link goes on the line, nobody sends it
    if live.state == "connected" and duel.links and duel.links[-1]["f"] == duel.me and duel.seq - 1 > live.sent:
        fragment = duel.last_link()
        assert fragment is not None
        live.put({"d": fragment})
        live.sent = duel.seq - 1
    _run_clocks(live, duel)


def _run_clocks(live: Live, duel: Duel) -> None:
    """The clock of the side whose link is next runs while the line is open; nobody's when it
    is not (paused) or the game is over."""
    clocks = live.clocks
    if clocks is None:
        return
    moment = now()
    if live.state != "connected":
        clocks.pause(moment)
    elif duel.game.over:
        clocks.stop(moment)
    else:
        side = duel.me if duel.my_link_next else _other(duel.me)
        if clocks.running == side and clocks.paused:
            clocks.resume(moment)
        elif clocks.running != side:
            clocks.start(side, moment)


def view(session: Session) -> LiveView | None:
    live = session.live
    if live is None or session.duel is None or live.gid != session.duel.gid:
        return None
    clock: ClockView | None = None
    if live.clocks is not None:
        shown = live.clocks.view(now())
        clock = {"w": shown["w"], "b": shown["b"], "running": shown["running"], "delay": shown["delay"],
                 "paused": shown["paused"], "control": [live.clocks.delay, live.clocks.reserve],
                 "me": cast(Side, session.duel.me), "flag": cast(Side | None, live.flag)}
    return {"state": cast(LiveState, live.state), "link": live.link, "remote": live.remote, "token": live.token,
            "outbox": [{"n": number, "data": text} for number, text in live.outbox], "heard": list(live.heard),
            "clock": clock}
