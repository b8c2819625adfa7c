"""OpenSpiel's own checks on the trio games: `random_sim_test` on every game and variant,
and its MCTS bot playing each game to the end."""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import trio_games.openspiel  # noqa: F401 (registers the games)
from conftest import ROOT
from trio_games.openspiel import game_for_spec

FUNNEL = ROOT / "crates" / "orbit" / "tests" / "boards" / "funnel.toml"
DOUBLE = ROOT / "crates" / "triles" / "tests" / "sets" / "double.toml"

# Orbit's random games last over a thousand actions, each state checked with masks over all
# 628,836 codes: one such game each, and more of the games stopped early.
VARIANTS = [
    ("trio_gyges", {}),
    ("trio_gyges", {"variant": "official"}),
    ("trio_gyges", {"ply_limit": 40}),
    ("trio_orbit", {}),
    ("trio_orbit", {"players": 3}),
    ("trio_orbit", {"players": 4}),
    ("trio_orbit", {"players": 3, "order": "brg"}),
    ("trio_orbit", {"board": str(FUNNEL)}),
    ("trio_orbit", {"turn_limit": 30}),
    ("trio_triles", {}),
    ("trio_triles", {"variant": "open-hands"}),
    ("trio_triles", {"variant": "open-pool"}),
    ("trio_triles", {"variant": "own-dots"}),
    ("trio_triles", {"variant": "open-hands+open-pool+own-dots"}),
    ("trio_triles", {"tiles": str(DOUBLE)}),
]


@pytest.mark.parametrize("name,params", VARIANTS, ids=[f"{n}{p}" for n, p in VARIANTS])
def test_random_sim_test_passes(name, params):
    game = pyspiel.load_game(name, params)
    long = name == "trio_orbit" and "turn_limit" not in params
    pyspiel.random_sim_test(game, num_sims=1 if long else 3, serialize=False, verbose=False)


def test_the_games_are_registered_with_their_kind_of_information():
    info = pyspiel.GameType.Information
    assert pyspiel.load_game("trio_gyges").get_type().information == info.PERFECT_INFORMATION
    assert pyspiel.load_game("trio_triles").get_type().information == info.IMPERFECT_INFORMATION
    open_hands = pyspiel.load_game("trio_triles", {"variant": "open-hands"})
    assert open_hands.get_type().information == info.PERFECT_INFORMATION
    assert pyspiel.load_game("trio_orbit", {"players": 4}).num_players() == 4


def test_triles_observations_hide_the_other_hand():
    game = pyspiel.load_game("trio_triles")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    mover = state.current_player()
    mine = np.array(state.observation_tensor(mover))
    theirs = np.array(state.observation_tensor(1 - mover))
    assert not np.array_equal(mine, theirs)
    assert state.information_state_string(mover) != state.information_state_string(1 - mover)
    assert len(mine) == int(np.prod(game.observation_tensor_shape()))


def test_a_spec_loads_the_same_game():
    game = game_for_spec("orbit(players=3,turn-limit=50)")
    assert game.num_players() == 3
    assert game.get_parameters()["turn_limit"] == 50


@pytest.mark.parametrize(
    "spec", ["gyges(ply-limit=60)", "orbit(turn-limit=60)", "orbit(players=4,turn-limit=60)", "triles(variant=open-hands)"]
)
def test_openspiel_mcts_plays_each_game_to_the_end(spec):
    game = game_for_spec(spec)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bot.step(state))
    assert sum(state.returns()) == pytest.approx(0.0)
