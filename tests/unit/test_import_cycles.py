"""No import circle in `py/`, and no module reading another module's `_private` names (issue 42).

An AST walk as `test_layers.py` makes: every import statement counts (one inside a function, or
under `TYPE_CHECKING`, too), so a circle cannot hide behind a late import. A private name is one
that starts with `_` (dunders aside); reading it on another object than `self`/`cls` counts
when the module does not define that name itself but another `py/` module does.
"""

from __future__ import annotations

import ast
import shutil
import sys
from pathlib import Path

import test_layers
from test_layers import imported_modules

ROOT = Path(__file__).resolve().parents[2]
PY = ROOT / "py"


def module_name(path: Path) -> str:
    """The dotted module name of a file under `py/` (a package is its `__init__`)."""
    parts = list(path.relative_to(PY).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Every module under `py/`, by name."""
    return {module_name(p): p for p in sorted(PY.rglob("*.py"))}


def edges(mods: dict[str, Path]) -> dict[str, set[str]]:
    """Module → the `py/` modules it imports (a `from pkg import mod` names the submodule)."""
    out: dict[str, set[str]] = {}
    for name, path in mods.items():
        targets: set[str] = set()
        resolved = imported_modules(path, name.split(".")[0])  # (line, module), relative ones resolved
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets |= {a.name for a in node.names if a.name in mods}
            elif isinstance(node, ast.ImportFrom):
                base = next(m for line, m in resolved if line == node.lineno)
                for a in node.names:
                    if f"{base}.{a.name}" in mods:
                        targets.add(f"{base}.{a.name}")
                    elif base in mods:
                        targets.add(base)
        out[name] = targets - {name}
    return out


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def defined_private(tree: ast.AST) -> set[str]:
    """The private names a module defines: functions, classes, assignments, `self._x = ...`."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and _private(node.name):
            out.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and _private(node.id):
            out.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _private(node.attr):
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                out.add(node.attr)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and _private(node.target.id):
            out.add(node.target.id)
    return out


def private_reads(mods: dict[str, Path]) -> list[str]:
    """`file:line name` of each read of another module's private name."""
    trees = {n: ast.parse(p.read_text(encoding="utf-8")) for n, p in mods.items()}
    own = {n: defined_private(t) for n, t in trees.items()}
    anywhere = set().union(*own.values())
    out = []
    for name, tree in trees.items():
        rel = mods[name].relative_to(ROOT)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module is not None:
                out += [f"{rel}:{node.lineno} imports {a.name}" for a in node.names if _private(a.name)]
            elif isinstance(node, ast.Attribute) and _private(node.attr):
                if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                    continue
                if node.attr in own[name] or node.attr not in anywhere:
                    continue
                out.append(f"{rel}:{node.lineno} reads {node.attr}")
    return sorted(set(out))


# On main before issue 42 the walk found three circles — scopa.accuse → scopa.scoring →
# scopa.captures → scopa.rules → scopa.accuse; scopa.state ↔ scopa.cascina ↔ scopa.fidasse;
# scopa_ai.base ↔ scopa_ai.master — and four private reads (fidasse.py writing Match._legal and
# calling Match._deal_round, describe.py importing clock._LIMITS).


def test_no_import_circle_in_py():
    assert circles(edges(modules())) == []


def test_no_module_reads_another_modules_private_names():
    assert private_reads(modules()) == []


def test_the_walk_finds_a_circle_and_a_private_read(tmp_path, monkeypatch):
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]
    # the probe goes into a copy of py/, never py/ itself: the tests that walk py/ on another
    # worker at the same time (test_layers, test_page_view, this file's) must not see it
    copy = tmp_path / "py"
    shutil.copytree(PY, copy, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "scopa" / "_cycle_probe.py").write_text(
        "from .rules import RuleSet\n\ndef f(m):\n    m._legal = None\n", encoding="utf-8")
    for module in (sys.modules[__name__], test_layers):
        monkeypatch.setattr(module, "PY", copy)
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    mods = modules()
    assert "py/scopa/_cycle_probe.py:4 reads _legal" in private_reads(mods)
    assert "scopa.rules" in edges(mods)["scopa._cycle_probe"]
    assert not (Path(__file__).resolve().parents[2] / "py" / "scopa" / "_cycle_probe.py").exists()
