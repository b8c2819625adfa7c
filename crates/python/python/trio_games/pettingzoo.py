"""The trio games as PettingZoo AEC environments: `env(spec)`, one agent per seat
(`player_0`, `player_1`, …).

An agent's observation is a dict: `observation`, the float32 tensor of its own view (what
its seat may not see stays out of it; docs/python.md describes each game's), and
`action_mask`, an int8 vector over the game's action codes with 1 for each legal action of
the agent to act. Chance (the Orbit die, the Triles draws) is played by the environment
from the seed given to `reset`. Rewards come at the end: each seat's return, `2 * score -
1` (a two-player win 1, a loss -1).
"""

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import trio_games


def env(spec, render_mode=None):
    """The AEC environment of the game a catalog spec string names (`"orbit(players=3)"`)."""
    return TrioEnv(spec, render_mode=render_mode)


class TrioEnv(AECEnv):
    """A trio game as an agent-environment-cycle environment."""

    metadata = {"name": "trio_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, spec, render_mode=None):
        super().__init__()
        self.game = trio_games.Game(spec)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players)]
        shape = tuple(self.game.observation_shape)
        n = self.game.num_actions
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    # Counts and coordinates: no tensor entry is below -1.
                    "observation": spaces.Box(low=-1.0, high=np.inf, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self.state = None
        self._rng = np.random.default_rng()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        self._rng = np.random.default_rng(seed)
        self.state = self.game.new_state()
        self._play_chance()
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def _play_chance(self):
        while self.state.is_chance_node():
            codes, probabilities = zip(*self.state.chance_outcomes())
            p = np.array(probabilities) / sum(probabilities)
            self.state.apply(int(codes[self._rng.choice(len(codes), p=p)]))

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        if self.state.current_player() == seat:
            mask[self.state.legal_actions()] = 1
        return {"observation": self.state.observation(seat), "action_mask": mask}

    def step(self, action):
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        agent = self.agent_selection
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(int(action))
        self._play_chance()
        if self.state.is_terminal():
            returns = self.state.returns()
            self.rewards = {a: returns[i] for i, a in enumerate(self.possible_agents)}
            self.terminations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        return self.state.view_string()

    def close(self):
        pass
