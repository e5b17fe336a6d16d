"""The opening book's runs (train/openings.py): a run kept in chunks as it goes gives the same
figures as one run whole, so a stopped run goes on where it stopped; the candidates of a finer
second run are the book's own best plays; the book ships a roll's variance-reduced figures
where a run has them."""

from __future__ import annotations

from typing import Any

import pytest

from nardcore.books import book_entry as shipped_entry
from nardcore.bots.neural import network_for
from nardcore.position import Position
from nardcore.variant import find_variant
from train import openings
from train.npnet import Net

START = Position.start(find_variant("backgammon"))


def test_a_run_kept_in_chunks_and_resumed_gives_the_figures_of_a_whole_run(monkeypatch: pytest.MonkeyPatch) -> None:
    network = network_for("backgammon")
    assert network is not None
    net = Net.from_network(network)
    whole = openings.book_entry(net, START, (4, 1), 2, 6, 2, luck=True, from_book=True)
    monkeypatch.setattr(openings, "CHUNK", 4)
    partial: dict[str, Any] = {}
    kept: list[int] = []

    def stop_after_the_first_chunk() -> None:
        kept.append(sum(len(p["equities"]) for p in partial.values()))
        if len(kept) == 1:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        openings.book_entry(net, START, (4, 1), 2, 6, 2, luck=True, from_book=True, partial=partial,
                            keep=stop_after_the_first_chunk)
    assert kept == [4]  # the first chunk of the first candidate kept, nothing more
    resumed = openings.book_entry(net, START, (4, 1), 2, 6, 2, luck=True, from_book=True, partial=partial,
                                  keep=stop_after_the_first_chunk)
    assert kept == [4, 6, 10, 12]  # went on from game 4, then the second candidate in two chunks
    assert resumed == whole


def test_a_finer_run_rolls_out_the_books_best_plays() -> None:
    entry = shipped_entry(START, (6, 3))
    assert entry is not None
    assert [text for text, _ in openings.book_candidates(START, (6, 3), 2)] == [p.play for p in entry.plays[:2]]


def test_the_book_ships_the_variance_reduced_figures_of_a_roll_where_there_are_any() -> None:
    plain, luck, more = ({"games": games, "plays": [{"play": name}]} for games, name in
                         ((1296, "plain"), (648, "luck"), (1296, "more luck")))
    kept = {"1296 games, 10 plies, 6 candidates": {"41": plain, "63": plain},
            "648 games, 10 plies, 2 of the book, luck": {"41": luck},
            "1296 games, 10 plies, 2 of the book, luck": {"41": more}}
    base = "1296 games, 10 plies, 6 candidates"
    assert openings.refined(kept, "41", plain, base) == (more, "1296 games, 10 plies, 2 of the book, luck")
    assert openings.refined(kept, "63", plain, base) == (plain, base)
