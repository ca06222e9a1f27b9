"""`python -m scopa`: the command line (see `scopa.cli`)."""

from .cli import main

raise SystemExit(main())
