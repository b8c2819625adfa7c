"""Random playouts through trio_games, for the speed figures of docs/python.md: games and
actions per second of `playouts` (the loop inside Rust) and of the same games played step
by step through the Python state API, each measured `--runs` times (mean and range).

    python crates/python/benches/speed.py [--runs 5] [--seconds 2]

Compare `playouts` with the Rust benches of the same loop: `cargo bench -p trio-orbit
--bench playouts` and `cargo bench -p trio-triles --bench playouts` (games per second).
"""

import argparse
import random
import statistics
import time

import trio_games


def python_playouts(game, seconds, seed):
    """Random games through the state API until `seconds` have passed: (games, actions, s)."""
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state()
        while (player := state.current_player()) != trio_games.TERMINAL:
            if player == trio_games.CHANCE:
                outcomes = state.chance_outcomes()
                codes = [c for c, _ in outcomes]
                state.apply(rng.choices(codes, weights=[p for _, p in outcomes])[0])
            else:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - start


def rust_playouts(spec, seconds, seed):
    """`playouts` in batches until `seconds` have passed: (games, actions, s)."""
    games = actions = 0
    batch = 1
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        counted = trio_games.playouts(spec, batch, seed + games)
        games += counted["games"]
        actions += counted["actions"]
        batch *= 2
    return games, actions, time.perf_counter() - start


def summary(rates):
    return f"{statistics.mean(rates):,.0f} (range {min(rates):,.0f}-{max(rates):,.0f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("specs", nargs="*", default=["gyges", "triles", "orbit"])
    args = parser.parse_args()
    for spec in args.specs:
        game = trio_games.Game(spec)
        rust = [rust_playouts(spec, args.seconds, run) for run in range(args.runs)]
        python = [python_playouts(game, args.seconds, run) for run in range(args.runs)]
        print(f"{spec}:")
        print(f"  playouts     games/s {summary([g / s for g, _, s in rust])}, actions/s {summary([a / s for _, a, s in rust])}")
        print(f"  Python API   games/s {summary([g / s for g, _, s in python])}, actions/s {summary([a / s for _, a, s in python])}")


if __name__ == "__main__":
    main()
