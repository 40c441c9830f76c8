/* test_serve_slow.c: a client that stops reading must not stall the server. A raw WebSocket
 * client with a tiny receive buffer joins a finished match again and again (each join answers
 * with its whole log) and never reads; meanwhile two seats play another match, and every move's
 * round trip from act to its action must stay within a bound. The flooding client is then cut
 * off: the server stops queueing for it and closes it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "srv_client.h"

#define SLOW_BOUND_MS 2000 /* generous: sanitizers and a loaded 2-core machine */

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A WebSocket connection that will never read after the handshake. */
static int raw_open(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(fd >= 0);
    int small = 4096;
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
    char req[256];
    int n = snprintf(req, sizeof req, "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                     "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                     "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     "Sec-WebSocket-Version: 13\r\n\r\n", port);
    assert_int_equal(write(fd, req, (size_t)n), n);
    /* Read the answer's head byte by byte, so that nothing after it is consumed. */
    char head[1024];
    size_t len = 0;
    while (len < sizeof head - 1 && (len < 4 || memcmp(head + len - 4, "\r\n\r\n", 4)))
        assert_int_equal(read(fd, head + len++, 1), 1);
    head[len] = 0;
    assert_non_null(strstr(head, " 101 "));
    return fd;
}

/* One masked text frame (mask key 0: the payload goes as it is). */
static int raw_send(int fd, const char *text)
{
    unsigned char frame[256];
    size_t len = strlen(text);
    assert_true(len < 126);
    frame[0] = 0x81;
    frame[1] = (unsigned char)(0x80 | len);
    memset(frame + 2, 0, 4);
    memcpy(frame + 6, text, len);
    return write(fd, frame, len + 6) == (ssize_t)(len + 6) ? 0 : -1;
}

static void test_slow_client(void **st)
{
    (void)st;
    tc_server t;
    tc_start(&t, NULL);
    /* A finished match with a long log to flood with. */
    json_t *done = tc_create(t.port, "carcassonne", "[\"random\", \"random\"]", 5);
    long long done_id = json_integer_value(json_object_get(done, "id"));
    char path[64];
    snprintf(path, sizeof path, "/api/matches/%lld/record", done_id);
    for (int i = 0; i < 500 && tc_http(t.port, "GET", path, NULL, NULL) != 200; i++)
        nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
    int slow = raw_open(t.port);
    char join[128];
    snprintf(join, sizeof join, "{\"type\":\"join\",\"protocol\":1,\"match\":%lld}", done_id);
    for (int i = 0; i < 600; i++) /* ~35 KB of answer each */
        assert_int_equal(raw_send(slow, join), 0);

    json_t *m = tc_create(t.port, "targi", "[\"human\", \"human\"]", 6);
    long long id = json_integer_value(json_object_get(m, "id"));
    tc_ws *ws[2];
    json_t *last[2];
    for (int p = 0; p < 2; p++) {
        ws[p] = tc_ws_open(t.port, NULL);
        const char *tok = json_string_value(
            json_object_get(json_array_get(json_object_get(m, "seats"), (size_t)p), "token"));
        last[p] = tc_join(ws[p], id, tok);
    }
    long long worst = 0;
    int moves = 0;
    /* Unhurried moves for some seconds: the server answers the joins meanwhile, so the
     * flooder falls far behind while the game is played. */
    for (long long start = now_ms(); moves < 400 && now_ms() - start < 8000; moves++) {
        int to = (int)json_integer_value(json_object_get(last[1], "to_move"));
        if (to < 0)
            break;
        json_t *legal = json_object_get(last[to], "legal");
        json_int_t index = json_integer_value(json_object_get(last[to], "index"));
        assert_non_null(legal);
        long long t0 = now_ms();
        tc_ws_sendj(ws[to], json_pack("{s:s, s:I, s:O}", "type", "act", "index", index,
                                      "action", json_object_get(json_array_get(legal, 0),
                                                                "action")));
        for (int p = 0; p < 2; p++) {
            json_decref(last[p]);
            /* Skip presence; the action must come within the bound. */
            last[p] = tc_ws_wait(ws[p], "action", SLOW_BOUND_MS);
        }
        long long dt = now_ms() - t0;
        worst = dt > worst ? dt : worst;
        raw_send(slow, join); /* keep it flooding (it may be closed by now) */
        nanosleep(&(struct timespec){.tv_nsec = 30000000}, NULL);
    }
    assert_true(moves >= 20);
    assert_true(worst < SLOW_BOUND_MS);
    /* The flooding client was cut off: reading now ends in a close, long before 600 joins'
     * worth of state messages. */
    struct timeval tv = {.tv_sec = 10};
    setsockopt(slow, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    char buf[65536];
    long long got = 0;
    ssize_t r;
    while ((r = read(slow, buf, sizeof buf)) > 0)
        got += r;
    /* Under ThreadSanitizer the server makes its messages too slowly for the flooder to fall
     * 4 MiB behind in time; the bound on the other match above still holds there. */
    if (r && !getenv("TAFEL_TSAN"))
        fail_msg("the flooding client is still open after %lld bytes", got);
    json_t *one;
    assert_int_equal(tc_http(t.port, "GET", path, NULL, &one), 200);
    printf("slow client: %d moves of another match, worst round trip %lld ms; the flooder was "
           "closed after %lld bytes\n", moves, worst, got);
    json_decref(one);
    close(slow);
    for (int p = 0; p < 2; p++) {
        json_decref(last[p]);
        tc_ws_close(ws[p]);
    }
    json_decref(m);
    json_decref(done);
    tc_stop(&t);
    tc_remove_db(t.db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slow_client),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
