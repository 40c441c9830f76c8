/* connect.c: `tafel connect`: play one seat of a server's match through the protocol
 * (docs/protocol.md) with any bot. random and first choose among the legal actions the server
 * sends; the others (greedy, mcts) choose on a replica of the match rebuilt from what the seat
 * is sent (connect_replay.c), so they need the game's rules in this build. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/connect_replay.h"
#include "client/client.h"
#include "tafel/bot.h"
#include "tafel/rng.h"

#define CONNECT_USAGE                                                                          \
    "usage: tafel connect URL [--match ID] [--token HEX] [--bot SPEC] [--seed N]\n"           \
    "                         [--timeout SECONDS]\n"                                           \
    "URL is the server (http://HOST:PORT) or an invite link that carries the match and the\n" \
    "token. Without a token the match is watched as a spectator. SPEC: random (default),\n"   \
    "first (the first legal action), or any bot of `tafel play`, e.g. greedy, mcts(time=2s).\n"

/* A server that streams more than this for one match is not playing a board game. */
#define CONNECT_MAX_MESSAGES 10000000L

typedef struct {
    tafel_client *client;
    int seat;
    int first;           /* --bot first: the first legal action (reproducible, for tests) */
    const char *spec;    /* a bot that needs a state (greedy, mcts); NULL: random or first */
    uint64_t seed;
    tafel_game game;
    tafel_bot *bot;
    cr_replica *replica;
    long fallbacks;      /* moves chosen at random because the replica could not follow */
    tafel_rng rng;
    long long next;      /* index of the next action, as last told */
    long long acted;     /* index we last sent an act for: one act per turn */
    char err[512];
} connect_ctx;

static int connect_fail(connect_ctx *cx, const char *fmt, const char *detail)
{
    snprintf(cx->err, sizeof cx->err, fmt, detail ? detail : "");
    return -1;
}

/* The next action's index from a number the server sent: the last action's (after = 1) or the
 * next one's. -1 unless it lies in 0..2^31-1 (no game is longer; a hostile or broken server
 * cannot make the arithmetic overflow). */
static int connect_next_index(const json_t *j, int after, long long *next)
{
    json_int_t v = json_integer_value(j);
    if (v < 0 || v > INT32_MAX)
        return -1;
    *next = (long long)v + after;
    return 0;
}

static void connect_print_entry(const json_t *entry)
{
    json_t *idx = json_object_get(entry, "index");
    const char *text = json_string_value(json_object_get(entry, "text"));
    if (json_is_integer(idx))
        printf("%lld. %s\n", (long long)json_integer_value(idx), text ? text : "?");
    else
        printf("%s\n", text ? text : "?");
    size_t i;
    json_t *ev;
    json_array_foreach(json_object_get(entry, "events"), i, ev)
    {
        const char *t = json_string_value(json_object_get(ev, "text"));
        if (t)
            printf("   %s\n", t);
    }
}

/* The index in `legal` of the bot's choice on the replica; -1 when the replica cannot follow
 * the match or the choice is not among the legal actions the server sent. */
static long connect_bot_choice(connect_ctx *cx, const json_t *msg, const json_t *legal)
{
    const void *s = cr_state(cx->replica, json_object_get(msg, "view"));
    if (!s || cx->game.type->current_player(&cx->game, s) != cx->seat)
        return -1;
    int32_t a = cx->bot->choose(cx->bot, s);
    size_t i;
    json_t *l;
    json_array_foreach(legal, i, l)
    {
        if (json_integer_value(json_object_get(l, "action")) == a)
            return (long)i;
    }
    return -1;
}

/* Play if the message offers this seat its turn. */
static int connect_maybe_act(connect_ctx *cx, const json_t *msg)
{
    json_t *legal = json_object_get(msg, "legal");
    json_t *to_move = json_object_get(msg, "to_move");
    if (!json_is_array(legal) || json_array_size(legal) == 0 || cx->seat < 0 ||
        json_integer_value(to_move) != cx->seat || cx->acted == cx->next)
        return 0;
    size_t n = json_array_size(legal);
    long chosen = cx->bot ? connect_bot_choice(cx, msg, legal) : -1;
    if (cx->bot && chosen < 0 && cx->fallbacks++ == 0)
        fprintf(stderr, "tafel connect: the replica of the match lost track of what the seat "
                        "was shown; this move (and any other such) is chosen at random\n");
    size_t k = chosen >= 0 ? (size_t)chosen
               : cx->first ? 0
                           : tafel_rng_below(&cx->rng, (uint32_t)n);
    json_t *choice = json_array_get(legal, k);
    json_t *action = json_object_get(choice, "action");
    if (!action)
        return connect_fail(cx, "protocol error: a legal action without \"action\"%s", NULL);
    if (tafel_client_act(cx->client, cx->next, action, cx->err, sizeof cx->err))
        return -1;
    cx->acted = cx->next;
    return 0;
}

