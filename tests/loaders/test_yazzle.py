"""YaZZle game.ini game types: loading, every key played, errors, fuzzing, bundled games, both formats alike."""
import random
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kingalbert.engine import Game, IllegalMoveError, RuleFileError
from kingalbert.engine.king_albert import KingAlbert
from kingalbert.loaders import load as load_any
from kingalbert.loaders import solkit, yazzle
from tests.helpers.data import GAMES as ALL_GAMES
from tests.helpers.data import ROOT, team
from tests.helpers.fuzzing import check_load, check_load_path, fuzz_settings, mutate
from tests.helpers.solver_positions import laid_out

GAMES = ALL_GAMES / "yazzle"
BUNDLED = sorted(p.parent for p in GAMES.glob("*/game.ini"))
TEAM = [p.parent for p in team("yazzle/*/game.ini")]          # the project's own test game types


def ini(sections):
    """game.ini text from {section: {key: value}}."""
    out = []
    for name, values in sections.items():
        out.append(f"[{name}]")
        out += [f"{key}={value}" for key, value in values.items()]
        out.append("")
    return "\n".join(out)


def simple(tableau=4, dealt=None, **changes):
    """A small game: stock, waste, 4 foundations, ``tableau`` piles one card each (face up)."""
    dealt = dealt if dealt is not None else [("T", i + 1, "U") for i in range(tableau)]
    sections = {
        "General": {"Name": "Test", "Author": "me"},
        "Game": {"Decks": 1, "NumCardsDealt": len(dealt)},
        "Stock": {"Piles": 1}, "Waste": {"Piles": 1}, "Foundation": {"Piles": 4},
        "Tableau": {"Piles": tableau, "SequenceCheck": 2, "ColorCheck": 2, "CheckInOrder": 1, "CardYUpOff": 0.25},
        "Stock1": {"X": 0, "Y": 0}, "Waste1": {"X": 1.1, "Y": 0},
    }
    for i in range(4):
        sections[f"Foundation{i + 1}"] = {"X": round(3.3 + 1.1 * i, 2), "Y": 0}
    for i in range(tableau):
        sections[f"Tableau{i + 1}"] = {"X": round(1.1 * i, 2), "Y": 1.2}
    for i, card in enumerate(dealt, 1):
        entry = {"PileType": card[0], "PileNumb": card[1], "PileFace": card[2]}
        if len(card) > 3:
            entry.update(PileRank=card[3], PileSuit=card[4])
        sections[f"DealtCard{i}"] = entry
    for section, values in changes.items():
        if values is None:
            sections.pop(section, None)
        else:
            sections.setdefault(section, {}).update(values)
    return ini(sections)


def game_of(text, options=None, seed=1, **piles):
    ruleset = yazzle.loads(text, "game.ini")
    if not piles:
        return Game(ruleset, seed, options)
    data = {"piles": [{"name": name, "cards": cards.split()} for name, cards in piles.items()]}
    return laid_out(ruleset, data, options)     # (the rules tested on any cards anywhere)


def refused(game, action):
    with pytest.raises(IllegalMoveError) as info:
        game.play(action)
    return str(info.value)


def sizes(game):
    return {pile.name: len(pile) for pile in game.piles}


# -- files and folders -------------------------------------------------------------------
def test_load_file_or_folder():
    folder = GAMES / "Klondike"
    assert yazzle.load(folder).name == yazzle.load(folder / "game.ini").name == "Klondike"
    assert load_any(folder).name == "Klondike"


def test_folder_without_game_ini(tmp_path):
    with pytest.raises(RuleFileError):
        yazzle.load(tmp_path)


def test_comments_case_and_crlf():
    text = "; comment\r\n# another\r\n" + simple().replace("\n", "\r\n").replace("[Tableau]", "[TABLEAU]") \
        .replace("SequenceCheck", "sequencecheck")
    assert sizes(game_of(text))["tableau4"] == 1


