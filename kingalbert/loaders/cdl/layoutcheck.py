"""The checker's last step: the stacks on the playfield, checked by arithmetic.

Every stack needs X and Y, is at least 1 by 1, lies inside the ``GAME w BY h``
matrix, has a Direction from UP to OVER and overlaps no other stack (a
restriction the help file states).  Besides, a program must be drawable
(limits the help file does not give, chosen far above any real game):

* at most MAX_MATRIX columns and rows, and at most MAX_STACKS stacks;
* with cards of the desktop's usual height (``Playfield.layout``), the work
  area at most MAX_AREA pixels each way.

Overlaps are found on an array of the matrix's cells (which stack holds each),
a row of a stack at a time.
"""
from __future__ import annotations

from array import array

from .model import CompiledProgram, StackInfo

MAX_MATRIX = 1000          # columns, and rows, of the GAME w BY h matrix
MAX_STACKS = 1000
MAX_AREA = 32767           # pixels of the work area each way, with cards 96 pixels high
CARD_W, CARD_H, GAP = 64, 96, 8     # the usual card frame (2:3) and gap of Playfield.layout


def usual_area(width: int, height: int, min_w: int, min_h: int) -> tuple[int, int]:
    """The work area ``Playfield.layout`` gives a matrix whose smallest stack is
    ``min_w`` by ``min_h`` cells: whole cells just big enough for a usual card."""
    cell_w = -(-(CARD_W + GAP) // min_w)
    cell_h = -(-(CARD_H + GAP) // min_h)
    return width * cell_w, height * cell_h


def check_layout(program: CompiledProgram, header_line: int, error) -> None:
    """Report (``error(line, message)``) what is wrong with the stacks' places."""
    width, height = program.width, program.height
    if width > MAX_MATRIX or height > MAX_MATRIX:
        error(header_line, f"The playfield may be at most {MAX_MATRIX} by {MAX_MATRIX} cells, "
                           f"not {width} by {height}")
        return
    if len(program.stacks) > MAX_STACKS:
        error(header_line, f"A game may have at most {MAX_STACKS} stacks, not {len(program.stacks)}")
        return
    grid = array("I", bytes(4 * width * height))   # each cell: 1 + the index of its stack, or 0
    placed: list[StackInfo] = []
    for stack in program.order:
        line = stack.field_lines.get("x", stack.line)
        missing = [key.upper() for key in ("x", "y") if key not in stack.fields]
        if missing:
            error(stack.line, f"Stack {stack.name} needs a position on the playfield: "
                              + " and ".join(f"{key} := ...;" for key in missing))
            continue
        x, y, w, h = (stack.field(k) for k in ("x", "y", "w", "h"))
        if w < 1 or h < 1:
            error(line, f"Stack {stack.name} must be at least 1 by 1 (W and H)")
            continue
        if x < 0 or y < 0 or x + w > width or y + h > height:
            error(line, f"Stack {stack.name} (X={x}, Y={y}, W={w}, H={h}) does not fit on the "
                        f"{width} by {height} playfield (cells count from 0)")
            continue
        if stack.field("direction") not in range(5):
            error(stack.field_lines.get("direction", line),
                  f"Stack {stack.name}'s Direction must be UP, DOWN, LEFT, RIGHT or OVER")
        clash = None
        mark = array("I", [len(placed) + 1]) * w
        for row in range(y, y + h):
            start = row * width + x
            cells = grid[start:start + w]
            if clash is None and any(cells):
                clash = placed[next(cell for cell in cells if cell) - 1]
            grid[start:start + w] = mark
        if clash is not None:
            error(line, f"Stack {stack.name} overlaps stack {clash.name} on the playfield")
        placed.append(stack)
    if placed:
        min_w = min(stack.field("w") for stack in placed)
        min_h = min(stack.field("h") for stack in placed)
        area_w, area_h = usual_area(width, height, min_w, min_h)
        if area_w > MAX_AREA or area_h > MAX_AREA:
            error(header_line, f"The playfield cannot be drawn: with cards of the usual size it would be "
                               f"{area_w:,} by {area_h:,} pixels (at most {MAX_AREA:,} each way); "
                               "use fewer cells or bigger stacks")
