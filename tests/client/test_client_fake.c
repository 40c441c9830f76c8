/* test_client_fake.c: the client library and `tafel connect` against a scripted protocol server
 * (civetweb, 127.0.0.1, port chosen by the system) in this process: joining, acting with the
 * right index, server errors, a silent server, the HTTP API, and invite links. */
#include <civetweb.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "client/client.h"

/* The fake match: seat 0 (token "t0") plays 3 moves; each act must name the next index and
 * one of the offered actions 5 or 7. Token "mute" joins and then hears nothing; token "huge"
 * is told of a past action with the largest index JSON's integers hold. */
#define FAKE_MOVES 3

static struct mg_context *fake_ctx;
static int fake_port;
static char fake_url[64];
static pthread_mutex_t fake_lock = PTHREAD_MUTEX_INITIALIZER;
static int fake_next, fake_acts, fake_refused;

static void fake_send(struct mg_connection *mc, json_t *msg)
{
    char *s = json_dumps(msg, JSON_COMPACT);
    mg_websocket_write(mc, MG_WEBSOCKET_OPCODE_TEXT, s, strlen(s));
    free(s);
    json_decref(msg);
}

static json_t *fake_legal(void)
{
    return json_pack("[{s:i, s:s}, {s:i, s:s}]", "action", 5, "text", "five", "action", 7, "text",
                     "seven");
}

static void fake_error(struct mg_connection *mc, const char *code, const char *text)
{
    fake_send(mc, json_pack("{s:s, s:s, s:s}", "type", "error", "code", code, "error", text));
}

static int fake_data(struct mg_connection *mc, int bits, char *data, size_t len, void *cb)
{
    (void)cb;
    if ((bits & 0x0f) != MG_WEBSOCKET_OPCODE_TEXT)
        return (bits & 0x0f) != MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE;
    json_t *m = json_loadb(data, len, 0, NULL);
    const char *type = json_string_value(json_object_get(m, "type"));
    pthread_mutex_lock(&fake_lock);
    if (type && !strcmp(type, "join")) {
        const char *token = json_string_value(json_object_get(m, "token"));
        if (json_integer_value(json_object_get(m, "match")) != 1 || !token ||
            (strcmp(token, "t0") && strcmp(token, "mute") && strcmp(token, "huge"))) {
            fake_error(mc, "bad_token", "no such seat");
        } else if (!strcmp(token, "t0")) {
            fake_next = 0;
            fake_send(mc, json_pack("{s:s, s:i, s:i, s:i, s:s}", "type", "joined", "protocol", 1,
                                    "match", 1, "seat", 0, "game", "targi"));
            fake_send(mc, json_pack("{s:s, s:i, s:{}, s:[], s:i, s:o}", "type", "state", "index",
                                    0, "view", "log", "to_move", 0, "legal", fake_legal()));
        } else if (!strcmp(token, "huge")) {
            fake_send(mc, json_pack("{s:s, s:i, s:i, s:i, s:s}", "type", "joined", "protocol", 1,
                                    "match", 1, "seat", 0, "game", "targi"));
            fake_send(mc, json_pack("{s:s, s:I, s:{}, s:[{s:I, s:i, s:s}], s:i, s:o}", "type",
                                    "state", "index", (json_int_t)INT64_MAX, "view", "log",
                                    "index", (json_int_t)INT64_MAX, "player", 0, "text", "x",
                                    "to_move", 0, "legal", fake_legal()));
        }
    } else if (type && !strcmp(type, "act")) {
        json_int_t index = json_integer_value(json_object_get(m, "index"));
        json_int_t action = json_integer_value(json_object_get(m, "action"));
        if (index != fake_next) {
            fake_refused++;
            fake_error(mc, "stale", "not the next index");
        } else if (action != 5 && action != 7) {
            fake_refused++;
            fake_error(mc, "illegal", "not offered");
        } else {
            fake_acts++;
            fake_next++;
            char text[32];
            snprintf(text, sizeof text, "plays %s", action == 5 ? "five" : "seven");
            json_t *msg = json_pack(
                "{s:s, s:{s:i, s:i, s:s, s:I, s:[{s:s, s:s}]}, s:i, s:{}, s:i}", "type", "action",
                "entry", "index", fake_next - 1, "player", 0, "text", text, "action", action,
                "events", "type", "score", "text", "player 0 scores 1", "index", fake_next,
                "view", "to_move", fake_next < FAKE_MOVES ? 0 : -2);
            if (fake_next < FAKE_MOVES)
                json_object_set_new(msg, "legal", fake_legal());
            fake_send(mc, msg);
            if (fake_next == FAKE_MOVES)
                fake_send(mc, json_pack("{s:s, s:[i,i], s:[f,f], s:s}", "type", "over", "scores",
                                        3, 0, "returns", 1.0, 0.0, "record",
                                        "/api/matches/1/record"));
        }
    } else if (type && !strcmp(type, "ping")) {
        fake_send(mc, json_pack("{s:s, s:O}", "type", "pong", "id", json_object_get(m, "id")));
    } else {
        fake_error(mc, "unknown_type", "no such message type");
    }
    pthread_mutex_unlock(&fake_lock);
    json_decref(m);
    return 1;
}

