/* fuzz_ws.c: the server's WebSocket message handler (hub_conn_message, what ws.c hands every
 * text frame to) on a small hub of its own: a fresh database on tmpfs (the store needs
 * write-ahead logging, which an in-memory SQLite database lacks), one match of two human seats
 * and three connections (seat 0, seat 1, a spectator). The first byte picks the game; each line
 * after it is one message, its first byte choosing the connection. "$M", "$T0" and "$T1" in a
 * line stand for the match id and the seats' tokens, which no fuzzer could guess. Every message
 * the server sends must be one JSON object with a type; an error, one line. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "server/hub.h"

/* The hub's writer threads end here instead of in civetweb (no socket in a harness). */
int mg_websocket_write(struct mg_connection *conn, int opcode, const char *data, size_t len);
int mg_websocket_write(struct mg_connection *conn, int opcode, const char *data, size_t len)
{
    (void)conn;
    (void)opcode;
    json_error_t jerr;
    json_t *m = json_loadb(data, len, 0, &jerr);
    const char *type = json_string_value(json_object_get(m, "type"));
    if (!json_is_object(m) || !type)
        FUZZ_FAIL("the server sent '%.*s'", (int)(len > 200 ? 200 : len), data);
    if (!strcmp(type, "error")) {
        const char *e = json_string_value(json_object_get(m, "error"));
        if (!e || !json_string_value(json_object_get(m, "code")))
            FUZZ_FAIL("an error without code or text");
        FUZZ_ONE_LINE(e);
    }
    json_decref(m);
    return (int)len;
}

static const char *const fuzz_games[] = {"targi", "tafelrunde2", "carcassonne"};

/* The line with $M, $T0, $T1 replaced. */
static char *fuzz_subst(const char *line, const char *id, const char *t0, const char *t1)
{
    size_t cap = strlen(line) * 16 + 64, n = 0;
    char *out = malloc(cap);
    for (const char *p = line; *p;) {
        const char *rep = NULL;
        size_t skip = 0;
        if (!strncmp(p, "$M", 2))
            rep = id, skip = 2;
        else if (!strncmp(p, "$T0", 3))
            rep = t0, skip = 3;
        else if (!strncmp(p, "$T1", 3))
            rep = t1, skip = 3;
        if (rep) {
            n += (size_t)snprintf(out + n, cap - n, "%s", rep);
            p += skip;
        } else {
            out[n++] = *p++;
        }
    }
    out[n] = 0;
    return out;
}

static char fuzz_dir[256];

static void fuzz_cleanup(void)
{
    rmdir(fuzz_dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *dir = fuzz_dir;
    if (!*dir) {
        const char *base = access("/dev/shm", W_OK) ? (getenv("TMPDIR") ? getenv("TMPDIR")
                                                                         : "/tmp")
                                                    : "/dev/shm";
        snprintf(dir, sizeof fuzz_dir, "%s/tafel-fuzz-ws-XXXXXX", base);
        if (!mkdtemp(dir))
            FUZZ_FAIL("cannot create %s", dir);
        atexit(fuzz_cleanup);
    }
    char db[300], err[TAFEL_ERR_LEN];
    snprintf(db, sizeof db, "%s/db", dir);
    fuzz_bytes b = {data, size};
    const char *game = fuzz_games[fuzz_below(&b, 3)];
    hub *h = hub_new(db, 1, err, sizeof err);
    if (!h)
        FUZZ_FAIL("hub: %s", err);
    json_t *req = json_pack("{s:s, s:[s,s], s:i}", "game", game, "seats", "human", "human",
                            "seed", 7);
    int status;
    json_t *made = hub_http_create(h, req, NULL, &status);
    json_decref(req);
    if (status != 201)
        FUZZ_FAIL("create: %d", status);
    char id[32];
    snprintf(id, sizeof id, "%lld", (long long)json_integer_value(json_object_get(made, "id")));
    json_t *seats = json_object_get(made, "seats");
    const char *t0 = json_string_value(json_object_get(json_array_get(seats, 0), "token"));
    const char *t1 = json_string_value(json_object_get(json_array_get(seats, 1), "token"));
    hub_conn *conns[3];
    for (int i = 0; i < 3; i++)
        conns[i] = hub_conn_open(h, NULL);
    char *text = fuzz_str(b.p, b.n);
    for (char *line = text, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        int c = (unsigned char)*line++ % 3;
        char *msgtext = fuzz_subst(line, id, t0, t1);
        /* What ws.c does with a text frame: at most 64 KiB, one JSON object. */
        json_t *msg = strlen(msgtext) <= HUB_MAX_MESSAGE
                          ? json_loadb(msgtext, strlen(msgtext), JSON_REJECT_DUPLICATES, NULL)
                          : NULL;
        if (json_is_object(msg))
            hub_conn_message(h, conns[c], msg);
        else
            hub_conn_error(h, conns[c], "bad_json", "a message is one JSON object");
        json_decref(msg);
        free(msgtext);
    }
    free(text);
    for (int i = 0; i < 3; i++)
        hub_conn_close(h, conns[i]);
    json_decref(made);
    hub_free(h);
    static const char *const files[] = {"db", "db-wal", "db-shm"};
    for (int i = 0; i < 3; i++) {
        char path[320];
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    return 0;
}
