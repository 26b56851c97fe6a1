"""Adapters that put the cardcore engines behind other libraries' interfaces.

Each adapter is a submodule that needs its library installed (``pip install
"cardcore[rl]"``); ``import cardcore`` imports none of them. :mod:`.pettingzoo` wraps every
game as a PettingZoo AEC environment, :mod:`.openspiel` registers every game with OpenSpiel.
"""

from __future__ import annotations
