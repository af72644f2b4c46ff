"""SolKit .sol files: loading, every format feature played, errors, fuzzing, bundled games."""
import random
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kingalbert.engine import Game, IllegalMoveError, RuleFileError
from kingalbert.loaders import load as load_any
from kingalbert.loaders import solkit
from tests.helpers.data import ROOT, bundled, needs_shared, shared, shared_files, shared_params, team
from tests.helpers.fuzzing import check_load, check_load_path, fuzz_settings, mutate

CORPUS = shared_files("solkit/*.sol")               # the shared corpus: SolKit's own examples, where present
TEAM = team("sol/*.sol")                            # the project's own test files
BUNDLED = bundled("sol/*.sol")

BASE = """[global]
name = Test
decks = 1
[deck]
redeals = {redeals}
deal_by = {deal_by}
deal_to = {deal_to}
[foundation]
{foundations}
[column]
playable_card = {playable}
refill = {refill}
order = {order}
{columns}
"""


def sol(redeals="unlimited", deal_by=1, deal_to="waste", foundations=None, playable="ordered", refill="K",
        order="descending, alternate color", columns=None, extra=""):
    foundations = foundations or "column = A, any, ascending, same suit\n" * 4
    columns = columns or "".join(f"column = {n}, 1\n" for n in range(1, 8))
    return BASE.format(**locals()) + extra


def game_of(text, seed=1, **positions):
    ruleset = solkit.loads(text, "test.sol")
    if not positions:
        return Game(ruleset, seed)
    data = {"piles": [{"name": name, "cards": cards.split()} for name, cards in positions.items()]}
    return Game.from_position(ruleset, data)


def refused(game, action):
    with pytest.raises(IllegalMoveError) as info:
        game.play(action)
    return str(info.value)


def sizes(game):
    return {pile.name: len(pile) for pile in game.piles}


# -- the real files --------------------------------------------------------------------
@pytest.mark.parametrize("path", shared_params("solkit/*.sol"), ids=lambda p: p.name)
def test_corpus_files_load_deal_and_play(path):
    ruleset = solkit.load(path)
    assert ruleset.name == "Klondike (hard)"
    game = Game(ruleset, 5)
    assert [len(game.pile(f"col{i}")) for i in range(1, 8)] == [1, 2, 3, 4, 5, 6, 7]
    assert len(game.pile("waste")) == 3 and len(game.pile("deck")) == 21      # deal_by = 3, turned at the start
    game.play("click:deck")
    assert len(game.pile("waste")) == 6
    assert load_any(path).name == "Klondike (hard)"


@needs_shared("solkit/annotated-first-version.sol")
def test_corpus_first_version_has_chance_and_bom():
    path = shared("solkit/annotated-first-version.sol")
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and b"chance" in raw
    assert solkit.load(path).name == "Klondike (hard)"


# -- lexical matters -------------------------------------------------------------------
def test_bom_crlf_comments_and_case():
    text = "\ufeff# a comment\r\n" + sol().upper().replace("\n", "\r\n").replace("NAME = TEST", "Name = Mixed Case")
    text = text.replace("[COLUMN]", "  # indented comment\r\n[Column]")
    ruleset = solkit.loads(text, "x.sol")
    assert ruleset.name == "Mixed Case"
    assert sizes(Game(ruleset, 1))["col7"] == 7


def test_chance_is_accepted_and_unused():
    text = sol().replace("decks = 1", "decks = 1\nchance = 5")
    assert solkit.loads(text).name == "Test"


# -- synonyms --------------------------------------------------------------------------
@pytest.mark.parametrize("word, rank", [(w, "up") for w in ("asc", "ascending", "inc", "increasing", "ASC")]
                         + [(w, "down") for w in ("desc", "descending", "dec", "decreasing")]
                         + [(w, "either") for w in ("any", "alternate")])
def test_face_order_synonyms(word, rank):
    ruleset = solkit.loads(sol(order=f"{word}, any"))
    assert ruleset.rules.pile_rule("col1").build.rank == rank


@pytest.mark.parametrize("word, suit", [
    ("same", "same"), ("same suit", "same"), ("samesuit", "same"), ("Same  Suit", "same"),
    ("except same", "other"), ("exceptsame", "other"), ("except", "other"),
    ("same color", "colour"), ("samecolor", "colour"),
    ("alternate", "alternate"), ("alternate color", "alternate"), ("alternatecolor", "alternate"),
    ("none", "none"), ("forbid", "none"), ("disable", "none"), ("any", "any"),
])
def test_suit_order_synonyms(word, suit):
    ruleset = solkit.loads(sol(order=f"desc, {word}"))
    assert ruleset.rules.pile_rule("col1").build.suit == suit