# -- piles and placements ------------------------------------------------------------------
def test_piles_named_and_placed():
    game = game_of(simple(Reserve={"Piles": 2, "MaxVisible": 1}, Reserve1={"X": 0, "Y": 3}, Reserve2={"X": 1.1, "Y": 3}))
    names = [p.name for p in game.piles]
    assert names == ["stock1", "waste1", "foundation1", "foundation2", "foundation3", "foundation4",
                     "tableau1", "tableau2", "tableau3", "tableau4", "reserve1", "reserve2"]
    layout = game.ruleset.layout(game, 71, 96)
    assert layout.view("waste1").x - layout.view("stock1").x == round(1.1 * 71)
    assert layout.view("tableau1").y - layout.view("stock1").y == round(1.2 * 96)
    assert layout.view("tableau1").dy == 24
    assert game.ruleset.rules.pile_rule("reserve1").view.max_visible == 1


def test_game_size_from_num_card_wide_and_high():
    game = game_of(simple(Game={"NumCardWide": 8, "NumCardHigh": 5}))
    layout = game.ruleset.layout(game, 10, 20)
    assert layout.width == 2 * 4 + 80 and layout.height == 2 * 4 + 100


# -- the deal ------------------------------------------------------------------------------
def test_dealt_card_plan():
    dealt = [("T", 1, "D"), ("T", 1, "U"), ("F", 2, "U", 1, "H"), ("R", 1, "U", 13, "S"), ("W", 1, "U"), ("T", 3, "U")]
    text = simple(3, dealt, Reserve={"Piles": 1}, Reserve1={"X": 5, "Y": 3})
    game = game_of(text)
    assert [c.face_up for c in game.pile("tableau1").cards] == [False, True]
    assert [str(c) for c in game.pile("foundation2").cards] == ["AH"]
    assert [str(c) for c in game.pile("reserve1").cards] == ["KS"]
    assert len(game.pile("waste1")) == 1 and len(game.pile("tableau3")) == 1 and not game.pile("tableau2").cards
    assert len(game.pile("stock1")) == 46                          # the rest goes to the stock
    assert len({(c.rank, c.suit) for c in game.cards()}) == 52


def test_rank_letters_accepted():
    game = game_of(simple(1, [("F", 1, "U", "A", "c")]))
    assert str(game.pile("foundation1").top) == "AC"


def test_two_decks():
    game = game_of(simple(Game={"Decks": 2}))
    assert len(game.cards()) == 104 and len(game.pile("stock1")) == 100


def test_start_rank_card():
    dealt = [("T", 1, "U"), ("F", 1, "U"), ("T", 2, "U")]
    game = game_of(simple(2, dealt, Game={"StartRankCard": 2}), seed=3)
    base = game.pile("foundation1").top.rank
    assert game.vars["base"] == base
    rule = game.ruleset.rules.pile_rule("foundation2")
    assert rule.start_rank == "base"


# -- tableau keys --------------------------------------------------------------------------
@pytest.mark.parametrize("check, good, bad", [(1, "6S", "4S"), (2, "4S", "6S"), (3, "6S", "3S")])
def test_sequence_check(check, good, bad):
    text = simple(Tableau={"SequenceCheck": check, "ColorCheck": 0})
    game = game_of(text, tableau1="5H", tableau2=bad, tableau3=good)
    assert "builds" in refused(game, "tableau2>tableau1")
    game.play("tableau3>tableau1")


@pytest.mark.parametrize("colour, good, bad", [(1, "4D", "4S"), (2, "4S", "4D")])
def test_color_check(colour, good, bad):
    game = game_of(simple(Tableau={"ColorCheck": colour}), tableau1="5H", tableau2=bad, tableau3=good)
    assert "colour" in refused(game, "tableau2>tableau1")
    game.play("tableau3>tableau1")


