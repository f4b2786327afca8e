"""Every game package has the same shape, and its modules import one way, without circles.

The shape (CONTRIBUTING.md, "Adding a game"): ``game.py`` (metadata, options, setup; ``GAME``),
``state.py`` (the state dataclass and the contract hooks), ``actions.py``, ``components.py`` +
``data/``, rule modules named after the rulebook's sections, ``scoring.py``, ``view.py``
(observation, text, action lines), ``explain.py`` (why a move is illegal), ``invariants.py``,
``bots.py`` (evaluation and search settings) and ``RULINGS.md``; ``__init__.py`` only re-exports.

Imports run one way: data -> components -> actions -> rule modules, scoring, explain, view,
invariants (functions over a state, which they import only under ``TYPE_CHECKING``) -> state (the
dataclass, whose contract hooks delegate to them) -> game -> bots. No circles, and no import
hidden inside a function.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import homeroom.games
import toygame

GAMES = Path(homeroom.games.__file__).parent
PACKAGES = {p.name: (p, f"homeroom.games.{p.name}.") for p in sorted(GAMES.iterdir())
            if p.is_dir() and (p / "__init__.py").exists()}
PACKAGES["toygame"] = (Path(toygame.__file__).parent, "toygame.")
"""Package name -> (its folder, the prefix of its modules' import names)."""
SHAPE = ("__init__.py", "game.py", "state.py", "actions.py", "components.py", "data", "scoring.py",
         "view.py", "explain.py", "invariants.py", "bots.py", "RULINGS.md")


def _runtime_imports(path: Path, package: str) -> tuple[set[str], list[str]]:
    """Modules of ``package`` that ``path`` imports at run time (``if TYPE_CHECKING:`` blocks are
    type hints only), and the ones it imports inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only.update(id(n) for child in node.body for n in ast.walk(child))
    in_function: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            in_function.update(id(n) for child in node.body for n in ast.walk(child))
    folder, prefix = PACKAGES[package]
    found: set[str] = set()
    late: list[str] = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.level:
                raise AssertionError(f"{path.name}: use absolute imports ({PACKAGES[package][1]}...)")
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        for name in names:
            if name.startswith(prefix):
                module = name[len(prefix):].split(".")[0]
                if (folder / f"{module}.py").exists() or (folder / module).is_dir():
                    found.add(module)
                    if id(node) in in_function:
                        late.append(f"{path.name} imports {module} inside a function")
    return found, late


def _graph(package: str) -> tuple[dict[str, set[str]], list[str]]:
    graph: dict[str, set[str]] = {}
    late: list[str] = []
    folder = PACKAGES[package][0]
    for path in sorted(folder.rglob("*.py")):
        module = path.relative_to(folder).with_suffix("").parts[0]
        deps, lazy = _runtime_imports(path, package)
        graph.setdefault(module, set()).update(d for d in deps if d != module)
        late += lazy
    return graph, late


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt == "__init__":
                continue
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_every_game_has_the_same_shape(package: str) -> None:
    folder = PACKAGES[package][0]
    missing = [name for name in SHAPE if not (folder / name).exists()]
    assert missing == [], f"{package} lacks {missing}"
    init = (folder / "__init__.py").read_text(encoding="utf-8")
    body = [n for n in ast.parse(init).body if not isinstance(n, ast.Expr | ast.ImportFrom | ast.Import | ast.Assign)]
    assert body == [], f"{package}/__init__.py should only re-export (found {len(body)} definitions)"


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_a_games_modules_import_one_way_without_circles(package: str) -> None:
    graph, late = _graph(package)
    assert _cycle(graph) is None, f"{package}: import circle {' -> '.join(_cycle(graph) or [])}"
    assert late == [], f"{package}: imports inside functions hide a circle: {late}"
    for module in ("components", "actions"):
        assert "state" not in graph.get(module, set()), f"{package}: {module} must not import the state"
    assert not graph.get("state", set()) & {"game", "bots"}, f"{package}: state imports game.py or bots.py"
