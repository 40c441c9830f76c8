"""tafel: exact rules engines for Carcassonne, Targi and Die Tafelrunde 2, with OpenSpiel's
vocabulary, on libtafel.so through cffi (see docs/python.md; _lib.py says which library loads).

    game = tafel.load_game("carcassonne(tatan=off)")
    state = game.new_initial_state()
    while not state.is_terminal(): ...

Errors: a bad game string, an illegal action, bad notation, a player out of range or a refused
record raise ValueError with the engine's one-line reason; wrong argument types raise TypeError.
Nothing the engine is given from here can crash the interpreter: every call is checked in C.
"""
import json
import operator
import os
import random as _random
import threading

import numpy as np

from ._lib import CHANCE, ERR_LEN, REFUSED, TERMINAL, TEXT_LEN, ffi, lib
from ._lib import path as library_path

__all__ = ["CHANCE", "TERMINAL", "Bot", "Game", "Record", "State", "games", "load_game",
           "load_record", "random_games", "library_path", "version"]

_U64 = 1 << 64


def version():
    """The loaded libtafel's version."""
    return ffi.string(lib.tafel_flat_version()).decode()


def _take_string(p, err=None):
    """A char * the library allocated: decoded and freed; NULL raises ValueError(err)."""
    if p == ffi.NULL:
        raise ValueError(_err_text(err) if err is not None else "out of memory")
    try:
        return ffi.string(p).decode()
    finally:
        lib.tafel_flat_free_string(p)


def _err_text(err):
    return ffi.string(err).decode(errors="replace")


def _int(x, what):
    try:
        return operator.index(x)
    except TypeError:
        raise TypeError(f"{what} must be an integer, not {type(x).__name__}") from None


def _seed(seed):
    seed = _int(seed, "seed")
    if not 0 <= seed < _U64:
        raise ValueError(f"seed {seed} is not in 0 to 2**64-1")
    return seed


def _int32(x, what):
    x = _int(x, what)
    if not -(1 << 31) <= x < (1 << 31):
        raise ValueError(f"{what} {x} is out of range")
    return x


def _path(p):
    """A file path (str, bytes or os.PathLike) as the bytes the C library opens."""
    if not isinstance(p, (str, bytes, os.PathLike)):
        raise TypeError(f"path must be a str, bytes or os.PathLike, not {type(p).__name__}")
    b = os.fsencode(p)
    if b"\0" in b:
        raise ValueError("path contains a NUL character")
    return b


def _bytes(s, what):
    if not isinstance(s, str):
        raise TypeError(f"{what} must be a str, not {type(s).__name__}")
    b = s.encode()
    if b"\0" in b:
        raise ValueError(f"{what} contains a NUL character")
    return b


def games():
    """Every registered game with its parameters as `tafel list` shows them: a dict from name
    to {"long_name", "min_players", "max_players", "default_players", "params"}, where params
    maps each parameter's name to {"kind", "default", "help", and "min"/"max" or "choices"}."""
    out = {}
    for g in json.loads(_take_string(lib.tafel_flat_games_json())):
        g["params"] = {p.pop("name"): p for p in g["params"]}
        out[g.pop("name")] = g
    return out


class _Buffers(threading.local):
    """Per-thread scratch arrays of one game (cffi releases the GIL during calls)."""

    def __init__(self, max_legal):
        self.legal = ffi.new("int32_t[]", max_legal)
        self.probs = ffi.new("double[]", max_legal)
        self.err = ffi.new("char[]", ERR_LEN)
        self.text = ffi.new("char[]", TEXT_LEN)
        self.action = ffi.new("int32_t *")


