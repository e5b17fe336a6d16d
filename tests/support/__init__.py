"""The tests' shared helpers (pytest puts tests/ on the path, so `from support.app import fresh`):

- `support.app`: the app's state machine (web/worker/ui.py) driven by intents: a fresh app,
  one intent, a turn played, the view's invariants.
- `support.random_play`: the random players: `RandomActor` for a nardcore Game (and a Duel's
  game by link), `random_app_action` for the app, and `play_until`, which drives either until
  a state is reached; `play_random_game` plays the app to the end.
- `support.link_keys`: fixed, seeded keys and game ids for games played by link.
"""
