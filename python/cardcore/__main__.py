"""``python -m cardcore`` runs the command line."""

from __future__ import annotations

import sys

from cardcore.cli import main

sys.exit(main())