class Game:
    """A loaded game: a game string's type and parameter values (load_game makes one)."""

    def __init__(self, spec):
        err = ffi.new("char[]", ERR_LEN)
        g = lib.tafel_flat_game_new(_bytes(spec, "game string"), err, ERR_LEN)
        if g == ffi.NULL:
            raise ValueError(_err_text(err))
        self._g = ffi.gc(g, lib.tafel_flat_game_free)
        info = json.loads(_take_string(lib.tafel_flat_game_json(self._g)))
        self._info = info
        self._num_players = info["num_players"]
        self._max_legal = info["max_legal"]
        self._shape = tuple(info["observation_shape"] or ())
        self._tensor_size = int(np.prod(self._shape)) if self._shape else 0
        self._buffers = _Buffers(self._max_legal)

    def __str__(self):
        return self._info["string"]

    def __repr__(self):
        return f"tafel.load_game({self._info['string']!r})"

    def name(self):
        return self._info["name"]

    def long_name(self):
        return self._info["long_name"]

    def get_parameters(self):
        """Every parameter's value, players included: {"players": 2, "tatan": False, ...}."""
        return dict(self._info["params"])

    def num_players(self):
        return self._num_players

    def num_distinct_actions(self):
        """Every action id, player or chance, lies in range(num_distinct_actions())."""
        return self._info["num_actions"]

    def max_legal_actions(self):
        return self._max_legal

    def observation_tensor_shape(self):
        if not self._shape:
            raise NotImplementedError(f"{self.name()} has no observation tensor")
        return self._shape

    def observation_tensor_size(self):
        return int(np.prod(self.observation_tensor_shape()))

    def new_initial_state(self):
        s = lib.tafel_flat_state_new(self._g)
        if s == ffi.NULL:
            raise MemoryError("tafel: no memory for a state")
        return State(self, ffi.gc(s, lib.tafel_flat_state_free), [])


def load_game(spec):
    """Load a game string such as "carcassonne(tatan=off)" (ValueError names what is wrong)."""
    if isinstance(spec, Game):
        return spec
    return Game(spec)


