/* test_client_queue.c: the client's message queue (order, timed waits, close, overflow, threads)
 * and the reassembly and checking of server frames, with no server. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "client/client.h"
#include "client/client_impl.h"

static json_t *q_msg(int i)
{
    return json_pack("{s:s, s:i}", "type", "action", "index", i);
}

static void test_order_and_stamps(void **st)
{
    (void)st;
    tafel_client_queue *q = tafel_client_queue_new(8);
    for (int i = 0; i < 5; i++)
        assert_int_equal(tafel_client_queue_push(q, q_msg(i), 100 + i), 0);
    assert_int_equal(tafel_client_queue_length(q), 5);
    for (int i = 0; i < 5; i++) {
        int status = -1;
        int64_t stamp = 0;
        json_t *m = tafel_client_queue_pop(q, 0, &status, &stamp);
        assert_non_null(m);
        assert_int_equal(status, TAFEL_CLIENT_OK);
        assert_int_equal(json_integer_value(json_object_get(m, "index")), i);
        assert_int_equal(stamp, 100 + i);
        json_decref(m);
    }
    tafel_client_queue_free(q);
}

static void test_timed_wait(void **st)
{
    (void)st;
    tafel_client_queue *q = tafel_client_queue_new(4);
    int status = -1;
    int64_t t0 = tafel_client_now_ns();
    assert_null(tafel_client_queue_pop(q, 50, &status, NULL));
    int64_t waited = tafel_client_now_ns() - t0;
    assert_int_equal(status, TAFEL_CLIENT_TIMEOUT);
    /* It waited (not a busy return) and came back (no unbounded wait). */
    assert_true(waited >= 45 * 1000000LL);
    assert_true(waited < 5000 * 1000000LL);
    assert_null(tafel_client_queue_pop(q, 0, &status, NULL));
    assert_int_equal(status, TAFEL_CLIENT_TIMEOUT);
    tafel_client_queue_free(q);
}

static void test_close_drains_first(void **st)
{
    (void)st;
    tafel_client_queue *q = tafel_client_queue_new(4);
    tafel_client_queue_push(q, q_msg(1), 0);
    tafel_client_queue_close(q, "gone");
    tafel_client_queue_close(q, "second reason ignored");
    assert_int_equal(tafel_client_queue_push(q, q_msg(2), 0), -1);
    int status;
    json_t *m = tafel_client_queue_pop(q, 1000, &status, NULL);
    assert_non_null(m);
    json_decref(m);
    int64_t t0 = tafel_client_now_ns();
    assert_null(tafel_client_queue_pop(q, 5000, &status, NULL));
    assert_int_equal(status, TAFEL_CLIENT_CLOSED);
    assert_true(tafel_client_now_ns() - t0 < 1000 * 1000000LL); /* closed: no waiting */
    char reason[64];
    tafel_client_queue_reason(q, reason, sizeof reason);
    assert_string_equal(reason, "gone");
    tafel_client_queue_free(q);
}

static void test_overflow_closes(void **st)
{
    (void)st;
    tafel_client_queue *q = tafel_client_queue_new(3);
    for (int i = 0; i < 3; i++)
        assert_int_equal(tafel_client_queue_push(q, q_msg(i), 0), 0);
    assert_int_equal(tafel_client_queue_push(q, q_msg(3), 0), -1);
    char reason[128];
    tafel_client_queue_reason(q, reason, sizeof reason);
    assert_non_null(strstr(reason, "overflow"));
    tafel_client_queue_free(q); /* frees the three queued messages (ASan checks) */
}

#define PRODUCERS 4
#define PER_PRODUCER 2000

static void *q_producer(void *arg)
{
    tafel_client_queue *q = arg;
    for (int i = 0; i < PER_PRODUCER; i++)
        tafel_client_queue_push(q, q_msg(i), tafel_client_now_ns());
    return NULL;
}

