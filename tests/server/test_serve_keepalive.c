/* test_serve_keepalive.c: the server's keepalive (server_options.ping_ms, tafel serve
 * --ping-interval): a WebSocket whose peer went silent without closing (it answers no ping, as
 * after a dead network) is closed and its seat shown disconnected within the bound, while a
 * quiet client that answers pings (civetweb's client does, like browsers) stays connected. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "srv_client.h"

#define PING_MS 300
/* civetweb closes after SERVER_PING_TRIES unanswered pings, one per quiet interval; the rest is
 * slack for a loaded machine and sanitizers. */
#define BOUND_MS ((SERVER_PING_TRIES + 1) * PING_MS + 2500)

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static const char *token_of(const json_t *created, int seat)
{
    return json_string_value(json_object_get(json_array_get(json_object_get(created, "seats"),
                                                            (size_t)seat), "token"));
}

/* Bit p set when seat p is connected, from a presence's or listing's "seats". */
static unsigned bits_of(const json_t *seats)
{
    unsigned bits = 0;
    for (size_t p = 0; p < json_array_size(seats); p++)
        if (json_is_true(json_object_get(json_array_get(seats, p), "connected")))
            bits |= 1u << p;
    return bits;
}

static unsigned listed_bits(int port, long long id)
{
    char path[64];
    snprintf(path, sizeof path, "/api/matches/%lld", id);
    json_t *m;
    assert_int_equal(tc_http(port, "GET", path, NULL, &m), 200);
    unsigned bits = bits_of(json_object_get(m, "seats"));
    json_decref(m);
    return bits;
}

static void test_silent_peer_dropped(void **st)
{
    (void)st;
    tc_server t;
    tc_start_ping(&t, NULL, PING_MS);
    json_t *c = tc_create(t.port, "targi", "[\"human\", \"human\"]", 5);
    long long id = json_integer_value(json_object_get(c, "id"));
    tc_ws *live = tc_ws_open(t.port, NULL);
    assert_non_null(live);
    json_decref(tc_join(live, id, token_of(c, 0)));
    int fd = tc_raw_join(t.port, id, token_of(c, 1));
    double t0 = now_ms();
    /* Wait for the presence that shows both seats, then the one that shows seat 1 gone; seat
     * 0 never sends anything meanwhile. */
    unsigned bits = 0;
    int saw_both = 0;
    while (!(saw_both && bits == 1u) && now_ms() - t0 < BOUND_MS) {
        json_t *j = tc_ws_next(live, 100);
        if (j && !strcmp(json_string_value(json_object_get(j, "type")), "presence")) {
            bits = bits_of(json_object_get(j, "seats"));
            saw_both |= bits == 3u;
        }
        json_decref(j);
    }
    double took = now_ms() - t0;
    printf("silent seat shown disconnected after %.0f ms (ping every %d ms, bound %d ms)\n",
           took, PING_MS, BOUND_MS);
    assert_true(saw_both);
    assert_int_equal(bits, 1u);
    /* Not before the pings had their chance: a quiet interval, then unanswered pings. */
    assert_true(took >= (SERVER_PING_TRIES - 1) * PING_MS);
    /* The quiet but live seat 0 stays, long after several intervals without a message. */
    struct timespec pause = {.tv_sec = 4 * (SERVER_PING_TRIES + 1) * PING_MS / 1000};
    nanosleep(&pause, NULL);
    assert_false(tc_ws_closed(live));
    assert_int_equal(listed_bits(t.port, id), 1u);
    /* And it is still served. */
    tc_ws_send(live, "{\"type\":\"ping\",\"id\":7}");
    json_decref(tc_ws_wait(live, "pong", 3000));
    close(fd);
    tc_ws_close(live);
    json_decref(c);
    tc_stop(&t);
    tc_remove_db(t.db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_silent_peer_dropped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
