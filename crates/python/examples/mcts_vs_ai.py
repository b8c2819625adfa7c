"""OpenSpiel's MCTS bot against the trio AI at level 2, over a match of games with the
seats swapped every game; prints each game's result and the MCTS bot's score.

    python crates/python/examples/mcts_vs_ai.py [--spec "triles(variant=open-hands)"]
        [--games 20] [--simulations 100] [--level 2] [--seed 1]

The MCTS bot sees the whole state, so the default game is Triles with open hands, a game
of perfect information with chance (the draws); the AI decides from its seat's view alone.
"""

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import trio_games
from trio_games.openspiel import game_for_spec


def play(game, mcts_bot, agent, mcts_seat, rng):
    """One game; gives the MCTS bot's return."""
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if player == pyspiel.PlayerId.CHANCE:
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        elif player == mcts_seat:
            state.apply_action(mcts_bot.step(state))
        else:
            state.apply_action(agent.choose(state.trio))
    return state.returns()[mcts_seat]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="triles(variant=open-hands)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--level", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = game_for_spec(args.spec)
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=args.simulations, evaluator=evaluator, random_state=rng)
    agent = game.trio.agent(f"ai:{args.level}", seed=args.seed)
    score = 0.0
    for i in range(args.games):
        seat = i % game.num_players()
        result = play(game, bot, agent, seat, rng)
        # A return of 1 is a win (score 1), -1 a loss (0), 0 a draw (0.5).
        score += (result + 1) / 2
        print(f"game {i + 1}: MCTS in seat {seat}, return {result:+.0f}")
    print(f"MCTS ({args.simulations} simulations) against ai:{args.level} in {trio_games.Game(args.spec).spec}: "
          f"{score:g} of {args.games}")


if __name__ == "__main__":
    main()
