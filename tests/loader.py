"""Load a file of the repository that is not a package (scripts/build.py, scripts/serve.py,
static/bridge.py) as a module, fresh on every call, so tests use the very file that ships."""

from __future__ import annotations

import importlib.util
import itertools
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
_serial = itertools.count()


def load(relative: str) -> ModuleType:
    """The module made by running ROOT/relative (e.g. "scripts/build.py") once more."""
    path = ROOT / relative
    name = f"_settebello_{path.stem}_{next(_serial)}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
