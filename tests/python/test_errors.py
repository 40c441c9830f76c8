"""Bad input from Python: every refusal is an exception with the engine's one-line reason and
changes nothing; nothing crashes the interpreter."""
import pytest

import tafel


@pytest.mark.parametrize("spec, words", [
    ("chess", "unknown game 'chess'"),
    ("carcassonne(tatan=maybe)", "tatan=maybe"),
    ("carcassonne(colour=red)", "unknown parameter 'colour'"),
    ("targi(players=5)", "players=5"),
    ("targi(players", "bad game string"),
    ("", "bad game string"),
    ("x" * 100000, "bad game string"),
])
def test_bad_game_strings(spec, words):
    with pytest.raises(ValueError, match=None) as e:
        tafel.load_game(spec)
    assert words in str(e.value) and "\n" not in str(e.value)


def test_bad_types_and_values():
    with pytest.raises(TypeError):
        tafel.load_game(None)
    with pytest.raises(ValueError):
        tafel.load_game("targi\0(players=2)")
    state = tafel.load_game("targi").new_initial_state()
    for bad in ("1", None, 1.5, [1]):
        with pytest.raises(TypeError):
            state.apply_action(bad)
    for bad in (-1, 1 << 31, -(1 << 40), 1 << 70):
        with pytest.raises(ValueError):
            state.apply_action(bad)
    assert state.history() == []
    with pytest.raises(ValueError, match="not legal"):
        state.action_to_string(10 ** 6)
    with pytest.raises(ValueError):
        state.string_to_action("no such move")
    with pytest.raises(TypeError):
        state.string_to_action(42)
    for p in (2, -2, 1000):
        with pytest.raises(ValueError, match="player"):
            state.view(p)
        with pytest.raises(ValueError, match="player"):
            state.resample(p, 1)
    with pytest.raises(ValueError):
        state.resample(0, -1)
    with pytest.raises(ValueError):
        tafel.random_games("targi", -1)
    with pytest.raises(ValueError, match="not a chance node"):
        tafel.play_random("targi", 0).sample_chance(1)
    # numbers too large for C are ValueError, like other out-of-range values, not OverflowError
    with pytest.raises(ValueError, match="seat"):
        tafel.Bot("random", 1 << 40, game="targi")
    with pytest.raises(ValueError):
        tafel.random_games("targi", 1 << 70)
    with pytest.raises(TypeError):
        state.legal_actions("x")


def test_bad_paths_and_seats(tmp_path):
    rec = tafel.Record.from_state(tafel.play_random("targi", 1))
    for bad in (None, 3, ["a"]):
        with pytest.raises(TypeError):
            rec.save(bad)
        with pytest.raises(TypeError):
            tafel.load_record(bad)
    with pytest.raises(ValueError, match="NUL"):
        rec.save(str(tmp_path / "a\0b"))
    # str, bytes and pathlib paths name the same file
    rec.save(tmp_path / "r.json")
    assert tafel.load_record(bytes(tmp_path / "r.json")).actions == rec.actions
    assert tafel.load_record(str(tmp_path / "r.json")).actions == rec.actions
    game = tafel.load_game("targi")
    for bad in ("ab", [None, None], [1, 2], b"ab"):
        with pytest.raises(TypeError, match="seats"):
            tafel.Record(game, [], seats=bad)


def test_illegal_action_message():
    state = tafel.play_random("carcassonne", 3)
    with pytest.raises(ValueError, match="the game is over"):
        state.apply_action(0)
    state = tafel.load_game("carcassonne(tatan=off)").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    legal = set(state.legal_actions())
    bad = next(a for a in range(10000) if a not in legal)
    before = state.clone()
    with pytest.raises(ValueError, match=f"action {bad} is not legal for player"):
        state.apply_action(bad)
    assert state == before
