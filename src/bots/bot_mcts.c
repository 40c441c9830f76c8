/* bot_mcts.c: information-set MCTS (single observer, availability counts).
 *
 * Each iteration copies the root state and resamples everything the bot's seat cannot see, so
 * the search never uses hidden information. Player moves are tree edges keyed by action id
 * (legal sets differ between determinizations: a child's availability counts how often it was
 * legal when its parent was visited, and UCT uses it instead of the parent's visits). Chance
 * outcomes the bot can see branch the tree (keyed by outcome; chance=strat meets each in
 * proportion to its probability); outcomes it cannot see (its info_hash does not tell them
 * apart) all share one child. Nodes come from a per-thread pool
 * allocated with the bot; when it is full the tree stops growing. Root-parallel: each thread
 * searches its own tree with its own rng stream; the root visit counts are summed. Moves the
 * game calls the same (distinct_actions: a symmetric tile turned) are searched once. */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bots/bot_internal.h"

#define BOT_CHANCE_BIT (1ULL << 63)
#define BOT_PATH_MAX 8192

typedef struct bot_node {
    uint64_t key;       /* action id, or BOT_CHANCE_BIT | outcome (0x7fffffff: unseen) */
    double value;       /* sum of values for `mover` */
    int32_t child, sibling; /* children sorted by key; -1 ends a list */
    uint32_t visits, avail;
    int8_t mover;       /* player who chose this edge; -1 for chance edges and the root */
    uint8_t flags;      /* BOT_SEEN_*: whether chance outcomes here are visible to the bot */
} bot_node;

#define BOT_SEEN_KNOWN 1
#define BOT_SEEN_VISIBLE 2

typedef struct bot_search {
    const tafel_game *g;
    const bot_opts *o;
    int seat;
    bot_node *pool;
    long cap, used;
    tafel_rng rng;
    tafel_rng crn;        /* crn=1: the stream below the root move, seeded by its visit count */
    tafel_rng *cur;       /* the stream for this iteration's chance and playout draws */
    uint64_t crn_base;
    unsigned char *state;
    int32_t *legal;
    tafel_chance *chance;
    double *seen;         /* chance=strat: visits of each outcome */
    int32_t *path;
    const void *root;
    int nprior;           /* root moves with a prior (sorted by action) */
    int32_t *prior_action;
    double *prior;        /* one-ply value of each root move, scaled to [0,1] */
    long budget;        /* iterations (-1: no limit) */
    double deadline;    /* monotonic seconds (0: none) */
    long long iters;
} bot_search;

typedef struct {
    bot_opts o;
    uint64_t seed;
    uint64_t moves;
    int nthreads;
    bot_search *search;
    int32_t *legal;
    double *visits, *values;
    bot_history history;
} bot_mcts_impl;

/* The legal actions the search weighs: one of each group the game calls the same move. */
static int bot_legal(const tafel_game *g, const void *st, int32_t *out)
{
    int n = g->type->legal_actions(g, st, out);
    return g->type->distinct_actions ? g->type->distinct_actions(g, st, out, n) : n;
}

static double bot_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int32_t bot_new_node(bot_search *s, uint64_t key, int mover)
{
    if (s->used >= s->cap)
        return -1;
    int32_t i = (int32_t)s->used++;
    bot_node *n = &s->pool[i];
    n->key = key;
    n->value = 0;
    n->child = n->sibling = -1;
    n->visits = n->avail = 0;
    n->mover = (int8_t)mover;
    n->flags = 0;
    return i;
}

/* Insert node c into parent's sorted child list after prev (-1: at the front). */
static void bot_link(bot_search *s, int32_t parent, int32_t prev, int32_t c)
{
    if (prev < 0) {
        s->pool[c].sibling = s->pool[parent].child;
        s->pool[parent].child = c;
    } else {
        s->pool[c].sibling = s->pool[prev].sibling;
        s->pool[prev].sibling = c;
    }
}