def test_suit_check():
    game = game_of(simple(Tableau={"SuitCheck": 1, "ColorCheck": 0}), tableau1="5H", tableau2="4D", tableau3="4H")
    assert "same suit" in refused(game, "tableau2>tableau1")
    game.play("tableau3>tableau1")


def test_no_checks_means_any_card():
    game = game_of(simple(Tableau={"SequenceCheck": 0, "ColorCheck": 0}), tableau1="5H", tableau2="JH")
    game.play("tableau2>tableau1")


def test_check_in_order():
    in_order = game_of(simple(), tableau1="9C 8H 2S", tableau2="TD", tableau3="9S 8D 7S")
    assert "in order" in refused(in_order, "tableau1:3>tableau2")
    in_order.play("tableau3:3>tableau2")
    loose = game_of(simple(Tableau={"CheckInOrder": 0}), tableau1="9C 8H 2S", tableau2="TD")
    loose.play("tableau1:3>tableau2")


@pytest.mark.parametrize("key", ["MaxAllowed", "MaxCards"])
def test_max_allowed(key):
    game = game_of(simple(Tableau={key: 2}), tableau1="TC 9H 8S", tableau2="JD", tableau3="7D 6C")
    assert "At most 2" in refused(game, "tableau1:3>tableau2")
    game.play("tableau3:2>tableau1")


def test_max_allowed_zero_accepts_nothing():
    game = game_of(simple(Tableau={"MaxAllowed": 0}), tableau1="9H", tableau2="8S")
    assert "can't be put" in refused(game, "tableau2>tableau1")


def test_check_free():
    text = simple(Tableau={"CheckFree": 1})
    game = game_of(text, tableau1="TC 9H 8S", tableau2="JD", tableau3="7H")
    # free piles: tableau4 only (tableau2 is the destination) -> 2 cards at once
    assert "free space" in refused(game, "tableau1:3>tableau2")
    game.play("tableau3>tableau1")
    assert game.is_legal("tableau1:2>tableau4")


def test_kings_only_in_game_and_mode_sections():
    game = game_of(simple(Game={"KingsOnly": 1}), tableau1="QH", tableau2="KS")
    assert "King" in refused(game, "tableau1>tableau3")
    game.play("tableau2>tableau3")
    text = simple(Game={"KingsOnly": 0}, HardMode={"KingsOnly": 1})
    easy = game_of(text, {"mode": "easy"}, tableau1="QH")
    easy.play("tableau1>tableau3")
    hard = game_of(text, {"mode": "hard"}, tableau1="QH")
    assert "King" in refused(hard, "tableau1>tableau3")


def test_allow_wrap_tableau_and_foundation():
    plain = game_of(simple(), tableau1="AH", tableau2="KS")
    assert "builds down" in refused(plain, "tableau2>tableau1")
    wrap = game_of(simple(Game={"AllowWrap": 1}), tableau1="AH", tableau2="KS")
    wrap.play("tableau2>tableau1")
    dealt = [("F", 1, "U", 12, "S"), ("T", 1, "U")]
    for flag, legal in ((0, False), (1, True)):
        text = simple(1, dealt, Game={"StartRankCard": 1}, Foundation={"AllowWrap": flag})
        game = game_of(text, foundation1="QS KS", tableau1="AS")
        game.vars["base"] = 12
        assert game.is_legal("tableau1>foundation1") is legal


def test_take3_in_hard_mode_and_modes_switch():
    text = simple(EasyMode={"Take3": 0}, HardMode={"Take3": 1})
    easy = game_of(text)
    assert easy.options["mode"] == "easy"
    easy.play("click:stock1")
    assert len(easy.pile("waste1")) == 1
    hard = game_of(text, {"mode": "hard"})
    hard.play("click:stock1")
    assert len(hard.pile("waste1")) == 3


def test_stock_turns_over_without_limit():
    game = game_of(simple())
    for _ in range(48 * 3):
        game.play("click:stock1")
    assert len(game.cards()) == 52


