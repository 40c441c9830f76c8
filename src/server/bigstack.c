/* bigstack.c: run a function on a full-size stack (see bigstack.h). */
#include "server/bigstack.h"

#include <pthread.h>
#include <stdlib.h>

typedef struct bigstack_call {
    void (*fn)(void *);
    void *arg;
} bigstack_call;

static void *bigstack_main(void *p)
{
    bigstack_call *c = p;
    c->fn(c->arg);
    return NULL;
}

void bigstack_run(void (*fn)(void *), void *arg)
{
    bigstack_call c = {fn, arg};
    pthread_attr_t attr;
    pthread_t t;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, BIGSTACK_SIZE);
    if (pthread_create(&t, &attr, bigstack_main, &c))
        abort(); /* out of threads or memory: nothing sensible to answer */
    pthread_attr_destroy(&attr);
    pthread_join(t, NULL);
}
