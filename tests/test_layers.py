"""The import layering: clients → application layer → loaders → engine, and no cycles.

Every ``import`` in the package is read from the source with ``ast`` —
imports inside functions too — so that no arrow is hidden.
"""
import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "kingalbert"

#: layer -> the layers its modules may import (besides their own and the package's root,
#: which holds only the version)
ALLOWED = {
    "engine": set(),
    "loaders": {"engine"},
    "games": set(),
    "app": {"engine", "loaders", "games"},
    "sprites": {"engine"},
    "desktop": {"app", "engine", "sprites"},
    "cli": {"app", "engine", "desktop", "bench"},
    "bench": {"app", "engine", "desktop", "sprites"},
    "__main__": {"cli"},
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def walk(tree: ast.AST, typing: bool):
    """Every node, leaving out (unless ``typing``) what only a type checker reads:
    ``if TYPE_CHECKING:`` blocks."""
    for node in ast.iter_child_nodes(tree):
        if not typing and isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            continue
        yield node
        yield from walk(node, typing)


def imports(path: Path, typing: bool = True) -> set[str]:
    """The project modules a source file imports (absolute names); ``typing``: counting
    the imports only a type checker reads."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in walk(ast.parse(path.read_text(), str(path)), typing):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("kingalbert"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("kingalbert"):
                continue
            for alias in node.names:
                # "from .pkg import module" imports the module, "from .module import name" the module
                candidate = f"{target}.{alias.name}"
                found.add(candidate if (MODULES.get(candidate) is not None) else target)
    return found


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}
GRAPH = {name: imports(path) for name, path in MODULES.items()}
#: what is imported when the program runs
RUNTIME = {name: imports(path, typing=False) for name, path in MODULES.items()}


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_every_import_follows_the_layers():
    wrong = []
    for module, targets in GRAPH.items():
        own = layer(module)
        for target in targets:
            other = layer(target)
            if other in ("", own):
                continue
            if other not in ALLOWED.get(own, set()):
                wrong.append(f"{module} imports {target} ({own} -> {other})")
    assert not wrong, "\n".join(sorted(wrong))


def test_every_module_belongs_to_a_layer():
    assert {layer(module) for module in MODULES} - {""} <= set(ALLOWED)


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of imports, if there is one (depth first, three colours)."""
    colour: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        colour[node] = 1
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target not in graph:
                continue
            if colour.get(target) == 1:
                return stack[stack.index(target):] + [target]
            if colour.get(target) is None:
                cycle = visit(target)
                if cycle:
                    return cycle
        stack.pop()
        colour[node] = 2
        return None

    for node in sorted(graph):
        if colour.get(node) is None:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_no_module_imports_itself_back():
    # a package importing its own modules (its __init__ re-exporting them) is not a cycle
    graph = {module: {t for t in targets if not module.startswith(t + ".")} for module, targets in RUNTIME.items()}
    cycle = find_cycle(graph)
    assert cycle is None, " -> ".join(cycle)


def test_the_checker_sees_a_wrong_arrow_and_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    assert "kingalbert.app.catalogue" in GRAPH["kingalbert.desktop.menus"]
    assert layer("kingalbert.engine.game") == "engine" and "loaders" not in ALLOWED["engine"]


def test_no_module_is_over_800_lines():
    long = {str(path.relative_to(PACKAGE)): n for path in PACKAGE.rglob("*.py")
            if (n := len(path.read_text().splitlines())) > 800}
    assert not long, long
