"""The trio games (Gygès, Triles, Na orbicie) on their Rust engines.

``Game(spec)`` builds a game from its catalog spec string (``"gyges(variant=official)"``,
``"orbit(players=3)"``, ``"triles(variant=open-hands)"``); its states list legal actions as
fixed integer codes and as notation, apply, clone and undo them, and show each seat's view
as text, JSON or a numpy tensor. ``import trio_games.openspiel`` registers the games with
OpenSpiel; ``trio_games.pettingzoo.env(spec)`` is a PettingZoo AEC environment. See
docs/python.md.
"""

from trio_games._native import CHANCE, TERMINAL, Agent, Game, State, playouts

__all__ = ["CHANCE", "TERMINAL", "Agent", "Game", "State", "playouts"]
