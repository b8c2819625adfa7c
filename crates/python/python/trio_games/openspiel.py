"""The trio games registered with OpenSpiel: importing this module registers `trio_gyges`,
`trio_triles` and `trio_orbit`, each game's options as its parameters (hyphens written as
underscores: `turn_limit`, `ply_limit`; an empty string leaves an option at its default).

Chance is explicit (the Orbit die and turn order, the Triles draws and colours); actions
and chance outcomes are the catalog's fixed codes (docs/python.md). A game whose views hide
something (Triles, unless `open-hands`) is an imperfect-information game: its observation
string and tensor are the seat's view, its information state string every view the seat has
had since the start (in a perfect-information game, the actions so far and the view). `game_for_spec("orbit(players=3)")` loads a game by its spec string.
"""

import json

import numpy as np
import pyspiel

import trio_games
from trio_games import _native

KINDS = {kind["name"]: kind for kind in json.loads(_native.kinds())}


def _parameter_default(option):
    """An option's OpenSpiel default: an int for whole numbers, else a string ("" unset)."""
    if option["kind"] == "integer":
        return int(option["default"])
    return option["default"] or ""


def spec_from_params(kind, params):
    """The catalog spec of game `kind` with OpenSpiel `params` (options left at their
    default are not written)."""
    parts = []
    for option in KINDS[kind]["options"]:
        key = option["name"].replace("-", "_")
        value = params.get(key, _parameter_default(option))
        if value == "" or value == _parameter_default(option):
            continue
        parts.append(f"{option['name']}={value}")
    return f"{kind}({','.join(parts)})" if parts else kind


def _game_type(kind, perfect_information):
    info = KINDS[kind]
    return pyspiel.GameType(
        short_name=f"trio_{kind}",
        long_name=f"{info['title']} (trio)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if perfect_information
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info["seats"][1],
        min_num_players=info["seats"][0],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            option["name"].replace("-", "_"): _parameter_default(option) for option in info["options"]
        },
    )


class TrioGame(pyspiel.Game):
    """A trio game for OpenSpiel, built from its kind and parameters."""

    kind = None

    def __init__(self, params=None):
        params = dict(params or {})
        self.trio = trio_games.Game(spec_from_params(self.kind, params))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.trio.num_actions,
            max_chance_outcomes=self.trio.num_actions,
            num_players=self.trio.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.trio.max_game_length,
        )
        game_type = _game_type(self.kind, not self.trio.hidden_information)
        super().__init__(game_type, info, params)

    def new_initial_state(self):
        return TrioState(self, self.trio.new_state())

    def observation_tensor_shape(self):
        return list(self.trio.observation_shape)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return TrioObserver(self.trio, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class TrioState(pyspiel.State):
    """A state of a trio game for OpenSpiel, around a `trio_games.State`."""

    def __init__(self, game, state):
        super().__init__(game)
        self.trio = state

    def current_player(self):
        player = self.trio.current_player()
        if player == trio_games.CHANCE:
            return pyspiel.PlayerId.CHANCE
        if player == trio_games.TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        return player

    def _legal_actions(self, player):
        return self.trio.legal_actions()

    def chance_outcomes(self):
        return self.trio.chance_outcomes()

    def _apply_action(self, action):
        self.trio.apply(int(action))

    def _action_to_string(self, player, action):
        try:
            return self.trio.action_to_string(int(action))
        except ValueError:
            # Not legal here (OpenSpiel may name actions of other states): the code alone.
            return f"action {action}"

    def is_terminal(self):
        return self.trio.is_terminal()

    def returns(self):
        return self.trio.returns()

    def __str__(self):
        return self.trio.position()


class TrioObserver:
    """OpenSpiel's observer for trio games: a seat's view (a spectator's for public
    observations), or with perfect recall every view the seat has had."""

    def __init__(self, game, iig_obs_type):
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS and game.hidden_information:
            raise ValueError("no view shows every seat's private information")
        self.game = game
        self.public = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = iig_obs_type.perfect_recall
        size = 0 if self.perfect_recall else int(np.prod(game.observation_shape))
        self.tensor = np.zeros(size, np.float32)
        self.dict = {} if self.perfect_recall else {"observation": self.tensor.reshape(game.observation_shape)}

    def _seat(self, player):
        return None if self.public else player

    def set_from(self, state, player):
        if self.perfect_recall:
            raise ValueError("trio games give no information state tensor")
        self.tensor[:] = state.trio.observation(self._seat(player)).reshape(-1)

    def string_from(self, state, player):
        seat = self._seat(player)
        if not self.perfect_recall:
            return state.trio.view_json(seat)
        if not self.game.hidden_information:
            # Everyone sees everything: the actions so far are what a seat remembers.
            return " ".join(map(str, state.trio.history())) + "\n" + state.trio.view_json(seat)
        # Every view since the start, in order: what the seat has seen, remembered.
        replay = state.trio.start()
        views = [replay.view_json(seat)]
        for action in state.trio.history():
            replay.apply(action)
            views.append(replay.view_json(seat))
        return "\n".join(views)


class TrioGyges(TrioGame):
    kind = "gyges"


class TrioTriles(TrioGame):
    kind = "triles"


class TrioOrbit(TrioGame):
    kind = "orbit"


for _cls in (TrioGyges, TrioTriles, TrioOrbit):
    pyspiel.register_game(_game_type(_cls.kind, _cls.kind != "triles"), _cls)


def game_for_spec(spec):
    """The OpenSpiel game of a catalog spec string (`"orbit(players=3)"`)."""
    game = trio_games.Game(spec)
    kind = game.spec.split("(", 1)[0]
    defaults = {o["name"]: o for o in KINDS[kind]["options"]}
    params = {}
    if "(" in game.spec:
        for part in game.spec[len(kind) + 1 : -1].split(","):
            name, value = part.split("=", 1)
            option = defaults[name]
            params[name.replace("-", "_")] = int(value) if option["kind"] == "integer" else value
    return pyspiel.load_game(f"trio_{kind}", params)
