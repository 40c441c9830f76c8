/* ratelimit.h: token buckets that bound the replay work a client can make the server do: view_at
 * per WebSocket connection (hub.c), POST /api/replay per client address (http.c). A client may
 * use a burst at once, then rate per second; beyond that a request is refused, not queued. */
#ifndef TAFEL_SERVER_RATELIMIT_H
#define TAFEL_SERVER_RATELIMIT_H

typedef struct rl_bucket {
    double tokens;
    long long last_ms;
} rl_bucket;

/* The monotonic clock in milliseconds. */
long long rl_now_ms(void);
/* A full bucket. */
void rl_init(rl_bucket *b, double burst, long long now_ms);
/* Refill at rate per second up to burst, then take one token: 1 when there was one. */
int rl_take(rl_bucket *b, double rate, double burst, long long now_ms);

/* Buckets by client address (a fixed number; when all are in use, the one idle longest is
 * reused, which is lossless once it has refilled). Thread-safe. */
typedef struct rl_table rl_table;
rl_table *rl_table_new(double rate, double burst);
void rl_table_free(rl_table *t);
int rl_table_take(rl_table *t, const char *addr);

#endif