static void test_threads(void **st)
{
    (void)st;
    tafel_client_queue *q = tafel_client_queue_new(PRODUCERS * PER_PRODUCER);
    pthread_t t[PRODUCERS];
    for (int i = 0; i < PRODUCERS; i++)
        pthread_create(&t[i], NULL, q_producer, q);
    long long sum = 0;
    int got = 0, status;
    /* Bounded: every pop waits at most 5 s, and there are exactly this many messages. */
    while (got < PRODUCERS * PER_PRODUCER) {
        json_t *m = tafel_client_queue_pop(q, 5000, &status, NULL);
        assert_non_null(m);
        sum += json_integer_value(json_object_get(m, "index"));
        json_decref(m);
        got++;
    }
    for (int i = 0; i < PRODUCERS; i++)
        pthread_join(t[i], NULL);
    assert_int_equal(sum, (long long)PRODUCERS * PER_PRODUCER * (PER_PRODUCER - 1) / 2);
    tafel_client_queue_free(q);
}

/* ---- frames as civetweb's reader hands them over ---- */

static json_t *frame_pop(tafel_client *c)
{
    int status;
    return tafel_client_queue_pop(client_queue(c), 0, &status, NULL);
}

static void test_frames(void **st)
{
    (void)st;
    tafel_client *c = client_new_detached();
    const char *whole = "{\"type\":\"pong\",\"id\":7}";
    assert_int_equal(client_ws_frame(c, 0x81, whole, strlen(whole)), 1);
    json_t *m = frame_pop(c);
    assert_non_null(m);
    assert_int_equal(json_integer_value(json_object_get(m, "id")), 7);
    json_decref(m);
    /* A message in three fragments arrives once, whole. */
    assert_int_equal(client_ws_frame(c, 0x01, "{\"type\":", 8), 1);
    assert_null(frame_pop(c));
    assert_int_equal(client_ws_frame(c, 0x00, "\"pres", 5), 1);
    assert_int_equal(client_ws_frame(c, 0x80, "ence\"}", 6), 1);
    m = frame_pop(c);
    assert_non_null(m);
    assert_string_equal(json_string_value(json_object_get(m, "type")), "presence");
    json_decref(m);
    assert_null(frame_pop(c));
    /* Pings are civetweb's business, not messages. */
    assert_int_equal(client_ws_frame(c, 0x89, "", 0), 1);
    assert_null(frame_pop(c));
    tafel_client_close(c);
}

static void frame_refused(int bits, const char *data, const char *reason_part)
{
    tafel_client *c = client_new_detached();
    assert_int_equal(client_ws_frame(c, bits, data, strlen(data)), 0);
    char err[256];
    assert_null(tafel_client_recv(c, 10, err, sizeof err));
    if (!strstr(err, reason_part))
        fail_msg("reason '%s' lacks '%s'", err, reason_part);
    /* And the client refuses to send once its connection is done. */
    assert_int_equal(tafel_client_ping(c, 1, err, sizeof err), -1);
    tafel_client_close(c);
}

static void test_bad_frames(void **st)
{
    (void)st;
    frame_refused(0x81, "{\"type\":", "not JSON");
    frame_refused(0x81, "[1,2]", "not an object");
    frame_refused(0x81, "{\"a\":1,\"a\":2}", "not JSON");
    frame_refused(0x80, "}", "continuation");
    frame_refused(0x88, "", "closed");
    frame_refused(0x83, "x", "opcode");
}

static void test_recv_timeout_text(void **st)
{
    (void)st;
    tafel_client *c = client_new_detached();
    char err[256];
    assert_null(tafel_client_recv(c, 20, err, sizeof err));
    assert_non_null(strstr(err, "timeout"));
    /* expect() skips other types and stops at an error with its code and text. */
    const char *a = "{\"type\":\"presence\",\"seats\":[]}";
    const char *b = "{\"type\":\"error\",\"code\":\"stale\",\"error\":\"index 3, next is 4\"}";
    client_ws_frame(c, 0x81, a, strlen(a));
    client_ws_frame(c, 0x81, b, strlen(b));
    assert_null(tafel_client_expect(c, "state", 1000, err, sizeof err));
    assert_string_equal(err, "server error stale: index 3, next is 4");
    assert_null(tafel_client_expect(c, "state", 20, err, sizeof err));
    assert_non_null(strstr(err, "timeout: no 'state'"));
    tafel_client_close(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order_and_stamps), cmocka_unit_test(test_timed_wait),
        cmocka_unit_test(test_close_drains_first), cmocka_unit_test(test_overflow_closes),
        cmocka_unit_test(test_threads),          cmocka_unit_test(test_frames),
        cmocka_unit_test(test_bad_frames),       cmocka_unit_test(test_recv_timeout_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
