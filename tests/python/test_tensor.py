"""Observation tensors: fixed shape, float32, and only what the player may see. Over random
games: a state resampled for the player (one he cannot tell apart) gives an equal tensor;
whenever what he sees changes along a game (his view), his tensor changes too; and of the
states a few actions or chance outcomes lead to, two give equal tensors exactly when they give
the player equal views (a drawn tile or card he sees tells them apart, one he does not see
must not)."""
import numpy as np
import pytest

import tafel
from conftest import rng, walk


def tensor_games():
    out = []
    for g in ["carcassonne(tatan=off,inns_cathedrals=off)", "carcassonne(players=3)",
              "targi", "tafelrunde2", "tafelrunde2(players=4)"]:
        try:
            tafel.load_game(g).observation_tensor_shape()
        except NotImplementedError:
            continue
        out.append(g)
    return out


@pytest.mark.parametrize("game_string", tensor_games())
def test_tensor_sees_exactly_the_view(game_string):
    game = tafel.load_game(game_string)
    shape = game.observation_tensor_shape()
    n = game.num_players()
    for seed in range(4):
        r = rng(seed)
        state = game.new_initial_state()
        last = [None] * n
        steps = 0
        while not state.is_terminal():
            for p in range(n):
                t = state.observation_tensor(p)
                assert t.dtype == np.float32 and t.shape == shape
                view = state.information_state_string(p)
                if last[p] is not None and last[p][0] != view:
                    assert not np.array_equal(last[p][1], t), \
                        f"player {p}'s view changed at step {steps}, his tensor did not"
                last[p] = (view, t)
                if steps % 5 == p % 5:
                    other = state.resample(p, seed * 7919 + steps)
                    assert np.array_equal(other.observation_tensor(p), t), \
                        f"step {steps}: player {p}'s tensor shows what he cannot see"
            if steps % 3 == 0:
                check_children(state, r)
            walk(state, r)
            steps += 1


def check_children(state, r):
    if state.is_chance_node():
        actions = [a for a, _ in state.chance_outcomes()]
    else:
        actions = state.legal_actions()
    children = []
    for a in r.sample(actions, min(6, len(actions))):
        c = state.clone()
        c.apply_action(a)
        children.append((a, c))
    for p in range(state.get_game().num_players()):
        seen = [(a, c.information_state_string(p), c.observation_tensor(p)) for a, c in children]
        for i, (a, v, t) in enumerate(seen):
            for b, w, u in seen[i + 1:]:
                assert (v == w) == np.array_equal(t, u), \
                    f"player {p}: after {a} and {b} the views are " + \
                    ("equal, the tensors not" if v == w else "not equal, the tensors are")


def test_tensor_refusals():
    for g in tensor_games():
        state = tafel.load_game(g).new_initial_state()
        with pytest.raises(ValueError, match="player"):
            state.observation_tensor(-1)
        with pytest.raises(ValueError, match="player"):
            state.observation_tensor(state.get_game().num_players())
