/* http.c: the HTTP JSON routes under /api/: read the request (bodies up to 64 KiB), route it to
 * the hub, write the JSON answer with its status. */
#include "server/http.h"

#include <civetweb.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/bigstack.h"
#include "server/hub.h"
#include "server/hub_msg.h"
#include "server/ratelimit.h"
#include "server/replay.h"
#include "tafel/game.h"

static int http_reply(struct mg_connection *mc, int status, json_t *body)
{
    char *text = body ? json_dumps(body, JSON_COMPACT) : NULL;
    json_decref(body);
    if (!text) { /* no memory, or a string that is not UTF-8: a bug, not the server's end */
        fprintf(stderr, "tafel serve: an answer could not be encoded\n");
        status = 500;
        text = strdup("{\"error\":\"the server could not encode its answer\"}");
        if (!text)
            abort();
    }
    size_t n = strlen(text);
    const char *reason = status == 200 ? "OK" : status == 201 ? "Created"
                       : status == 400 ? "Bad Request" : status == 403 ? "Forbidden"
                       : status == 404 ? "Not Found" : status == 405 ? "Method Not Allowed"
                       : status == 413 ? "Payload Too Large"
                       : status == 429 ? "Too Many Requests" : "Internal Server Error";
    mg_printf(mc, "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n"
              "Cache-Control: no-store\r\n%s\r\n", status, reason, n,
              status == 429 ? "Retry-After: 1\r\n" : "");
    mg_write(mc, text, n);
    free(text);
    return status;
}

static int http_error(struct mg_connection *mc, int status, const char *text)
{
    return http_reply(mc, status, json_pack("{s:o}", "error", hub_msg_text(text)));
}

/* A match id from the path: digits only. */
static int http_parse_id(const char *s, size_t len, long long *id)
{
    if (!len || len > 18)
        return -1;
    *id = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        *id = *id * 10 + (s[i] - '0');
    }
    return 0;
}

static int http_create(struct mg_connection *mc, hub *h)
{
    const struct mg_request_info *ri = mg_get_request_info(mc);
    if (ri->content_length > HUB_MAX_MESSAGE)
        return http_error(mc, 413, "the body is limited to 64 KiB");
    char *body = malloc(HUB_MAX_MESSAGE + 1);
    if (!body)
        abort();
    size_t len = 0;
    int n;
    while (len <= HUB_MAX_MESSAGE && (n = mg_read(mc, body + len, HUB_MAX_MESSAGE + 1 - len)) > 0)
        len += (size_t)n;
    if (len > HUB_MAX_MESSAGE) {
        free(body);
        return http_error(mc, 413, "the body is limited to 64 KiB");
    }
    json_t *req = json_loadb(body, len, JSON_REJECT_DUPLICATES, NULL);
    free(body);
    if (!json_is_object(req)) {
        json_decref(req);
        return http_error(mc, 400, "the body must be a JSON object");
    }
    int status;
    json_t *out = hub_http_create(h, req, mg_get_header(mc, "Host"), &status);
    json_decref(req);
    return http_reply(mc, status, out);
}

static int http_route(struct mg_connection *mc, void *cbdata)
{
    http_routes *routes = cbdata;
    hub *h = routes->hub;
    const struct mg_request_info *ri = mg_get_request_info(mc);
    const char *path = ri->local_uri;
    int get = !strcmp(ri->request_method, "GET"), post = !strcmp(ri->request_method, "POST");
    int status;
    if (!strcmp(path, "/api/games"))
        return get ? http_reply(mc, 200, hub_http_games()) : http_error(mc, 405, "use GET");
    if (!strcmp(path, "/api/matches")) {
        if (post)
            return http_create(mc, h);
        if (!get)
            return http_error(mc, 405, "use GET or POST");
        char filter[32];
        int has = ri->query_string &&
                  mg_get_var(ri->query_string, strlen(ri->query_string), "status", filter,
                             sizeof filter) >= 0;
        json_t *out = hub_http_list(h, has ? filter : NULL, &status);
        return http_reply(mc, status, out);
    }
    if (!strcmp(path, "/api/replay")) { /* an uploaded record replayed (replay.c) */
        /* Counted before the body is read: refused requests cost next to nothing. */
        if (post && !rl_table_take(routes->replay_limit, ri->remote_addr)) {
            char text[96];
            snprintf(text, sizeof text, "too many replay requests: at most %d per second",
                     routes->replay_per_s);
            return http_error(mc, 429, text);
        }
        json_t *out = post ? replay_http(mc, &status) : NULL;
        return out ? http_reply(mc, status, out) : http_error(mc, 405, "use POST");
    }
    /* A game's static drawing data (its assets_json hook): /api/games/NAME/assets. */
    const char *games = "/api/games/";
    if (!strncmp(path, games, strlen(games))) {
        const char *name = path + strlen(games), *slash = strchr(name, '/');
        char buf[64];
        if (slash && !strcmp(slash, "/assets") && (size_t)(slash - name) < sizeof buf) {
            snprintf(buf, sizeof buf, "%.*s", (int)(slash - name), name);
            const tafel_game_type *t = tafel_game_type_find(buf);
            if (!t)
                return http_error(mc, 404, "no such game");
            if (!get)
                return http_error(mc, 405, "use GET");
            json_t *out = t->assets_json ? t->assets_json() : NULL;
            return out ? http_reply(mc, 200, out) : http_error(mc, 404, "this game has no assets");
        }
    }
    const char *prefix = "/api/matches/";
    if (!strncmp(path, prefix, strlen(prefix))) {
        const char *rest = path + strlen(prefix);
        const char *slash = strchr(rest, '/');
        long long id;
        if (http_parse_id(rest, slash ? (size_t)(slash - rest) : strlen(rest), &id))
            return http_error(mc, 404, "no such match");
        if (!get)
            return http_error(mc, 405, "use GET");
        json_t *out = NULL;
        if (!slash)
            out = hub_http_match(h, id, &status);
        else if (!strcmp(slash, "/record"))
            out = hub_http_record(h, id, &status);
        if (out)
            return http_reply(mc, status, out);
    }
    return http_error(mc, 404, "no such route");
}

typedef struct http_call {
    struct mg_connection *mc;
    void *cbdata;
    int status;
} http_call;

static void http_call_route(void *p)
{
    http_call *c = p;
    c->status = http_route(c->mc, c->cbdata);
}

static int http_handler(struct mg_connection *mc, void *cbdata)
{
    http_call c = {mc, cbdata, 0};
    bigstack_run(http_call_route, &c);
    return c.status;
}

void http_register(struct mg_context *ctx, http_routes *r)
{
    mg_set_request_handler(ctx, "/api/", http_handler, r);
}