class State:
    """A game state (OpenSpiel's vocabulary). Player numbers are 0..num_players-1; the current
    player is tafel.CHANCE (-1) at a chance node and tafel.TERMINAL (-2) at the end."""

    __slots__ = ("_game", "_s", "_player", "_history")

    def __init__(self, game, s, history):
        self._game = game
        self._s = s
        self._history = history
        self._player = lib.tafel_flat_current_player(game._g, s)

    def get_game(self):
        return self._game

    def current_player(self):
        return self._player

    def is_chance_node(self):
        return self._player == CHANCE

    def is_terminal(self):
        return self._player == TERMINAL

    def legal_actions(self, player=None):
        """Legal actions of the player to act, ascending ([] at chance and terminal nodes, and
        for any other player)."""
        if player is not None and _int(player, "player") != self._player:
            return []
        b = self._game._buffers
        n = lib.tafel_flat_legal_actions(self._game._g, self._s, b.legal)
        return ffi.unpack(b.legal, n)

    def chance_outcomes(self):
        """[(action, probability), ...] at a chance node, else []."""
        b = self._game._buffers
        n = lib.tafel_flat_chance_outcomes(self._game._g, self._s, b.legal, b.probs)
        return list(zip(ffi.unpack(b.legal, n), ffi.unpack(b.probs, n)))

    def apply_action(self, action):
        """Apply a legal action or possible chance outcome; ValueError (state unchanged)
        otherwise."""
        action = _int32(action, "action")
        b = self._game._buffers
        p = lib.tafel_flat_apply(self._game._g, self._s, action, b.err, ERR_LEN)
        if p == REFUSED:
            raise ValueError(_err_text(b.err))
        self._player = p
        if self._history is not None:
            self._history.append(action)

    def sample_chance(self, seed):
        """A chance outcome drawn with the engine's generator seeded by seed (not applied)."""
        b = self._game._buffers
        a = lib.tafel_flat_sample_chance(self._game._g, self._s, _seed(seed), b.err, ERR_LEN)
        if a < 0:
            raise ValueError(_err_text(b.err))
        return a

    def action_to_string(self, *args):
        """action_to_string(action) or OpenSpiel's action_to_string(player, action): the
        notation of a legal action (or chance outcome) here."""
        if len(args) not in (1, 2):
            raise TypeError("action_to_string(action) or action_to_string(player, action)")
        action = _int32(args[-1], "action")
        b = self._game._buffers
        n = lib.tafel_flat_action_to_string(self._game._g, self._s, action, b.text, TEXT_LEN,
                                            b.err, ERR_LEN)
        if n < 0:
            raise ValueError(_err_text(b.err))
        return ffi.string(b.text).decode()

    def string_to_action(self, *args):
        """string_to_action(text) or string_to_action(player, text): the legal action the
        notation names; ValueError with the reason otherwise."""
        if len(args) not in (1, 2):
            raise TypeError("string_to_action(text) or string_to_action(player, text)")
        text = _bytes(args[-1], "action text")
        b = self._game._buffers
        if lib.tafel_flat_string_to_action(self._game._g, self._s, text, b.action, b.err,
                                           ERR_LEN):
            raise ValueError(_err_text(b.err))
        return b.action[0]

    def returns(self):
        """Per player: 1 for a sole winner, a shared win split, 0 otherwise; all 0 before the
        end."""
        out = ffi.new("double[]", self._game._num_players)
        lib.tafel_flat_returns(self._game._g, self._s, out)
        return list(out)

    def scores(self):
        """Per player the score as the game counts it (points, gems, ...)."""
        out = ffi.new("int[]", self._game._num_players)
        lib.tafel_flat_scores(self._game._g, self._s, out)
        return list(out)

    def history(self):
        """Every action applied since new_initial_state(), chance outcomes included.
        ValueError for a state made by resample() (or a clone of one): its hidden parts were
        drawn, not played, so no list of actions leads to it."""
        if self._history is None:
            raise ValueError("a resampled state has no history: its hidden parts were drawn, "
                             "not played")
        return list(self._history)

    def clone(self):
        s = lib.tafel_flat_state_clone(self._game._g, self._s)
        if s == ffi.NULL:
            raise MemoryError("tafel: no memory for a state")
        history = None if self._history is None else list(self._history)
        return State(self._game, ffi.gc(s, lib.tafel_flat_state_free), history)

    # copy.copy and copy.deepcopy clone: a shallow copy would share the engine's state
    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def __eq__(self, other):
        if not isinstance(other, State) or str(other._game) != str(self._game):
            return NotImplemented
        return bool(lib.tafel_flat_state_equal(self._game._g, self._s, other._s))

    __hash__ = None

    def _viewer(self, player, spectator_ok=True):
        player = _int(player, "player")
        lo = -1 if spectator_ok else 0
        if not lo <= player < self._game._num_players:
            raise ValueError(f"player {player} is not {lo} to {self._game._num_players - 1}")
        return player

    def view(self, player):
        """Everything player (or -1, a spectator) may see, as a dict (the engine's JSON view)."""
        return json.loads(self.information_state_string(player))

    def information_state_string(self, player):
        """The engine's view of player (-1: a spectator) as canonical JSON (sorted keys): what
        the bots' search treats as his information state."""
        b = self._game._buffers
        p = lib.tafel_flat_view_json(self._game._g, self._s, self._viewer(player), b.err,
                                     ERR_LEN)
        return _take_string(p, b.err)

    def observation_string(self, player):
        """The game's text drawing of what player (-1: a spectator) sees, without colours."""
        b = self._game._buffers
        p = lib.tafel_flat_render(self._game._g, self._s, self._viewer(player), b.err, ERR_LEN)
        return _take_string(p, b.err)

    def information_state_hash(self, player):
        """The engine's hash of player's information state: equal for states he cannot tell
        apart."""
        b = self._game._buffers
        return lib.tafel_flat_info_hash(self._game._g, self._s, self._viewer(player), b.err,
                                        ERR_LEN)

    def resample(self, player, seed):
        """A new state player cannot tell from this one: everything he cannot see reassigned
        at random (seeded), consistent with what he has seen. This state is unchanged."""
        viewer = self._viewer(player)
        other = self.clone()
        b = self._game._buffers
        if lib.tafel_flat_resample(self._game._g, other._s, viewer, _seed(seed), b.err,
                                   ERR_LEN):
            raise ValueError(_err_text(b.err))
        other._player = lib.tafel_flat_current_player(self._game._g, other._s)
        other._history = None
        return other

    def observation_tensor(self, player):
        """What player may see as a float32 array of game.observation_tensor_shape() (layout in
        docs/python.md)."""
        shape = self._game.observation_tensor_shape()
        player = self._viewer(player, spectator_ok=False)
        out = np.zeros(shape, dtype=np.float32)
        b = self._game._buffers
        buf = ffi.from_buffer("float[]", out)
        if lib.tafel_flat_observation_tensor(self._game._g, self._s, player, buf, out.size,
                                             b.err, ERR_LEN) < 0:
            raise ValueError(_err_text(b.err))
        return out

    def __str__(self):
        return self.observation_string(-1)