def test_stock_without_waste_deals_to_tableau():
    game = game_of(simple(Waste={"Piles": 0}, Waste1=None))
    game.play("click:stock1")
    assert [len(game.pile(f"tableau{i}")) for i in range(1, 5)] == [2, 2, 2, 2]


def test_invisible_stock_cannot_be_clicked():
    dealt = [("T", i % 4 + 1, "U") for i in range(52)]
    game = game_of(simple(4, dealt, Stock={"Visibility": 0}))
    assert not game.pile("stock1").cards
    assert "Nothing happens" in refused(game, "click:stock1")
    assert all(move.src != "stock1" for move in game.legal_moves)


def test_reserve_holds_max_allowed():
    text = simple(Reserve={"Piles": 2, "MaxAllowed": 1}, Reserve1={"X": 0, "Y": 3}, Reserve2={"X": 1.1, "Y": 3})
    game = game_of(text, tableau1="5H 4S")
    game.play("tableau1>reserve1")
    assert "only one card" in refused(game, "tableau1>reserve1")
    closed = simple(Reserve={"Piles": 1, "MaxAllowed": 0}, Reserve1={"X": 0, "Y": 3})
    assert "can't be put" in refused(game_of(closed, tableau1="5H"), "tableau1>reserve1")


def test_face_down_turned_up():
    game = game_of(simple(), tableau1="5d 6C", tableau2="7D")
    game.play("tableau1>tableau2")
    assert game.pile("tableau1").top.face_up


def test_a_reserves_face_down_card_is_turned_up_when_it_comes_to_the_top():
    """Canfield's reserve: dealt face down but for its top card, played card by card."""
    text = simple(Reserve={"Piles": 1, "MaxAllowed": 0}, Reserve1={"X": 0, "Y": 3})
    game = game_of(text, reserve1="9s 4d 5C", tableau1="6H", tableau2="5S")
    game.play("reserve1>tableau1")
    assert game.pile("reserve1").top.face_up and str(game.pile("reserve1").top) == "4D"
    game.play("reserve1>tableau2")
    assert str(game.pile("reserve1").top) == "9S"


def test_every_card_of_the_bundled_canfield_can_come_into_play():
    """The bundled YaZZle Canfield is won in play (its reserve's cards come up one by one)."""
    from kingalbert.engine.solver import solve
    ruleset = load_any(str(GAMES / "Canfield" / "game.ini"))
    won = 0
    for seed in range(1, 6):
        result = solve(Game(ruleset, seed, {"auto_finish": False, "auto_stack": False}), timeout=20)
        if result.verdict == "winnable":
            game = Game(ruleset, seed, {"auto_finish": False, "auto_stack": False})
            for move in result.moves:
                game.play(move)
            won += game.status == "won"
            break
    assert won == 1


# -- addition games ----------------------------------------------------------------------
def test_pyramid_pairs_kings_and_covering():
    ruleset = yazzle.load(GAMES / "Pyramid")
    assert ruleset.rules.addition == 13
    covers = dict(ruleset.rules.covers)
    assert covers["tableau1"] == ("tableau2", "tableau3") and covers["tableau2"] == ("tableau4", "tableau5")
    assert "tableau22" not in covers                                # the bottom row is free
    cards = {f"tableau{i}": "" for i in range(1, 29)}
    cards.update(tableau22="6H", tableau23="7C", tableau24="KD", tableau21="5S", tableau15="8S", waste1="8D")
    game = Game.from_position(ruleset, {"piles": [{"name": k, "cards": v.split()} for k, v in cards.items()]})
    assert "covered" in refused(game, "tableau15>tableau22")       # tableau21 lies over it
    game.play("tableau22>tableau23")
    assert [str(c) for c in game.pile("foundation1").cards] == ["7C", "6H"]
    game.play("click:tableau24")
    assert str(game.pile("foundation1").top) == "KD"
    game.play("waste1>tableau21")
    assert len(game.pile("foundation1")) == 5
    assert not game.ruleset.blocked(game, game.pile("tableau15"))


