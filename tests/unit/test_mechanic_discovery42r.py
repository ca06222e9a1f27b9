"""Issue 42: the engine's mechanics and the computer players' parts are found, not listed. A new
module in `scopa/mechanics/` (its `MECHANIC`) or in `scopa_ai/parts/` (its `PART`) is played with
no line changed in a registry, in the place its `order` gives it; the order of the hooks never
hangs on the order the files are listed in, and a module that declares nothing, or a number two
mechanics share, is refused by name. Each case imports a copy of `py/` in a fresh Python."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scopa.mechanics import ASKED, CHECKED, ORDER
from scopa_ai.parts import PARTS

PY = Path(__file__).resolve().parents[2] / "py"

NEW_MECHANIC = '''
from .base import Mechanic

class Zecchino(Mechanic):
    name = "zecchino"
    option = "zecchino"
    order = {order}
    check_order = {check}

MECHANIC = Zecchino()
'''

NEW_PART = '''
from ..part import Part

class ZecchinoPart(Part):
    mechanic = "{mechanic}"

PART = ZecchinoPart()
'''

SHOW = ("import json; from scopa.mechanics import ORDER, CHECKED; from scopa_ai.parts import PARTS; "
        "print(json.dumps({'order': [m.name for m in ORDER], 'checked': [m.name for m in CHECKED], "
        "'parts': {k: type(p).__name__ for k, p in PARTS.items()}}))")


def _copy(tmp_path: Path) -> Path:
    """A copy of py/ to add modules to."""
    dest = tmp_path / "py"
    shutil.copytree(PY, dest, ignore=shutil.ignore_patterns("__pycache__"))
    return dest


def _run(py: Path) -> subprocess.CompletedProcess:
    """Import the engine and the parts of the copy `py` in a fresh Python: what they found."""
    return subprocess.run([sys.executable, "-c", SHOW], cwd=py, capture_output=True, text=True,
                          env={"PYTHONPATH": str(py), "PYTHONDONTWRITEBYTECODE": "1"}, timeout=120)


def test_the_mechanics_run_in_the_order_they_declare():
    assert [m.order for m in ORDER] == sorted(m.order for m in ORDER)
    assert [m.check_order for m in CHECKED] == sorted(m.check_order for m in CHECKED)
    assert ASKED == tuple(reversed(ORDER))
    # the order the hooks ran in before they were found rather than listed: records replay by it
    assert [m.name for m in ORDER] == ["modulo", "accuse", "steal", "cascina", "decks", "maresciallo",
                                       "fidasse", "cirulla"]
    assert list(PARTS) == [m.name for m in ORDER if m.name in PARTS]


def test_a_new_mechanic_module_and_its_part_are_played_in_the_place_their_order_gives(tmp_path):
    py = _copy(tmp_path)
    (py / "scopa" / "mechanics" / "zecchino.py").write_text(NEW_MECHANIC.format(order=35, check=5))
    (py / "scopa_ai" / "parts" / "zecchino.py").write_text(NEW_PART.format(mechanic="zecchino"))
    done = _run(py)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    before = [m.name for m in ORDER]
    assert found["order"] == [*before[:3], "zecchino", *before[3:]]  # order 35: after steal's 30
    assert found["checked"] == ["zecchino", *(m.name for m in CHECKED)]  # check_order 5: first
    assert found["parts"]["zecchino"] == "ZecchinoPart"
    assert list(found["parts"]) == [n for n in found["order"] if n in found["parts"]]


@pytest.mark.parametrize("text, says", [
    ("X = 1\n", "scopa.mechanics.zecchino declares no MECHANIC"),
    (NEW_MECHANIC.format(order=40, check=5), "two mechanics share the order number"),
    (NEW_MECHANIC.format(order=35, check=30), "two mechanics share the check_order number"),
])
def test_a_mechanic_module_that_declares_nothing_or_a_taken_number_is_refused_by_name(tmp_path, text, says):
    py = _copy(tmp_path)
    (py / "scopa" / "mechanics" / "zecchino.py").write_text(text)
    done = _run(py)
    assert done.returncode != 0 and says in done.stderr, done.stderr


@pytest.mark.parametrize("text, says", [
    ("X = 1\n", "scopa_ai.parts.zecchino declares no PART"),
    (NEW_PART.format(mechanic="zecchino"), "names 'zecchino': no engine mechanic"),
    (NEW_PART.format(mechanic="steal"), "names 'steal': no engine mechanic, or one that has a part already"),
])
def test_a_part_module_that_declares_nothing_or_no_new_mechanic_is_refused_by_name(tmp_path, text, says):
    py = _copy(tmp_path)
    (py / "scopa_ai" / "parts" / "zecchino.py").write_text(text)
    done = _run(py)
    assert done.returncode != 0 and says in done.stderr, done.stderr
