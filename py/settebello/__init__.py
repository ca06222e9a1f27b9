"""Settebello, the game application above the engine: a match on a device and its session, clocks,
knock-out tournaments, a player's statistics and the command line (`python -m settebello`).

Imports the engine (`scopa`) and the computer players (`scopa_ai`); nothing below imports it.
"""