static void connect_print_over(connect_ctx *cx, const json_t *msg)
{
    char *scores = json_dumps(json_object_get(msg, "scores"), JSON_COMPACT | JSON_ENCODE_ANY);
    char *returns = json_dumps(json_object_get(msg, "returns"), JSON_COMPACT | JSON_ENCODE_ANY);
    printf("over: scores %s, returns %s", scores ? scores : "?", returns ? returns : "?");
    json_t *resigned = json_object_get(msg, "resigned");
    if (json_is_integer(resigned))
        printf(", seat %lld resigned", (long long)json_integer_value(resigned));
    printf("\n");
    json_t *mine = json_array_get(json_object_get(msg, "returns"), (size_t)cx->seat);
    if (cx->seat >= 0 && json_is_number(mine))
        printf("seat %d: return %g\n", cx->seat, json_number_value(mine));
    const char *record = json_string_value(json_object_get(msg, "record"));
    if (record)
        printf("record: %s\n", record);
    free(scores);
    free(returns);
}

/* One server message: 1 when the match is over, 0 to go on, -1 on a protocol error. */
static int connect_handle(connect_ctx *cx, const json_t *msg)
{
    const char *type = json_string_value(json_object_get(msg, "type"));
    if (!type)
        return connect_fail(cx, "protocol error: a message without a type%s", NULL);
    if (!strcmp(type, "state")) {
        json_t *log = json_object_get(msg, "log");
        json_t *index = json_object_get(msg, "index");
        if (!json_is_integer(index) || (log && !json_is_array(log)))
            return connect_fail(cx, "protocol error: a state without index or log%s", NULL);
        size_t i;
        json_t *entry;
        if (cx->replica)
            cr_clear(cx->replica);
        json_array_foreach(log, i, entry)
        {
            connect_print_entry(entry);
            if (cx->replica)
                cr_push(cx->replica, entry);
        }
        /* The log holds every past action, so its last entry fixes the next index whichever
         * way "index" counts. */
        json_t *last = json_object_get(json_array_get(log, json_array_size(log) - 1), "index");
        if (connect_next_index(json_is_integer(last) ? last : index, json_is_integer(last),
                               &cx->next))
            return connect_fail(cx, "protocol error: an action index out of range%s", NULL);
        printf("state: %lld actions so far\n", cx->next);
        return connect_maybe_act(cx, msg);
    }
    if (!strcmp(type, "action")) {
        json_t *entry = json_object_get(msg, "entry");
        json_t *eidx = json_object_get(entry, "index");
        json_t *index = json_object_get(msg, "index");
        if (!json_is_object(entry) || (!json_is_integer(eidx) && !json_is_integer(index)))
            return connect_fail(cx, "protocol error: an action without entry or index%s", NULL);
        connect_print_entry(entry);
        if (cx->replica)
            cr_push(cx->replica, entry);
        if (connect_next_index(json_is_integer(eidx) ? eidx : index, json_is_integer(eidx),
                               &cx->next))
            return connect_fail(cx, "protocol error: an action index out of range%s", NULL);
        return connect_maybe_act(cx, msg);
    }
    if (!strcmp(type, "over")) {
        connect_print_over(cx, msg);
        if (cx->replica)
            printf("replica: %zu actions followed, %ld stand-ins repaired, %ld moves at random\n",
                   cr_length(cx->replica), cr_repairs(cx->replica), cx->fallbacks);
        return 1;
    }
    if (!strcmp(type, "error")) {
        char text[400];
        const char *code = json_string_value(json_object_get(msg, "code"));
        const char *e = json_string_value(json_object_get(msg, "error"));
        snprintf(text, sizeof text, "%s: %s", code ? code : "?", e ? e : "");
        return connect_fail(cx, "server error %s", text);
    }
    if (!strcmp(type, "presence")) {
        size_t i;
        json_t *s;
        printf("seats connected:");
        json_array_foreach(json_object_get(msg, "seats"), i, s)
        {
            if (json_is_true(json_object_get(s, "connected")))
                printf(" %lld", (long long)json_integer_value(json_object_get(s, "seat")));
        }
        printf("\n");
    }
    /* pong, and types of later protocol versions, need nothing from a bot. */
    return 0;
}