static int fake_http(struct mg_connection *mc, void *cb)
{
    (void)cb;
    const struct mg_request_info *ri = mg_get_request_info(mc);
    char body[4096] = "";
    int n = 0;
    if (!strcmp(ri->request_method, "POST"))
        n = mg_read(mc, body, sizeof body - 1);
    body[n > 0 ? n : 0] = 0;
    const char *answer;
    int status;
    if (!strcmp(ri->local_uri, "/api/matches") && !strcmp(ri->request_method, "POST")) {
        json_t *req = json_loads(body, 0, NULL);
        int ok = json_is_string(json_object_get(req, "game")) &&
                 json_array_size(json_object_get(req, "seats")) == 2 &&
                 json_integer_value(json_object_get(req, "seed")) == 9;
        json_decref(req);
        status = ok ? 201 : 400;
        answer = ok ? "{\"id\":1,\"game\":\"targi\",\"seats\":[{\"seat\":0,\"spec\":\"human\","
                      "\"token\":\"t0\",\"invite\":\"http://x/match/1#token=t0\"}]}"
                    : "{\"error\":\"bad request body\"}";
    } else if (!strcmp(ri->local_uri, "/api/matches")) {
        status = 200;
        answer = ri->query_string && !strcmp(ri->query_string, "status=open")
                     ? "{\"matches\":[{\"id\":1}]}"
                     : "{\"matches\":[]}";
    } else if (!strcmp(ri->local_uri, "/api/matches/1/record")) {
        status = 403;
        answer = "{\"error\":\"the match is not over\"}";
    } else {
        status = 404;
        answer = "{\"error\":\"unknown\"}";
    }
    mg_printf(mc,
              "HTTP/1.1 %d X\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n"
              "Connection: close\r\n\r\n%s",
              status, strlen(answer), answer);
    return status;
}

static int fake_start(void **st)
{
    (void)st;
    mg_init_library(0);
    const char *opts[] = {"listening_ports", "127.0.0.1:0", "num_threads", "8", NULL};
    fake_ctx = mg_start(NULL, NULL, opts);
    if (!fake_ctx)
        return -1;
    mg_set_websocket_handler(fake_ctx, "/ws", NULL, NULL, fake_data, NULL, NULL);
    mg_set_request_handler(fake_ctx, "/api", fake_http, NULL);
    struct mg_server_port ports[2];
    if (mg_get_server_ports(fake_ctx, 2, ports) < 1)
        return -1;
    fake_port = ports[0].port;
    snprintf(fake_url, sizeof fake_url, "http://127.0.0.1:%d", fake_port);
    return 0;
}

static int fake_stop(void **st)
{
    (void)st;
    mg_stop(fake_ctx);
    return 0;
}

static void test_play_with_library(void **st)
{
    (void)st;
    char err[256];
    tafel_client *c = tafel_client_connect(fake_url, err, sizeof err);
    assert_non_null(c);
    assert_int_equal(tafel_client_join(c, "1", "t0", err, sizeof err), 0);
    json_t *m = tafel_client_expect(c, "joined", 5000, err, sizeof err);
    assert_non_null(m);
    assert_int_equal(json_integer_value(json_object_get(m, "seat")), 0);
    json_decref(m);
    m = tafel_client_expect(c, "state", 5000, err, sizeof err);
    assert_non_null(m);
    json_decref(m);
    /* A stale index is refused with its code; the connection goes on. */
    json_t *five = json_integer(5);
    assert_int_equal(tafel_client_act(c, 4, five, err, sizeof err), 0);
    assert_null(tafel_client_expect(c, "action", 5000, err, sizeof err));
    assert_string_equal(err, "server error stale: not the next index");
    for (int i = 0; i < FAKE_MOVES; i++) {
        assert_int_equal(tafel_client_act(c, i, five, err, sizeof err), 0);
        m = tafel_client_expect(c, "action", 5000, err, sizeof err);
        assert_non_null(m);
        assert_int_equal(json_integer_value(json_object_get(json_object_get(m, "entry"),
                                                            "index")), i);
        json_decref(m);
    }
    json_decref(five);
    m = tafel_client_expect(c, "over", 5000, err, sizeof err);
    assert_non_null(m);
    json_decref(m);
    assert_int_equal(tafel_client_ping(c, 42, err, sizeof err), 0);
    m = tafel_client_expect(c, "pong", 5000, err, sizeof err);
    assert_non_null(m);
    assert_int_equal(json_integer_value(json_object_get(m, "id")), 42);
    json_decref(m);
    tafel_client_close(c);
}