def test_pyramid_covered_card_blocked():
    ruleset = yazzle.load(GAMES / "Pyramid")
    game = Game(ruleset, 4)
    assert game.ruleset.blocked(game, game.pile("tableau1"))
    assert "covered" in refused(game, "tableau1>tableau28")
    assert all(m.src not in [f"tableau{i}" for i in range(1, 22)] for m in game.legal_moves)


# -- errors ------------------------------------------------------------------------------
@pytest.mark.parametrize("text, where, message", [
    (simple() + "[Bogus]\nX=1\n", "[Bogus]", "unknown section"),
    (simple() + "[DealtCard]\nX=1\n", "[DealtCard]", "unknown section"),
    (simple(Game={"Colour": 2}), "Colour", "unknown key"),
    (simple(Stock1={"Z": 2}), "Z=2", "unknown key"),
    ("Name=x\n", "Name", "before the first"),
    ("[General]\nName\n", "Name", "Key=Value"),
    ("[General\n", "[General", "closing"),
    (simple() + "[Game]\nDecks=1\n", "#2 [Game]", "twice"),
    (simple(Game={"Decks": 3}), "Decks", "from 1 to 2"),
    (simple(Game={"Decks": "two"}), "Decks", "whole number"),
    (simple(Tableau={"SequenceCheck": 4}), "SequenceCheck", "from 0 to 3"),
    (simple(Tableau={"ColorCheck": -1}), "ColorCheck", "from 0 to 2"),
    (simple(Tableau={"CardYUpOff": "lots"}), "CardYUpOff", "a number"),
    (simple(Game={"Addition": 1}), "Addition", "2 to 26"),
    (simple(Game={"NumCardsDealt": 5}), "NumCardsDealt", "no [DealtCard5]"),
    (simple(Tableau1=None), "[Tableau]", "no [Tableau1]"),
    (simple(Tableau={"Piles": 3}), "[Tableau4]", "beyond"),
    (simple(Tableau2={"X": None}).replace("X=None\n", ""), "[Tableau2]", "must give X"),
    (simple(DealtCard1={"PileType": "Q"}), "PileType=Q", "PileType"),
    (simple(DealtCard1={"PileNumb": 9}), "PileNumb=9", "from 1 to 4"),
    (simple(DealtCard1={"PileFace": "X"}), "PileFace=X", "U or D"),
    (simple(DealtCard1={"PileRank": 14, "PileSuit": "H"}), "PileRank", "PileRank"),
    (simple(DealtCard1={"PileRank": 3, "PileSuit": "Z"}), "PileSuit", "PileSuit"),
    (simple(DealtCard1={"PileRank": 3}), "PileRank", "both"),
    (simple(2, [("T", 1, "U", 1, "S"), ("T", 2, "U", 1, "S")]), "#2 PileRank", "more times"),
    (simple(2, [("R", 1, "U")]), "PileType=R", "has none"),
    (simple(Stock={"Piles": 0}, Stock1=None), "[Game]", "no stock"),
    (simple(Foundation={"Piles": 0}), "[Foundation]", "at least one foundation"),
    (simple(Stock={"Visibility": 0}), "Visibility", "invisible"),
    (simple(0, [], Waste={"Piles": 0}, Waste1=None, Tableau={"Piles": 0}), "[Stock]", "no waste or tableau"),
    (simple(General={"Name": ""}), "Name", "Name"),
    (simple(Game={"StartRankCard": 9}), "StartRankCard", "only 4"),
    (simple(Game={"NumCardsDealt": 60}), "NumCardsDealt", "only 52"),
    (simple().replace("Piles=4\n", "Piles=4\npiles=3\n", 1), "piles=3", "twice"),
])
def test_errors(text, where, message):
    with pytest.raises(RuleFileError) as info:
        yazzle.loads(text, "bad/game.ini")
    nth, _, where = where.partition(" ") if where.startswith("#") else ("#1", "", where)
    hits = [i for i, t in enumerate(text.splitlines(), 1) if where.lower() in t.lower()]
    assert info.value.line == hits[int(nth[1:]) - 1], str(info.value)
    assert message in info.value.message, str(info.value)