/* The child for a chance outcome with this key: found, created, or -1 if the pool is full. */
static int32_t bot_chance_child(bot_search *s, int32_t node, uint64_t key)
{
    int32_t prev = -1, c = s->pool[node].child;
    while (c >= 0 && s->pool[c].key < key) {
        prev = c;
        c = s->pool[c].sibling;
    }
    if (c >= 0 && s->pool[c].key == key)
        return c;
    int32_t n = bot_new_node(s, key, -1);
    if (n >= 0)
        bot_link(s, node, prev, n);
    return n;
}

static double bot_prior_of(const bot_search *s, int32_t a);

/* A wide node's new child (expand=all, or within expand=N plies of the root) starts with one
 * visit worth the evaluate() value after its move. */
static int32_t bot_new_evaluated(bot_search *s, const unsigned char *st, int32_t a, int player)
{
    const tafel_game *g = s->g;
    unsigned char *tmp = s->state + g->type->state_size;
    int32_t nn = bot_new_node(s, (uint64_t)a, player);
    if (nn < 0)
        return -1;
    double val[TAFEL_MAX_PLAYERS];
    tafel_state_copy(g, tmp, st);
    g->type->apply(g, tmp, a);
    bot_values(g, tmp, tafel_is_terminal(g, tmp), s->o, val);
    s->pool[nn].value = val[player];
    s->pool[nn].visits = 1;
    return nn;
}

/* At a player node: count availability, then expand an untried legal action (all of them at a
 * wide node; else the best by the root prior, or a random one) or pick the best child by UCT.
 * Returns the child, or -1 if nothing could be chosen (pool full and no child legal here);
 * *action gets the action. */
static int32_t bot_select(bot_search *s, const unsigned char *st, int32_t node, int player,
                          int n, int wide, int32_t *action, int *expanded)
{
    const int32_t *legal = s->legal;
    int32_t prev = -1, c = s->pool[node].child;
    int untried = 0;
    int32_t pick_prev = -1, pick_action = -1, best = -1;
    double best_v = -INFINITY, pick_prior = 0;
    int at_root = node == 0 && s->nprior > 0;

    for (int i = 0; i < n; i++) {
        uint64_t a = (uint64_t)legal[i];
        while (c >= 0 && s->pool[c].key < a) {
            prev = c;
            c = s->pool[c].sibling;
        }
        int32_t fresh = -1;
        if (wide && !(c >= 0 && s->pool[c].key == a) &&
            (fresh = bot_new_evaluated(s, st, legal[i], player)) >= 0) {
            bot_link(s, node, prev, fresh);
            prev = fresh;
            *expanded = 1;
        }
        if (fresh >= 0 || (c >= 0 && s->pool[c].key == a)) {
            if (fresh < 0) {
                fresh = c;
                prev = c;
                c = s->pool[c].sibling;
            }
            bot_node *ch = &s->pool[fresh];
            ch->avail++;
            double v = ch->value / ch->visits +
                       s->o->c * sqrt(log((double)ch->avail) / ch->visits);
            if (at_root)
                v += s->o->prior * bot_prior_of(s, legal[i]) / (ch->visits + 1);
            if (v > best_v) {
                best_v = v;
                best = fresh;
            }
        } else if (at_root) {
            /* The root tries its moves best prior first. */
            double pr = bot_prior_of(s, legal[i]);
            if (++untried == 1 || pr > pick_prior) {
                pick_prior = pr;
                pick_prev = prev;
                pick_action = legal[i];
            }
        } else if (++untried == 1 || tafel_rng_below(s->cur, (uint32_t)untried) == 0) {
            /* Reservoir sampling: a uniformly random untried action. */
            pick_prev = prev;
            pick_action = legal[i];
        }
    }
    if (untried && s->used < s->cap) {
        int32_t nn = bot_new_node(s, (uint64_t)pick_action, player);
        bot_link(s, node, pick_prev, nn);
        s->pool[nn].avail = 1;
        *action = pick_action;
        *expanded = 1;
        return nn;
    }
    if (best >= 0)
        *action = (int32_t)s->pool[best].key;
    return best;
}

/* Whether the bot sees which outcome this chance node has (it sees two different outcomes
 * differently). Tested once per tree node: info_hash is too slow for every visit. */