static int connect_run(connect_ctx *cx, const char *url, const char *match, const char *token,
                       int timeout_ms)
{
    cx->client = tafel_client_connect(url, cx->err, sizeof cx->err);
    if (!cx->client)
        return -1;
    if (tafel_client_join(cx->client, match, token, cx->err, sizeof cx->err))
        return -1;
    json_t *joined = tafel_client_expect(cx->client, "joined", timeout_ms, cx->err,
                                         sizeof cx->err);
    if (!joined)
        return -1;
    json_t *seat = json_object_get(joined, "seat");
    const char *game = json_string_value(json_object_get(joined, "game"));
    if (!json_is_integer(seat) || !game) {
        json_decref(joined);
        return connect_fail(cx, "protocol error: joined without seat or game%s", NULL);
    }
    cx->seat = (int)json_integer_value(seat);
    /* The game string only labels the output: choosing needs nothing but the legal list, so a
     * game this build does not know can still be played. */
    tafel_game g;
    char gerr[256];
    int known = tafel_game_load(&g, game, gerr, sizeof gerr) == 0;
    if (cx->spec && cx->seat >= 0) {
        if (!known) {
            json_decref(joined);
            return connect_fail(cx, "bot needs the game's rules, which this build lacks: %s",
                                gerr);
        }
        cx->game = g;
        cx->bot = tafel_bot_new(cx->spec, &cx->game, cx->seat, cx->seed, gerr, sizeof gerr);
        if (!cx->bot) {
            json_decref(joined);
            return connect_fail(cx, "%s", gerr);
        }
        cx->replica = cr_new(&cx->game, cx->seat);
    }
    if (cx->seat >= 0)
        printf("joined match %s as seat %d: %s%s\n", match, cx->seat,
               known ? g.type->long_name : game, known ? "" : " (unknown to this build)");
    else
        printf("watching match %s: %s\n", match, known ? g.type->long_name : game);
    json_decref(joined);
    for (long n = 0; n < CONNECT_MAX_MESSAGES; n++) {
        json_t *msg = tafel_client_recv(cx->client, timeout_ms, cx->err, sizeof cx->err);
        if (!msg)
            return -1;
        int r = connect_handle(cx, msg);
        json_decref(msg);
        fflush(stdout);
        if (r)
            return r > 0 ? 0 : -1;
    }
    return connect_fail(cx, "the match did not end within %s messages", "10000000");
}

int cli_connect(int argc, char **argv)
{
    const char *url = NULL, *match = NULL, *token = NULL, *bot = "random";
    uint64_t seed = 1;
    long timeout_s = 600;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *end;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(CONNECT_USAGE, stdout);
            return 0;
        } else if (a[0] == '-' && !v) {
            fprintf(stderr, "tafel connect: %s needs a value\n" CONNECT_USAGE, a);
            return 2;
        } else if (!strcmp(a, "--match")) {
            match = argv[++i];
        } else if (!strcmp(a, "--token")) {
            token = argv[++i];
        } else if (!strcmp(a, "--bot")) {
            bot = argv[++i];
        } else if (!strcmp(a, "--seed")) {
            i++;
            if (cli_parse_seed(v, &seed)) {
                fprintf(stderr,
                        "tafel connect: --seed needs an integer from 0 to 2^64-1, not '%s'\n", v);
                return 2;
            }
        } else if (!strcmp(a, "--timeout")) {
            timeout_s = strtol(v, &end, 10);
            i++;
            if (*end || timeout_s < 1 || timeout_s > 86400) {
                fprintf(stderr, "tafel connect: bad --timeout '%s' (1 to 86400 seconds)\n", v);
                return 2;
            }
        } else if (a[0] == '-') {
            fprintf(stderr, "tafel connect: unknown option '%s'\n" CONNECT_USAGE, a);
            return 2;
        } else if (!url) {
            url = a;
        } else {
            fprintf(stderr, "tafel connect: unexpected argument '%s'\n" CONNECT_USAGE, a);
            return 2;
        }
    }
    if (!url) {
        fputs(CONNECT_USAGE, stderr);
        return 2;
    }
    char err[256];
    int first = !strcmp(bot, "first");
    /* "first" is ours, so ask the engine only about the others, for its exact message. */
    if (!first && tafel_bot_check(bot, err, sizeof err)) {
        fprintf(stderr, "tafel connect: %s\n", err);
        return 2;
    }
    if (!first && tafel_bot_is_human(bot)) {
        fprintf(stderr, "tafel connect: 'human' is not a bot: people play through the invite "
                        "link in a browser\n");
        return 2;
    }
    tafel_client_url u;
    if (tafel_client_url_parse(url, &u, err, sizeof err)) {
        fprintf(stderr, "tafel connect: %s\n", err);
        return 2;
    }
    if (!match)
        match = u.match[0] ? u.match : NULL;
    if (!token && u.token[0])
        token = u.token;
    if (!match) {
        fprintf(stderr, "tafel connect: no match: give --match ID or an invite URL\n");
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    connect_ctx cx = {.seat = -1, .first = first, .acted = -1, .seed = seed};
    if (!first && strcmp(bot, "random"))
        cx.spec = bot;
    tafel_rng_seed(&cx.rng, seed);
    int r = connect_run(&cx, url, match, token, (int)(timeout_s * 1000));
    tafel_client_close(cx.client);
    tafel_bot_free(cx.bot);
    cr_free(cx.replica);
    if (r) {
        fprintf(stderr, "tafel connect: %s\n", cx.err);
        return 1;
    }
    return 0;
}
