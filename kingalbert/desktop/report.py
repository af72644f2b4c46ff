"""The geometry of a drawn frame, as data that can be checked from outside.

``frame_layout(desktop)`` says, for the screen the desktop draws now: the
window's visible work area, the strips pinned over it, the message space, the
information panel, and for every card drawn its pile, its face, its rectangle
on the 640×480 screen and the part of its index that can be seen there —
not covered by a card drawn after it, the message space, the information
panel, nor outside the visible work area.  ``kingalbert shot --layout F.json``
writes it; the tests check every game with it.
"""
from __future__ import annotations

import pygame

from .geometry import ICONBAR_H, SCREEN_H, SCREEN_W

Rect = list[int]


def _rect(rect: pygame.Rect) -> Rect:
    return [rect.x, rect.y, rect.w, rect.h]


def _subtract(pieces: list[pygame.Rect], cover: pygame.Rect) -> list[pygame.Rect]:
    """The parts of ``pieces`` outside ``cover``."""
    out = []
    for piece in pieces:
        if not piece.colliderect(cover):
            out.append(piece)
            continue
        clip = piece.clip(cover)
        if clip.y > piece.y:
            out.append(pygame.Rect(piece.x, piece.y, piece.w, clip.y - piece.y))
        if clip.bottom < piece.bottom:
            out.append(pygame.Rect(piece.x, clip.bottom, piece.w, piece.bottom - clip.bottom))
        if clip.x > piece.x:
            out.append(pygame.Rect(piece.x, clip.y, clip.x - piece.x, clip.h))
        if clip.right < piece.right:
            out.append(pygame.Rect(clip.right, clip.y, piece.right - clip.right, clip.h))
    return out


def frame_layout(desktop) -> dict:
    """The geometry of the frame ``desktop.render()`` draws (see the module's docstring).

    Rectangles are [x, y, w, h] in screen pixels.  Each card's ``index`` is the
    bounding box of the part of its index that shows (None for none), and
    ``index_whole`` says whether all of it does."""
    window, board, game = desktop.window, desktop.board, desktop.game
    screen = pygame.Rect(0, 0, SCREEN_W, SCREEN_H - ICONBAR_H)
    visible = window.work.clip(screen) if window.is_open else pygame.Rect(0, 0, 0, 0)
    pinned = desktop.pinned() if window.is_open else {}

    def on_screen(rect: pygame.Rect) -> pygame.Rect:
        x, y = window.to_screen(rect.x, rect.y)
        return pygame.Rect(x, y, rect.w, rect.h)

    drawn = []   # (pile, position in it, card, screen rect, index rect on screen) in drawing order
    for view in board.layout.piles:
        if view.hidden:
            continue
        cards = game.pile(view.name).cards
        first = max(0, len(cards) - view.max_visible) if view.max_visible else 0
        for i in range(first, len(cards)):
            rect = on_screen(board.card_rect(view, i))
            card = cards[i]
            index = None
            if card.face_up:
                x, y, w, h = board.cards.index_rect(card.rank, card.suit)
                if view.horizontal:   # turned a quarter to the left
                    x, y, w, h = y, board.layout.card_w - x - w, h, w
                index = pygame.Rect(rect.x + x, rect.y + y, w, h)
            drawn.append((view.name, i, card, rect, index))
    # what lies over the cards: the board's own message space and panel, the pinned strips
    over = [on_screen(board.message_rect)] if board.layout.message is None else []
    if board.info_rect is not None:
        over.append(on_screen(board.info_rect))
    over += list(pinned.values())
    cards = []
    for n, (pile, position, card, rect, index) in enumerate(drawn):
        shown = None
        whole = False
        if index is not None:
            pieces = [index.clip(visible)] if index.colliderect(visible) else []
            for cover in [later[3] for later in drawn[n + 1:]] + over:
                pieces = _subtract(pieces, cover)
                if not pieces:
                    break
            if pieces:
                box = pieces[0].unionall(pieces[1:])
                shown = _rect(box)
                whole = box == index and sum(p.w * p.h for p in pieces) == index.w * index.h
        cards.append({"pile": pile, "position": position, "card": str(card).upper(), "face_up": card.face_up,
                      "rect": _rect(rect),
                      "index": shown, "index_whole": whole, "index_full": _rect(index) if index is not None else None})
    piles = []
    for view in board.layout.piles:
        count = len(game.pile(view.name).cards)
        piles.append({"name": view.name, "rect": _rect(on_screen(board.pile_rect(view, count))), "cards": count,
                      "hidden": view.hidden})
    return {
        "game": game.name,
        "screen": [SCREEN_W, SCREEN_H],
        "work_area": _rect(visible),
        "extent": [board.width, board.height],
        "scroll": [window.scroll_x, window.scroll_y],
        "card_size": [board.layout.card_w, board.layout.card_h],
        "message": _rect(pinned.get("message") or on_screen(board.message_rect)),
        "info": _rect(pinned.get("info") or on_screen(board.info_rect)) if board.info_rect is not None else None,
        "pinned": {name: _rect(rect) for name, rect in pinned.items()},
        "piles": piles,
        "cards": cards,
    }
