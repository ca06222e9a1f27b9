"""The errors the engine raises: each says what is wrong, and the state is left unchanged."""

from __future__ import annotations


class ScopaError(ValueError):
    """Base of every error the engine raises for bad input.

    `reason` (e.g. "option.target") names what is wrong for a page that words it in its own
    language, with the numbers it needs in `params`; most errors have none and the message stands.
    """

    def __init__(self, message: str = "", *, reason: str | None = None, **params: int) -> None:
        super().__init__(message)
        self.reason = reason
        self.params = params


class CardError(ScopaError):
    """A card written wrongly (`11D`, `7X`) or a deck that is not the 40 cards once each."""


class RuleError(ScopaError):
    """An unknown variant or option, or option values that cannot be played together."""


class IllegalPlayError(ScopaError):
    """A play the rules do not allow in this position."""


class RecordError(ScopaError):
    """A game record that is malformed or contains an illegal play.

    `hand` and `play` are 1-based positions in the record (None when not about a play).
    """

    def __init__(self, message: str, hand: int | None = None, play: int | None = None, *,
                 reason: str | None = None, **params: int):
        where = ""
        if hand is not None:
            where = f"hand {hand}" + (f", play {play}" if play is not None else "") + ": "
            if reason is not None:  # the page words it with where it is
                params = {"hand": hand, **({"play": play} if play is not None else {}), **params}
        super().__init__(where + message, reason=reason, **params)
        self.hand = hand
        self.play = play
