"""The help file's own examples, as written there, compile and do what it says.

The examples are fragments of different games, so they are assembled into two
programs; the text between the ``# ---`` markers is the help file's.
"""
from kingalbert.engine import Game
from kingalbert.loaders.cdl import loads

PROGRAM_ONE = """game Example is 8 by 16;
stack D1 is X := 0; Y := 0;
  Start is begin Add Ace+Spade .. Six+Spade; Shuffle; Turn [1..!] side down; end;
end D1;
stack D2 is X := 1; Y := 0; end D2;
stack A1 is X := 4; Y := 0; end A1;
stack A2 is X := 5; Y := 0; end A2;
stack A3 is X := 6; Y := 0; end A3;
stack A4 is X := 7; Y := 0; end A4;
predicate IsSideUp?(c : card) is return c < 52;        { the help file leaves it undefined }
predicate MovePossibleOnTableau? is return D2! < 3;    { likewise }
# ---
{are c1 & c2 of different color}
predicate AlternateColor?(c1, c2 : Card) is
return (((c1 / 13) + (c2 / 13)) mod 2) = 1;

stack W1 is
  X := 2;
  Y := 2;
  Direction := down;
  W := 2;
  H := 12;
  //*****
  Start is
    begin
      Pull 6 From D1;
      Turn [1..3] Side Up;
    end;
  //*****
  Select(Spos : Index) is
    begin
      Pull 1 To D2;
    end;
end W1;

predicate integrity? is

begin

with it do

if IsSideUp?(it[it!]) then Turn it[it!] side up

for A1, A2, A3, A4;

return True;

end;

predicate win? is

return (A1!=13) and (A2!=13) and (A3!=13) and (A4!=13);

predicate loose? is

return (D1!=0) and not MovePossibleOnTableau?;
# ---
order D1 D2 W1 A1 A2 A3 A4.
""".replace("# ---\n", "")

PROGRAM_TWO = """game Example is 4 by 2;
# ---
procedure DoShade(Spos : index; c1 : Card) is
begin
  [Spos]:=c1;
  Turn [Spos] side shaded;
  Turn [!] Side down;
end;
# ---
stack D1 is X := 0; Y := 0; end D1;
# ---
stack D1 is
  Select(Spos : index) is
    DoShade(Spos,King+Spade);
end D1;
# ---
stack C1 is X := 1; Y := 0;
  Start is begin Add Ace+Spade .. King+Diamond; end;
end C1;
# ---
stack D1 is
  Start is
    Pull 1 from C1;
end D1;
# ---
order C1 D1.
""".replace("# ---\n", "")


def test_stack_example_integrity_win_and_loose():
    rules = loads(PROGRAM_ONE, "one.cdl")
    game = Game(rules, seed=3)
    w1 = game.pile("W1").cards
    assert len(w1) == 6 and [c.face_up for c in w1] == [True] * 3 + [False] * 3
    assert len(game.pile("D1").cards) == 0
    game.play("click:W1")                     # "Pull 1 To D2"
    assert len(game.pile("D2").cards) == 1 and len(game.pile("W1").cards) == 5
    assert game.status == "playing"
    game.play("click:W1")
    game.play("click:W1")
    assert game.status == "lost"              # D1 is empty (D1!=0) and D2 holds 3
    game.undo()
    assert game.status == "playing"
    program = rules.program
    assert program.stacks["w1"].fields == {"x": 2, "y": 2, "direction": 1, "w": 2, "h": 12}


def test_alternate_color_example():
    from kingalbert.loaders.cdl.interpreter import Interpreter, State
    rules = loads(PROGRAM_ONE, "one.cdl")
    interpreter = Interpreter(rules.program, State.initial(rules.program))
    spade, heart, club, diamond = 0, 13, 26, 39
    assert interpreter.call_routine("alternatecolor?", (spade + 4, heart + 9)) is True
    assert interpreter.call_routine("alternatecolor?", (club, diamond + 12)) is True
    assert interpreter.call_routine("alternatecolor?", (spade + 1, club + 1)) is False
    assert interpreter.call_routine("alternatecolor?", (heart, diamond)) is False


def test_split_stack_and_doshade_example():
    rules = loads(PROGRAM_TWO, "two.cdl")
    game = Game(rules, seed=1)
    assert [str(c) for c in game.pile("D1").cards] == ["KD"]   # "Pull 1 from C1"
    game.play("click:D1")                     # Select(1): DoShade(1, King+Spade)
    assert [str(c) for c in game.pile("D1").cards] == ["ks"]   # shaded, then [!] turned down
    assert game.vars.get("cdl:shaded", {}) == {}
