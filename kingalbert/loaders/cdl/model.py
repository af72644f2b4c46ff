"""What the checker makes of a program: stacks, routines, globals, the order.

The checker walks the declarations in the order they are written and builds
these records as it goes, so inheritance (``STACK B FROM A``) copies exactly
what ``A`` had at that point, and the later part of a split definition wins.
The interpreter runs from them; it never looks at declarations again.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import ast

TYPES = ("stack", "index", "card", "integer", "boolean", "string")
NUMERIC = ("index", "card", "integer")

FIELDS = ("x", "y", "w", "h", "direction")

#: every method a stack can have, and the ones each one stands for when copied
#: with ``Name FROM Other`` ("all lower methods are duplicated")
METHODS = {
    "start": ("start",),
    "help": ("help",),
    "select": ("select", "selectfrom", "selectto", "selectleft", "selectright",
               "selectleftfrom", "selectleftto", "selectrightfrom", "selectrightto"),
    "selectfrom": ("selectfrom", "selectleftfrom", "selectrightfrom"),
    "selectto": ("selectto", "selectleftto", "selectrightto"),
    "selectleft": ("selectleft", "selectleftfrom", "selectleftto"),
    "selectright": ("selectright", "selectrightfrom", "selectrightto"),
    "selectleftfrom": ("selectleftfrom",),
    "selectleftto": ("selectleftto",),
    "selectrightfrom": ("selectrightfrom",),
    "selectrightto": ("selectrightto",),
}

PREDEFINED = {
    "up": 0, "down": 1, "left": 2, "right": 3, "over": 4,
    "shaded": 2,
    "decksizes": 52,
    "emptycard": 156, "crosscard": 157,
    "spade": 0, "heart": 13, "club": 26, "diamond": 39,
    "ace": 0, "deuce": 1, "three": 2, "four": 3, "five": 4, "six": 5, "seven": 6,
    "eight": 7, "nine": 8, "ten": 9, "jack": 10, "queen": 11, "king": 12,
    "false": False, "true": True,
}

SPECIAL_PREDICATES = ("integrity?", "win?", "loose?")


def method_chain(button: str, phase: str) -> tuple[str, ...]:
    """The methods that may answer a press ('from') or release ('to') of a button,
    most specific first: SelectLeftFrom, SelectLeft, SelectFrom, Select."""
    return (f"select{button}{phase}", f"select{button}", f"select{phase}", "select")


@dataclass(eq=False)
class Param:
    key: str
    name: str
    type: str


@dataclass(eq=False)
class Method:
    key: str
    name: str
    params: list[Param]
    body: ast.Stmt
    owner: str          # the stack whose definition wrote the body
    line: int


@dataclass(eq=False)
class StackInfo:
    name: str
    key: str
    line: int
    defined: bool = False
    fields: dict = field(default_factory=dict)
    methods: dict = field(default_factory=dict)
    field_lines: dict = field(default_factory=dict)

    def field(self, key: str) -> int:
        defaults = {"x": 0, "y": 0, "w": 1, "h": 1, "direction": PREDEFINED["over"]}
        return self.fields.get(key, defaults[key])

    def method(self, *keys: str) -> Method | None:
        for key in keys:
            if key in self.methods:
                return self.methods[key]
        return None

    def __repr__(self) -> str:
        return f"<stack {self.name}>"


CURSOR = StackInfo("Cursor", "cursor", 0, defined=True, fields={"direction": 1})


@dataclass(eq=False)
class RoutineInfo:
    kind: str                       # procedure | function | predicate
    name: str
    key: str
    line: int
    params: list[Param] | None   # None: not known yet (forward declaration without them)
    return_type: str | None
    locals: list[Param] = field(default_factory=list)
    body: ast.Stmt | None = None

    @property
    def defined(self) -> bool:
        return self.body is not None


@dataclass(eq=False)
class CompiledProgram:
    filename: str
    name: str
    width: int
    height: int
    stacks: dict = field(default_factory=dict)          # key -> StackInfo
    order: list = field(default_factory=list)           # StackInfo, in ORDER order
    routines: dict = field(default_factory=dict)        # key -> RoutineInfo
    globals: dict = field(default_factory=dict)         # key -> (name, type)
    constants: dict = field(default_factory=dict)       # key -> value (user's)
    code: Any = None                                    # the compiled closures (compiler.Code)


class Code:
    """A program's closures: each method's body, and each routine's invoker
    ``invoke(rt, args, line) -> value``."""

    def __init__(self) -> None:
        self.methods: dict = {}      # Method -> run(rt)
        self.routines: dict = {}     # key -> invoke(rt, args, line)
        #: Method -> whether its body reads or sets its position parameter at all
        self.position_used: dict = {}
