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
from dataclasses import dataclass, field
from typing import Any, cast

from nardcore.errors import quoted

from . import linkgame
from .inputs import UIError
from .linkformat import LinkError, is_link, read_link
from .linkplay import Duel
from .livelink import live_link, read_live_link, rebuild_sdp, reduce_sdp
from .reasons import reason
from .session import Session
from .viewmodel import LiveState, LiveView

QUICK = ("gg", "thanks", "your_turn", "moment")  # quick messages: live.quick.KEY in web/i18n
MAX_CHAT = 200  # characters of a chat message
MAX_DATA = 25_000  # characters of one message on the line
OUTBOX = 20  # messages kept for the page to send


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

    def put(self, data: dict[str, Any]) -> None:
        self.count += 1
        self.outbox = [*self.outbox, (self.count, json.dumps(data, separators=(",", ":")))][-OUTBOX:]


def start(session: Session, request: dict[str, Any]) -> None:
    """A new game played live: the game by link (linkgame.start) and the invitation that carries
    the page's offer (`offer`, its description of the line)."""
    linkgame.start(session, request)
    duel = session.duel
    assert duel is not None
    _invite(session, request.get("offer"), duel.links[0]["g"])
    session.say("live_invite")


def reinvite(session: Session, request: dict[str, Any]) -> None:
    """A new line for the game under way (the line dropped, or a game by link goes live): the
    link carries this device's latest link and the page's new offer."""
    duel = session.duel
    if duel is None:
        raise UIError("there is no game by link to play live")
    _invite(session, request.get("offer"), duel.gid)
    session.say("live_reinvite")


def _invite(session: Session, offer: Any, gid: str) -> None:
    duel = session.duel
    assert duel is not None
    fragment = duel.last_link()
    if fragment is None:
        raise UIError("this device has sent no link of the game yet")
    try:
        link = live_link(fragment, reduce_sdp(offer, "o"))
    except LinkError as error:
        session.live = Live(gid, "dropped")
        session.say("live_failed", error=reason(error))
        return
    session.live = Live(gid, "inviting", link=link)


def answer(session: Session, request: dict[str, Any]) -> None:
    """The page's answer to the other's offer: the live link to send back."""
    live, duel = session.live, session.duel
    if live is None or duel is None or live.state != "answering":
        return
    fragment = duel.last_link()
    assert fragment is not None  # the guest's join at least
    try:
        live.link = live_link(fragment, reduce_sdp(request.get("answer"), "a"))
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
    session.live = Live(link.gid, "answering", remote=rebuild_sdp(line), token=token + 1)
    session.say("live_answering")


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


def after(session: Session) -> None:
    """After each request: this device's new link on the line at once."""
    live, duel = session.live, session.duel
    if live is None or duel is None or live.gid != duel.gid:
        session.live = None if duel is None or (live is not None and live.gid != duel.gid) else live
        return
    message = session.message
    if live.state != "dropped" and message is not None and message.key.startswith(("link_send", "link_asked")):
        session.message = None  # the link goes on the line, nobody sends it
    if live.state == "connected" and duel.links and duel.links[-1]["f"] == duel.me and duel.seq - 1 > live.sent:
        fragment = duel.last_link()
        assert fragment is not None
        live.put({"d": fragment})
        live.sent = duel.seq - 1


def view(session: Session) -> LiveView | None:
    live = session.live
    if live is None or session.duel is None or live.gid != session.duel.gid:
        return None
    return {"state": cast(LiveState, live.state), "link": live.link, "remote": live.remote, "token": live.token,
            "outbox": [{"n": number, "data": text} for number, text in live.outbox], "heard": list(live.heard)}
