/* match.c: a game being played: seats, state, chance rng, record, checked turn flow. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tafel/match.h"

struct tafel_match {
    tafel_game game;
    char seats[TAFEL_MAX_PLAYERS][128];
    tafel_bot *bots[TAFEL_MAX_PLAYERS];
    uint64_t seed;
    tafel_rng chance;
    tafel_record rec;
    int resigned;
    tafel_match_observer observer;
    void *observer_ctx;
    unsigned char *state, *before;
};

tafel_match *tafel_match_new_game(const tafel_game *g, const char *const *seats, uint64_t seed,
                                  const uint64_t *bot_seeds, char *err, size_t errlen)
{
    tafel_match *m = calloc(1, sizeof *m);
    if (!m)
        abort();
    m->game = *g;
    m->seed = seed;
    m->resigned = -1;
    tafel_rng_seed(&m->chance, seed);
    tafel_record_init(&m->rec);
    tafel_game_to_string(&m->game, m->rec.game, sizeof m->rec.game);
    m->rec.num_seats = g->num_players;
    m->rec.seed = seed;
    m->state = malloc(g->type->state_size);
    m->before = malloc(g->type->state_size);
    if (!m->state || !m->before)
        abort();
    for (int p = 0; p < g->num_players; p++) {
        if (strlen(seats[p]) >= sizeof m->seats[p]) {
            snprintf(err, errlen, "seat %d: spec too long", p);
            tafel_match_free(m);
            return NULL;
        }
        snprintf(m->seats[p], sizeof m->seats[p], "%s", seats[p]);
        snprintf(m->rec.seats[p], sizeof m->rec.seats[p], "%s", seats[p]);
        if (tafel_bot_is_human(seats[p]))
            continue;
        char why[TAFEL_ERR_LEN];
        uint64_t bs = bot_seeds ? bot_seeds[p] : tafel_rng_mix(seed, (uint64_t)p + 1);
        m->bots[p] = tafel_bot_new(seats[p], &m->game, p, bs, why, sizeof why);
        if (!m->bots[p]) {
            snprintf(err, errlen, "seat %d: %s", p, why);
            tafel_match_free(m);
            return NULL;
        }
    }
    g->type->init(&m->game, m->state);
    return m;
}

tafel_match *tafel_match_new(const char *game, const char *const *seats, int num_seats,
                             uint64_t seed, char *err, size_t errlen)
{
    tafel_game g;
    if (tafel_game_load(&g, game, err, errlen))
        return NULL;
    if (num_seats < 1 || num_seats > TAFEL_MAX_PLAYERS) {
        snprintf(err, errlen, "%d seats given for a %d-player game", num_seats, g.num_players);
        return NULL;
    }
    /* Seats fix the number of players unless the game string named it. */
    if (!strstr(game, "players=")) {
        char spec2[600];
        const char *open = strchr(game, '(');
        if (open)
            snprintf(spec2, sizeof spec2, "%.*s(players=%d,%s", (int)(open - game), game,
                     num_seats, open + 1);
        else
            snprintf(spec2, sizeof spec2, "%s(players=%d)", game, num_seats);
        if (tafel_game_load(&g, spec2, err, errlen))
            return NULL;
    }
    if (num_seats != g.num_players) {
        snprintf(err, errlen, "%d seats given for a %d-player game", num_seats, g.num_players);
        return NULL;
    }
    return tafel_match_new_game(&g, seats, seed, NULL, err, errlen);
}