@pytest.mark.parametrize("word, start", [("A", 1), ("2", 2), ("10", 10), ("j", 11), ("Q", 12), ("K", 13),
                                         ("any", "any"), ("empty", "none"), ("none", "none"), ("unavail", "none"),
                                         ("unavailable", "none"), ("random", "base"), ("first", "base"),
                                         ("column", "base")])
def test_refill_faces(word, start):
    assert solkit.loads(sol(refill=word)).rules.pile_rule("col1").start_rank == start


@pytest.mark.parametrize("word, suit", [("spade", "S"), ("spades", "S"), ("club", "C"), ("Clubs", "C"),
                                        ("diamond", "D"), ("diamonds", "D"), ("heart", "H"), ("hearts", "H"),
                                        ("any", None)])
def test_suits_singular_and_plural(word, suit):
    text = sol(foundations=f"column = A, {word}, asc, same\n")
    assert solkit.loads(text).rules.pile_rule("f1").start_suit == suit


@pytest.mark.parametrize("word", ["waste", "deck", "side", "WASTE"])
def test_deal_to_waste_synonyms(word):
    game = game_of(sol(deal_to=word))
    assert "waste" in sizes(game)


@pytest.mark.parametrize("word", ["column", "columns"])
def test_deal_to_columns(word):
    game = game_of(sol(deal_to=word, columns="column = 1, 1\ncolumn = 2, 1\ncolumn = 3, 1, take\n"))
    assert "waste" not in sizes(game)
    before = sizes(game)
    game.play("click:deck")
    after = sizes(game)
    assert after["col1"] == before["col1"] + 1 and after["col2"] == before["col2"] + 1
    assert after["col3"] == before["col3"]                          # take-only columns get none
    assert game.pile("col1").top.face_up


@pytest.mark.parametrize("word", ["take", "take only", "takeonly", "Take Only"])
def test_take_only_synonyms(word):
    rule = solkit.loads(sol(columns=f"column = 3, 3, {word}\ncolumn = 1, 1\n")).rules.pile_rule("col1")
    assert not rule.accept and rule.take == "top"


# -- features played -------------------------------------------------------------------
def test_take_only_column_gives_top_card_and_refuses_drops():
    text = sol(playable="any", refill="any", columns="column = 3, 3, take only\ncolumn = 1, 1\n")
    game = game_of(text, col1="9S 8H 7C", col2="8D")
    assert "Only the top card" in refused(game, "col1:2>col2")
    game.play("col1>col2")
    assert "can't be put" in refused(game, "col2>col1")


def test_playable_card_rules():
    cols = "column = 3, 3\ncolumn = 1, 1\n"
    top = game_of(sol(playable="top", columns=cols), col1="TC 9H 8S", col2="JD")
    assert "Only the top card" in refused(top, "col1:3>col2")
    ordered = game_of(sol(playable="ordered", columns=cols), col1="TC 9H 8S", col2="JD")
    ordered.play("col1:3>col2")
    unordered = game_of(sol(playable="ordered", columns=cols), col1="TC 9H 8H", col2="JD")
    assert "in order" in refused(unordered, "col1:3>col2")
    anyway = game_of(sol(playable="any", columns=cols, order="desc, any"), col1="TC 3H 8H", col2="JD")
    anyway.play("col1:3>col2")


def test_face_orders_loop():
    up = sol(foundations="column = any, any, asc, same\n")
    game = game_of(up, col1="AH", col2="KH", col3="QH")
    game.play("col2>f1")
    game.play("col1>f1")                                            # an ace on a king ascending
    down = game_of(sol(order="desc, any"), col1="AH", col2="KS")
    down.play("col2>col1")                                          # a king on an ace descending


def test_foundation_first_face_and_suit():
    text = sol(foundations="column = 5, hearts, desc, same color\n")
    game = game_of(text, col1="5S", col2="5H", col3="4D", col4="4C", col5="6H")
    assert "Five" in refused(game, "col5>f1")
    assert "Hearts" in refused(game, "col1>f1")
    game.play("col2>f1")
    assert "same colour" in refused(game, "col4>f1")
    game.play("col3>f1")


def test_except_same_suit_order():
    game = game_of(sol(order="desc, except same"), col1="9H", col2="8H", col3="8D")
    assert "different suit" in refused(game, "col2>col1")
    game.play("col3>col1")


