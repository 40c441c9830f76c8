/* queue.c: the thread-safe queue between civetweb's reader thread and the client's reader. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "client/client.h"

typedef struct {
    json_t *msg;
    int64_t stamp;
} queue_item;

struct tafel_client_queue {
    pthread_mutex_t lock;
    pthread_cond_t ready;   /* on the monotonic clock, so a changed wall clock cannot stretch a
                             * timed wait */
    queue_item *items;      /* ring of max slots */
    size_t max, head, count;
    int closed;
    char reason[256];
};

int64_t tafel_client_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

tafel_client_queue *tafel_client_queue_new(size_t max)
{
    if (max == 0)
        max = 1;
    tafel_client_queue *q = calloc(1, sizeof *q);
    if (!q)
        return NULL;
    q->items = calloc(max, sizeof *q->items);
    if (!q->items) {
        free(q);
        return NULL;
    }
    q->max = max;
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&q->ready, &attr);
    pthread_condattr_destroy(&attr);
    pthread_mutex_init(&q->lock, NULL);
    return q;
}

void tafel_client_queue_free(tafel_client_queue *q)
{
    if (!q)
        return;
    for (size_t i = 0; i < q->count; i++)
        json_decref(q->items[(q->head + i) % q->max].msg);
    pthread_mutex_destroy(&q->lock);
    pthread_cond_destroy(&q->ready);
    free(q->items);
    free(q);
}

static void queue_close_locked(tafel_client_queue *q, const char *reason)
{
    if (!q->closed) {
        q->closed = 1;
        snprintf(q->reason, sizeof q->reason, "%s", reason && *reason ? reason : "closed");
    }
    pthread_cond_broadcast(&q->ready);
}

int tafel_client_queue_push(tafel_client_queue *q, json_t *msg, int64_t stamp_ns)
{
    pthread_mutex_lock(&q->lock);
    if (q->closed || q->count == q->max) {
        if (!q->closed)
            queue_close_locked(q, "message queue overflow: the reader fell too far behind");
        pthread_mutex_unlock(&q->lock);
        json_decref(msg);
        return -1;
    }
    q->items[(q->head + q->count) % q->max] = (queue_item){msg, stamp_ns};
    q->count++;
    pthread_cond_signal(&q->ready);
    pthread_mutex_unlock(&q->lock);
    return 0;
}

void tafel_client_queue_close(tafel_client_queue *q, const char *reason)
{
    pthread_mutex_lock(&q->lock);
    queue_close_locked(q, reason);
    pthread_mutex_unlock(&q->lock);
}

json_t *tafel_client_queue_pop(tafel_client_queue *q, int timeout_ms, int *status,
                               int64_t *stamp_ns)
{
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    if (timeout_ms < 0)
        timeout_ms = 0;
    deadline.tv_sec += timeout_ms / 1000;
    deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec++;
        deadline.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&q->lock);
    int timed_out = 0;
    /* Each pass either returns or waits until the deadline, which ends the loop. */
    while (q->count == 0 && !q->closed && !timed_out)
        timed_out = pthread_cond_timedwait(&q->ready, &q->lock, &deadline) == ETIMEDOUT;
    json_t *msg = NULL;
    if (q->count > 0) {
        queue_item it = q->items[q->head];
        q->head = (q->head + 1) % q->max;
        q->count--;
        msg = it.msg;
        if (stamp_ns)
            *stamp_ns = it.stamp;
        *status = TAFEL_CLIENT_OK;
    } else {
        *status = q->closed ? TAFEL_CLIENT_CLOSED : TAFEL_CLIENT_TIMEOUT;
    }
    pthread_mutex_unlock(&q->lock);
    return msg;
}

size_t tafel_client_queue_length(tafel_client_queue *q)
{
    pthread_mutex_lock(&q->lock);
    size_t n = q->count;
    pthread_mutex_unlock(&q->lock);
    return n;
}

void tafel_client_queue_reason(tafel_client_queue *q, char *buf, size_t len)
{
    pthread_mutex_lock(&q->lock);
    snprintf(buf, len, "%s", q->closed ? q->reason : "");
    pthread_mutex_unlock(&q->lock);
}