static void test_http(void **st)
{
    (void)st;
    char err[256];
    const char *seats[2] = {"human", "random"};
    json_t *m = tafel_client_create_match(fake_url, "targi", seats, 2, 9, 5000, err, sizeof err);
    assert_non_null(m);
    assert_int_equal(json_integer_value(json_object_get(m, "id")), 1);
    json_decref(m);
    /* The fake refuses a body without the seed: the client sent what it was given. */
    assert_null(tafel_client_create_match(fake_url, "targi", seats, 2, -1, 5000, err,
                                          sizeof err));
    assert_string_equal(err, "HTTP 400: bad request body");
    m = tafel_client_list_matches(fake_url, "open", 5000, err, sizeof err);
    assert_non_null(m);
    assert_int_equal(json_array_size(json_object_get(m, "matches")), 1);
    json_decref(m);
    assert_null(tafel_client_fetch_record(fake_url, "1", 5000, err, sizeof err));
    assert_string_equal(err, "HTTP 403: the match is not over");
    assert_null(tafel_client_list_matches("http://127.0.0.1:1", NULL, 5000, err, sizeof err));
    assert_non_null(strstr(err, "cannot connect"));
}

/* Run `tafel connect ARGS` against the fake; its exit status, stdout and stderr. */
static int run_connect(const char *args, char *out, size_t outlen, char *errout, size_t errlen)
{
    const char *bin = getenv("TAFEL_BIN");
    assert_non_null(bin);
    char cmd[1024], ef[64] = "/tmp/tafel-client-test-XXXXXX";
    int fd = mkstemp(ef);
    assert_true(fd >= 0);
    snprintf(cmd, sizeof cmd, "'%s' connect %s 2>%s", bin, args, ef);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, outlen - 1, p);
    out[n] = 0;
    int status = pclose(p);
    FILE *e = fdopen(fd, "r");
    n = fread(errout, 1, errlen - 1, e);
    errout[n] = 0;
    fclose(e);
    unlink(ef);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_connect_command(void **st)
{
    (void)st;
    static char out[65536];
    char err[1024], args[512];
    snprintf(args, sizeof args, "%s --match 1 --token t0 --bot first --timeout 10", fake_url);
    pthread_mutex_lock(&fake_lock);
    fake_acts = fake_refused = 0;
    pthread_mutex_unlock(&fake_lock);
    int rc = run_connect(args, out, sizeof out, err, sizeof err);
    if (rc)
        fail_msg("exit %d: %s", rc, err);
    /* Every action with its event, in order, then the result; all moves were accepted. */
    const char *expect[] = {"joined match 1 as seat 0: Targi", "0. plays five",
                            "   player 0 scores 1", "1. plays five", "2. plays five",
                            "over: scores [3,0], returns [1.0,0.0]", "seat 0: return 1"};
    const char *at = out;
    for (size_t i = 0; i < sizeof expect / sizeof *expect; i++) {
        const char *hit = strstr(at, expect[i]);
        if (!hit)
            fail_msg("'%s' missing after position %td in:\n%s", expect[i], at - out, out);
        at = hit + strlen(expect[i]);
    }
    pthread_mutex_lock(&fake_lock);
    assert_int_equal(fake_acts, FAKE_MOVES);
    assert_int_equal(fake_refused, 0);
    pthread_mutex_unlock(&fake_lock);
    /* The same through an invite link, with random choices. */
    snprintf(args, sizeof args, "'%s/match/1#token=t0' --bot random --seed 3 --timeout 10",
             fake_url);
    rc = run_connect(args, out, sizeof out, err, sizeof err);
    if (rc)
        fail_msg("invite: exit %d: %s", rc, err);
    assert_non_null(strstr(out, "over: scores [3,0]"));
}

static void connect_fails(const char *extra, int want_rc, const char *want_err)
{
    static char out[65536];
    char err[1024], args[512];
    snprintf(args, sizeof args, "%s %s", fake_url, extra);
    int rc = run_connect(args, out, sizeof out, err, sizeof err);
    assert_int_equal(rc, want_rc);
    if (!strstr(err, want_err))
        fail_msg("stderr '%s' lacks '%s'", err, want_err);
    /* One line. */
    assert_non_null(strchr(err, '\n'));
    assert_null(strchr(err, '\n') + 1 < err + strlen(err) ? strchr(strchr(err, '\n') + 1, '\n')
                                                          : NULL);
}

static void test_connect_errors(void **st)
{
    (void)st;
    connect_fails("--match 1 --token nope --timeout 10", 1, "server error bad_token: no such seat");
    connect_fails("--match 1 --token mute --timeout 1", 1, "timeout");
    connect_fails("--match 1 --token huge --timeout 5", 1, "an action index out of range");
    connect_fails("--token t0", 2, "no match");
    connect_fails("--match 1 --bot 'mcts(iters=-1)'", 2, "iters");
    connect_fails("--match 1 --bot human", 2, "'human' is not a bot");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_play_with_library),
        cmocka_unit_test(test_http),
        cmocka_unit_test(test_connect_command),
        cmocka_unit_test(test_connect_errors),
    };
    return cmocka_run_group_tests(tests, fake_start, fake_stop);
}
