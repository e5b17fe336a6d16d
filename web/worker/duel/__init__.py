"""A game between two devices (docs/link-play.md, docs/live.md): the protocol of fair dice and
links (linkformat, linkdice, linkplay), the app's side of a game by link (linkgame), the live
line that carries the same links (livelink, livegame), its clocks (liveclock), and the requests
of both (link_intents)."""