tafel_match *tafel_match_from_record(const tafel_record *r, char *err, size_t errlen)
{
    tafel_game g;
    char why[TAFEL_ERR_LEN];
    if (tafel_game_load(&g, r->game, why, sizeof why)) {
        snprintf(err, errlen, "record: %s", why);
        return NULL;
    }
    if (r->num_seats && r->num_seats != g.num_players) {
        snprintf(err, errlen, "record: %d seats for a %d-player game", r->num_seats,
                 g.num_players);
        return NULL;
    }
    const char *seats[TAFEL_MAX_PLAYERS];
    for (int p = 0; p < g.num_players; p++)
        seats[p] = r->num_seats ? r->seats[p] : "human";
    tafel_match *m = tafel_match_new_game(&g, seats, r->seed, NULL, why, sizeof why);
    if (!m) {
        snprintf(err, errlen, "record: %s", why);
        return NULL;
    }
    for (size_t i = 0; i < r->num_actions; i++) {
        if (tafel_match_apply(m, i, tafel_match_to_move(m), r->actions[i], why, sizeof why)) {
            snprintf(err, errlen, "action %zu: %s", i, why);
            tafel_match_free(m);
            return NULL;
        }
    }
    if (r->has_result && r->resigned) {
        /* Resigned where the record stops: the result must be the one that gives. */
        if (tafel_match_resign(m, r->resigned_seat, why, sizeof why)) {
            snprintf(err, errlen, "result: %s", why);
            tafel_match_free(m);
            return NULL;
        }
        size_t bad;
        void *s = malloc(g.type->state_size);
        if (!s)
            abort();
        int rc = tafel_record_replay(r, &g, s, &bad, why, sizeof why);
        free(s);
        if (rc) {
            snprintf(err, errlen, "%s", why);
            tafel_match_free(m);
            return NULL;
        }
    } else if (r->has_result) {
        if (!m->rec.has_result) {
            snprintf(err, errlen, "record claims a result but the game is not over after %zu "
                     "actions", r->num_actions);
            tafel_match_free(m);
            return NULL;
        }
        for (int p = 0; p < g.num_players; p++) {
            if (m->rec.scores[p] != r->scores[p]) {
                snprintf(err, errlen, "result: player %d scored %d, the record says %d", p,
                         m->rec.scores[p], r->scores[p]);
                tafel_match_free(m);
                return NULL;
            }
        }
    }
    return m;
}

void tafel_match_free(tafel_match *m)
{
    if (!m)
        return;
    for (int p = 0; p < TAFEL_MAX_PLAYERS; p++)
        tafel_bot_free(m->bots[p]);
    tafel_record_free(&m->rec);
    free(m->state);
    free(m->before);
    free(m);
}

void tafel_match_set_observer(tafel_match *m, tafel_match_observer fn, void *ctx)
{
    m->observer = fn;
    m->observer_ctx = ctx;
}

const tafel_game *tafel_match_game(const tafel_match *m)
{
    return &m->game;
}

const void *tafel_match_state(const tafel_match *m)
{
    return m->state;
}

uint64_t tafel_match_seed(const tafel_match *m)
{
    return m->seed;
}

int tafel_match_num_seats(const tafel_match *m)
{
    return m->game.num_players;
}

const char *tafel_match_seat(const tafel_match *m, int p)
{
    return p >= 0 && p < m->game.num_players ? m->seats[p] : NULL;
}

tafel_bot *tafel_match_bot(const tafel_match *m, int p)
{
    return p >= 0 && p < m->game.num_players ? m->bots[p] : NULL;
}

int tafel_match_to_move(const tafel_match *m)
{
    if (m->resigned >= 0)
        return TAFEL_TERMINAL;
    return m->game.type->current_player(&m->game, m->state);
}

int tafel_match_bot_to_move(const tafel_match *m)
{
    return tafel_match_bot(m, tafel_match_to_move(m)) != NULL;
}

int tafel_match_is_over(const tafel_match *m)
{
    return tafel_match_to_move(m) == TAFEL_TERMINAL;
}

size_t tafel_match_num_actions(const tafel_match *m)
{
    return m->rec.num_actions;
}

