"""The command line, `python -m nardcore COMMAND` (see `--help`; docs/RULES.md §1).

    plays POSITION ROLL    the legal plays in notation, with their results     (rules.py)
    plays --batch          read `POSITION D1D2` lines, answer each with a JSON array of results
    show POSITION          the position as a text board
    move --level LEVEL     engine protocol: `POSITION D1D2` lines in, chosen results out (engine.py)
    hint POSITION ROLL     the best plays with their value;  eval POSITION: estimates as JSON
    cube POSITION [--cube V --owner w|b --match N --score W-B --crawford]
                           the cube decision with cubeful equities, as JSON (cube.py);
                           `cube --batch` answers such argument lines, a JSON line each
    play VARIANT [--seed N] [--black]   a game in the terminal against the heuristic bot (terminal.py)

`main.py` reads the arguments; `requests.py` reads the `POSITION D1D2` lines that
`plays --batch` and `move` answer, one answer line per request line.
"""
