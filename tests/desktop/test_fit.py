"""Every game fits and reads on the 640×480 desktop, checked from outside: by the geometry
of the drawn frame (``report.frame_layout``, what ``kingalbert shot --layout`` writes)."""
import random

import pygame
import pytest

from kingalbert.app.catalogue import bundled_games, game_title, safe_load
from kingalbert.desktop import fitting
from kingalbert.desktop.board import Board
from kingalbert.desktop.desktop import Desktop
from kingalbert.desktop.report import frame_layout
from kingalbert.engine import Game

GAMES = ["king-albert"] + [str(path) for paths in bundled_games().values() for path in paths]
IDS = ["King Albert"] + [f"{path.parent.name}-{game_title(path)}" for paths in bundled_games().values() for path in paths]


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    yield
    pygame.display.quit()


def desktop_for(ref: str, seed: int) -> Desktop:
    return Desktop(Game(safe_load(ref), seed, {"auto_finish": False}), autosave=False, thinking=False)


def faults(frame: dict) -> list[str]:
    """What the frame hides that it should show: a pile or card outside the visible work
    area or under the message space or information panel, an index partly covered."""
    found = []
    work = pygame.Rect(frame["work_area"])
    covers = [pygame.Rect(frame["message"])] + ([pygame.Rect(frame["info"])] if frame["info"] else [])
    things = [(f"pile {pile['name']}", pile["rect"]) for pile in frame["piles"] if not pile["hidden"]]
    things += [(f"card {card['card']} of {card['pile']}", card["rect"]) for card in frame["cards"]]
    for what, rect in things:
        rect = pygame.Rect(rect)
        if not work.contains(rect):
            found.append(f"{what} {rect} is not all in the work area {work}")
        found += [f"{what} {rect} is under {cover}" for cover in covers if rect.colliderect(cover)]
    for card in frame["cards"]:
        if card["face_up"] and card["index"] is not None and not card["index_whole"]:
            found.append(f"the index of {card['card']} of {card['pile']} shows only {card['index']} of "
                         f"{card['index_full']}")
    return found


def top_cards(frame: dict) -> dict[str, dict]:
    return {card["pile"]: card for card in frame["cards"]}


@pytest.mark.parametrize("ref", GAMES, ids=IDS)
def test_the_whole_game_shows_at_the_deal(ref):
    for seed in (1, 2, 3):
        desktop = desktop_for(ref, seed)
        frame = frame_layout(desktop)
        assert faults(frame) == [], (seed, faults(frame)[:5])
        window = desktop.window
        assert not window.has_bars and (window.w, window.h) == desktop.board.size   # nothing to scroll
        assert frame["card_size"][0] >= 28
        # every face-up card dealt shows its index, but where its pile lies squared
        cards = frame["cards"]
        for card, above in zip(cards, cards[1:] + [None]):
            if not card["face_up"] or card["index_whole"]:
                continue
            assert above is not None and above["pile"] == card["pile"], card
            x, y, _, _ = card["rect"]
            ix, iy, _, _ = card["index_full"]
            step = (abs(above["rect"][0] - x), abs(above["rect"][1] - y))
            assert step[0] <= ix - x and step[1] <= iy - y, (card, above)
        for pile, card in top_cards(frame).items():
            assert not card["face_up"] or card["index_whole"], (seed, pile, card)


