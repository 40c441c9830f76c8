/* bigstack.h: run a function on a thread with a full-size stack and wait for it.
 *
 * civetweb's worker threads have a small stack fixed when the library was built (Debian's is
 * not enough for Carcassonne's recursive feature search), so every request and message that
 * reaches the engine runs through here, on a kept helper thread (a few microseconds a call). */
#ifndef TAFEL_SERVER_BIGSTACK_H
#define TAFEL_SERVER_BIGSTACK_H

#define BIGSTACK_SIZE (8u << 20)

void bigstack_run(void (*fn)(void *), void *arg);

#endif
