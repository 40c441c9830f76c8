"""Bots through tafel.Bot(spec, seat).step(state), and records: save, load, replay, refusals."""
import json

import pytest

import tafel
from conftest import rng


def play_bots(game_string, specs, seed):
    game = tafel.load_game(game_string)
    bots = [tafel.Bot(s, p, seed=seed) for p, s in enumerate(specs)]
    state = game.new_initial_state()
    choices = []
    while not state.is_terminal():
        if state.is_chance_node():
            a = state.sample_chance(seed + len(state.history()))
        else:
            a = bots[state.current_player()].step(state)
            assert a in state.legal_actions()
            choices.append(a)
        state.apply_action(a)
    return state, choices


@pytest.mark.parametrize("game_string", ["carcassonne(tatan=off,inns_cathedrals=off)", "targi",
                                         "tafelrunde2"])
def test_bots_play_to_the_end(game_string):
    specs = ["mcts(iters=30,threads=1)", "greedy"]
    state, choices = play_bots(game_string, specs, 7)
    assert abs(sum(state.returns()) - 1) < 1e-9
    # A fixed iteration budget and seed give the same game again.
    assert play_bots(game_string, specs, 7)[1] == choices


def test_bot_refusals():
    with pytest.raises(ValueError, match="unknown bot"):
        tafel.Bot("cleverest", 0, game="targi")
    with pytest.raises(ValueError):
        tafel.Bot("mcts(iters=-3)", 0, game="targi")
    with pytest.raises(ValueError):
        tafel.Bot("human", 0, game="targi")
    with pytest.raises(ValueError, match="player 2"):
        tafel.Bot("random", 2, game="targi")
    state = tafel.load_game("targi").new_initial_state()
    bot = tafel.Bot("random", 0)
    with pytest.raises(ValueError, match="chance"):
        bot.step(state)
    while state.is_chance_node() or state.current_player() == 0:
        state.apply_action(state.legal_actions()[0] if not state.is_chance_node()
                           else state.chance_outcomes()[0][0])
    with pytest.raises(ValueError, match="turn"):
        bot.step(state)
    with pytest.raises(ValueError, match="plays targi"):
        bot.step(tafel.load_game("tafelrunde2").new_initial_state())
    with pytest.raises(TypeError):
        bot.step("state")


def test_records_round_trip(tmp_path):
    state = tafel.play_random("tafelrunde2(players=3)", seed=4)
    rec = tafel.Record.from_state(state, seats=["human", "random", "greedy"], seed=99)
    assert rec.scores == state.scores() and rec.returns == state.returns()
    path = tmp_path / "game.json"
    rec.save(path)
    assert json.loads(path.read_text())["format"] == "tafel-record"
    back = tafel.load_record(path)
    assert back.actions == state.history() and back.seed == 99
    assert back.seats == ["human", "random", "greedy"] and back.game == str(state.get_game())
    assert back.notation[0] == rec.notation[0]
    assert back.replay() == state
    # Unfinished games record too, without a result.
    half = tafel.load_game("targi").new_initial_state()
    r = rng(1)
    for _ in range(30):
        acts = half.legal_actions() or [a for a, _ in half.chance_outcomes()]
        half.apply_action(r.choice(acts))
    part = tafel.Record.from_state(half)
    assert part.scores is None and part.replay() == half and part.resigned is None
    # A resignation's result (as the server writes it): checked on load, the seat kept.
    doc = dict(part.json)
    scores = half.scores()
    doc["result"] = {"scores": scores, "returns": [0.0, 1.0], "resigned": 0}
    path = tmp_path / "resigned.json"
    path.write_text(json.dumps(doc))
    back = tafel.load_record(path)
    assert back.resigned == 0 and back.scores == scores and back.returns == [0.0, 1.0]
    doc["result"]["returns"] = [1.0, 0.0]
    path.write_text(json.dumps(doc))
    with pytest.raises(ValueError, match="resignation"):
        tafel.load_record(path)


def test_record_refusals(tmp_path):
    state = tafel.play_random("targi", seed=2)
    actions = state.history()
    bad = list(actions)
    bad[5] = 10 ** 6
    with pytest.raises(ValueError, match="action 5"):
        tafel.Record("targi", bad)
    with pytest.raises(ValueError, match="seats"):
        tafel.Record("targi", actions, seats=["random"] * 3)
    with pytest.raises(ValueError):
        tafel.load_record(tmp_path / "missing.json")
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json")
    with pytest.raises(ValueError):
        tafel.load_record(garbage)
    rec = tafel.Record.from_state(state)
    doc = dict(rec.json)
    doc["result"] = {"scores": [s + 1 for s in rec.scores], "returns": rec.returns}
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(doc))
    with pytest.raises(ValueError, match="result"):
        tafel.load_record(tampered)
    with pytest.raises(ValueError, match="cannot write"):
        rec.save(tmp_path / "no" / "such" / "dir.json")
