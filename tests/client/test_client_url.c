/* test_client_url.c: server URLs and invite links, good and bad, with no server. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "client/client.h"
#include "client/client_impl.h"

static tafel_client_url url_ok(const char *s)
{
    tafel_client_url u;
    char err[256] = "";
    if (tafel_client_url_parse(s, &u, err, sizeof err))
        fail_msg("'%s' refused: %s", s, err);
    return u;
}

static void url_bad(const char *s, const char *reason_part)
{
    tafel_client_url u;
    char err[256] = "";
    if (!tafel_client_url_parse(s, &u, err, sizeof err))
        fail_msg("'%s' accepted", s);
    if (!strstr(err, reason_part))
        fail_msg("'%s': reason '%s' lacks '%s'", s, err, reason_part);
}

static void test_servers(void **st)
{
    (void)st;
    tafel_client_url u = url_ok("http://127.0.0.1:8080");
    assert_string_equal(u.host, "127.0.0.1");
    assert_int_equal(u.port, 8080);
    assert_int_equal(u.tls, 0);
    assert_string_equal(u.path, "/");
    assert_string_equal(u.match, "");
    assert_string_equal(u.token, "");
    u = url_ok("https://tafel.example.org");
    assert_int_equal(u.port, 443);
    assert_int_equal(u.tls, 1);
    u = url_ok("HTTP://example.org/");
    assert_int_equal(u.port, 80);
    u = url_ok("ws://localhost:9/ws");
    assert_string_equal(u.path, "/ws");
    assert_int_equal(u.tls, 0);
    u = url_ok("wss://[::1]:8443/ws");
    assert_string_equal(u.host, "::1");
    assert_int_equal(u.port, 8443);
    assert_int_equal(u.tls, 1);
    char origin[128];
    client_origin(&u, origin, sizeof origin);
    assert_string_equal(origin, "https://[::1]:8443");
    u = url_ok("http://h:1?x=2");
    assert_string_equal(u.path, "/?x=2");
}

static void test_invites(void **st)
{
    (void)st;
    const char *tok = "0123456789abcdef0123456789abcdef";
    tafel_client_url u =
        url_ok("http://127.0.0.1:8080/play/42?token=0123456789abcdef0123456789abcdef");
    assert_string_equal(u.match, "42");
    assert_string_equal(u.token, tok);
    u = url_ok("http://h:80/?match=7&token=0123456789abcdef0123456789abcdef&x=1");
    assert_string_equal(u.match, "7");
    assert_string_equal(u.token, tok);
    u = url_ok("http://h/#match=9&token=abc");
    assert_string_equal(u.match, "9");
    assert_string_equal(u.token, "abc");
    u = url_ok("http://h/matches/123/");
    assert_string_equal(u.match, ""); /* the last segment is empty */
    u = url_ok("http://h/matches/123");
    assert_string_equal(u.match, "123");
    u = url_ok("http://h/play/12a");
    assert_string_equal(u.match, "");
    u = url_ok("http://h/ws");
    assert_string_equal(u.match, "");
    /* ?match= wins over the path. */
    u = url_ok("http://h/play/5?match=6");
    assert_string_equal(u.match, "6");
    json_t *id = client_match_id("42");
    assert_true(json_is_integer(id));
    json_decref(id);
    id = client_match_id("g-42");
    assert_true(json_is_string(id));
    json_decref(id);
}

static void test_bad(void **st)
{
    (void)st;
    url_bad("127.0.0.1:8080", "not a URL");
    url_bad("ftp://h/", "scheme");
    url_bad("http://:80/", "host");
    url_bad("http://h:/", "empty port");
    url_bad("http://h:0/", "port");
    url_bad("http://h:65536/", "port");
    url_bad("http://h:8x/", "port");
    url_bad("http://user@h/", "user");
    url_bad("http://[::1/", "IPv6");
    url_bad("http://[::1]x/", "IPv6");
    url_bad("http://h/?token=ab%20cd", "token");
    url_bad("http://h/?match=", "match");
    char longhost[400];
    memset(longhost, 'a', sizeof longhost);
    memcpy(longhost, "http://", 7);
    longhost[sizeof longhost - 1] = 0;
    url_bad(longhost, "too long");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_servers),
        cmocka_unit_test(test_invites),
        cmocka_unit_test(test_bad),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
