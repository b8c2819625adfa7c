"""PettingZoo's own API test on the trio games, and whole games played through the AEC
environment with its action masks."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from trio_games.pettingzoo import env

SPECS = ["gyges", "gyges(variant=official)", "orbit", "orbit(players=3)", "orbit(players=4)", "triles", "triles(variant=open-hands+open-pool)"]


@pytest.mark.parametrize("spec", SPECS)
def test_api_test_passes(spec):
    api_test(env(spec), num_cycles=200)


@pytest.mark.parametrize("spec", ["orbit(players=3,turn-limit=40)", "triles"])
def test_seed_test_passes(spec):
    seed_test(lambda: env(spec), num_cycles=50)


@pytest.mark.parametrize("spec", ["gyges", "orbit(players=4)", "triles(variant=own-dots)"])
def test_a_whole_game_ends_with_zero_sum_rewards(spec):
    environment = env(spec)
    environment.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, _ = environment.last()
        totals[agent] += reward
        if termination or truncation:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        environment.step(action)
    assert environment.state.is_terminal()
    assert sum(totals.values()) == pytest.approx(0.0)
    assert sorted(totals.values()) == sorted(environment.state.returns())
