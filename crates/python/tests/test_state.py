"""The state API checked against the Rust tests' own fixtures: the perft counts of every
game's .perft files and the golden playthroughs, replayed through trio_games alone."""

import json
import re

import numpy as np
import pytest

import trio_games
from conftest import ROOT

# Counts above this are skipped: Python walks the tree one state at a time.
PERFT_NODE_LIMIT = 60_000


def perft_cases():
    """Every (game, id, options, position, depth, count) of the three games' perft files."""
    for kind, name in [("gyges", "start"), ("orbit", "start"), ("triles", "positions")]:
        path = ROOT / "crates" / kind / "tests" / f"{name}.perft"
        case_id, options, position = None, None, None
        for raw in path.read_text().splitlines():
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            key, _, value = line.partition(" ")
            value = value.strip()
            if key == "id":
                case_id, options = value, None
            elif key == "options":
                options = value
            elif key == "position":
                position = value
            elif key == "perft":
                depth, count = (int(v) for v in value.split())
                if count <= PERFT_NODE_LIMIT:
                    yield pytest.param(kind, options, position, depth, count, id=f"{kind}-{case_id}-{depth}")


def spec_of(kind, options, position):
    """The spec the Rust perft tests build from an `options` line."""
    if kind == "gyges":
        return f"gyges(variant={options or 'seed'})"
    if kind == "triles":
        return f"triles(variant={'+'.join(options.split())})" if options else "triles"
    args = [f"players={len(position.split()[0])}"] if not position.startswith("?") else []
    for option in (options or "").split():
        name, value = option.split("=")
        args.append(f"{name.replace('_', '-')}={value}")
    return f"orbit({','.join(args)})" if args else "orbit"


def perft(state, depth):
    """Lines of exactly `depth` actions, through legal_actions, clone and apply."""
    if depth == 0:
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


@pytest.mark.parametrize("kind,options,position,depth,count", list(perft_cases()))
def test_perft_counts_match_the_rust_files(kind, options, position, depth, count):
    game = trio_games.Game(spec_of(kind, options, position))
    assert perft(game.state_from_position(position), depth) == count


GOLDEN = [
    ("gyges", "seed5-opening", "gyges(variant=seed)"),
    ("gyges", "official-middle", "gyges(variant=official)"),
    ("orbit", "three-players-seed4-opening", "orbit(players=3)"),
    ("orbit", "endgame-seed2", "orbit"),
    ("triles", "seed7", "triles"),
    ("triles", "open-hands-seed3", "triles(variant=open-hands)"),
]


@pytest.mark.parametrize("kind,name,spec", GOLDEN, ids=[g[1] for g in GOLDEN])
def test_golden_games_replay_with_the_same_views(kind, name, spec):
    game = trio_games.Game(spec)
    lines = [json.loads(l) for l in (ROOT / "crates" / kind / "tests" / "golden" / f"{name}.jsonl").read_text().splitlines()]
    fresh = game.new_state()
    state = fresh if fresh.position() == lines[0]["position"] else game.state_from_position(lines[0]["position"])
    seats = [game.seat_name(s) for s in range(game.num_players)]
    for line in lines:
        assert state.position() == line["position"]
        assert len(state.legal_actions()) == line["legal"]
        player = state.current_player()
        turn = "chance" if player == trio_games.CHANCE else "over" if player == trio_games.TERMINAL else seats[player]
        assert turn == line["turn"]
        for s, seat in enumerate(seats):
            assert json.loads(state.view_json(s)) == line["views"][seat]
        assert json.loads(state.view_json()) == line["views"]["spectator"]
        if "action" in line:
            code = state.apply_notation(line["action"])
            assert state.history()[-1] == code
    if "result" in lines[-1]:
        assert state.is_terminal()


def play_random(game, seed):
    rng = np.random.default_rng(seed)
    state = game.new_state()
    while not state.is_terminal():
        if state.is_chance_node():
            codes, probs = zip(*state.chance_outcomes())
            state.apply(int(rng.choice(codes, p=np.array(probs) / sum(probs))))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.integers(len(legal))])
    return state


@pytest.mark.parametrize("spec", ["gyges", "orbit(players=4)", "triles(variant=open-pool)"])
def test_a_random_game_keeps_its_invariants(spec):
    game = trio_games.Game(spec)
    state = play_random(game, 1)
    assert sum(state.returns()) == pytest.approx(0.0)
    assert state.ranks() is not None
    assert len(state.history()) <= game.max_game_length
    # The record replays to the same state.
    _, replayed = trio_games.Game.from_record(state.to_record())
    assert replayed == state
    assert replayed.position() == state.position()


def test_undo_and_clone_give_back_the_state():
    game = trio_games.Game("orbit(players=3)")
    state = game.new_state()
    for _ in range(30):
        state.apply(state.legal_actions()[-1])
    before = state.clone()
    code = state.legal_actions()[0]
    state.apply(code)
    assert state != before
    state.undo()
    assert state == before and state.legal_actions() == before.legal_actions()


def test_notation_and_codes_agree():
    game = trio_games.Game("gyges(variant=official)")
    state = game.new_state()
    for code, text in state.legal_actions_notation():
        assert state.action_to_string(code) == text
    assert all(0 <= c < game.num_actions for c in state.legal_actions())
    with pytest.raises(ValueError):
        state.apply(game.num_actions)
    with pytest.raises(ValueError):
        state.apply_notation("b1-d3")


def test_chance_outcomes_sum_to_one():
    state = trio_games.Game("triles").new_state()
    assert state.current_player() == trio_games.CHANCE
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)


def test_a_hidden_hand_is_not_in_the_other_seats_view():
    game = trio_games.Game("triles")
    state = game.new_state()
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    mine = state.observation(state.current_player())
    assert mine.shape == tuple(game.observation_shape) and mine.dtype == np.float32
    other = json.loads(state.view_json(1 - state.current_player()))
    assert other["hand"] != json.loads(state.view_json(state.current_player()))["hand"]


def test_spec_errors_are_value_errors():
    with pytest.raises(ValueError, match="chess"):
        trio_games.Game("chess")
    with pytest.raises(ValueError):
        trio_games.Game("orbit(players=7)")


def test_agents_play_legal_moves():
    game = trio_games.Game("gyges")
    state = game.new_state()
    agent = game.agent("ai:1", seed=3)
    for _ in range(4):
        code = agent.choose(state)
        assert code in state.legal_actions()
        state.apply(code)
    assert re.match(r"Agent\(\"ai:1\"\)", repr(agent))


def test_playouts_count_whole_games():
    counted = trio_games.playouts("orbit", 20, seed=1)
    assert counted["games"] == 20
    assert sum(counted["scores"]) == pytest.approx(20.0)
    assert counted["actions"] > 20
    assert trio_games.playouts("orbit", 20, seed=1) == counted
