"""Procedural sprites: Wimp palette only, exact sizes, legible distinct cards, System font."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import kingalbert  # noqa: E402
from kingalbert import sprites  # noqa: E402
from kingalbert.sprites import font, palette  # noqa: E402
from kingalbert.sprites.cards import CardSprites  # noqa: E402
from kingalbert.sprites.icon import app_icon  # noqa: E402
from kingalbert.sprites.palette import BLACK, GREY2, RED, TRANSPARENT, WHITE  # noqa: E402
from kingalbert.sprites.suits import suit_symbol  # noqa: E402
from kingalbert.sprites.tools import menu_tick, pointer, submenu_arrow, window_tools  # noqa: E402

SIZES = [(24, 36), (36, 52), (71, 96), (100, 150)]
SUITS = "CDHS"
ALLOWED = set(range(16)) | {TRANSPARENT}


def pixels(surf: pygame.Surface) -> bytes:
    assert surf.get_bitsize() == 8
    return palette.surface_to_bytes(surf)


def colours(surf: pygame.Surface) -> set[int]:
    return set(pixels(surf))


def at(surf: pygame.Surface, x: int, y: int) -> int:
    return surf.get_at_mapped((x, y))


@pytest.fixture(scope="module", params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def deck(request):
    return CardSprites(*request.param)


@pytest.fixture(scope="module")
def sprite_set():
    return sprites.build_all()


class TestPalette:
    def test_wimp_colours_match_riscos_look(self):
        assert len(palette.WIMP_RGB) == 16
        assert palette.WIMP_RGB[0] == (255, 255, 255)
        assert palette.WIMP_RGB[2] == (0xBB, 0xBB, 0xBB)
        assert palette.WIMP_RGB[7] == (0, 0, 0)
        assert palette.WIMP_RGB[8] == (0x00, 0x44, 0x99)
        assert palette.WIMP_RGB[11] == (0xDD, 0x00, 0x00)
        assert palette.WIMP_RGB[12] == (0xEE, 0xEE, 0xBB)
        assert palette.WIMP_RGB[15] == (0x00, 0xBB, 0xFF)
        assert all(c % 0x11 == 0 for rgb in palette.WIMP_RGB for c in rgb)

    def test_named_constants(self):
        assert (palette.WHITE, palette.GREY2, palette.BLACK, palette.RED, palette.CREAM) == (0, 2, 7, 11, 12)
        assert palette.TRANSPARENT >= 16

    def test_new_surface_is_8bit_with_wimp_palette_and_colour_key(self):
        s = palette.new_surface(5, 3)
        assert s.get_size() == (5, 3) and s.get_bitsize() == 8
        assert [tuple(c)[:3] for c in s.get_palette()[:16]] == list(palette.WIMP_RGB)
        assert s.get_colorkey()[:3] == palette.TRANSPARENT_RGB
        assert colours(s) == {TRANSPARENT}
        assert colours(palette.new_surface(4, 4, fill=palette.CREAM)) == {palette.CREAM}

    def test_surfaces_are_independent(self):
        a = palette.new_surface(3, 3)
        a.fill(RED)
        assert colours(palette.new_surface(3, 3)) == {TRANSPARENT}

    def test_blit_copies_indices_unchanged(self):
        screen = palette.new_surface(8, 8, fill=palette.GREY4)
        sprite = palette.new_surface(4, 4)
        sprite.set_at((1, 1), palette.ORANGE)
        screen.blit(sprite, (2, 2))
        assert at(screen, 3, 3) == palette.ORANGE
        assert at(screen, 2, 2) == palette.GREY4  # transparent pixel left alone


class TestCards:
    def test_sizes_exact(self, deck):
        w, h = deck.width, deck.height
        surfs = [deck.face(r, s) for s in SUITS for r in range(1, 14)]
        surfs += [deck.back, deck.empty, deck.shaded(5, "H")] + [deck.empty_suit(s) for s in SUITS]
        assert all(s.get_size() == (w, h) for s in surfs)

    def test_only_wimp_colours(self, deck):
        surfs = [deck.face(r, s) for s in SUITS for r in range(1, 14)]
        surfs += [deck.back, deck.empty, deck.shaded(12, "S")] + [deck.empty_suit(s) for s in SUITS]
        for s in surfs:
            assert colours(s) <= ALLOWED

    def test_faces_distinct(self, deck):
        faces = {pixels(deck.face(r, s)) for s in SUITS for r in range(1, 14)}
        assert len(faces) == 52

    def test_red_and_black_suits(self, deck):
        for r in range(1, 14):
            for s in "HD":
                assert RED in colours(deck.face(r, s))
            for s in "CS":
                assert RED not in colours(deck.face(r, s))
                assert BLACK in colours(deck.face(r, s))

    def test_white_card_with_outline_and_cut_corners(self, deck):
        w, h = deck.width, deck.height
        for s in SUITS:
            for r in (1, 7, 10, 13):
                face = deck.face(r, s)
                for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
                    assert at(face, x, y) == TRANSPARENT
                assert at(face, w // 2, 0) == BLACK and at(face, w // 2, h - 1) == BLACK
                assert at(face, 0, h // 2) == BLACK and at(face, w - 1, h // 2) == BLACK
                # no holes: transparency only in the cut corners
                corner = 1 if deck.radius == 1 else 3
                assert pixels(face).count(TRANSPARENT) == 4 * corner
                assert at(face, 1, h // 2) == WHITE

    def test_index_fits_top_strip(self, deck):
        """Rank and suit must be readable where fanned cards leave the top strip showing."""
        strip = deck.height // 4
        assert strip >= 9
        for s in SUITS:
            for r in range(1, 14):
                face = deck.face(r, s)
                ink = RED if s in "HD" else BLACK
                top = [at(face, x, y) for y in range(1, strip) for x in range(1, deck.width - 1)]
                assert top.count(ink) >= 12, (r, s)
                # the index stays clear of the card's right outline
                assert all(at(face, deck.width - 2, y) != ink for y in range(3, strip))

    def test_ten_written_as_10(self):
        deck = CardSprites(36, 52)
        strip = pygame.Rect(1, 1, 34, 12)
        ten = deck.face(10, "S").subsurface(strip)
        one = font.glyph("1")
        # the "1" glyph appears unscaled at the index position
        x0, y0 = deck.index_x - 1, deck.index_y - 1
        for row in range(7):
            got = sum(1 << (7 - c) for c in range(8) if at(ten, x0 + c, y0 + row) == BLACK)
            assert got == one[row]

    def test_empty_suit_is_symbol_on_light_grey(self, deck):
        for s in SUITS:
            surf = deck.empty_suit(s)
            cols = colours(surf)
            assert GREY2 in cols and BLACK in cols
            assert (RED in cols) == (s in "HD")
            assert WHITE not in cols
        assert len({pixels(deck.empty_suit(s)) for s in SUITS}) == 4

    def test_back_and_empty(self, deck):
        assert palette.DARK_BLUE in colours(deck.back)
        assert colours(deck.empty) <= {GREY2, BLACK, TRANSPARENT}

    def test_shaded_has_no_strong_colours(self, deck):
        cols = colours(deck.shaded(12, "H")) - {TRANSPARENT}
        assert cols <= set(range(1, 7))
        assert pixels(deck.shaded(3, "C")) != pixels(deck.shaded(4, "C"))

    def test_rejects_tiny_size(self):
        with pytest.raises(ValueError):
            CardSprites(10, 12)

    @settings(max_examples=12, deadline=None)
    @given(st.integers(24, 120), st.integers(36, 180))
    def test_any_size(self, w, h):
        deck = CardSprites(w, h)
        faces = [deck.face(r, s) for s in SUITS for r in range(1, 14)]
        assert all(f.get_size() == (w, h) for f in faces)
        assert len({pixels(f) for f in faces}) == 52
        assert set().union(*(colours(f) for f in faces)) <= ALLOWED


class TestSuits:
    @pytest.mark.parametrize("size", [5, 7, 9, 12, 20, 33])
    def test_symbols_are_symmetric_and_distinct(self, size):
        shapes = []
        for s in SUITS:
            sym = suit_symbol(s, size, BLACK)
            w, h = sym.get_size()
            assert h == size and w <= size
            data = pixels(sym)
            for y in range(h):
                row = data[y * w : (y + 1) * w]
                assert row == row[::-1]
            assert colours(sym) == {BLACK, TRANSPARENT}
            shapes.append(data)
        assert len(set(shapes)) == 4


class TestFont:
    def test_A(self):
        assert font.glyph("A") == bytes.fromhex("3C66667E66666600")

    def test_all_printable_ascii(self):
        for c in range(32, 127):
            g = font.glyph(chr(c))
            assert len(g) == 8
        assert font.glyph(" ") == bytes(8)
        assert len({font.glyph(chr(c)) for c in range(32, 127)}) == 95

    def test_style(self):
        """Letters and digits sit in rows 0-6 and leave column 0 clear."""
        for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefhiklmnorstuvwxz":
            g = font.glyph(ch)
            assert g[7] == 0, ch
            assert all(b & 0x80 == 0 for b in g), ch
        for ch in "gjpqy":
            assert font.glyph(ch)[7] != 0, ch

    def test_extras_and_unknown(self):
        for ch in "£©…▸✓":
            assert any(font.glyph(ch))
        assert font.glyph("\u4e00") == font.glyph("\x01")  # both the box
        assert font.glyph("\u4e00") != font.glyph("?")

    def test_latin1_letters_have_glyphs_of_their_own(self):
        # (a file name typed as "é" showed as a box, in the writable item and the message)
        import unicodedata
        box = font.glyph("\u4e00")
        letters = [chr(c) for c in range(0xC0, 0x100) if chr(c).isalpha() and chr(c) not in "ÐÞðþ"]
        assert len(letters) == 58
        glyphs = {ch: font.glyph(ch) for ch in letters}
        assert box not in glyphs.values()
        # each its own, but where a capital squeezed under its accent is its small letter's
        # shape (Ö and ö: an 8x8 cell has no room for more)
        sharing: dict[bytes, set[str]] = {}
        for ch, rows in glyphs.items():
            sharing.setdefault(rows, set()).add(ch.lower())
        assert all(len(small) == 1 for small in sharing.values())
        assert len(sharing) >= 50
        for ch, rows in glyphs.items():
            base = unicodedata.normalize("NFD", ch)[0]
            if ch == "ç":
                assert rows[:7] == font.glyph("c")[:7] and rows[7]      # (its cedilla below)
            elif base != ch and base.islower() and base != "i":
                # a small letter keeps its own shape under its accent
                assert rows[2:] == font.glyph(base)[2:] and rows[:2] != font.glyph(base)[:2], ch
        for ch in "¡¿«»·÷±":
            assert font.glyph(ch) != box

    def test_text_width(self):
        assert font.GLYPH_W == 8
        assert font.text_width("") == 0
        assert font.text_width("King Albert") == 88

    def _render(self, text, scale_y):
        surf = palette.new_surface(font.text_width(text), 8 * scale_y, fill=WHITE)
        rect = font.draw_text(surf, 0, 0, text, BLACK, scale_y=scale_y)
        assert rect == pygame.Rect(0, 0, font.text_width(text), 8 * scale_y)
        return surf

    def test_draw_matches_glyph_bits(self):
        surf = self._render("Ag", 1)
        for n, ch in enumerate("Ag"):
            g = font.glyph(ch)
            for y in range(8):
                for x in range(8):
                    on = bool(g[y] & (0x80 >> x))
                    assert at(surf, 8 * n + x, y) == (BLACK if on else WHITE)

    def test_scale_y_2_doubles_rows_exactly(self):
        text = "Hello, World! 10 £"
        one, two = self._render(text, 1), self._render(text, 2)
        w = one.get_width()
        a, b = pixels(one), pixels(two)
        for y in range(8):
            row = a[y * w : (y + 1) * w]
            assert b[2 * y * w : (2 * y + 1) * w] == row
            assert b[(2 * y + 1) * w : (2 * y + 2) * w] == row

    def test_background_and_offsets(self):
        surf = palette.new_surface(40, 20, fill=palette.GREY1)
        font.draw_text(surf, 3, 2, "I", BLACK, background=palette.CREAM)
        assert at(surf, 3, 2) == palette.CREAM  # glyph column 0 is blank
        assert at(surf, 2, 2) == palette.GREY1
        assert at(surf, 4, 2) == BLACK  # "I" top bar: 7E, doubled
        assert at(surf, 4, 3) == BLACK

    def test_draws_on_32bit_surfaces(self):
        surf = pygame.Surface((16, 16))
        surf.fill((1, 2, 3))
        font.draw_text(surf, 0, 0, "A", RED)
        assert tuple(surf.get_at((2, 0)))[:3] == palette.WIMP_RGB[RED]
        assert tuple(surf.get_at((0, 0)))[:3] == (1, 2, 3)

    def test_glyph_surface(self):
        g = font.glyph_surface("A", palette.DARK_BLUE, 2)
        assert g.get_size() == (8, 16)
        assert colours(g) == {palette.DARK_BLUE, TRANSPARENT}


class TestTools:
    NAMES = {"back", "close", "toggle", "toggled", "size", "up", "down", "left", "right"}

    def test_tools(self):
        tools = window_tools()
        assert set(tools) == self.NAMES
        for name, t in tools.items():
            assert t.get_size() == (21, 21), name
            data = pixels(t)
            edge = [data[i] for i in range(21)] + [data[20 * 21 + i] for i in range(21)]
            edge += [data[y * 21] for y in range(21)] + [data[y * 21 + 20] for y in range(21)]
            assert set(edge) == {BLACK}, name
            inner = {at(t, x, y) for x in range(1, 20) for y in range(1, 20)}
            assert TRANSPARENT in inner and BLACK in inner, name
            assert inner <= {TRANSPARENT, BLACK, palette.GREY5}, name
        assert len({pixels(t) for t in tools.values()}) == len(self.NAMES)
        assert palette.GREY5 in colours(tools["back"])
        assert palette.GREY5 in colours(tools["toggle"]) and palette.GREY5 in colours(tools["toggled"])

    def test_arrows_are_rotations(self):
        tools = window_tools()
        up = tools["up"]
        down = tools["down"]
        for x in range(21):
            for y in range(21):
                assert at(up, x, y) == at(down, x, 20 - y)
                assert at(tools["left"], x, y) == at(tools["right"], 20 - x, y)
                assert at(up, x, y) == at(tools["left"], y, x)

    def test_title_colour_shows_through(self):
        box = palette.new_surface(21, 21, fill=palette.CREAM)
        box.blit(window_tools()["close"], (0, 0))
        assert at(box, 10, 10) == palette.CREAM
        assert palette.CREAM in colours(box)

    def test_tick_and_arrow(self):
        tick, arrow = menu_tick(), submenu_arrow()
        assert tick.get_size() == (12, 12) and arrow.get_size() == (10, 10)
        assert colours(tick) == {BLACK, TRANSPARENT} == colours(arrow)

    def test_pointer(self):
        surf, (hx, hy) = pointer()
        w, h = surf.get_size()
        assert 9 <= w <= 16 and 16 <= h <= 24
        assert surf.get_flags() & pygame.SRCALPHA
        assert 0 <= hx < w and 0 <= hy < h
        assert surf.get_at((hx, hy)).a == 255
        assert surf.get_at((w - 1, 0)).a == 0
        # usable as a colour cursor
        pygame.cursors.Cursor((hx, hy), surf)


class TestIconAndBuildAll:
    def test_icon(self):
        icon = app_icon()
        assert icon.get_size() == (34, 34)
        cols = colours(icon)
        assert cols <= ALLOWED
        assert {RED, BLACK, WHITE, TRANSPARENT} <= cols

    def test_build_all(self, sprite_set):
        s = sprite_set
        assert (s.cards.width, s.cards.height) == (36, 52)
        assert s.cards.face(1, "S").get_size() == (36, 52)
        assert set(s.tools) == TestTools.NAMES
        assert s.icon.get_size() == (34, 34)
        assert s.tick.get_size() == (12, 12) and s.arrow.get_size() == (10, 10)
        everything = [s.icon, s.tick, s.arrow, *s.tools.values(), s.cards.back, s.cards.empty]
        assert all(colours(x) <= ALLOWED for x in everything)

    def test_other_size(self):
        assert sprites.build_all(71, 96).cards.back.get_size() == (71, 96)

    def test_no_image_or_font_files_shipped(self):
        root = Path(kingalbert.__file__).parent
        banned = {".png", ".bmp", ".gif", ".jpg", ".jpeg", ".ico", ".spr", ".ttf", ".otf", ".fon", ".bdf", ".pcf"}
        assert not [p for p in root.rglob("*") if p.suffix.lower() in banned or p.name.endswith(",ff9")]