def test_error_lines_are_an_editors_lines(tmp_path):
    """Only CR, LF and CRLF end lines: a Latin-1 '\x85' ("...") or a form feed doesn't shift the line numbers."""
    (tmp_path / "game.ini").write_bytes(b"[General]\r\nName=Caf\xe9 \x85\x0c\r\n[Game]\r\nDecks=3\r\n")
    with pytest.raises(RuleFileError) as info:
        yazzle.load(tmp_path)
    assert info.value.line == 4 and "Decks" in info.value.message


def test_a_problem_of_no_one_line_names_the_game_section():
    with pytest.raises(RuleFileError) as info:
        yazzle.loads("", "g/game.ini")
    assert str(info.value).startswith("g/game.ini:1: ")
    with pytest.raises(RuleFileError) as info:
        yazzle.loads("; x\n[General]\nName=x\n[Game]\nDecks=1\n", "g/game.ini")
    assert info.value.line == 4 and "foundation" in info.value.message


def test_dealt_card_beyond_num_cards_dealt():
    text = simple(DealtCard9={"PileType": "T", "PileNumb": 1})
    with pytest.raises(RuleFileError, match="beyond"):
        yazzle.loads(text)


# -- fuzzing ------------------------------------------------------------------------------
SEEDS = [(p / "game.ini").read_text() for p in BUNDLED + TEAM] + [simple()]
TOKENS = ["[General]", "[Game]", "[Tableau]", "[Tableau1]", "[DealtCard1]", "[DealtCard99]", "[Reserve]", "[Stock]",
          "Name=x", "Piles=3", "Piles=200", "NumCardsDealt=52", "NumCardsDealt=1", "PileType=R", "PileNumb=0",
          "PileRank=13", "PileSuit=S", "X=1e9", "Y=nan", "Addition=13", "StartRankCard=1", "Decks=2", "=", ";",
          "MaxAllowed=0", "Visibility=0", "Take3=1", "SequenceCheck=3", "CheckFree=1"]


@pytest.mark.slow
@fuzz_settings()
@given(st.data())
def test_fuzz_only_rule_file_errors(data):
    """Mutated bundled files, random lines of the format's tokens, random text; both modes play."""
    kind = data.draw(st.sampled_from(["mutated", "mutated", "tokens", "text"]))
    if kind == "mutated":
        text = mutate(data.draw(st.sampled_from(SEEDS)), data, TOKENS)
    elif kind == "tokens":
        text = "\n".join(data.draw(st.lists(st.sampled_from(TOKENS) | st.text(max_size=20), max_size=40)))
    else:
        text = data.draw(st.text(max_size=300))
    check_load(yazzle.loads, text, "fuzz/game.ini", options=({"mode": "easy"}, {"mode": "hard"}))


@pytest.mark.slow
@fuzz_settings(0.1)
@given(st.binary(max_size=300) | st.sampled_from(SEEDS).map(lambda s: s.encode()[:-7]))
def test_fuzz_files_from_disk(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("fuzz")
    (folder / "game.ini").write_bytes(data)
    check_load_path(load_any, folder)


# -- bundled games ------------------------------------------------------------------------
def card_multiset(game):
    return sorted(str(card.turned(True)) for card in game.cards())


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["easy", "hard"])
@pytest.mark.parametrize("folder", BUNDLED + TEAM, ids=lambda p: p.name)
def test_bundled_game_plays(folder, mode):
    assert len(BUNDLED) >= 6
    ruleset = yazzle.load(folder)
    for seed in (1, 2):
        game = Game(ruleset, seed, {"mode": mode})
        start = game.to_position()
        full = card_multiset(game)
        assert len(full) == 52 * ruleset.decks
        rng = random.Random(seed)
        for _ in range(200):
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