static uint8_t bot_chance_visibility(bot_search *s, const unsigned char *st)
{
    const tafel_game *g = s->g;
    const tafel_game_type *t = g->type;
    unsigned char *tmp = s->state + t->state_size;
    int n = t->chance_outcomes(g, st, s->chance);
    if (n < 2)
        return BOT_SEEN_KNOWN | BOT_SEEN_VISIBLE;
    int32_t a = s->chance[0].action, b = s->chance[n - 1].action;
    tafel_state_copy(g, tmp, st);
    t->apply(g, tmp, a);
    uint64_t ha = t->info_hash(g, tmp, s->seat);
    tafel_state_copy(g, tmp, st);
    t->apply(g, tmp, b);
    uint64_t hb = t->info_hash(g, tmp, s->seat);
    return ha != hb ? BOT_SEEN_KNOWN | BOT_SEEN_VISIBLE : BOT_SEEN_KNOWN;
}

/* chance=strat at a chance node the bot sees: the outcome furthest below its share of the node's
 * visits (bot_stratified_pick). An expectation over ~20 tiles from ~100 visits is much steadier
 * than with random draws. */
static int32_t bot_stratified_chance(bot_search *s, const unsigned char *st, int32_t node)
{
    const tafel_game *g = s->g;
    int n = g->type->chance_outcomes(g, st, s->chance);
    int32_t c = s->pool[node].child;
    for (int i = 0; i < n; i++) {
        uint64_t key = BOT_CHANCE_BIT | (uint64_t)s->chance[i].action;
        while (c >= 0 && s->pool[c].key < key)
            c = s->pool[c].sibling;
        s->seen[i] = c >= 0 && s->pool[c].key == key ? s->pool[c].visits : 0;
    }
    double total = (double)s->pool[node].visits + 1;
    return s->chance[bot_stratified_pick(s->chance, n, s->seen, total)].action;
}

static void bot_iteration(bot_search *s)
{
    const tafel_game *g = s->g;
    const tafel_game_type *t = g->type;
    unsigned char *st = s->state;
    tafel_state_copy(g, st, s->root);
    if (t->resample)
        t->resample(g, st, s->seat, &s->rng);
    int32_t node = 0;
    int len = 0;
    s->cur = &s->rng;
    s->path[len++] = 0;
    int in_tree = 1, plies = 0;
    /* Selection and expansion. */
    while (in_tree) {
        int p = t->current_player(g, st);
        if (p == TAFEL_TERMINAL)
            break;
        if (p == TAFEL_CHANCE) {
            if (!s->o->chance_nodes) {
                t->apply(g, st, bot_sample_chance(g, st, s->chance, s->cur));
                continue;
            }
            if (!(s->pool[node].flags & BOT_SEEN_KNOWN))
                s->pool[node].flags = bot_chance_visibility(s, st);
            int32_t outcome = s->o->chance_nodes == BOT_CHANCE_STRAT &&
                                      (s->pool[node].flags & BOT_SEEN_VISIBLE)
                                  ? bot_stratified_chance(s, st, node)
                                  : bot_sample_chance(g, st, s->chance, s->cur);
            t->apply(g, st, outcome);
            /* Outcomes the bot cannot see share one child. */
            uint64_t key = BOT_CHANCE_BIT | (s->pool[node].flags & BOT_SEEN_VISIBLE
                                                 ? (uint64_t)outcome : 0x7fffffffULL);
            int32_t c = bot_chance_child(s, node, key);
            if (c < 0 || len >= BOT_PATH_MAX)
                break;
            node = c;
            s->path[len++] = c;
            continue;
        }
        int n = bot_legal(g, st, s->legal);
        int32_t a;
        int expanded = 0;
        int32_t c = bot_select(s, st, node, p, n, plies++ < s->o->expand_plies, &a, &expanded);
        if (c < 0 || len >= BOT_PATH_MAX)
            break;
        t->apply(g, st, a);
        node = c;
        s->path[len++] = c;
        if (s->o->crn && len == 2) {
            /* Common random numbers: the k-th visit of every root move meets the same chance
             * outcomes, so root moves are compared on equal luck. */
            tafel_rng_seed(&s->crn, tafel_rng_mix(s->crn_base, s->pool[c].visits));
            s->cur = &s->crn;
        }
        if (expanded)
            in_tree = 0; /* a new node: play out from here */
    }
    /* Playout. */
    int moves = 0, terminal;
    for (;;) {
        int p = t->current_player(g, st);
        if ((terminal = (p == TAFEL_TERMINAL)))
            break;
        if (p == TAFEL_CHANCE) {
            t->apply(g, st, bot_sample_chance(g, st, s->chance, s->cur));
            continue;
        }
        if (s->o->depth >= 0 && moves >= s->o->depth)
            break;
        int n = t->legal_actions(g, st, s->legal);
        t->apply(g, st, s->legal[tafel_rng_below(s->cur, (uint32_t)n)]);
        moves++;
    }
    double val[TAFEL_MAX_PLAYERS];
    bot_values(g, st, terminal, s->o, val);
    /* Backpropagation. */
    for (int i = 0; i < len; i++) {
        bot_node *nd = &s->pool[s->path[i]];
        nd->visits++;
        if (nd->mover >= 0)
            nd->value += val[nd->mover];
    }
    s->iters++;
}

