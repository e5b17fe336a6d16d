"""The links that connect two devices live (docs/live.md): a link of the game played by link
(linkformat.py) and what a browser needs to reach the other one directly (its WebRTC offer or
answer), reduced to the few fields that matter and deflated, so the link stays short enough
for a messenger and a QR code.

The browser's session description is never carried as text: `reduce_sdp` keeps the ICE
credentials, the DTLS fingerprint, the DTLS role and the UDP candidates, and `rebuild_sdp`
writes a description from those fields alone, each checked first, so nothing the other side
sent reaches the browser but an address, a port and the credentials.

>>> sdp = rebuild_sdp({"k": "o", "u": "abcd", "p": "a" * 22, "f": b64(bytes(32)), "s": "a",
...                    "c": ["h 192.168.1.5 50000"]})
>>> reduce_sdp(sdp, "o")["c"]
['h 192.168.1.5 50000']
"""

from __future__ import annotations

import base64
import ipaddress
import json
import re
import uuid
import zlib
from typing import Any

from nardcore import safejson

from .linkformat import Link, LinkError, b64, read_link, unb64
from .liveclock import Clocks

# live=GAME.SIDE+NUMBER.LINKDATA.LINEDATA: the sender's latest link of the game, then its line
LIVE_LINK = re.compile(r"live=([0-9a-f]{12})\.([wb])(0|[1-9][0-9]{0,4})\."
                       r"([A-Za-z0-9_-]{1,24000})\.([A-Za-z0-9_-]{1,3000})")
MAX_LINE_JSON = 4_000  # bytes of a line's JSON
MAX_CANDIDATES = 8
ICE_CHARS = re.compile(r"[A-Za-z0-9+/]+")  # RFC 8839 ice-char
ROLES = {"a": "actpass", "c": "active", "p": "passive"}
TYPES = {"h": "host", "s": "srflx"}
PRIORITY = {"h": 2113937151, "s": 1677729535}
LINE_FIELDS = {"k", "u", "p", "f", "s", "c"}


def is_live_link(fragment: str) -> bool:
    text = fragment.lstrip("#")
    return text == "live" or text.startswith("live=")


def _address(text: str) -> str:
    """A candidate's address as the link writes it: an mDNS name (`NAME.local`, a UUID) as `m`
    and its 16 bytes, an IP address as it is."""
    if text.endswith(".local"):
        try:
            return "m" + b64(uuid.UUID(text[:-6]).bytes)
        except ValueError:
            raise LinkError(f"the browser's address {text[:60]!r} is not one this app can carry") from None
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        raise LinkError(f"the browser's address {text[:60]!r} is not an IP address") from None


def _read_address(text: str) -> str:
    if text.startswith("m"):
        return f"{uuid.UUID(bytes=unb64(text[1:], 16, 'the line address'))}.local"
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        raise LinkError("the live link's address is not an IP address") from None


def reduce_sdp(sdp: Any, kind: str) -> dict[str, Any]:
    """The fields of a browser's session description (an offer, `kind` "o", or an answer, "a")
    that the other browser needs; LinkError when one is missing."""
    if not isinstance(sdp, str) or len(sdp) > 20_000:
        raise LinkError("the browser's description of its line is not text")
    fields: dict[str, Any] = {"k": kind, "c": []}
    for line in sdp.splitlines():
        name, _, value = line.strip().partition(":")
        if name == "a=ice-ufrag":
            fields["u"] = value
        elif name == "a=ice-pwd":
            fields["p"] = value
        elif name == "a=fingerprint" and value.lower().startswith("sha-256 "):
            fields["f"] = b64(bytes.fromhex(value[8:].replace(":", "")))
        elif name == "a=setup":
            fields["s"] = {v: k for k, v in ROLES.items()}.get(value, "")
        elif name == "a=candidate":
            parts = value.split()
            if len(parts) >= 8 and parts[2].lower() == "udp" and parts[6] == "typ" and parts[7] in ("host", "srflx"):
                entry = f"{parts[7][0]} {_address(parts[4])} {int(parts[5])}"
                if entry not in fields["c"] and len(fields["c"]) < MAX_CANDIDATES:
                    fields["c"].append(entry)
    check_line(fields)
    return fields