def test_forbidden_suit_order_refuses_every_build():
    game = game_of(sol(order="desc, none", refill="any"), col1="9H", col2="8S")
    assert "nothing can be put" in refused(game, "col2>col1")
    game.play("col1>col3")                                          # empty columns still refill


def test_refill_rules():
    kings = game_of(sol(), col1="QH", col2="KS")
    assert "King" in refused(kings, "col1>col3")
    kings.play("col2>col3")
    none = game_of(sol(refill="none"), col1="QH")
    assert "Nothing can go" in refused(none, "col1>col3")


def test_random_first_face_from_the_first_column():
    text = sol(foundations="column = random, any, asc, same\n" * 2, columns="column = 3, 1\ncolumn = 2, 1\n")
    game = Game(solkit.loads(text), 4)
    base = game.pile("col1").top
    assert game.vars["base"] == base.rank
    other = next(c for c in game.pile("deck").cards + game.pile("waste").cards if c.rank != base.rank)
    assert game.is_legal("col1>f1")
    position = game.to_position()
    for pile in position["piles"]:
        if pile["name"] == "col2":
            pile["cards"].append(str(other.turned(True)))
        if pile["name"] in ("deck", "waste"):
            pile["cards"] = [c for c in pile["cards"] if c.upper() != str(other.turned(True))]
    game2 = Game.from_position(game.ruleset, position)
    assert not game2.is_legal("col2>f1")


def test_six_field_foundation_puts_the_initial_card():
    text = sol(foundations="column = A, any, asc, same, A, spades\ncolumn = A, any, asc, same\n")
    game = Game(solkit.loads(text), 3)
    assert [str(c) for c in game.pile("f1").cards] == ["AS"]
    assert sum(1 for c in game.cards() if (c.rank, c.suit) == (1, "S")) == 1
    assert len(game.cards()) == 52


def test_free_cells_hold_one_card():
    text = sol(extra="[temp]\nslots = 2\n")
    game = game_of(text, col1="3H 4S 5D")
    game.play("col1>cell1")
    assert "only one card" in refused(game, "col1>cell1")
    game.play("col1>cell2")
    assert [str(c) for c in game.pile("cell1").cards] == ["5D"]
    assert "only one card" in refused(game, "cell2>cell1")


def test_redeals_count_down():
    game = game_of(sol(redeals=1, deal_by=3))
    assert game.vars["redeals"] == 1
    while game.pile("deck").cards:
        game.play("click:deck")
    first = game.pile("waste").cards[0]
    game.play("click:deck")                 # turn the waste over, and deal again at once
    assert game.vars["redeals"] == 0
    assert len(game.pile("waste")) == 3 and game.pile("waste").cards[0].same_card(first)
    while game.pile("deck").cards:
        game.play("click:deck")
    assert refused(game, "click:deck") == "No redeals are left"
    game.undo()
    assert game.pile("deck").cards


@pytest.mark.parametrize("value", ["-1", "unlimited", "Unlimited"])
def test_unlimited_redeals(value):
    game = game_of(sol(redeals=value))
    assert "redeals" not in game.vars
    for _ in range(60):
        game.play("click:deck")


def test_won_when_only_foundations_hold_cards():
    text = sol(foundations="column = A, any, asc, same\n" * 4, columns="column = 1, 1\n", redeals=0)
    piles = {f"f{i}": " ".join(f"{r}{s}" for r in "A23456789TJQK") for i, s in enumerate("CDHS", 1)}
    piles["f4"] = piles["f4"][:-3]
    piles["col1"] = "KS"
    game = game_of(text, **piles)
    assert game.status == "playing"
    game.play("col1>f4")
    assert game.status == "won"


def test_two_decks():
    text = sol(columns="column = 10, 2\n" * 10).replace("decks = 1", "decks = 2")
    game = Game(solkit.loads(text), 1)
    assert len(game.cards()) == 104


def test_layout_areas():
    text = sol(extra="[temp]\nslots = 2\n")
    game = game_of(text)
    layout = game.ruleset.layout(game)
    assert (layout.card_w, layout.card_h) == (71, 96)
    deck, waste, f1 = layout.view("deck"), layout.view("waste"), layout.view("f1")
    cell1, cell2, col1 = layout.view("cell1"), layout.view("cell2"), layout.view("col1")
    assert deck.x < waste.x < f1.x and deck.y == waste.y == f1.y
    assert cell1.x == deck.x and deck.y < cell1.y < cell2.y
    assert col1.x > cell1.x and col1.y > deck.y and col1.dy > 0
    assert layout.width >= layout.view("col7").x + 71


