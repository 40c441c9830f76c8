"""The C checks' random-game invariants, driven from Python: legal actions sorted and applying,
illegal ids refused without a change, notation round trips, chance distributions, returns at
the end, views kept by resample; and tafel.random_games against the C bench's fingerprint."""
import copy

import pytest

import tafel
from conftest import rng, walk


def check_step(state, r):
    game = state.get_game()
    n = game.num_players()
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert outcomes and state.legal_actions() == []
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        assert all(p > 0 for _, p in outcomes)
        ids = [a for a, _ in outcomes]
        assert ids == sorted(set(ids))
        a = ids[r.randrange(len(ids))]
        assert state.string_to_action(state.action_to_string(a)) == a
        return
    legal = state.legal_actions()
    assert legal and legal == sorted(set(legal))
    assert all(0 <= a < game.num_distinct_actions() for a in legal)
    assert state.chance_outcomes() == []
    assert state.legal_actions((state.current_player() + 1) % n) == [] or n == 1
    for a in r.sample(legal, min(4, len(legal))):
        text = state.action_to_string(a)
        assert state.string_to_action(text) == a
        assert state.string_to_action(state.current_player(), text) == a
        after = state.clone()
        after.apply_action(a)
        assert after.history() == state.history() + [a]
    legal_set = set(legal)
    illegal = [a for a in (-1, 0, 1, 7, game.num_distinct_actions() - 1,
                           game.num_distinct_actions(), 1 << 20) if a not in legal_set]
    before = state.clone()
    for a in illegal:
        try:
            state.apply_action(a)
        except ValueError as e:
            assert str(e)
        else:
            raise AssertionError(f"illegal action {a} applied")
        assert state == before and state.history() == before.history()
    assert state.returns() == [0.0] * n


def test_random_games_invariants(game_string):
    game = tafel.load_game(game_string)
    for seed in range(3):
        r = rng(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            check_step(state, r)
            if steps % 17 == 0:
                p = r.randrange(-1, game.num_players())
                other = state.resample(p, seed * 1000 + steps)
                assert other.view(p) == state.view(p)
                assert other.information_state_hash(p) == state.information_state_hash(p)
                assert other.current_player() == state.current_player()
                # drawn, not played: no history that a record could replay
                with pytest.raises(ValueError, match="resampled"):
                    other.history()
                with pytest.raises(ValueError, match="resampled"):
                    tafel.Record.from_state(other.clone())
            walk(state, r)
            steps += 1
        assert state.legal_actions() == [] and state.chance_outcomes() == []
        ret = state.returns()
        assert len(ret) == game.num_players()
        assert all(0 <= x <= 1 for x in ret) and abs(sum(ret) - 1) < 1e-9
        best = max(state.scores())
        assert all(x == 0 for x, s in zip(ret, state.scores()) if s < best)
        try:
            state.apply_action(0)
        except ValueError as e:
            assert "over" in str(e)
        else:
            raise AssertionError("an action applied after the end")


def test_random_games_fingerprint_matches_c():
    # `tafel bench 'carcassonne(tatan=off,inns_cathedrals=off)' --games 200` prints 33086.
    assert tafel.random_games("carcassonne(tatan=off,inns_cathedrals=off)", 200, 0) == 33086
    g = tafel.load_game("targi")
    assert tafel.random_games(g, 20, 5) == tafel.random_games(g, 20, 5)
    assert tafel.random_games(g, 0) == 0


def test_game_metadata():
    games = tafel.games()
    assert set(games) == {"carcassonne", "targi", "tafelrunde2"}
    tatan = games["carcassonne"]["params"]["tatan"]
    assert tatan["kind"] == "enum" and tatan["default"] in tatan["choices"] and tatan["help"]
    g = tafel.load_game("tafelrunde2(players=3)")
    assert g.num_players() == 3 and g.get_parameters()["players"] == 3
    assert str(g).startswith("tafelrunde2(players=3,")
    assert str(tafel.load_game(str(g))) == str(g)


def test_view_and_strings():
    state = tafel.play_random("targi", seed=1)
    for p in (-1, 0, 1):
        v = state.view(p)
        assert isinstance(v, dict) and v
        assert state.observation_string(p)
    s = tafel.load_game("targi").new_initial_state()
    assert s.is_chance_node() and s.current_player() == tafel.CHANCE
    a = s.sample_chance(3)
    assert a == s.sample_chance(3) and a in [x for x, _ in s.chance_outcomes()]


def test_copy_is_a_clone():
    state = tafel.load_game("targi").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before = state.clone()
    for c in (copy.copy(state), copy.deepcopy(state)):
        c.apply_action(c.legal_actions()[0])
        assert c != state and state == before
        assert state.history() == before.history()
        assert state.current_player() == before.current_player()
        assert state.legal_actions() == before.legal_actions()
