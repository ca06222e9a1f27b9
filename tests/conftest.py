"""Make the engine package under py/ importable in every test, as `PYTHONPATH=py` does."""

import pathlib
import sys

PY = pathlib.Path(__file__).resolve().parent.parent / "py"
if str(PY) not in sys.path:
    sys.path.insert(0, str(PY))


# Browser files first, then tooling, then unit (a stable sort: each folder keeps its own order).
# scripts/test hands files to its workers in this order (--no-loadscope-reorder): the long browser
# files start at once and the many short unit files fill in at the end, so neither core sits idle
# waiting for one long file dealt last.
FOLDER_ORDER = {"browser": 0, "tooling": 1, "unit": 2}


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: FOLDER_ORDER.get(pathlib.Path(str(item.fspath)).parent.name, 3))
