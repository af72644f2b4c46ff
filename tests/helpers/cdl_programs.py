"""Small CardsWorkShop programs the solver's tests search exhaustively."""

STOCK_AND_WASTE = """
predicate Next?(c : card) is
  return (c mod 13 = Waste[Waste!] mod 13 + 1) or (c mod 13 + 1 = Waste[Waste!] mod 13);

stack Stock is
  X := 0; Y := 2;
  Start is begin Add Ace+Spade .. {last}+Spade; Shuffle; Turn [1..!] side down; end;
  SelectFrom(Spos : index) is
    if ! > 0 then begin Pull 1 To Waste; Turn Waste[Waste!] side up; end;
end Stock;

stack Waste is
  X := 1; Y := 2;
  Start is begin Pull 1 From Stock; Turn [1] side up; end;
  SelectTo(Spos : index) is
    if Cursor! = 1 then if Next?(Cursor[1]) then {played};
end Waste;

stack C1 is
  X := 0; Y := 0; Direction := down;
  Start is begin Pull 2 From Stock; Turn [1..2] side {side}; end;
  SelectFrom(Spos : index) is
    if (Spos = !) and (Spos > 0) then Pull 1 To Cursor;
end C1;
"""


def small_golf(columns: int, *, alike: bool) -> str:
    """A small Golf: a stock of the spades from the Ace (two cards a column, two more),
    a waste, and ``columns`` columns of two cards.  ``alike``: the columns are dealt face
    down and turned up by ``integrity?``, ``win?`` counts their cards in a WITH loop, and a
    counter of cards played is kept: nothing in the text tells the columns apart; else
    they are dealt face up and ``win?`` names each."""
    names = [f"C{k}" for k in range(1, columns + 1)]
    last = ["Ace", "Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"][2 * columns + 1]
    text = f"\ngame Small is 4 by 3;\n\n{'var played : integer;' + chr(10) + chr(10) if alike else ''}"
    text += "stack Stock; stack Waste; " + " ".join(f"stack {name};" for name in names) + "\n"
    text += STOCK_AND_WASTE.format(last=last, side="down" if alike else "up",
                                   played="begin Pull 1 From Cursor; played := played + 1; end" if alike
                                   else "Pull 1 From Cursor")
    text += "\n" + "\n".join(f"stack {name} from C1 is X := {k}; end {name};" for k, name in enumerate(names) if k)
    listed = ", ".join(names)
    if alike:
        text += f"""

predicate integrity? is
  begin
    with c do
      if c! > 0 then Turn c[c!] side up
    for {listed};
    return true;
  end;

predicate win? is
  var left : integer;
  begin
    left := 0;
    with c do left := left + c! for {listed};
    return left = 0;
  end;
"""
    else:
        text += "\n\npredicate win? is return " + " + ".join(f"{name}!" for name in names) + " = 0;\n"
    return text + f"\norder Stock Waste {' '.join(names)}.\n"


def stock_onto_stacks(stacks: int, select_to: str) -> str:
    """A program of a stock of 52 cards dealt one at a time onto ``stacks`` stacks R1, R2 ...
    alike, whose release (line 10, R1's, inherited by the others) is ``select_to``; won once
    the stock is empty."""
    names = [f"R{i}" for i in range(1, stacks + 1)]
    return "\n".join([
        f"game Loop is {stacks + 1} by 2;",
        " ".join(f"stack {name};" for name in ["Stock", *names]),
        "stack Stock is",
        "  X := 0; Y := 0;",
        "  Start is begin Add Ace+Spade .. King+Diamond; end;",
        "  SelectFrom(Spos : index) is if ! > 0 then Pull 1 To Cursor;",
        "end Stock;",
        "stack R1 is",
        "  X := 0; Y := 1;",
        f"  SelectTo(Spos : index) is {select_to};",
        "end R1;",
        *(f"stack {name} from R1 is X := {i}; end {name};" for i, name in enumerate(names[1:], start=1)),
        "predicate win? is return Stock! = 0;",
        f"order Stock {' '.join(names)}.",
        ""])
