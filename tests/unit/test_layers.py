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
        elif isinstance(node, ast.Call) and _dynamic_import(node):
            found.append((node.lineno, _imported_name(node.args[0] if node.args else None, parts)))
    return found


def _dynamic_import(call: ast.Call) -> bool:
    """`importlib.import_module(...)`, `import_module(...)` or `__import__(...)`."""
    f = call.func
    return (isinstance(f, ast.Attribute) and f.attr == "import_module"
            or isinstance(f, ast.Name) and f.id in ("import_module", "__import__"))


def _imported_name(arg: ast.expr | None, parts: list[str]) -> str:
    """The module a dynamic import names: a string, or an f-string that starts with the module's own
    `{__name__}` (a plug-in of its own package); anything else cannot be checked, and says so."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value
    if (isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.FormattedValue)
            and isinstance(arg.values[0].value, ast.Name) and arg.values[0].value.id == "__name__"):
        return ".".join(parts) or "__main__"
    return "<a dynamic import the contract cannot read>"


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


def test_the_contract_reads_dynamic_imports_too():
    """An edge cannot hide in `importlib`: a named module counts, a plug-in of the module's own
    package (`f"{__name__}.{name}"`, the mechanics' and the AI parts') is its own floor, and a name
    the test cannot read is reported."""
    bad = PY / "scopa" / "_contract_probe2.py"
    try:
        bad.write_text("import importlib\n"
                       "def f(name):\n"
                       "    importlib.import_module('settebello.session')\n"
                       "    __import__('js')\n"
                       "    importlib.import_module(f'{__name__}.own')\n"
                       "    importlib.import_module(name)\n", encoding="utf-8")
        assert violations("scopa", bad) == [
            "py/scopa/_contract_probe2.py:3 imports settebello.session",
            "py/scopa/_contract_probe2.py:4 imports js",
            "py/scopa/_contract_probe2.py:6 imports <a dynamic import the contract cannot read>",
        ]
    finally:
        bad.unlink()