def random_games(game, n, seed=0):
    """Play n uniformly random games in C (game i seeded with seed + i); the total number of
    actions, the fingerprint `tafel bench` prints."""
    game = load_game(game)
    n = _int(n, "n")
    if not 0 <= n < (1 << 63):
        raise ValueError(f"n={n} is not in 0 to 2**63-1")
    return lib.tafel_flat_random_games(game._g, _seed(seed), n)


class Bot:
    """A bot of a spec from `tafel list`/bot.h ("random", "greedy", "mcts(iters=1000)") playing
    seat `seat`. step(state) returns its choice (not applied) when it is that seat's turn."""

    def __init__(self, spec, seat, seed=0, game=None):
        self._spec = _bytes(spec, "bot spec")
        self._seat = _int32(seat, "seat")
        self._seed = _seed(seed)
        self._game = None
        self._bot = None
        if game is not None:
            self._make(load_game(game))

    def _make(self, game):
        err = ffi.new("char[]", ERR_LEN)
        bot = lib.tafel_flat_bot_new(game._g, self._spec, self._seat, self._seed, err, ERR_LEN)
        if bot == ffi.NULL:
            raise ValueError(_err_text(err))
        self._game = game   # the C bot points into it
        self._bot = ffi.gc(bot, lib.tafel_flat_bot_free)

    def step(self, state):
        if not isinstance(state, State):
            raise TypeError(f"step needs a tafel.State, not {type(state).__name__}")
        if self._bot is None:
            self._make(state._game)
        elif str(state._game) != str(self._game):
            raise ValueError(f"this bot plays {self._game}, not {state._game}")
        err = ffi.new("char[]", ERR_LEN)
        a = lib.tafel_flat_bot_choose(self._bot, state._s, err, ERR_LEN)
        if a < 0:
            raise ValueError(_err_text(err))
        return a

    def __repr__(self):
        return f"tafel.Bot({self._spec.decode()!r}, {self._seat})"


class Record:
    """A game record (docs/records.md): game string, seats, seed, actions, result. Every record
    made, loaded or saved here is checked by replaying it in the engine."""

    def __init__(self, game, actions, seats=None, seed=0):
        root = {"format": "tafel-record", "version": 1, "game": str(load_game(game)),
                "actions": [_int(a, "action") for a in actions], "seed": str(_seed(seed))}
        if seats is not None:
            if isinstance(seats, (str, bytes)) or not all(isinstance(s, str) for s in seats):
                raise TypeError("seats must be a list of str")
            root["seats"] = list(seats)
        self._set(_normalize(root))

    def _set(self, root):
        self.json = root
        self.game = root["game"]
        self.seats = list(root.get("seats", []))
        self.seed = int(root.get("seed", 0))
        self.actions = [a["a"] for a in root["actions"]]
        self.notation = [a["t"] for a in root["actions"]]
        result = root.get("result")
        self.scores = result["scores"] if result else None
        self.returns = result["returns"] if result else None
        # The seat that gave up, when the game ended by resignation (the server's records).
        self.resigned = result.get("resigned") if result else None

    @classmethod
    def from_state(cls, state, seats=None, seed=0):
        """The record of everything applied to state since new_initial_state()."""
        return cls(state.get_game(), state.history(), seats, seed)

    def replay(self):
        """The state after the record's actions."""
        state = load_game(self.game).new_initial_state()
        for a in self.actions:
            state.apply_action(a)
        return state

    def save(self, path):
        err = ffi.new("char[]", ERR_LEN)
        if lib.tafel_flat_record_save(json.dumps(self.json).encode(),
                                      _path(path), err, ERR_LEN):
            raise ValueError(_err_text(err))


def _normalize(root):
    err = ffi.new("char[]", ERR_LEN)
    return json.loads(_take_string(lib.tafel_flat_record_normalize(json.dumps(root).encode(),
                                                                   err, ERR_LEN), err))


def load_record(path):
    """Load and check a record file (ValueError with the reason if it does not replay)."""
    err = ffi.new("char[]", ERR_LEN)
    rec = Record.__new__(Record)
    rec._set(json.loads(_take_string(lib.tafel_flat_record_load(_path(path), err, ERR_LEN),
                                     err)))
    return rec


def play_random(game, seed=0):
    """A uniformly random game driven step by step from Python (the pattern of python/bench.py);
    the final state."""
    rng = _random.Random(seed)
    state = load_game(game).new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state