@pytest.mark.parametrize("folder", BUNDLED + TEAM, ids=lambda p: p.name)
def test_cli_check(folder):
    path = folder / "game.ini"
    result = subprocess.run([sys.executable, "-m", "kingalbert", "check", str(path)], capture_output=True, text=True,
                            cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == f"ok {path}: {yazzle.load(path).name}"


# -- the same game in both formats ----------------------------------------------------------
SOL_NAMES = {"deck": "stock1", "waste": "waste1", **{f"f{i}": f"foundation{i}" for i in range(1, 9)},
             **{f"col{i}": f"tableau{i}" for i in range(1, 11)}}


def both_klondikes(**piles):
    """Klondike from .sol and from game.ini, set up with the same cards (piles named the .sol way)."""
    sol = solkit.load(ROOT / "kingalbert" / "games" / "sol" / "klondike.sol")
    yaz = yazzle.load(GAMES / "Klondike")
    def make(ruleset, rename):
        data = {"piles": [{"name": rename(name), "cards": cards.split()} for name, cards in piles.items()]}
        return Game.from_position(ruleset, data)
    return make(sol, lambda n: n), make(yaz, lambda n: SOL_NAMES[n])


def test_klondike_deals_alike_in_both_formats():
    sol = Game(solkit.load(ROOT / "kingalbert" / "games" / "sol" / "klondike.sol"), 9)
    yaz = Game(yazzle.load(GAMES / "Klondike"), 9)
    for i in range(1, 8):
        a, b = sol.pile(f"col{i}").cards, yaz.pile(f"tableau{i}").cards
        assert len(a) == len(b) == i
        assert [c.face_up for c in a] == [c.face_up for c in b]
    assert len(sol.pile("deck")) + len(sol.pile("waste")) == len(yaz.pile("stock1")) + len(yaz.pile("waste1")) == 24
    assert len(sol.piles_of("foundation")) == len(yaz.piles_of("foundation")) == 4


@pytest.mark.parametrize("piles, action, legal", [
    ({"col1": "9H", "col2": "8S"}, "col2>col1", True),             # down, alternate colour
    ({"col1": "9H", "col2": "8D"}, "col2>col1", False),            # same colour
    ({"col1": "9H", "col2": "7S"}, "col2>col1", False),            # not next in rank
    ({"col1": "KS"}, "col1>col2", True),                            # king to an empty column
    ({"col1": "QS"}, "col1>col2", False),                           # anything else
    ({"col1": "AS"}, "col1>f1", True),                              # ace starts a foundation
    ({"col1": "2S"}, "col1>f1", False),
    ({"col1": "2S", "f1": "AS"}, "col1>f1", True),                  # up in suit
    ({"col1": "2H", "f1": "AS"}, "col1>f1", False),
    ({"col1": "TC 9H 8S", "col2": "JD"}, "col1:3>col2", True),      # runs move
    ({"col1": "TC 9H 8H", "col2": "JD"}, "col1:3>col2", False),     # broken runs don't
    ({"col1": "5d 9C", "col2": "TH"}, "col1:2>col2", False),        # face-down cards don't
    ({"waste": "9C", "col1": "TH"}, "waste>col1", True),
    ({"col1": "9C", "waste": "TH"}, "col1>waste", False),           # nothing goes on the waste
    ({"deck": "9c", "col1": "TH"}, "deck>col1", False),
    ({"deck": "9c"}, "click:deck", True),
    ({"waste": "9C"}, "click:deck", True),                          # turn the waste over
])
def test_klondike_accepts_and_refuses_alike(piles, action, legal):
    sol, yaz = both_klondikes(**piles)
    yaz_action = action
    for old, new in sorted(SOL_NAMES.items(), key=lambda item: -len(item[0])):
        yaz_action = yaz_action.replace(f"{old}>", f"{new}>").replace(f">{old}", f">{new}") \
            .replace(f"{old}:", f"{new}:").replace(f":{old}", f":{new}")
    assert sol.is_legal(action) is legal
    assert yaz.is_legal(yaz_action) is legal


KA_NAMES = {**{f"foundation{i}": None for i in range(1, 5)}, **{f"tableau{i}": f"t{i}" for i in range(1, 10)},
            **{f"reserve{i}": f"r{i}" for i in range(1, 8)}}


def _king_albert_twin(game):
    """The built-in King Albert (suit stacks H C D S) set up like a YaZZle King Albert game."""
    piles = []
    for name, twin in KA_NAMES.items():
        if twin:
            piles.append({"name": twin, "cards": [str(c) for c in game.pile(name).cards]})
    stacks = {suit: [] for suit in "HCDS"}
    for i in range(1, 5):
        cards = game.pile(f"foundation{i}").cards
        if cards:
            stacks[cards[0].suit] = [str(c) for c in cards]
    piles += [{"name": f"f{i + 1}", "cards": stacks[suit]} for i, suit in enumerate("HCDS")]
    return Game.from_position(KingAlbert(), {"piles": piles}, {"auto_finish": False})


def _kinds(game):
    """Each legal move as (card, destination role, destination top card)."""
    kinds = set()
    for move in game.legal_moves:
        src, dst = game.pile(move.src), game.pile(move.dst)
        if move.kind != "drag" or src.role == "foundation":
            continue
        kinds.add((str(src.cards[-move.n]), dst.role, str(dst.top) if dst.cards else None))
    return kinds


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_king_albert_game_ini_plays_like_the_built_in(seed):
    ruleset = yazzle.load(GAMES / "KingAlbert")
    game = Game(ruleset, seed)
    assert [len(game.pile(f"tableau{i}")) for i in range(1, 10)] == list(range(9, 0, -1))
    assert all(len(game.pile(f"reserve{i}")) == 1 for i in range(1, 8))
    builtin = Game(KingAlbert(), seed)
    assert [len(p) for p in builtin.piles_of("tableau")] == list(range(9, 0, -1))
    rng = random.Random(seed)
    for _ in range(60):
        twin = _king_albert_twin(game)
        assert _kinds(game) == _kinds(twin)
        moves = [m for m in game.legal_moves if game.pile(m.src).role != "foundation"]
        if not moves:
            break
        game.play(rng.choice(moves))


def test_the_command_line_chooses_the_mode(capsys):
    import json

    from kingalbert.cli import main
    path = str(ROOT / "kingalbert" / "games" / "yazzle" / "Klondike")
    waste = {}
    for mode in ("hard", "EASY"):
        assert main(["replay", path, "click:stock1", "--seed", "1", "--mode", mode]) == 0
        piles = {pile["name"]: pile["cards"] for pile in json.loads(capsys.readouterr().out)["piles"]}
        waste[mode.lower()] = len(piles["waste1"])
    assert waste == {"hard": 3, "easy": 1}   # Take3 in HardMode
    assert main(["moves", path, "--seed", "1", "--mode", "expert"]) == 2
    assert "its modes are easy, hard" in capsys.readouterr().err
    assert main(["moves", "--seed", "1", "--mode", "hard"]) == 2
    assert "it has no modes" in capsys.readouterr().err


def test_a_refusal_names_a_pile_as_a_player_does():
    """Dropping a card on YaZZle Forty Thieves' empty waste said "Cards can't be put on waste1"."""
    ruleset = load_any(str(GAMES / "FortyThieves"))
    game = Game(ruleset, 1)
    column = next(pile for pile in game.piles if pile.role == "tableau")
    waste = next(pile for pile in game.piles if pile.role == "waste")
    assert ruleset.check_drop(game, column, 1, waste) == "Cards can't be put on the waste"
