"""How one rule-set option is read from a record or the command line (`OptionSpec`): the core's
options (rules.py) and each mechanic's own (`Mechanic.specs`, gathered by `mechanics.option_specs`)
are declared with it, so no mechanic imports the rules."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .errors import RuleError
from .inputs import ascii_text, brief

_WHOLE = re.compile(r"-?[0-9]{1,12}")  # an option's whole number written as text (ASCII digits only)


@dataclass(frozen=True)
class OptionSpec:
    """How one option is read from a record or the command line."""

    kind: type
    choices: tuple = ()
    low: int | None = None
    high: int | None = None
    help: str = ""
    needs: str | None = None  # a switch that only means something with this other one on
    # whether the new-game dialog may put it on another game as a house rule: not the machinery of
    # one game, offered only by choosing that game (the counting of SB5, SB6; a mechanic's own
    # options: the steals of SB20, the builds and the 2 of denari of SB30, SB36, the declarations
    # by choice of SB14, the decks of SB37)
    house_rule: bool = True

    def coerce(self, key: str, raw: Any) -> Any:
        """The value read from `raw`, or RuleError saying what is allowed."""
        # a text value is read only when it is short ASCII (an option of 5,000 digits or in other
        # scripts' digits is refused here, never handed to int()); other values by their exact type
        text = ascii_text(raw, 16)
        word = None if text is None else text.lower()
        if self.kind is bool:
            if type(raw) is bool:
                return raw
            if word in ("true", "on", "yes", "1", "false", "off", "no", "0"):
                return word in ("true", "on", "yes", "1")
            raise RuleError(f"option {key} must be true or false, not {brief(raw)}")
        if self.kind is int:
            value = raw
            if key == "target" and word in ("single", "hand"):
                value = 0
            elif word is not None and _WHOLE.fullmatch(word):
                value = int(word)
            if type(value) is not int:
                raise RuleError(f"option {key} must be a whole number, not {brief(raw)}", reason=f"option.{key}",
                                **({"low": self.low, "high": self.high} if self.low is not None else {}))
            if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
                raise RuleError(f"option {key} must be between {self.low} and {self.high}, not {brief(value)}",
                                reason=f"option.{key}", low=self.low, high=self.high)
            if self.choices and value not in self.choices:
                raise RuleError(f"option {key} must be one of {', '.join(map(str, self.choices))}, not {brief(value)}")
            return value
        if type(raw) is not str or raw not in self.choices:
            raise RuleError(f"option {key} must be one of {', '.join(self.choices)}, not {brief(raw)}")
        return raw