@pytest.mark.slow
@pytest.mark.parametrize("ref", GAMES, ids=IDS)
def test_columns_close_up_as_they_grow_and_stay_in_view(ref):
    """Random play: after every move the whole game is still in view, every index that
    shows is whole, each pile's top card reads, and a press on an index hits its card."""
    for seed in (1, 2):
        desktop = desktop_for(ref, seed)
        rng = random.Random(seed)
        game, board = desktop.game, desktop.board
        for step in range(120):
            moves = list(game.legal_moves)
            if not moves:
                break
            desktop.session.play(rng.choice(moves))
            assert desktop.board is board   # the same board: fans close up, the card size stays
            frame = frame_layout(desktop)
            assert faults(frame) == [], (seed, step, faults(frame)[:5])
            for pile, card in top_cards(frame).items():
                assert not card["face_up"] or card["index_whole"], (seed, step, pile, card)
            counts = {pile["name"]: pile["cards"] for pile in frame["piles"]}
            for card in frame["cards"]:
                if card["index_whole"]:
                    x, y, w, h = card["index_full"]
                    hit = board.card_at(desktop.window.to_work((x + w // 2, y + h // 2)))
                    assert hit == (card["pile"], counts[card["pile"]] - card["position"]), (seed, step, card, hit)


def used_sizes() -> list[tuple[int, int]]:
    """Every card size the desktop draws the bundled games at, and the list it chooses from."""
    sizes = set(fitting.SIZES)
    for ref in GAMES:
        game = Game(safe_load(ref), 1)
        layout = fitting.fit(game, *Desktop.work_room(game))
        sizes.add((layout.card_w, layout.card_h))
    return sorted(sizes)


@pytest.mark.parametrize("size", used_sizes(), ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_next_card_of_a_fan_leaves_every_index_whole(size):
    from kingalbert.desktop.board import card_sprites
    from kingalbert.sprites.palette import TRANSPARENT, WHITE, new_surface

    w, h = size
    deck = card_sprites(w, h)
    space = fitting.spacing(w, h)
    for rank in range(1, 14):
        for suit in "CDHS":
            face = deck.face(rank, suit)
            ix, iy, iw, ih = deck.index_rect(rank, suit)
            index = pygame.Rect(ix, iy, iw, ih)
            ink = {(x, y) for y in range(1, h // 2) for x in range(1, w - 1)
                   if face.get_at_mapped((x, y)) not in (WHITE, TRANSPARENT) and not (y == 1 and x in (1, w - 2))}
            in_index = {point for point in ink if index.collidepoint(point)}
            assert in_index and all(point[1] >= iy + ih or point[0] >= ix + iw for point in ink - in_index)
            for step in ((0, space.up), (space.up_x, 0)):   # down a column, and across a row
                fan = new_surface(w + step[0], h + step[1])
                fan.blit(face, (0, 0))
                fan.blit(deck.face(13 - rank + 1, suit), step)
                assert all(fan.get_at_mapped(point) == face.get_at_mapped(point) for point in in_index), (rank, suit, step)
                assert all(fan.get_at_mapped((x, y)) == face.get_at_mapped((x, y))
                           for x in range(ix, ix + iw) for y in range(iy, iy + ih)), (rank, suit, step)
            # the rank and the suit apart, "10" in two figures: runs of inked columns
            columns = sorted({x for x, _ in in_index})
            runs = 1 + sum(1 for a, b in zip(columns, columns[1:]) if b > a + 1)
            assert runs >= (3 if rank == 10 else 2), (rank, suit, columns)


def test_king_albert_keeps_its_own_cards_and_fans():
    desktop = desktop_for("king-albert", 1)
    layout = desktop.board.layout
    assert layout == desktop.game.ruleset.layout(desktop.game)   # its own 36×52 cards, its own window
    assert (layout.card_w, layout.card_h) == (36, 52)
    view = desktop.board.views["t1"]
    cards = desktop.game.pile("t1").cards
    assert [desktop.board.card_rect(view, i).y - view.y for i in range(len(cards))] == [13 * i for i in range(len(cards))]
    assert not desktop.toggle_fit()


@pytest.mark.parametrize("ref", GAMES, ids=IDS)
def test_a_game_loaded_part_played_shows_as_it_did_while_it_was_played(ref):
    """The board is fitted to the game's opening deal: a game brought back (Load game, the
    autosave) some moves on is laid out as it was when it was played on from its deal (it
    was fitted to its position, with smaller cards in most games)."""
    dealt, pick = desktop_for(ref, 3), random.Random(ref)
    game = Game(safe_load(ref), 3, {"auto_finish": False})
    for _ in range(40):
        moves = list(game.legal_moves)
        if game.status != "playing" or not moves:
            break
        game.play(pick.choice(moves))
    loaded = Desktop(game, autosave=False, thinking=False)
    assert loaded.board.layout == dealt.board.layout
    assert not faults(frame_layout(loaded)), ref


def test_toggle_size_twice_puts_the_window_back_where_it_was():
    """`.pat` Canfield, deal 3: the usual cards' window is pushed left to fit the screen;
    toggled back, the window stayed there, against the screen's left edge."""
    from tests.helpers.desktop import click

    path = next(str(p) for p in bundled_games()["pat"] if p.name == "Canfield.pat")
    desktop = desktop_for(path, 3)
    window = desktop.window
    before = (window.x, window.y, window.w, window.h)
    click(desktop, window.tool_rects()["toggle"].center)
    assert window.x < before[0]
    desktop.session.play(next(iter(desktop.game.legal_moves)))
    click(desktop, window.tool_rects()["toggle"].center)
    assert (window.x, window.y, window.w, window.h) == before


def test_toggle_size_twice_puts_a_screen_wide_window_back_where_it_was():
    # (CardsWorkShop Klondike's matrix fills the screen: toggled back, its window lay 2 px
    # to the left, its outline off the screen)
    path = next(str(p) for p in bundled_games()["cdl"] if p.name == "klondike.cdl")
    desktop = desktop_for(path, 3)
    window = desktop.window
    before = (window.x, window.y, window.w, window.h)
    assert window.outer.w == 640
    assert desktop.toggle_fit() and desktop.toggle_fit()
    assert (window.x, window.y, window.w, window.h) == before and window.outer.x == 0


def test_a_game_too_big_for_its_usual_cards_gets_smaller_ones_and_toggle_size_gives_them_back():
    from tests.helpers.desktop import click

    path = next(str(p) for p in bundled_games()["sol"] if p.name == "klondike.sol")
    desktop = desktop_for(path, 1)
    window, fitted = desktop.window, desktop.board.layout
    usual = desktop.game.ruleset.layout(desktop.game)
    assert fitted.card_w < usual.card_w and not window.has_bars
    desktop.session.indicator = "Winnable"
    desktop.sync_board()
    click(desktop, window.tool_rects()["toggle"].center)
    assert desktop.board.layout == usual and window.has_bars
    assert desktop.board.indicator == "Winnable"   # the new board shows what the old one did
    click(desktop, window.tool_rects()["toggle"].center)
    assert desktop.board.layout == fitted and not window.has_bars


def test_a_column_closes_up_face_down_cards_first_and_never_over_an_index():
    from kingalbert.engine.layout import PileView

    space = fitting.spacing(56, 76)
    view = PileView("col", 0, 0, 0, 19, down_dy=8)
    faces = [False] * 6 + [True] * 14

    def steps(room):
        offsets = fitting.spread(view, faces, room, space)
        return [b[1] - a[1] for a, b in zip(offsets, offsets[1:])], offsets[-1][1]

    assert steps(None) == ([8] * 5 + [19] * 14, 5 * 8 + 14 * 19)   # the layout's own fan
    downs, length = steps(280)   # a little short: the face-down cards close up, the face-up ones don't
    assert length <= 280 and all(space.down <= step < 8 for step in downs[:6]) and downs[6:] == [19] * 13
    least = 6 * space.down + 13 * space.up
    for room in (250, 200, least, least - 1, 60, 0):
        found, length = steps(room)
        ups = found[6:]   # each over a face-up card: shows its index, or only its edge
        sliver = min(fitting.SLIVER, space.edge)
        assert all(step <= sliver or step >= space.up for step in ups), (room, found)
        if room >= least:
            assert length <= room and min(found[:6]) >= space.down and min(ups) >= space.up
        else:   # too short even so: the lowest face-up cards lie squared under the others
            assert ups == sorted(ups) and min(ups) <= sliver and (ups[-1] == space.up or room < space.up)
            if room >= 6 * space.down + 14 * sliver:     # (room for their edges: each shows)
                assert length <= room and min(ups) == sliver


def test_the_information_panel_is_as_narrow_as_its_text():
    from kingalbert.desktop.board import INFO_MARGIN
    from kingalbert.desktop.textflow import panel_lines
    from kingalbert.sprites import font

    path = next(str(p) for p in bundled_games()["sol"] if p.name == "king_albert.sol")
    desktop = desktop_for(path, 1)
    board = desktop.board
    board.hover = "col1"
    chars = (board.info_rect.w - 1 - 2 * INFO_MARGIN) // font.GLYPH_W
    assert board.info_rect.w < 192 and chars >= 14
    lines = board.info_lines()
    shown = panel_lines(lines, chars)
    assert all(len(line) <= chars for line in shown)
    assert " ".join(shown).split() == " ".join(lines).split()   # wrapped, nothing cut
    assert "King Albert" in shown[0] and "(SolKit)" in " ".join(shown[:2])


# -- messages ------------------------------------------------------------------------------
def longest_forms(text: str, pile_names: list[str]) -> str:
    """``text`` with its card, rank, suit and pile names swapped for the longest ones there
    are: the longest message a template can give."""
    import re

    from kingalbert.engine.cards import RANK_NAMES, SUIT_NAMES

    ranks = "|".join(name for name in RANK_NAMES if name)
    suits = "|".join(SUIT_NAMES.values())
    text = re.sub(rf"\b({ranks}) of ({suits})\b", "\0", text)
    text = re.sub(rf"\b({ranks})(s?)\b", r"Queen\2", text)
    text = re.sub(rf"\b({suits})\b", "Diamonds", text)
    text = re.sub(r"\b(10|[2-9AJQK])[CDHS]\b", "10D", text)
    longest = max(pile_names, key=len)
    for name in sorted(pile_names, key=len, reverse=True):
        text = re.sub(rf"\b{re.escape(name)}\b", "\1", text)
    return text.replace("\0", "Queen of Diamonds").replace("\1", longest)


def played_messages(ref: str) -> set[str]:
    """The messages a game gives: every refusal of every drag, click and ADJUST-click from a
    few positions of a random game, and what the moves it accepts say."""
    from kingalbert.engine.errors import IllegalMoveError, SolitaireError
    from kingalbert.engine.moves import Move

    ruleset = safe_load(ref)
    texts = {ruleset.won_message or "", getattr(ruleset, "stacking_message", "")}
    game = Game(ruleset, 1, {"auto_finish": False})
    rng = random.Random(1)
    for _ in range(3):
        names = [pile.name for pile in game.piles]
        tries = [Move(kind, src.name, n) for src in game.piles for kind in ("click", "adjust")
                 for n in {1, max(1, len(src.cards))}]
        tries += [Move("drag", src.name, n, dst) for src in game.piles if src.cards
                  for n in {1, len(src.cards)} for dst in names if dst != src.name]
        for move in tries:
            try:
                record = game.play(move)
            except IllegalMoveError as refusal:
                texts.add(str(refusal))
                continue
            except SolitaireError:
                continue
            texts.update(record.messages)
            texts.add(game.message)
            game.undo()
        for _ in range(8):
            moves = list(game.legal_moves)
            if moves:
                game.play(rng.choice(moves))
    return {text for text in texts if text}


def desktop_messages() -> set[str]:
    """The messages the session and the desktop give themselves (their string literals)."""
    import ast
    import inspect

    from kingalbert.app import session
    from kingalbert.desktop import desktop as desktop_module

    texts = set()
    for module in (session, desktop_module):
        for node in ast.walk(ast.parse(inspect.getsource(module))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "say":
                args = node.args
            elif isinstance(node, ast.Assign) and getattr(node.targets[0], "attr", None) == "message":
                args = [node.value]
            else:
                continue
            for arg in args:
                for part in ast.walk(arg):
                    if isinstance(part, ast.Constant) and isinstance(part.value, str) and len(part.value) > 3:
                        texts.add(part.value)
    return texts


@pytest.mark.slow
@pytest.mark.parametrize("ref", GAMES, ids=IDS)
def test_the_longest_message_a_game_gives_fits_its_message_space(ref):
    from kingalbert.app.session import LABELS, THINKING
    from kingalbert.desktop.textflow import message_lines
    from kingalbert.sprites.palette import GREY4, new_surface

    desktop = desktop_for(ref, 1)
    board, game = desktop.board, desktop.game
    names = [pile.name for pile in game.piles]
    desktop.session.show_hint()   # a hint names cards and piles too
    texts = played_messages(ref) | desktop_messages() | {game.message}
    assert len(texts) > 8
    longest = sorted({longest_forms(text, names) for text in texts}, key=len)
    width, capacity = board.message_capacity(board.message_rect)
    verdict = max(list(LABELS.values()) + [THINKING], key=len)
    for text in longest[-12:]:
        lines = message_lines(text, "", width, capacity)
        assert len(lines) <= capacity, (text, lines)
        assert " ".join(left for left, _ in lines).split() == text.split()   # nothing cut
        board.indicator = verdict
        surface = new_surface(*board.size, fill=GREY4)
        board.draw_message(surface, text)
        outside = surface.copy()
        outside.fill(GREY4, board.message_rect)
        assert pygame.image.tobytes(outside, "P") == pygame.image.tobytes(new_surface(*board.size, fill=GREY4), "P")
    # a one-line message leaves the verdict its line
    board.indicator = verdict
    assert board.message_lines(longest[0])[-1] in ((verdict, ""), (board.message_lines(longest[0])[0][0], verdict))


# -- names -----------------------------------------------------------------------------------
def test_games_are_named_as_their_files_spell_them_in_the_menu_and_the_title_bar(tmp_path):
    from kingalbert.loaders import load

    for paths in bundled_games().values():
        for path in paths:
            ruleset = load(str(path))
            assert game_title(path) == ruleset.name, path
            assert Desktop(Game(ruleset, 1), autosave=False, thinking=False).window.title == ruleset.name
    titles = {f"{path.parent.name}/{path.name}": game_title(path) for paths in bundled_games().values() for path in paths}
    assert titles["FortyThieves/game.ini"] == "Forty Thieves" and titles["KingAlbert/game.ini"] == "King Albert"
    assert titles["cdl/acesup.cdl"] == "Aces Up" and titles["pat/Little Mystery.pat"] == "Little Mystery"
    assert titles["sol/forty_thieves.sol"] == "Forty Thieves"
    # a .pat without a name line is named by its file, as written; a file that can't be read too
    lines = next(p for p in bundled_games()["pat"] if p.name == "Klondike.pat").read_text().splitlines()
    assert lines[1].split()[:2] == ["1", "13"]
    (tmp_path / "my Klondike_two.pat").write_text("\n".join(["  1  13"] + lines[2:]) + "\n")
    assert game_title(tmp_path / "my Klondike_two.pat") == "my Klondike_two" == load(str(tmp_path / "my Klondike_two.pat")).name
    (tmp_path / "broken_game.sol").write_text("[global]\nname = \n")
    assert game_title(tmp_path / "broken_game.sol") == "broken_game"
    (tmp_path / "MyGame").mkdir()
    (tmp_path / "MyGame" / "game.ini").write_text("[General]\n")
    assert game_title(tmp_path / "MyGame" / "game.ini") == "MyGame"


# -- cards removed ----------------------------------------------------------------------------
def hidden_card_pixels(desktop) -> list[str]:
    """Cards in play whose visible part the drawn work area doesn't show as the card's sprite:
    something drawn over them."""
    from kingalbert.desktop.report import _subtract

    board, game = desktop.board, desktop.game
    board.flash_on = False   # a flashing card is the game's own drawing over it
    surface = board.draw()
    drawn = []
    for view in board.layout.piles:
        if view.hidden:
            continue
        cards = game.pile(view.name).cards
        first = max(0, len(cards) - view.max_visible) if view.max_visible else 0
        drawn += [(view, i, cards[i]) for i in range(first, len(cards))]
    rects = [board.card_rect(view, i) for view, i, _ in drawn]
    found = []
    for n, (view, i, card) in enumerate(drawn):
        pieces = [rects[n]]
        for cover in rects[n + 1:] + [board.message_rect] + ([board.info_rect] if board.info_rect else []):
            pieces = _subtract(pieces, cover)
        sprite = board.sprite(card, view)
        if board.shades and card.face_up and game.ruleset.is_shaded(game, game.pile(view.name), i):
            continue
        for piece in pieces:
            part = piece.move(-rects[n].x, -rects[n].y)
            want = sprite.subsurface(part)
            got = surface.subsurface(piece)
            for y in range(part.h):
                for x in range(part.w):
                    pixel = want.get_at_mapped((x, y))
                    if pixel < 16 and got.get_at_mapped((x, y)) != pixel:
                        found.append(f"{card} of {view.name} at {piece.x + x},{piece.y + y}")
                        break
                else:
                    continue
                break
    return found


@pytest.mark.slow
@pytest.mark.parametrize("ref", [ref for ref, name in zip(GAMES, IDS) if "Pyramid" in name or "cdl" in name],
                         ids=[name for name in IDS if "Pyramid" in name or "cdl" in name])
def test_cards_removed_leave_nothing_drawn_over_cards_in_play(ref):
    desktop = desktop_for(ref, 3)
    rng = random.Random(3)
    game = desktop.game
    removed = 0
    for step in range(40):
        assert hidden_card_pixels(desktop) == [], step
        moves = list(game.legal_moves)
        if not moves:
            break
        before = len(game.cards())
        desktop.session.play(rng.choice(moves))
        removed += before - len(game.cards())
    if "Pyramid" in ref:
        assert any(not game.pile(view.name).cards for view in desktop.board.layout.piles
                   if game.pile(view.name).role == "tableau")   # the pyramid lost cards


def test_the_size_icon_cannot_grow_a_toggled_window_past_the_screen():
    from kingalbert.desktop.geometry import SCREEN_H, SCREEN_W
    from tests.helpers.desktop import drag

    path = next(str(p) for p in bundled_games()["pat"] if p.name == "Spider.pat")
    desktop = desktop_for(path, 1)
    assert desktop.toggle_fit()     # the usual cards: the window scrolls over a larger work area
    window = desktop.window
    assert window.extent_w > SCREEN_W or window.extent_h > SCREEN_H
    window.resize(200, 150)
    size = window.tool_rects()["size"].center
    drag(desktop, size, (SCREEN_W + 300, SCREEN_H + 300))
    # as on RISC OS the window's edges stay on the screen, its size icon and bars with them
    assert window.outer.right <= SCREEN_W and window.outer.bottom <= SCREEN_H
    assert window.tool_rects()["size"].bottom <= SCREEN_H and window.w > 200 and window.h > 150


# -- the geometry from outside ----------------------------------------------------------------
def test_shot_writes_the_frames_geometry_beside_the_picture(tmp_path, capsys):
    import json

    from PIL import Image

    from kingalbert.cli import main

    path = next(str(p) for p in bundled_games()["pat"] if p.name == "Spider.pat")
    assert main(["shot", path, "--seed", "4", "-o", str(tmp_path / "spider.png"), "--layout", str(tmp_path / "spider.json")]) == 0
    frame = json.loads((tmp_path / "spider.json").read_text())
    assert frame == json.loads(json.dumps(frame_layout(desktop_for(path, 4))))   # the frame the picture shows
    assert frame["game"] == "Spider" and frame["screen"] == [640, 480] and frame["pinned"] == {}
    assert len(frame["cards"]) == 104 and faults(frame) == []   # every card is drawn, the stock's squared
    assert sum(card["index"] is not None for card in frame["cards"]) == 10   # the columns' top cards
    image = Image.open(tmp_path / "spider.png").convert("RGB")
    for card in frame["cards"]:
        x, y, w, h = card["rect"]
        assert image.getpixel((x + w // 2, y)) == (0, 0, 0)   # each card's top outline where it says
        if card["face_up"]:
            ix, iy, iw, ih = card["index"]
            inks = {image.getpixel((i, j)) for i in range(ix, ix + iw) for j in range(iy, iy + ih)}
            assert inks & {(0, 0, 0), (0xDD, 0, 0)}   # and ink in its index


def test_a_game_too_wide_even_for_the_smallest_cards_scrolls_under_a_pinned_message_row(tmp_path):
    lines = ["Very Wide", "  2  34", "104   4   4   0   0    0 999   1    1   0   2", "  0  83   4   0   0    2 999   "
                                                                                      "1    0   0   0"]
    lines += [f"  0 {241 + 79 * i}   4   0   0    2  13 601    1 901 106" for i in range(8)]
    lines += [f"  4 {83 + 79 * i} 108   0  16    2 999   1    1 999 104" for i in range(24)]   # 24 columns
    (tmp_path / "wide.pat").write_text("\n".join(lines) + "\n")
    desktop = desktop_for(str(tmp_path / "wide.pat"), 1)
    frame = frame_layout(desktop)
    assert frame["card_size"] == list(fitting.SIZES[-1]) and desktop.window.has_bars
    assert desktop.board.width > desktop.window.w and "message" in frame["pinned"]
    # what is in view reads, and nothing is under the pinned message row
    assert all("is not all in" in fault for fault in faults(frame))
    assert any("is not all in" in fault for fault in faults(frame))


def test_king_albert_keeps_its_cards_and_a_long_column_closes_up_inside_its_panel():
    # (a play-test: a position with a column of 21 cards was fitted with 28 x 38 cards, its
    # last card hanging below its panel and a quarter of the window left empty)
    from kingalbert.desktop.fitting import fit
    from kingalbert.engine.cards import new_deck
    from kingalbert.engine.king_albert import KingAlbert
    deck = [str(card) for card in new_deck(face_up=True)]
    piles = [{"name": "t1", "cards": deck[:21]}, {"name": "t2", "cards": deck[21:40]}]
    piles += [{"name": f"t{i}", "cards": [deck[37 + i]]} for i in range(3, 10)]
    piles += [{"name": f"r{i}", "cards": [deck[46 + i]]} for i in range(1, 6)]
    game = Game.from_position(KingAlbert(), {"piles": piles})
    layout = fit(game, *Desktop.work_room(game))
    assert (layout.card_w, layout.card_h) == (36, 52)
    board = Board(game, layout)
    for name in ("t1", "t2"):
        view = board.views[name]
        last = board.card_rect(view, len(game.pile(name).cards) - 1)
        assert last.bottom <= view.reach, "inside its panel"
        for index in range(len(game.pile(name).cards) - 1):
            gap = board.card_rect(view, index + 1).y - board.card_rect(view, index).y
            assert gap >= 9, "every index readable"
