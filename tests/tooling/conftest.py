"""Tests of the build and the tooling around the site: scripts/build.py (the vendored runtime,
py.zip with its bytecode, the Pyodide snapshot), scripts/serve.py, the Pages workflow (actionlint),
and the JS modules run under Node. They need Node, npm's node_modules and the build, so they are
not unit tests: ``scripts/test`` runs them (after installing those), ``scripts/test --unit`` does
not. Here nothing is skipped: what they need is there or the test fails, saying how to get it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def node() -> str:
    """The path of the node command."""
    found = shutil.which("node")
    if not found:
        pytest.fail("node not found: install Node.js 20+ (scripts/test says how), or run scripts/test --unit")
    return found


@pytest.fixture(scope="session")
def node_modules() -> Path:
    """node_modules/ as npm ci installs it from package-lock.json."""
    path = ROOT / "node_modules"
    if not (path / "pyodide").is_dir():
        pytest.fail("node_modules/ is not installed: run scripts/test (it runs npm ci)")
    return path
