"""The master as a player: one frozen settings value, a budget of iterations, the same play from
the same seed on any machine; a time cap only as a safety valve whose use is counted."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from dataclasses import FrozenInstanceError, replace

import pytest

from scopa_ai import make_player
from scopa_ai.master import MasterPlayer, MasterSettings
from scopa.rules import rules_for
from scopa.state import Match

# Starts, says so, then keeps a core busy until killed.
BURNER = "import sys\nsys.stdout.write('busy\\n')\nsys.stdout.flush()\nwhile True: pass"


def master_moves(settings: MasterSettings, clock=None, moves: int = 4, seed: int = 3) -> tuple[list, MasterPlayer]:
    """The master's first `moves` searched plays (with its search's figures) in a seeded Scopa
    match against the expert, and the master."""
    master = MasterPlayer(random.Random(seed), settings) if clock is None else \
        MasterPlayer(random.Random(seed), settings, clock=clock)
    expert = make_player("expert", random.Random(seed + 1))
    m = Match.new(rules_for("scopa"), random.Random(seed))
    out = []
    while len(out) < moves:
        m.deal_until_played()
        while m.phase == "play" and len(out) < moves:
            view = m.observe(m.turn)
            if m.turn == 0:
                master.last_stats = {}
                play = master.choose(view)
                if master.last_stats:
                    stats = master.last_stats
                    out.append((str(play), stats["deals"], stats["rollouts"], stats["capped"]))
            else:
                play = expert.choose(view)
            m.apply(play)
    return out, master


class SlowClock:
    """A clock that advances `step` seconds at every read: a very slow device, or a loaded one."""

    def __init__(self, step: float = 0.05):
        self.reads = 0
        self.step = step

    def __call__(self) -> float:
        self.reads += 1
        return self.reads * self.step


def test_master_plays_the_same_moves_idle_and_loaded():
    """The shipped master, from the same seed, plays the same moves (after the same number of
    deals) with the machine idle and with two processes keeping its cores busy."""
    idle, master = master_moves(MasterSettings(), moves=3)
    assert master.searches == len(idle) and master.capped == 0
    burners = [subprocess.Popen([sys.executable, "-c", BURNER], stdout=subprocess.PIPE, text=True)
               for _ in range(2)]
    try:
        for b in burners:
            assert b.stdout.readline() == "busy\n"  # running before the master starts
        loaded, master = master_moves(MasterSettings(), moves=3)
        assert all(b.poll() is None for b in burners)  # still busy when it ends
    finally:
        for b in burners:
            b.kill()
            b.wait()
    assert master.capped == 0
    assert loaded == idle


def test_a_slow_clock_changes_nothing_until_the_safety_valve():
    """With a clock that runs 50 ms at every read (one read per deal), the master plays exactly
    as with the real one while its searches stay under the valve (10 s: about 200 deals); a valve
    set low cuts its searches where that clock says, and each cut is counted."""
    small = MasterSettings(iterations=12)
    real, _ = master_moves(small, moves=6)
    slow, master = master_moves(small, SlowClock(), moves=6)
    assert slow == real
    assert master.capped == 0 and not any(capped for *_, capped in slow)
    assert max(deals for _, deals, _, _ in slow) > 5
    # A valve of 225 ms is 5 deals on that clock: longer searches stop there, and are counted.
    low = replace(small, max_ms=225.0)
    cut, master = master_moves(low, SlowClock(), moves=6)
    assert cut[0][1] == 5 and cut[0][3] and real[0][1] > 5  # the first search is cut, as it would be
    assert all(deals == 5 if capped else deals <= 5 for _, deals, _, capped in cut)
    assert master.searches == len(cut) and master.capped == sum(capped for *_, capped in cut) >= 1
    # A cut is where the clock says, so with the same clock it is the same from the same seed.
    assert master_moves(low, SlowClock(), moves=6)[0] == cut


def test_master_settings_are_one_frozen_value():
    """The shipped master is `MasterSettings()`; a variant is a replaced copy; nothing changes
    a settings value once made."""
    shipped = MasterSettings()
    master = make_player("master", random.Random(1))
    assert master.settings == shipped and master.settings.iterations == 250
    assert 1000.0 < shipped.max_ms < math.inf  # a valve, not a budget
    with pytest.raises(FrozenInstanceError):
        shipped.iterations = 10
    fewer = replace(shipped, iterations=10)
    assert fewer.iterations == 10 and shipped.iterations == 250 and fewer != shipped


@pytest.mark.parametrize(("field", "value", "error", "says"), [
    ("iterations", 0, ValueError, "iterations must be at least 1, not 0"),
    ("iterations", 2.5, TypeError, "iterations must be a whole number, not 2.5"),
    ("iterations", True, TypeError, "iterations must be a whole number"),
    ("spread", -1, ValueError, "spread must be at least 1"),
    ("max_candidates", 0, ValueError, "max_candidates must be at least 1"),
    ("prior", -0.5, ValueError, "prior must be a finite number of at least 0"),
    ("eps", 1.5, ValueError, "eps must be between 0 and 1, not 1.5"),
    ("max_ms", 0, ValueError, "max_ms must be more than 0"),
    ("max_ms", math.nan, ValueError, "max_ms must be more than 0"),
    ("max_ms", "700", TypeError, "max_ms must be a number, not '700'"),
    ("sharp", math.inf, ValueError, "sharp must be a finite number above 0"),
    ("slip", -0.1, ValueError, "slip must be between 0 and 1"),
    ("fair", 1, TypeError, "fair must be True or False, not 1"),
])
def test_bad_master_settings_are_refused(field, value, error, says):
    with pytest.raises(error, match="MasterSettings." + says.replace(".", r"\.")):
        MasterSettings(**{field: value})
    with pytest.raises(error, match="MasterSettings." + field):
        replace(MasterSettings(), **{field: value})


def test_master_takes_its_settings_as_one_value():
    """The old keyword arguments are gone: settings come as one `MasterSettings`."""
    with pytest.raises(TypeError, match="must be a MasterSettings"):
        MasterPlayer(random.Random(1), {"iterations": 3})
    with pytest.raises(TypeError):
        MasterPlayer(random.Random(1), iterations=3)
