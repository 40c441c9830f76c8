/* test_serve_presence.c: the "presence" message (docs/protocol.md): a seat that joins or drops
 * is announced to everyone in the match with every seat's "connected"; "joined" and the match
 * listing show the same; a spectator marks no seat connected. A drop is seen within a bound,
 * both for a clean close (a close frame) and for a socket closed without one. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "srv_client.h"

#define WAIT_MS 3000  /* bound for a message that must come */
#define QUIET_MS 300  /* how long nothing must come */

static const char *type_of(const json_t *j)
{
    return json_string_value(json_object_get(j, "type"));
}

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

/* The "connected" of each seat in an array of {"seat", "connected"}: a bit per seat. Fails the
 * test unless the array holds n seats in order, each with a boolean "connected". */
static unsigned connected_bits(const json_t *seats, int n)
{
    assert_true(json_is_array(seats));
    assert_int_equal(json_array_size(seats), n);
    unsigned bits = 0;
    for (int p = 0; p < n; p++) {
        const json_t *s = json_array_get(seats, (size_t)p);
        assert_int_equal(json_integer_value(json_object_get(s, "seat")), p);
        const json_t *c = json_object_get(s, "connected");
        assert_true(json_is_boolean(c));
        if (json_is_true(c))
            bits |= 1u << p;
    }
    return bits;
}

/* join by hand, to see "joined"; returns the connected bits it shows. */
static unsigned join(tc_ws *w, long long id, const char *token, int seat)
{
    json_t *msg = json_pack("{s:s, s:i, s:I}", "type", "join", "protocol", 1, "match",
                            (json_int_t)id);
    if (token)
        json_object_set_new(msg, "token", json_string(token));
    tc_ws_sendj(w, msg);
    json_t *j = tc_ws_next(w, WAIT_MS);
    assert_non_null(j);
    assert_string_equal(type_of(j), "joined");
    assert_int_equal(json_integer_value(json_object_get(j, "seat")), seat);
    unsigned bits = connected_bits(json_object_get(j, "seats"), 2);
    json_decref(j);
    j = tc_ws_next(w, WAIT_MS); /* "state" comes right after "joined" */
    assert_non_null(j);
    assert_string_equal(type_of(j), "state");
    json_decref(j);
    return bits;
}

/* The next message must be a presence (nothing else happens in a match nobody plays); returns
 * its bits. */
static unsigned next_presence(tc_ws *w)
{
    json_t *j = tc_ws_next(w, WAIT_MS);
    if (!j)
        fail_msg("no presence within %d ms", WAIT_MS);
    if (strcmp(type_of(j), "presence"))
        fail_msg("presence expected: %s", json_dumps(j, 0));
    unsigned bits = connected_bits(json_object_get(j, "seats"), 2);
    json_decref(j);
    return bits;
}

static void expect_quiet(tc_ws *w)
{
    json_t *j = tc_ws_next(w, QUIET_MS);
    if (j)
        fail_msg("nothing expected: %s", json_dumps(j, 0));
}

/* The listing's connected bits: GET /api/matches/ID. */
static unsigned listed_bits(int port, long long id)
{
    char path[64];
    snprintf(path, sizeof path, "/api/matches/%lld", id);
    json_t *m;
    assert_int_equal(tc_http(port, "GET", path, NULL, &m), 200);
    unsigned bits = connected_bits(json_object_get(m, "seats"), 2);
    json_decref(m);
    return bits;
}

/* ---- A raw WebSocket client, to drop a connection without a close frame ---- */

static void raw_send_all(int fd, const void *buf, size_t len)
{
    const char *p = buf;
    while (len) {
        ssize_t k = send(fd, p, len, MSG_NOSIGNAL);
        assert_true(k > 0);
        p += k;
        len -= (size_t)k;
    }
}

/* Connect, upgrade and send one text message (masked, as a client must). */
static int raw_ws_join(int port, long long id, const char *token)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(fd >= 0);
    struct timeval tv = {.tv_sec = WAIT_MS / 1000};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
    char req[512];
    int n = snprintf(req, sizeof req,
                     "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                     "Sec-WebSocket-Version: 13\r\n\r\n", port);
    raw_send_all(fd, req, (size_t)n);
    /* Read the answer up to its blank line, a byte at a time (no frame bytes taken). */
    char resp[1024];
    size_t got = 0;
    while (got < sizeof resp - 1 &&
           (got < 4 || memcmp(resp + got - 4, "\r\n\r\n", 4))) {
        ssize_t k = recv(fd, resp + got, 1, 0);
        assert_true(k == 1);
        got++;
    }
    resp[got] = 0;
    assert_non_null(strstr(resp, " 101 "));
    char text[256];
    size_t len = (size_t)snprintf(text, sizeof text,
                                  "{\"type\":\"join\",\"protocol\":1,\"match\":%lld,"
                                  "\"token\":\"%s\"}", id, token);
    assert_true(len < 126);
    unsigned char frame[8 + sizeof text];
    const unsigned char mask[4] = {0x12, 0x34, 0x56, 0x78};
    frame[0] = 0x81; /* FIN, text */
    frame[1] = (unsigned char)(0x80 | len);
    memcpy(frame + 2, mask, 4);
    for (size_t i = 0; i < len; i++)
        frame[6 + i] = (unsigned char)text[i] ^ mask[i % 4];
    raw_send_all(fd, frame, 6 + len);
    return fd;
}