/* One-ply values of the root moves on one determinization, scaled to [0,1]: a bias that fades
 * with visits, so good moves by the game's own estimate are tried first and kept longer. */
static void bot_root_prior(bot_search *s)
{
    const tafel_game *g = s->g;
    const tafel_game_type *t = g->type;
    unsigned char *det = s->state + t->state_size;
    tafel_state_copy(g, det, s->root);
    if (t->resample)
        t->resample(g, det, s->seat, &s->rng);
    int n = bot_legal(g, det, s->prior_action);
    double lo = INFINITY, hi = -INFINITY, val[TAFEL_MAX_PLAYERS];
    for (int i = 0; i < n; i++) {
        tafel_state_copy(g, s->state, det);
        t->apply(g, s->state, s->prior_action[i]);
        while (t->current_player(g, s->state) == TAFEL_CHANCE)
            t->apply(g, s->state, bot_sample_chance(g, s->state, s->chance, &s->rng));
        bot_values(g, s->state, tafel_is_terminal(g, s->state), s->o, val);
        s->prior[i] = val[s->seat];
        lo = fmin(lo, val[s->seat]);
        hi = fmax(hi, val[s->seat]);
    }
    for (int i = 0; i < n; i++)
        s->prior[i] = hi > lo ? (s->prior[i] - lo) / (hi - lo) : 0;
    s->nprior = n;
}

static double bot_prior_of(const bot_search *s, int32_t a)
{
    int lo = 0, hi = s->nprior - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (s->prior_action[mid] == a)
            return s->prior[mid];
        if (s->prior_action[mid] < a)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return 0;
}

static void *bot_search_run(void *arg)
{
    bot_search *s = arg;
    s->used = 0;
    s->iters = 0;
    s->nprior = 0;
    s->cur = &s->rng;
    s->crn_base = tafel_rng_next(&s->rng);
    bot_new_node(s, 0, -1);
    if (s->o->prior > 0)
        bot_root_prior(s);
    for (;;) {
        if (s->budget >= 0 && s->iters >= s->budget)
            break;
        if (s->deadline > 0 && bot_now() >= s->deadline)
            break;
        bot_iteration(s);
    }
    return NULL;
}

long bot_mcts_pool_size(const bot_opts *o)
{
    if (o->nodes)
        return o->nodes;
    long per_thread = o->iters ? (o->iters + o->threads - 1) / o->threads : 0;
    long cap = per_thread ? 4 * per_thread + 64 : 1L << 22;
    return cap < (1L << 22) ? cap : 1L << 22; /* 160 MB of address space, touched as it grows */
}

