"""Make the engine package under py/ importable in every test, as `PYTHONPATH=py` does."""

import pathlib
import sys

PY = pathlib.Path(__file__).resolve().parent.parent / "py"
if str(PY) not in sys.path:
    sys.path.insert(0, str(PY))
