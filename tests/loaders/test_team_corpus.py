"""The team's own corpus (tests/corpus): every file loads, deals every card, and plays.

These files are in the repository, so every loader is tested on real-looking
files even where the shared corpus is not beside the checkout."""
import random
from collections import Counter
from functools import cache

import pytest

from kingalbert.engine import Game
from kingalbert.loaders import detect_format, load
from tests.helpers.data import PATTERNS, TEAM_CORPUS, bundled, shared_files, team_games

FILES = [(key, path) for key, paths in team_games().items() for path in paths]


@cache
def bundled_names(key):
    return {load(path).name for path in bundled(PATTERNS[key])}


def identities(game):
    return Counter((card.rank, card.suit) for card in game.cards())


def test_every_format_has_at_least_two_team_files():
    assert {key: len(paths) >= 2 for key, paths in team_games().items()} == dict.fromkeys(PATTERNS, True)


@pytest.mark.parametrize("key, path", FILES, ids=[path.relative_to(TEAM_CORPUS).as_posix() for _, path in FILES])
def test_team_file_loads_deals_and_plays_without_losing_a_card(key, path):
    assert detect_format(path) == key
    ruleset = load(path)
    assert ruleset.name
    for seed in (0, 1, 2):
        game = Game(ruleset, seed)
        deal = game.to_position()
        cards = identities(game)
        assert sum(cards.values()) == 52 * ruleset.decks and set(cards.values()) == {ruleset.decks}
        rnd = random.Random(seed)
        for _ in range(120):
            moves = list(game.legal_moves)
            if not moves:
                break
            move = rnd.choice(moves)
            assert game.is_legal(move), f"{path.name}: listed {move} is refused"
            game.play(move)
            assert identities(game) == cards, f"{path.name}: a card was lost or made by {move}"
        ruleset.layout(game)
        while game.undo() is not None:
            pass
        assert game.to_position() == deal


@pytest.mark.parametrize("key, path", FILES, ids=[path.relative_to(TEAM_CORPUS).as_posix() for _, path in FILES])
def test_team_file_is_commented_and_not_a_copy(key, path):
    """Written by the team: comments that say so, and no copy of a bundled or shared file."""
    text = path.read_text(encoding="utf-8-sig")
    assert "written by the kingalbert team" in " ".join(text.split())
    others = bundled(PATTERNS[key]) + shared_files("*/*")
    assert all(text != other.read_text(encoding="utf-8-sig", errors="replace") for other in others)
    assert load(path).name not in bundled_names(key)