void *bot_mcts_new(const tafel_game *g, const bot_opts *o, uint64_t seed)
{
    bot_mcts_impl *m = calloc(1, sizeof *m);
    if (!m)
        abort();
    m->o = *o;
    m->seed = seed;
    m->nthreads = o->threads;
    size_t ml = (size_t)g->type->max_legal + 1;
    long cap = bot_mcts_pool_size(o);
    m->search = calloc((size_t)m->nthreads, sizeof *m->search);
    m->legal = malloc(sizeof(int32_t) * ml);
    m->visits = malloc(sizeof(double) * ml);
    m->values = malloc(sizeof(double) * ml);
    if (!m->search || !m->legal || !m->visits || !m->values)
        abort();
    for (int i = 0; i < m->nthreads; i++) {
        bot_search *s = &m->search[i];
        s->g = g;
        s->o = &m->o;
        s->cap = cap;
        /* malloc, not calloc: only the nodes a search touches cost memory. */
        s->pool = malloc(sizeof(bot_node) * (size_t)cap);
        s->state = malloc(2 * g->type->state_size);
        s->prior_action = malloc(sizeof(int32_t) * ml);
        s->prior = malloc(sizeof(double) * ml);
        s->legal = malloc(sizeof(int32_t) * ml);
        s->chance = malloc(sizeof(tafel_chance) * ml);
        s->seen = malloc(sizeof(double) * ml);
        s->path = malloc(sizeof(int32_t) * BOT_PATH_MAX);
        if (!s->pool || !s->state || !s->legal || !s->chance || !s->path || !s->prior_action ||
            !s->prior || !s->seen)
            abort();
    }
    return m;
}

int32_t bot_mcts_choose(tafel_bot *bot, const void *state)
{
    bot_mcts_impl *m = bot->impl;
    const tafel_game *g = bot->game;
    int n = bot_legal(g, state, m->legal);
    bot->last_nodes = 0;
    if (n == 1)
        return m->legal[0];
    uint64_t move_seed = tafel_rng_mix(m->seed, m->moves++);
    double deadline = m->o.time > 0 ? bot_now() + m->o.time : 0;
    pthread_t tid[64];
    int started[64] = {0};
    for (int i = 0; i < m->nthreads; i++) {
        bot_search *s = &m->search[i];
        s->seat = bot->player;
        s->root = state;
        s->deadline = deadline;
        s->budget = m->o.iters ? m->o.iters / m->nthreads + (i < m->o.iters % m->nthreads) : -1;
        tafel_rng_seed(&s->rng, tafel_rng_mix(move_seed, (uint64_t)i));
        if (i > 0)
            started[i] = pthread_create(&tid[i], NULL, bot_search_run, s) == 0;
    }
    bot_search_run(&m->search[0]);
    for (int i = 1; i < m->nthreads; i++) {
        if (started[i])
            pthread_join(tid[i], NULL);
        else
            bot_search_run(&m->search[i]);
    }
    for (int i = 0; i < n; i++)
        m->visits[i] = m->values[i] = 0;
    for (int t = 0; t < m->nthreads; t++) {
        bot_search *s = &m->search[t];
        bot->iterations += s->iters;
        bot->last_nodes += s->used;
        int i = 0;
        for (int32_t c = s->pool[0].child; c >= 0; c = s->pool[c].sibling) {
            const bot_node *nd = &s->pool[c];
            if (nd->mover < 0)
                continue;
            while (i < n && (uint64_t)m->legal[i] < nd->key)
                i++;
            if (i < n && (uint64_t)m->legal[i] == nd->key) {
                m->visits[i] += nd->visits;
                m->values[i] += nd->value;
            }
        }
    }
    uint64_t h = g->type->info_hash(g, state, bot->player);
    int best = -1;
    for (int pass = 0; pass < 2 && best < 0; pass++) {
        for (int i = 0; i < n; i++) {
            if (pass == 0 && bot_history_banned(&m->history, h, m->legal[i]))
                continue;
            double vi = m->visits[i], vb = best < 0 ? -1 : m->visits[best];
            if (vi > vb || (vi == vb && vi > 0 && m->values[i] / vi > m->values[best] / vb))
                best = i;
        }
    }
    bot_history_add(&m->history, h, m->legal[best]);
    return m->legal[best];
}

void bot_mcts_free(tafel_bot *bot)
{
    bot_mcts_impl *m = bot->impl;
    for (int i = 0; i < m->nthreads; i++) {
        bot_search *s = &m->search[i];
        free(s->pool);
        free(s->state);
        free(s->legal);
        free(s->chance);
        free(s->seen);
        free(s->path);
        free(s->prior_action);
        free(s->prior);
    }
    free(m->search);
    free(m->legal);
    free(m->visits);
    free(m->values);
    free(m);
}
