"""Stacks: inheritance with FROM, definitions split over several parts, method copies and lookup."""
from kingalbert.engine import Game
from kingalbert.loaders.cdl import compile as compile_cdl
from kingalbert.loaders.cdl import loads
from kingalbert.loaders.cdl.model import method_chain


def stacks(body, order):
    program = compile_cdl(f"game S is 9 by 9;\nvar n : integer;\n{body}\norder {order}.", "s.cdl")
    return program.stacks


def test_from_copies_what_the_parent_has_so_far():
    found = stacks("""
stack A is X := 0; Y := 0; Direction := down; Start is n := 1; end A;
stack B from A is X := 1; end B;
stack A is H := 3; Help is n := 2; end A;""", "A B")
    a, b = found["a"], found["b"]
    assert b.fields == {"x": 1, "y": 0, "direction": 1}
    assert "start" in b.methods and "help" not in b.methods
    assert a.fields["h"] == 3 and "help" in a.methods and "h" not in b.fields


def test_split_definitions_accumulate_and_the_later_part_prevails():
    found = stacks("""
stack D1 is X := 0; Y := 0; Select(Spos : index) is n := 1; end D1;
stack C1 is X := 1; Y := 0; end C1;
stack D1 is X := 2; Start is Pull 1 from C1; end D1;""", "D1 C1")
    d1 = found["d1"]
    assert d1.fields == {"x": 2, "y": 0}
    assert set(d1.methods) == {"select", "start"}


def test_select_from_copies_every_lower_method_and_drops_the_missing_ones():
    found = stacks("""
stack A is X := 0; Y := 0;
  Select(p : index) is n := 1;
  SelectLeftFrom(p : index) is n := 2;
  SelectRightTo(p : index) is n := 3;
end A;
stack B is X := 1; Y := 0;
  SelectLeftTo(p : index) is n := 4;
  Help is n := 5;
  Select from A;
end B;
stack C is X := 2; Y := 0;
  SelectRightFrom(p : index) is n := 6;
  SelectLeftTo(p : index) is n := 7;
  SelectLeft from A;
end C;""", "A B C")
    a, b, c = found["a"], found["b"], found["c"]
    assert set(b.methods) == {"select", "selectleftfrom", "selectrightto", "help"}
    assert b.methods["selectleftfrom"] is a.methods["selectleftfrom"]
    assert set(c.methods) == {"selectrightfrom", "selectleftfrom"}


def test_method_lookup_goes_from_the_most_specific():
    assert method_chain("left", "from") == ("selectleftfrom", "selectleft", "selectfrom", "select")
    assert method_chain("right", "to") == ("selectrightto", "selectright", "selectto", "select")
    found = stacks("""
stack A is X := 0; Y := 0;
  Select(p : index) is n := 1;
  SelectLeftFrom(p : index) is n := 2;
end A;""", "A")
    a = found["a"]
    assert a.method(*method_chain("left", "from")).key == "selectleftfrom"
    assert a.method(*method_chain("left", "to")).key == "select"
    assert a.method(*method_chain("right", "from")).key == "select"


def test_inherited_methods_run_in_the_context_of_the_inheriting_stack():
    rules = loads("""game S is 4 by 1;
stack A is X := 0; Y := 0;
  Start is Add Ace+Spade .. Ace+Spade + X;
  SelectFrom(p : index) is Pull 1 To Cursor;
  SelectTo(p : index) is if Self <> A then Pull 1 From Cursor;
end A;
stack B from A is X := 2; end B;
order A B.""", "s.cdl")
    game = Game(rules, seed=1)
    assert [str(c) for c in game.pile("A").cards] == ["AS"]
    assert [str(c) for c in game.pile("B").cards] == ["AS", "2S", "3S"]
    game.play("A>B")
    assert len(game.pile("B").cards) == 4
    assert "B>A" not in game.legal_moves


def test_forward_declared_stack_can_be_used_before_its_definition():
    found = stacks("""
stack Later;
stack A is X := 0; Y := 0; Start is Pull 1 From Later; end A;
stack Later is X := 1; Y := 0; end Later;""", "Later A")
    assert found["later"].defined and found["later"].line == 4   # where it was first declared