def check_line(fields: Any) -> None:
    """A line's fields as read from a link: every one of them, of its shape, or LinkError."""
    if not isinstance(fields, dict) or set(fields) - {"t"} != LINE_FIELDS:
        raise LinkError("the live link does not say how to reach the other device")
    if "t" in fields:  # the clocks, when the game has them
        try:
            Clocks.carried(fields["t"])
        except ValueError:
            raise LinkError("the live link's clocks are damaged") from None
    if fields["k"] not in ("o", "a"):
        raise LinkError("the live link is neither an invitation nor an answer")
    for name, low, high in (("u", 4, 256), ("p", 22, 256)):
        value = fields[name]
        if not isinstance(value, str) or not low <= len(value) <= high or not ICE_CHARS.fullmatch(value):
            raise LinkError("the live link's credentials are damaged")
    unb64(fields["f"], 32, "the live link's fingerprint")
    if fields["s"] not in ROLES or (fields["s"] == "a") != (fields["k"] == "o"):
        raise LinkError("the live link's role does not fit it")
    candidates = fields["c"]
    if not isinstance(candidates, list) or not 1 <= len(candidates) <= MAX_CANDIDATES:
        raise LinkError("the live link gives no address to reach the other device at", why="why.live_no_address")
    for entry in candidates:
        parts = entry.split(" ") if isinstance(entry, str) else []
        if len(parts) != 3 or parts[0] not in TYPES or not parts[2].isdigit() or not 0 < int(parts[2]) < 65536:
            raise LinkError("the live link's addresses are damaged")
        _read_address(parts[1])


def rebuild_sdp(fields: dict[str, Any]) -> str:
    """A session description of a data channel from a line's checked fields alone."""
    check_line(fields)
    fingerprint = ":".join(f"{byte:02X}" for byte in unb64(fields["f"], 32, "the fingerprint"))
    lines = ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
             "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"]
    for index, entry in enumerate(fields["c"]):
        kind, address, port = entry.split(" ")
        extra = " raddr 0.0.0.0 rport 0" if kind == "s" else ""
        lines.append(f"a=candidate:{index + 1} 1 udp {PRIORITY[kind] - index} {_read_address(address)} {port} "
                     f"typ {TYPES[kind]}{extra}")
    lines += [f"a=ice-ufrag:{fields['u']}", f"a=ice-pwd:{fields['p']}", f"a=fingerprint:sha-256 {fingerprint}",
              f"a=setup:{ROLES[fields['s']]}", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144"]
    return "\r\n".join(lines) + "\r\n"


def live_link(fragment: str, line: dict[str, Any]) -> str:
    """A `live=` link: the sender's latest link of the game (`d=…`) and its line."""
    check_line(line)
    raw = json.dumps(line, sort_keys=True, separators=(",", ":")).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return "live=" + fragment.removeprefix("d=") + "." + b64(packer.compress(raw) + packer.flush())


def read_live_link(fragment: str) -> tuple[Link, dict[str, Any]]:
    """A `live=` link read strictly: the link of the game it carries and its line's fields."""
    found = LIVE_LINK.fullmatch(fragment.lstrip("#").strip())
    if found is None:
        raise LinkError("this is not a live link of this app (live=GAME.SIDE+NUMBER.DATA.LINE), or it was cut short",
                        why="why.live_cut")
    gid, sender, seq, payload, line = found.groups()
    link = read_link(f"d={gid}.{sender}{seq}.{payload}")
    try:
        unpacker = zlib.decompressobj(-15)
        raw = unpacker.decompress(base64.urlsafe_b64decode(line + "=" * (-len(line) % 4)), MAX_LINE_JSON)
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise LinkError("the live link's line is cut short or too large", why="why.live_cut")
        fields = safejson.loads(raw.decode("utf-8"))
    except (ValueError, zlib.error, UnicodeDecodeError, safejson.JSONShapeError):
        raise LinkError("the live link's line cannot be read: it was changed or cut short",
                        why="why.live_cut") from None
    check_line(fields)
    return link, fields
