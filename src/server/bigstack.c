/* bigstack.c: run a function on a full-size stack (see bigstack.h) by handing it to an idle
 * helper thread. Helpers are kept (on an idle list) rather than started per call: starting a
 * thread with an 8 MiB stack per message cost a clone and an madvise each time, about 5% of
 * the server's CPU under load. There are as many helpers as calls ever ran at once. */
#include "server/bigstack.h"

#include <pthread.h>
#include <stdlib.h>

typedef struct bigstack_helper {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    void (*fn)(void *);        /* the call to run, NULL when none */
    void *arg;
    int done;
    struct bigstack_helper *next; /* on the idle list */
} bigstack_helper;

/* Process-wide, like the threads themselves: the helpers outlive any one server. */
static pthread_mutex_t bigstack_mu = PTHREAD_MUTEX_INITIALIZER;
static bigstack_helper *bigstack_idle;

static void *bigstack_main(void *p)
{
    bigstack_helper *b = p;
    pthread_mutex_lock(&b->mu);
    for (;;) {
        while (!b->fn)
            pthread_cond_wait(&b->cv, &b->mu);
        void (*fn)(void *) = b->fn;
        void *arg = b->arg;
        pthread_mutex_unlock(&b->mu);
        fn(arg);
        pthread_mutex_lock(&b->mu);
        b->fn = NULL;
        b->done = 1;
        pthread_cond_signal(&b->cv);
    }
    return NULL;
}

static bigstack_helper *bigstack_new(void)
{
    bigstack_helper *b = calloc(1, sizeof *b);
    if (!b)
        abort();
    pthread_mutex_init(&b->mu, NULL);
    pthread_cond_init(&b->cv, NULL);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, BIGSTACK_SIZE);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_t t;
    if (pthread_create(&t, &attr, bigstack_main, b))
        abort(); /* out of threads or memory: nothing sensible to answer */
    pthread_attr_destroy(&attr);
    return b;
}

void bigstack_run(void (*fn)(void *), void *arg)
{
    pthread_mutex_lock(&bigstack_mu);
    bigstack_helper *b = bigstack_idle;
    if (b)
        bigstack_idle = b->next;
    pthread_mutex_unlock(&bigstack_mu);
    if (!b)
        b = bigstack_new();
    pthread_mutex_lock(&b->mu);
    b->fn = fn;
    b->arg = arg;
    b->done = 0;
    pthread_cond_signal(&b->cv);
    while (!b->done)
        pthread_cond_wait(&b->cv, &b->mu);
    pthread_mutex_unlock(&b->mu);
    pthread_mutex_lock(&bigstack_mu);
    b->next = bigstack_idle;
    bigstack_idle = b;
    pthread_mutex_unlock(&bigstack_mu);
}