# -- errors ----------------------------------------------------------------------------
@pytest.mark.parametrize("text, where, message", [
    ("[global]\nname = x\n[bogus]\n", "[bogus]", "unknown section"),
    ("[global]\nname = x\ncolour = red\n", "colour", "unknown key"),
    ("name = x\n", "name", "before the first"),
    ("[global]\nname\n", "name", "name = value"),
    ("[global]\nname = x\ndecks = 3\n", "decks", "from 1 to 2"),
    ("[global]\nname = x\ndecks = two\n", "decks", "whole number"),
    ("[global\n", "[global", "closing"),
    (sol(deal_by=17), "deal_by", "from 1 to 16"),
    (sol(deal_to="floor"), "deal_to", "deal_to"),
    (sol(foundations="column = A, any, asc\n"), "column = A", "4 or 6 fields"),
    (sol(foundations="column = Z, any, asc, same\n"), "column = Z", "card face"),
    (sol(foundations="column = A, any, sideways, same\n"), "sideways", "face order"),
    (sol(foundations="column = A, any, asc, tartan\n"), "tartan", "suit order"),
    (sol(foundations="column = A, stars, asc, same\n"), "stars", "unknown suit"),
    (sol(foundations="column = none, any, asc, same\n"), "column = none", "must be able to start"),
    (sol(foundations="column = A, any, asc, same, any, spades\n"), "spades", "real card"),
    (sol(foundations="column = A, any, asc, same\n" * 9), "#9 column = A", "at most 8"),
    (sol(columns="column = 3\n"), "column = 3", "2 or 3 fields"),
    (sol(columns="column = 3, 4\n"), "column = 3", "face up"),
    (sol(columns="column = 3, 0\n"), "column = 3", "face up"),
    (sol(columns="column = 0, 1\n"), "column = 0", "empty column"),
    (sol(columns="column = 3, 1, maybe\n"), "maybe", "take only"),
    (sol(columns="column = 1, 1\n" * 11), "#11 column = 1", "at most 10"),
    (sol(columns="column = 40, 1\ncolumn = 13, 1\n"), "column = 13", "only 52"),
    (sol(playable="some"), "playable_card", "playable_card"),
    (sol(order="desc"), "order = desc", "comma"),
    (sol(foundations="column = A, any, asc, same, A, spades\n" * 2), "#2 column = A", "same initial card"),
    ("[global]\nname = x\n[foundation]\ncolumn = A, any, asc, same\n[column]\ncolumn = 10, 1\n", "column = 10",
     "no [deck]"),
    ("[global]\nname = x\n[column]\ncolumn = 52, 1\n", "column = 52", "foundation"),
    ("[global]\nname = x\n[foundation]\ncolumn = A, any, asc, same\n", "column = A", "at least one column"),
    ("[global]\ndecks = 1\n[foundation]\ncolumn = A, any, asc, same\n[column]\ncolumn = 52, 1\n", "[global]", "name"),
    ("[deck]\nderals = 2\n", "derals", "unknown key"),
    ("[deck]\ndeal_to = columns\n[global]\nname=x\n[foundation]\ncolumn=A,any,asc,same\n[column]\ncolumn=1,1,take\n",
     "[deck]", "take-only"),
    (sol(extra="[temp]\nslots = 5\n"), "slots", "from 0 to 4"),
    (sol(refill="random", columns="column = 0, 0\ncolumn = 1, 1\n"), "column = 0", "first column"),
    (sol().replace("deal_by = 1\n", ""), "[deck]", "deal_by"),
])
def test_errors(text, where, message):
    with pytest.raises(RuleFileError) as info:
        solkit.loads(text, "bad.sol")
    if where is None:
        line = None
    else:
        nth, _, where = where.partition(" ") if where.startswith("#") else ("#1", "", where)
        hits = [i for i, t in enumerate(text.splitlines(), 1) if where in t]
        line = hits[int(nth[1:]) - 1]
    assert info.value.line == line, str(info.value)
    assert message in info.value.message, str(info.value)
    assert str(info.value).startswith("bad.sol")


