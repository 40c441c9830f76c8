/* ratelimit.c: token buckets for the replay requests (see ratelimit.h). */
#include "server/ratelimit.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RL_TABLE_SIZE 256

long long rl_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void rl_init(rl_bucket *b, double burst, long long now_ms)
{
    b->tokens = burst;
    b->last_ms = now_ms;
}

int rl_take(rl_bucket *b, double rate, double burst, long long now_ms)
{
    if (now_ms > b->last_ms) {
        b->tokens += rate * (double)(now_ms - b->last_ms) / 1000.0;
        if (b->tokens > burst)
            b->tokens = burst;
        b->last_ms = now_ms;
    }
    if (b->tokens < 1)
        return 0;
    b->tokens -= 1;
    return 1;
}

typedef struct rl_slot {
    char addr[64];             /* "" when free */
    rl_bucket b;
} rl_slot;

struct rl_table {
    pthread_mutex_t mu;
    double rate, burst;
    rl_slot slots[RL_TABLE_SIZE];
};

rl_table *rl_table_new(double rate, double burst)
{
    rl_table *t = calloc(1, sizeof *t);
    if (!t)
        abort();
    pthread_mutex_init(&t->mu, NULL);
    t->rate = rate;
    t->burst = burst;
    return t;
}

void rl_table_free(rl_table *t)
{
    if (!t)
        return;
    pthread_mutex_destroy(&t->mu);
    free(t);
}

int rl_table_take(rl_table *t, const char *addr)
{
    long long now = rl_now_ms();
    pthread_mutex_lock(&t->mu);
    rl_slot *s = NULL, *idle = &t->slots[0];
    for (int i = 0; i < RL_TABLE_SIZE && !s; i++) {
        rl_slot *x = &t->slots[i];
        if (!strcmp(x->addr, addr))
            s = x;
        else if (!x->addr[0] ? idle->addr[0] : idle->addr[0] && x->b.last_ms < idle->b.last_ms)
            idle = x;
    }
    if (!s) {
        s = idle;
        snprintf(s->addr, sizeof s->addr, "%s", addr);
        rl_init(&s->b, t->burst, now);
    }
    int ok = rl_take(&s->b, t->rate, t->burst, now);
    pthread_mutex_unlock(&t->mu);
    return ok;
}
