/* bots.c: the bot worker pool (see bots.h): a queue of match ids and threads that play one bot
 * turn per id, thinking on a snapshot outside the hub's lock. */
#include "server/bots.h"

#include <pthread.h>
#include <stdlib.h>

#include "server/hub.h"

#define BOTS_MAX_THREADS 64

struct bots {
    hub *hub;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int64_t *queue;            /* ring buffer of match ids */
    size_t head, len, cap;
    int stopping;
    int num_threads;
    pthread_t threads[BOTS_MAX_THREADS];
};

static void bots_turn(bots *b, int64_t id)
{
    void *state;
    size_t index;
    int seat;
    tafel_bot *bot = hub_bot_begin(b->hub, id, &state, &index, &seat);
    if (!bot)
        return;
    /* hub_bot_begin marked the match busy, so nobody else touches this bot meanwhile. */
    int32_t action = bot->choose(bot, state);
    free(state);
    hub_bot_end(b->hub, id, index, seat, action);
}

static void *bots_worker(void *arg)
{
    bots *b = arg;
    pthread_mutex_lock(&b->mu);
    for (;;) {
        while (!b->len && !b->stopping)
            pthread_cond_wait(&b->cv, &b->mu);
        if (b->stopping)
            break;
        int64_t id = b->queue[b->head];
        b->head = (b->head + 1) % b->cap;
        b->len--;
        pthread_mutex_unlock(&b->mu);
        bots_turn(b, id);
        pthread_mutex_lock(&b->mu);
    }
    pthread_mutex_unlock(&b->mu);
    return NULL;
}

bots *bots_start(hub *h, int threads)
{
    bots *b = calloc(1, sizeof *b);
    if (!b)
        abort();
    b->hub = h;
    pthread_mutex_init(&b->mu, NULL);
    pthread_cond_init(&b->cv, NULL);
    b->cap = 64;
    b->queue = malloc(b->cap * sizeof *b->queue);
    if (!b->queue)
        abort();
    if (threads < 1)
        threads = 1;
    if (threads > BOTS_MAX_THREADS)
        threads = BOTS_MAX_THREADS;
    for (int i = 0; i < threads; i++) {
        if (pthread_create(&b->threads[i], NULL, bots_worker, b))
            break;
        b->num_threads++;
    }
    if (!b->num_threads)
        abort();
    return b;
}

void bots_request(bots *b, int64_t id)
{
    pthread_mutex_lock(&b->mu);
    if (b->len == b->cap) {
        int64_t *q = malloc(2 * b->cap * sizeof *q);
        if (!q)
            abort();
        for (size_t i = 0; i < b->len; i++)
            q[i] = b->queue[(b->head + i) % b->cap];
        free(b->queue);
        b->queue = q;
        b->head = 0;
        b->cap *= 2;
    }
    b->queue[(b->head + b->len) % b->cap] = id;
    b->len++;
    pthread_cond_signal(&b->cv);
    pthread_mutex_unlock(&b->mu);
}

void bots_stop(bots *b)
{
    if (!b)
        return;
    pthread_mutex_lock(&b->mu);
    b->stopping = 1;
    pthread_cond_broadcast(&b->cv);
    pthread_mutex_unlock(&b->mu);
    for (int i = 0; i < b->num_threads; i++)
        pthread_join(b->threads[i], NULL);
    pthread_mutex_destroy(&b->mu);
    pthread_cond_destroy(&b->cv);
    free(b->queue);
    free(b);
}
