"""Every test under tests/ runs: `pytest` from the root (pytest.ini's testpaths, which scripts/test
uses too) collects every test function written in every test file. pytest skips folders by name
(`build`, `dist`, dot-folders ...) and files whose import fails only as an error: this counts the
`def test_` of each file from its source and compares them with what pytest collects."""

from __future__ import annotations

import ast
import configparser
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"


def written_tests() -> dict[str, set[str]]:
    """{file relative to the root: the names of its test functions}, from the source alone."""
    found = {}
    for path in sorted(TESTS.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {node.name for node in ast.walk(tree)
                 if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test")
                 and _at_top_or_in_a_test_class(tree, node)}
        found[path.relative_to(ROOT).as_posix()] = names
    return found


def _at_top_or_in_a_test_class(tree: ast.Module, node: ast.AST) -> bool:
    if node in tree.body:
        return True
    return any(isinstance(c, ast.ClassDef) and c.name.startswith("Test") and node in c.body for c in tree.body)


def collected_tests() -> dict[str, set[str]]:
    """{file: names of the test functions} that `pytest --collect-only` from the root gives."""
    run = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist",
                          "-p", "no:cacheprovider"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    out: dict[str, set[str]] = {}
    for line in run.stdout.splitlines():
        if "::" not in line:
            continue
        file, *rest = line.split("::")
        out.setdefault(file, set()).add(re.sub(r"\[.*\]$", "", rest[-1]))
    return out


def test_every_test_folder_is_a_testpath():
    ini = configparser.ConfigParser()
    ini.read(ROOT / "pytest.ini")
    paths = ini["pytest"]["testpaths"].split()
    folders = {p.parent.relative_to(ROOT).as_posix() for p in TESTS.rglob("test_*.py")}
    assert all(any(f == p or f.startswith(p + "/") for p in paths) for f in folders), (folders, paths)


def test_pytest_from_the_root_collects_every_test_written():
    written, collected = written_tests(), collected_tests()
    missing = {f: sorted(names - collected.get(f, set())) for f, names in written.items()
               if names - collected.get(f, set())}
    assert not missing, f"written but not collected: {missing}"
    assert sum(map(len, written.values())) == sum(map(len, collected.values()))
