/* http.c: the lobby's HTTP JSON API (create a match, list matches, fetch a record) through
 * civetweb's client. */
#include <civetweb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client/client.h"
#include "client/client_impl.h"

void client_origin(const tafel_client_url *u, char *buf, size_t len)
{
    int v6 = strchr(u->host, ':') != NULL;
    snprintf(buf, len, "%s://%s%s%s:%d", u->tls ? "https" : "http", v6 ? "[" : "", u->host,
             v6 ? "]" : "", u->port);
}

void client_error_text(const json_t *msg, char *buf, size_t len)
{
    const char *code = json_string_value(json_object_get(msg, "code"));
    const char *text = json_string_value(json_object_get(msg, "error"));
    snprintf(buf, len, "server error %s: %s", code ? code : "(no code)", text ? text : "");
}

int tafel_client_http(const char *url, const char *method, const char *path, const json_t *body,
                      int timeout_ms, json_t **answer, char *err, size_t errlen)
{
    *answer = NULL;
    tafel_client_url u;
    if (tafel_client_url_parse(url, &u, err, errlen))
        return -1;
    client_init_civetweb();
    char *payload = body ? json_dumps(body, JSON_COMPACT) : NULL;
    if (body && !payload) {
        snprintf(err, errlen, "cannot encode the request");
        return -1;
    }
    char origin[320]; /* its host:port part is the Host header */
    client_origin(&u, origin, sizeof origin);
    char ebuf[256] = "";
    struct mg_connection *conn = mg_connect_client(u.host, u.port, u.tls, ebuf, sizeof ebuf);
    if (!conn) {
        snprintf(err, errlen, "cannot connect to %s:%d: %s", u.host, u.port,
                 ebuf[0] ? ebuf : "connection failed");
        free(payload);
        return -1;
    }
    size_t plen = payload ? strlen(payload) : 0;
    int w = mg_printf(conn,
                      "%s %s HTTP/1.1\r\nHost: %s\r\nAccept: application/json\r\n"
                      "Connection: close\r\nContent-Type: application/json\r\n"
                      "Content-Length: %zu\r\n\r\n",
                      method, path, origin + (u.tls ? 8 : 7), plen);
    if (w > 0 && plen)
        w = mg_write(conn, payload, plen);
    free(payload);
    if (w <= 0) {
        snprintf(err, errlen, "cannot send the request to %s:%d", u.host, u.port);
        mg_close_connection(conn);
        return -1;
    }
    if (mg_get_response(conn, ebuf, sizeof ebuf, timeout_ms) < 0) {
        snprintf(err, errlen, "no answer from %s:%d within %d ms%s%s", u.host, u.port,
                 timeout_ms, ebuf[0] ? ": " : "", ebuf);
        mg_close_connection(conn);
        return -1;
    }
    const struct mg_response_info *ri = mg_get_response_info(conn);
    int status = ri ? ri->status_code : 0;
    long long clen = ri ? ri->content_length : -1;
    if (clen > (long long)TAFEL_CLIENT_MAX_MESSAGE) {
        snprintf(err, errlen, "answer too large (%lld bytes)", clen);
        mg_close_connection(conn);
        return -1;
    }
    /* Read to the announced length, or to the end of the connection (we asked it closed);
     * bounded by the size limit and the deadline. */
    size_t cap = clen >= 0 ? (size_t)clen + 1 : 65536, len = 0;
    char *buf = malloc(cap);
    int64_t deadline = tafel_client_now_ns() + (int64_t)timeout_ms * 1000000;
    while (buf && (clen < 0 || len < (size_t)clen)) {
        if (len + 1 >= cap) {
            if (cap > TAFEL_CLIENT_MAX_MESSAGE)
                break;
            char *b = realloc(buf, cap * 2);
            if (!b)
                break;
            buf = b;
            cap *= 2;
        }
        int n = mg_read(conn, buf + len, cap - 1 - len);
        if (n <= 0 || tafel_client_now_ns() > deadline)
            break;
        len += (size_t)n;
    }
    mg_close_connection(conn);
    if (!buf) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (clen >= 0 && len < (size_t)clen) {
        snprintf(err, errlen, "answer cut short (%zu of %lld bytes)", len, clen);
        free(buf);
        return -1;
    }
    *answer = json_loadb(buf, len, 0, NULL);
    free(buf);
    return status;
}

/* The answer's "error" text, else the status. */
static void http_error(int status, const json_t *answer, char *err, size_t errlen)
{
    const char *e = json_string_value(json_object_get(answer, "error"));
    if (e)
        snprintf(err, errlen, "HTTP %d: %s", status, e);
    else
        snprintf(err, errlen, "HTTP %d with no error text", status);
}

static json_t *http_expect(const char *url, const char *method, const char *path,
                           const json_t *body, int want, int timeout_ms, char *err,
                           size_t errlen)
{
    json_t *answer = NULL;
    int status = tafel_client_http(url, method, path, body, timeout_ms, &answer, err, errlen);
    if (status < 0)
        return NULL;
    if (status != want || !json_is_object(answer)) {
        if (status == want)
            snprintf(err, errlen, "HTTP %d: the answer is not a JSON object", status);
        else
            http_error(status, answer, err, errlen);
        json_decref(answer);
        return NULL;
    }
    return answer;
}

json_t *tafel_client_create_match(const char *url, const char *game, const char *const *seats,
                                  int nseats, long long seed, int timeout_ms, char *err,
                                  size_t errlen)
{
    json_t *list = json_array();
    for (int i = 0; i < nseats; i++)
        json_array_append_new(list, json_string(seats[i]));
    json_t *body = json_pack("{s:s, s:o}", "game", game, "seats", list);
    if (!body) {
        snprintf(err, errlen, "bad game string or seat spec (not UTF-8?)");
        return NULL;
    }
    if (seed >= 0)
        json_object_set_new(body, "seed", json_integer(seed));
    json_t *answer = http_expect(url, "POST", "/api/matches", body, 201, timeout_ms, err,
                                 errlen);
    json_decref(body);
    return answer;
}

json_t *tafel_client_list_matches(const char *url, const char *status, int timeout_ms, char *err,
                                  size_t errlen)
{
    char path[128];
    if (status)
        snprintf(path, sizeof path, "/api/matches?status=%.32s", status);
    else
        snprintf(path, sizeof path, "/api/matches");
    return http_expect(url, "GET", path, NULL, 200, timeout_ms, err, errlen);
}

json_t *tafel_client_fetch_record(const char *url, const char *match, int timeout_ms, char *err,
                                  size_t errlen)
{
    char path[160];
    snprintf(path, sizeof path, "/api/matches/%.64s/record", match);
    return http_expect(url, "GET", path, NULL, 200, timeout_ms, err, errlen);
}
