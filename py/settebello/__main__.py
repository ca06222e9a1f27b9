"""`python -m settebello`: the command line (see `settebello.cli`)."""

from .cli import main

raise SystemExit(main())