def test_error_lines_are_an_editors_lines(tmp_path):
    """Only CR, LF and CRLF end lines: a Latin-1 '\x85' ("...") or a form feed doesn't shift the line numbers."""
    path = tmp_path / "odd.sol"
    path.write_bytes(b"[global]\r\nname = Caf\xe9 \x85 game\x0c\r\ndecks = 3\r\n")
    with pytest.raises(RuleFileError) as info:
        solkit.load(path)
    assert info.value.line == 3 and "decks" in info.value.message


def test_a_problem_of_no_one_line_names_a_line():
    with pytest.raises(RuleFileError) as info:
        solkit.loads("", "empty.sol")
    assert str(info.value).startswith("empty.sol:1: ")
    with pytest.raises(RuleFileError) as info:
        solkit.loads("# rules\n[global]\nname = x\n[foundation]\ncolumn = A, any, asc, same\n\n\n", "x.sol")
    assert info.value.line == 5 and "column" in info.value.message


def test_missing_file_is_a_rule_file_error(tmp_path):
    with pytest.raises(RuleFileError):
        solkit.load(tmp_path / "nothing.sol")


# -- fuzzing ---------------------------------------------------------------------------
SEEDS = [p.read_text(encoding="utf-8-sig") for p in CORPUS + TEAM + BUNDLED] + [sol(), sol(extra="[temp]\nslots = 2\n")]
TOKENS = ["[global]", "[deck]", "[foundation]", "[column]", "[temp]", "name = x", "decks = 2", "column = 1, 1",
          "column = A, any, asc, same", "column = 5, 3, take", "redeals = -3", "deal_by = 0", "deal_to = columns",
          "refill = random", "order = any, none", "slots = 4", "playable_card = ordered", "=", ",", "#", "\ufeff",
          "column = 99, 99", "column = K, hearts, desc, alternate, Q, hearts", "decks = 99999999999999999999"]


@pytest.mark.slow
@fuzz_settings()
@given(st.data())
def test_fuzz_only_rule_file_errors(data):
    """Mutated bundled and corpus (shared and team) files, random lines of the format's tokens, random text."""
    kind = data.draw(st.sampled_from(["mutated", "mutated", "tokens", "text"]))
    if kind == "mutated":
        text = mutate(data.draw(st.sampled_from(SEEDS)), data, TOKENS)
    elif kind == "tokens":
        text = "\n".join(data.draw(st.lists(st.sampled_from(TOKENS) | st.text(max_size=20), max_size=40)))
    else:
        text = data.draw(st.text(max_size=300))
    check_load(solkit.loads, text, "fuzz.sol")


@pytest.mark.slow
@fuzz_settings(0.1)
@given(st.binary(max_size=300) | st.sampled_from(SEEDS).map(lambda s: s.encode("utf-8-sig")[:-7]))
def test_fuzz_files_from_disk(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.sol"
    path.write_bytes(data)
    check_load_path(load_any, path)


# -- bundled games ---------------------------------------------------------------------
def card_multiset(game):
    return sorted(str(card.turned(True)) for card in game.cards())


@pytest.mark.slow
@pytest.mark.parametrize("path", BUNDLED + TEAM + shared_params("solkit/*.sol"), ids=lambda p: p.name)
def test_bundled_game_plays(path):
    ruleset = solkit.load(path)
    assert len(BUNDLED) >= 6
    for seed in (1, 2):
        game = Game(ruleset, seed)
        start = game.to_position()
        full = card_multiset(game)
        assert len(full) == 52 * ruleset.decks
        rng = random.Random(seed)
        for _ in range(250):
            moves = list(game.legal_moves)
            if not moves:
                break
            before = game.to_position()
            for move in moves:                                      # every listed move is accepted
                game.play(move)
                game.undo()
            assert game.to_position() == before
            game.play(rng.choice(moves))
            assert card_multiset(game) == full
        while game.undo():
            pass
        assert game.to_position() == start


@pytest.mark.parametrize("path", BUNDLED + TEAM + shared_params("solkit/*.sol"), ids=lambda p: p.name)
def test_cli_check(path):
    result = subprocess.run([sys.executable, "-m", "kingalbert", "check", str(path)], capture_output=True, text=True,
                            cwd=ROOT)
    name = solkit.load(path).name
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == f"ok {path}: {name}"


def test_information_panel():
    game = game_of(sol(redeals=2))
    assert game.ruleset.info_panel
    assert game.ruleset.status_text(game) == "Redeals left: 2"
    assert game.ruleset.describe_pile(game, game.pile("col1"))[:3] == \
        ["Order: 4 3 2 A loops", "Suits: alternate", "Starts: K"]
