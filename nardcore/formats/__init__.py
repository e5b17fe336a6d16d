"""Positions, games and records in other programs' formats, and in the app's links.

    gnubg          gnubg's Position ID and Match ID (`position_id`, `match_id`, `gnubg_id`,
                   `game_from_gnubg`)
    xgid           eXtreme Gammon's XGID (`xgid`, `game_from_xgid`)
    state          a whole game or match as URL-safe text, the app's `#s=` links
                   (`encode_state`, `decode_state`)
    position_link  a position a person can write, the app's `#p=` links (`read_position_link`)
    mat            game records as `.mat` text, as gnubg and Jellyfish write them (`read_mat`,
                   `write_mat`)

Who is who: gnubg numbers the bottom player 1 and the top player 0, and XGID writes
the bottom player in capitals. White is the bottom player here, so white is gnubg's
player 1 and XGID's capitals; black is player 0 and the small letters.

Every reader treats its text as coming from a stranger: bounded lengths, every field
checked, and one error class per format (`CodecError` for the IDs and the state,
`mat.MatError` for records) whose message quotes the text and says what is wrong.
"""

from __future__ import annotations

from ..errors import NardError

__all__ = ["CodecError"]


class CodecError(NardError):
    """Text that is not a valid ID or state; the message quotes it and says what is wrong."""
