"""The desktop behaving as RISC OS does, with nothing stale on the screen — all through
the desktop's own event handling."""
import pygame

from kingalbert.desktop.input import SELECT

from tests.desktop.test_desktop import make, post, quit_display, top_card  # noqa: F401 (fixture)


def test_a_dragged_card_leaves_its_pile_on_the_real_window_from_the_first_frame():
    desktop = make()
    start = top_card(desktop, "t9")
    view = desktop.board.views["t9"]
    rect = desktop.board.card_rect(view, 0)
    middle = desktop.window.to_screen(*rect.center)
    surface = pygame.display.get_surface()
    before = surface.get_at(middle)
    post(pygame.MOUSEBUTTONDOWN, start, SELECT)
    desktop.pump()
    post(pygame.MOUSEMOTION, (start[0] + 200, start[1] + 200))
    desktop.pump()
    assert desktop.drag is not None
    after = surface.get_at(middle)
    assert before != after, "the card still shows in its pile while it follows the pointer"
    assert tuple(after)[:3] == (0xDD, 0xDD, 0xDD) or tuple(after)[:3] == (0xBB, 0xBB, 0xBB)
