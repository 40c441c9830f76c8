"""_lib: the cffi declarations of include/tafel/flat.h and the loading of libtafel.so (ABI mode:
nothing is compiled at install time).

Which library is loaded, first match wins:
  1. the file named by the environment variable TAFEL_LIB;
  2. when this package sits in a tafel source tree (python/tafel), that tree's
     build/src/lib/libtafel.so.0 (what `make` builds);
  3. libtafel.so.0 through the system's loader (an installed copy: `make install`, then
     ldconfig or LD_LIBRARY_PATH).
"""
import os

import cffi

CDEF = """
typedef struct tafel_game tafel_game;
typedef struct tafel_bot tafel_bot;
const char *tafel_flat_version(void);
void tafel_flat_free_string(char *s);
char *tafel_flat_games_json(void);
tafel_game *tafel_flat_game_new(const char *spec, char *err, size_t errlen);
void tafel_flat_game_free(tafel_game *g);
char *tafel_flat_game_json(const tafel_game *g);
int tafel_flat_num_players(const tafel_game *g);
int tafel_flat_num_actions(const tafel_game *g);
int tafel_flat_max_legal(const tafel_game *g);
void *tafel_flat_state_new(const tafel_game *g);
void *tafel_flat_state_clone(const tafel_game *g, const void *state);
void tafel_flat_state_free(void *state);
int tafel_flat_state_equal(const tafel_game *g, const void *a, const void *b);
int tafel_flat_current_player(const tafel_game *g, const void *state);
int tafel_flat_legal_actions(const tafel_game *g, const void *state, int32_t *out);
int tafel_flat_chance_outcomes(const tafel_game *g, const void *state, int32_t *actions,
                               double *probs);
int tafel_flat_apply(const tafel_game *g, void *state, int32_t action, char *err, size_t errlen);
int32_t tafel_flat_sample_chance(const tafel_game *g, const void *state, uint64_t seed,
                                 char *err, size_t errlen);
int tafel_flat_action_to_string(const tafel_game *g, const void *state, int32_t action,
                                char *buf, size_t len, char *err, size_t errlen);
int tafel_flat_string_to_action(const tafel_game *g, const void *state, const char *text,
                                int32_t *action, char *err, size_t errlen);
void tafel_flat_returns(const tafel_game *g, const void *state, double *out);
void tafel_flat_scores(const tafel_game *g, const void *state, int *out);
char *tafel_flat_view_json(const tafel_game *g, const void *state, int viewer, char *err,
                           size_t errlen);
char *tafel_flat_render(const tafel_game *g, const void *state, int viewer, char *err,
                        size_t errlen);
uint64_t tafel_flat_info_hash(const tafel_game *g, const void *state, int viewer, char *err,
                              size_t errlen);
int tafel_flat_resample(const tafel_game *g, void *state, int viewer, uint64_t seed, char *err,
                        size_t errlen);
int tafel_flat_observation_shape(const tafel_game *g, int *shape);
long tafel_flat_observation_tensor(const tafel_game *g, const void *state, int player,
                                   float *out, size_t len, char *err, size_t errlen);
long long tafel_flat_random_games(const tafel_game *g, uint64_t first_seed, long games);
tafel_bot *tafel_flat_bot_new(const tafel_game *g, const char *spec, int player, uint64_t seed,
                              char *err, size_t errlen);
void tafel_flat_bot_free(tafel_bot *bot);
int32_t tafel_flat_bot_choose(tafel_bot *bot, const void *state, char *err, size_t errlen);
char *tafel_flat_record_load(const char *path, char *err, size_t errlen);
int tafel_flat_record_save(const char *json, const char *path, char *err, size_t errlen);
char *tafel_flat_record_normalize(const char *json, char *err, size_t errlen);
"""

ERR_LEN = 256      # TAFEL_ERR_LEN
TEXT_LEN = 128     # TAFEL_TEXT_LEN
CHANCE = -1        # TAFEL_CHANCE
TERMINAL = -2      # TAFEL_TERMINAL
REFUSED = -3       # TAFEL_FLAT_REFUSED


def _candidates():
    env = os.environ.get("TAFEL_LIB")
    if env:
        return [env]
    here = os.path.dirname(os.path.abspath(__file__))
    tree = os.path.dirname(os.path.dirname(here))
    found = []
    if os.path.exists(os.path.join(tree, "include", "tafel", "flat.h")):
        built = os.path.join(tree, "build", "src", "lib", "libtafel.so.0")
        if os.path.exists(built):
            found.append(built)
    found.append("libtafel.so.0")
    return found


ffi = cffi.FFI()
ffi.cdef(CDEF)


def _load():
    errors = []
    for name in _candidates():
        try:
            return ffi.dlopen(name), name
        except OSError as e:
            errors.append(f"{name}: {e}")
    raise ImportError("tafel: cannot load libtafel (build it with make, or set TAFEL_LIB): "
                      + "; ".join(errors))


lib, path = _load()
