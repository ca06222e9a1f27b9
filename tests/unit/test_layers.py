"""The import contract: each floor of the house imports only the floors below it.

engine (`py/scopa/`) ← computer players (`py/scopa_ai/`) ← game application (`py/settebello/`)
← bridge (`static/bridge.py`). Every import statement counts, also one inside a function, so an
edge cannot hide. Below the bridge only the standard library is allowed (no `js`, no `pyscript`).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PY = ROOT / "py"
# floor → the floors it may import (its own included)
FLOORS = {
    "scopa": {"scopa"},
    "scopa_ai": {"scopa", "scopa_ai"},
    "settebello": {"scopa", "scopa_ai", "settebello"},
    "bridge": {"scopa", "scopa_ai", "settebello"},
}


def imported_modules(path: Path, package: str) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in the file, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    parts = list(path.relative_to(PY).with_suffix("").parts) if path.is_relative_to(PY) else [package]
    if parts[-1] == "__init__":
        parts = parts[:-1]
    else:
        parts = parts[:-1]  # the module's package
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = parts[: len(parts) - (node.level - 1)] if node.level > 1 else parts
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            found.append((node.lineno, name))
    return found


def floor_files() -> list[tuple[str, Path]]:
    files = [(p.relative_to(PY).parts[0], p) for p in sorted(PY.rglob("*.py"))]
    return files + [("bridge", ROOT / "static" / "bridge.py")]


def violations(floor: str, path: Path) -> list[str]:
    allowed = FLOORS[floor]
    out = []
    for line, name in imported_modules(path, floor):
        top = name.split(".")[0]
        if top in allowed or top == "__future__":
            continue
        if top in FLOORS or top not in sys.stdlib_module_names:
            out.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    return out


def test_every_python_package_under_py_is_a_known_floor():
    packages = {p.name for p in PY.iterdir() if p.is_dir() and (p / "__init__.py").is_file()}
    assert packages == set(FLOORS) - {"bridge"}


@pytest.mark.parametrize("floor, path", floor_files(), ids=lambda v: str(v.relative_to(ROOT)) if isinstance(v, Path) else v)
def test_no_floor_imports_a_floor_above_it_or_anything_beyond_the_standard_library(floor, path):
    assert violations(floor, path) == []


def test_the_contract_catches_an_engine_module_that_imports_the_session(tmp_path):
    bad = PY / "scopa" / "_contract_probe.py"
    try:
        bad.write_text("def f():\n    from settebello.session import Session\n    import js\n", encoding="utf-8")
        assert violations("scopa", bad) == [
            "py/scopa/_contract_probe.py:2 imports settebello.session",
            "py/scopa/_contract_probe.py:3 imports js",
        ]
    finally:
        bad.unlink()


def test_relative_imports_are_resolved_to_their_floor():
    names = dict((name, line) for line, name in imported_modules(PY / "scopa_ai" / "levels.py", "scopa_ai"))
    assert any(n.startswith("scopa_ai.") for n in names)