/* Apply an action already known to be legal; log it, note the result, tell the observer. */
static void match_do(tafel_match *m, int player, int32_t action)
{
    const tafel_game *g = &m->game;
    tafel_state_copy(g, m->before, m->state);
    g->type->apply(g, m->state, action);
    size_t index = m->rec.num_actions;
    tafel_record_push(&m->rec, action);
    if (tafel_is_terminal(g, m->state)) {
        m->rec.has_result = 1;
        g->type->scores(g, m->state, m->rec.scores);
        g->type->returns(g, m->state, m->rec.returns);
    }
    if (m->observer)
        m->observer(m->observer_ctx, m, index, player, action, m->before, m->state);
}

int32_t tafel_match_sample_chance(tafel_match *m)
{
    if (tafel_match_to_move(m) != TAFEL_CHANCE)
        return -1;
    int32_t a = tafel_sample_chance(&m->game, m->state, &m->chance);
    match_do(m, TAFEL_CHANCE, a);
    return a;
}

int32_t tafel_match_bot_choose(tafel_match *m)
{
    tafel_bot *bot = tafel_match_bot(m, tafel_match_to_move(m));
    return bot ? bot->choose(bot, m->state) : -1;
}

int tafel_match_apply(tafel_match *m, size_t index, int player, int32_t action, char *err,
                      size_t errlen)
{
    const tafel_game *g = &m->game;
    if (index != m->rec.num_actions) {
        snprintf(err, errlen, "stale action: the next action is number %zu, not %zu",
                 m->rec.num_actions, index);
        return -1;
    }
    int p = tafel_match_to_move(m);
    if (p == TAFEL_TERMINAL) {
        snprintf(err, errlen, "the game is over");
        return -1;
    }
    if (player != p) {
        if (p == TAFEL_CHANCE)
            snprintf(err, errlen, "not player %d's turn: a chance outcome is due", player);
        else if (player == TAFEL_CHANCE)
            snprintf(err, errlen, "no chance outcome is due: player %d is to move", p);
        else
            snprintf(err, errlen, "not player %d's turn: player %d is to move", player, p);
        return -1;
    }
    if (!tafel_is_legal(g, m->state, action)) {
        if (p == TAFEL_CHANCE)
            snprintf(err, errlen, "%d is not a possible chance outcome here", action);
        else
            snprintf(err, errlen, "action %d is not legal for player %d here", action, p);
        return -1;
    }
    /* An outcome chosen outside still uses up its draw, so the draws after it are the ones an
     * uninterrupted match would make. */
    if (p == TAFEL_CHANCE)
        (void)tafel_sample_chance(g, m->state, &m->chance);
    match_do(m, p, action);
    return 0;
}

int tafel_match_resign(tafel_match *m, int p, char *err, size_t errlen)
{
    if (p < 0 || p >= m->game.num_players) {
        snprintf(err, errlen, "no seat %d in a %d-player game", p, m->game.num_players);
        return -1;
    }
    if (tafel_match_is_over(m)) {
        snprintf(err, errlen, "the game is over");
        return -1;
    }
    m->resigned = p;
    /* The record says so, with the result the match reports. */
    m->rec.has_result = 1;
    m->rec.resigned = 1;
    m->rec.resigned_seat = p;
    tafel_match_result(m, m->rec.scores, m->rec.returns);
    return 0;
}

int tafel_match_resigned(const tafel_match *m)
{
    return m->resigned;
}

int tafel_match_result(const tafel_match *m, int *scores, double *returns)
{
    if (!tafel_match_is_over(m))
        return -1;
    const tafel_game *g = &m->game;
    int sc[TAFEL_MAX_PLAYERS];
    g->type->scores(g, m->state, sc);
    if (scores)
        memcpy(scores, sc, sizeof(int) * (size_t)g->num_players);
    if (!returns)
        return 0;
    if (m->resigned < 0) {
        g->type->returns(g, m->state, returns);
        return 0;
    }
    tafel_record_resign_returns(g->num_players, sc, m->resigned, returns);
    return 0;
}

const tafel_record *tafel_match_record(const tafel_match *m)
{
    return &m->rec;
}