/* ---- Tests ---- */

static void test_presence(void **st)
{
    (void)st;
    tc_server t;
    tc_start(&t, NULL);
    json_t *c = tc_create(t.port, "targi", "[\"human\", \"human\"]", 21);
    long long id = json_integer_value(json_object_get(c, "id"));
    assert_int_equal(listed_bits(t.port, id), 0u);

    /* Seat 0 joins: it is connected, seat 1 is not, in joined and in the presence that
     * announces seat 0 (sent to everyone in the match, seat 0 included). */
    tc_ws *s0 = tc_ws_open(t.port, NULL);
    assert_non_null(s0);
    assert_int_equal(join(s0, id, token_of(c, 0), 0), 1u);
    assert_int_equal(next_presence(s0), 1u);
    assert_int_equal(listed_bits(t.port, id), 1u);

    /* Seat 1 joins: joined shows both; seat 0 (and seat 1) get a presence with both. */
    tc_ws *s1 = tc_ws_open(t.port, NULL);
    assert_non_null(s1);
    assert_int_equal(join(s1, id, token_of(c, 1), 1), 3u);
    assert_int_equal(next_presence(s0), 3u);
    assert_int_equal(next_presence(s1), 3u);
    assert_int_equal(listed_bits(t.port, id), 3u);

    /* Seat 1 closes: seat 0 sees it gone within the bound. */
    double t0 = now_ms();
    tc_ws_close(s1);
    assert_int_equal(next_presence(s0), 1u);
    double dt = now_ms() - t0;
    assert_true(dt < WAIT_MS);
    assert_int_equal(listed_bits(t.port, id), 1u);

    /* A spectator joins: no seat becomes connected, and no presence is sent for it. */
    tc_ws *spec = tc_ws_open(t.port, NULL);
    assert_non_null(spec);
    assert_int_equal(join(spec, id, NULL, -1), 1u);
    expect_quiet(s0);
    expect_quiet(spec);
    assert_int_equal(listed_bits(t.port, id), 1u);

    /* The spectator leaves: still no presence, seat 0 still the only one connected. */
    tc_ws_close(spec);
    expect_quiet(s0);
    assert_int_equal(listed_bits(t.port, id), 1u);

    /* Seat 0 leaves too: the listing shows nobody (the server may close a moment after the
     * client has seen its close answer, so look again for a while). */
    tc_ws_close(s0);
    unsigned bits = 1;
    for (int i = 0; i < WAIT_MS / 10 && (bits = listed_bits(t.port, id)); i++)
        nanosleep(&(struct timespec){0, 10000000L}, NULL);
    assert_int_equal(bits, 0u);
    json_decref(c);
    tc_stop(&t);
    tc_remove_db(t.db);
}

/* A seat whose socket goes away without a close frame (a killed browser, a lost network that
 * resets) is announced as gone within the bound too. */
static void test_presence_abrupt_drop(void **st)
{
    (void)st;
    tc_server t;
    tc_start(&t, NULL);
    json_t *c = tc_create(t.port, "targi", "[\"human\", \"human\"]", 22);
    long long id = json_integer_value(json_object_get(c, "id"));
    tc_ws *s0 = tc_ws_open(t.port, NULL);
    assert_non_null(s0);
    assert_int_equal(join(s0, id, token_of(c, 0), 0), 1u);
    assert_int_equal(next_presence(s0), 1u);

    int fd = raw_ws_join(t.port, id, token_of(c, 1));
    assert_int_equal(next_presence(s0), 3u);
    double t0 = now_ms();
    close(fd); /* no close frame */
    assert_int_equal(next_presence(s0), 1u);
    assert_true(now_ms() - t0 < WAIT_MS);
    assert_int_equal(listed_bits(t.port, id), 1u);

    tc_ws_close(s0);
    json_decref(c);
    tc_stop(&t);
    tc_remove_db(t.db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_presence),
        cmocka_unit_test(test_presence_abrupt_drop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
