"""The layers import one way: the engine knows no game, a game knows no UI, simulation or agent.

Every import in every module is read (also those inside functions), so a shortcut through a
function-level import is caught too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import homeroom

SRC = Path(homeroom.__file__).parent


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _violations(folder: Path, forbidden: tuple[str, ...]) -> list[str]:
    out = []
    for path in sorted(folder.rglob("*.py")):
        for name in sorted(_imports(path)):
            if any(name == f or name.startswith(f + ".") for f in forbidden):
                out.append(f"{path.relative_to(SRC)} imports {name}")
    return out


def test_engine_imports_no_game_and_no_layer_above_it() -> None:
    game_packages = tuple(f"homeroom.games.{p.name}" for p in (SRC / "games").iterdir() if p.is_dir()
                          and not p.name.startswith("_"))
    assert game_packages, "no game package found"
    above = ("homeroom.agents", "homeroom.cli", "homeroom.sim", "homeroom.server", "homeroom.rl")
    assert _violations(SRC / "engine", game_packages + above) == []


def test_games_import_no_ui_simulation_or_agents() -> None:
    forbidden = ("homeroom.agents", "homeroom.cli", "homeroom.sim", "homeroom.server", "homeroom.rl")
    assert _violations(SRC / "games", forbidden) == []


def test_a_game_imports_no_other_game() -> None:
    packages = [p for p in (SRC / "games").iterdir() if p.is_dir() and not p.name.startswith("_")]
    problems = []
    for pkg in packages:
        others = tuple(f"homeroom.games.{o.name}" for o in packages if o != pkg)
        problems += _violations(pkg, others)
    assert problems == []


def test_the_checker_sees_function_level_imports(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from homeroom.cli.main import app\n    import homeroom.sim\n")
    assert {"homeroom.cli.main", "homeroom.cli.main.app", "homeroom.sim"} <= _imports(module)
