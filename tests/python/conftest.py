"""Shared bits of the Python package's tests: the games under test and a seeded random walk."""
import random

import pytest

GAMES = ["carcassonne(tatan=off,inns_cathedrals=off)", "carcassonne", "targi",
         "tafelrunde2", "tafelrunde2(players=4)"]


@pytest.fixture(params=GAMES)
def game_string(request):
    return request.param


def walk(state, rng):
    """One uniformly random step (chance by its probabilities); the action applied."""
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        a = rng.choices(actions, probs)[0]
    else:
        a = rng.choice(state.legal_actions())
    state.apply_action(a)
    return a


def rng(seed):
    return random.Random(seed)
