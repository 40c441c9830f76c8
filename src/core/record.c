/* record.c: game records as JSON (format in docs/records.md); load, save, replay. */
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tafel/record.h"

#define RECORD_FORMAT "tafel-record"
#define RECORD_VERSION 1

void tafel_record_init(tafel_record *r)
{
    memset(r, 0, sizeof *r);
}

void tafel_record_free(tafel_record *r)
{
    free(r->actions);
    r->actions = NULL;
    r->num_actions = r->cap = 0;
}

void tafel_record_push(tafel_record *r, int32_t action)
{
    if (r->num_actions == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 256;
        int32_t *a = realloc(r->actions, cap * sizeof *a);
        if (!a)
            abort();
        r->actions = a;
        r->cap = cap;
    }
    r->actions[r->num_actions++] = action;
}

void tafel_record_resign_returns(int num_players, const int *scores, int resigned,
                                 double *returns)
{
    int best = 0, first = 1, leaders = 0;
    for (int p = 0; p < num_players; p++) {
        if (p == resigned)
            continue;
        if (first || scores[p] > best)
            best = scores[p];
        first = 0;
    }
    for (int p = 0; p < num_players; p++)
        leaders += p != resigned && scores[p] == best;
    for (int p = 0; p < num_players; p++)
        returns[p] = p != resigned && scores[p] == best ? 1.0 / leaders : 0;
}

/* A resigned result against the state where the game stopped: not over, the scores then, and
 * the returns a resignation gives. */
static int record_check_resigned(const tafel_record *r, const tafel_game *g, const void *state,
                                 const int *scores, char *err, size_t errlen)
{
    if (r->resigned_seat >= g->num_players) {
        snprintf(err, errlen, "result: no seat %d resigned in a %d-player game",
                 r->resigned_seat, g->num_players);
        return -1;
    }
    if (tafel_is_terminal(g, state)) {
        snprintf(err, errlen, "result: player %d resigned, but the game had ended by its rules "
                 "after %zu actions", r->resigned_seat, r->num_actions);
        return -1;
    }
    double want[TAFEL_MAX_PLAYERS];
    tafel_record_resign_returns(g->num_players, scores, r->resigned_seat, want);
    for (int p = 0; p < g->num_players; p++) {
        if (fabs(want[p] - r->returns[p]) > 1e-9) {
            snprintf(err, errlen, "result: player %d's return is %g, player %d's resignation "
                     "gives %g", p, r->returns[p], r->resigned_seat, want[p]);
            return -1;
        }
    }
    return 0;
}

int tafel_record_replay(const tafel_record *r, tafel_game *g, void *state, size_t *bad_index,
                        char *err, size_t errlen)
{
    char why[TAFEL_ERR_LEN];
    *bad_index = 0;
    if (tafel_game_load(g, r->game, why, sizeof why)) {
        snprintf(err, errlen, "record: %s", why);
        return -1;
    }
    if (r->num_seats && r->num_seats != g->num_players) {
        snprintf(err, errlen, "record: %d seats for a %d-player game", r->num_seats,
                 g->num_players);
        return -1;
    }
    g->type->init(g, state);
    for (size_t i = 0; i < r->num_actions; i++) {
        if (tafel_apply(g, state, r->actions[i], why, sizeof why)) {
            *bad_index = i;
            snprintf(err, errlen, "action %zu: %s", i, why);
            return -1;
        }
    }
    if (r->has_result) {
        *bad_index = r->num_actions;
        if (!r->resigned && !tafel_is_terminal(g, state)) {
            snprintf(err, errlen, "record claims a result but the game is not over after %zu "
                     "actions", r->num_actions);
            return -1;
        }
        int scores[TAFEL_MAX_PLAYERS];
        g->type->scores(g, state, scores);
        for (int p = 0; p < g->num_players; p++) {
            if (scores[p] != r->scores[p]) {
                snprintf(err, errlen, "result: player %d scored %d, the record says %d", p,
                         scores[p], r->scores[p]);
                return -1;
            }
        }
        if (r->resigned && record_check_resigned(r, g, state, scores, err, errlen))
            return -1;
    }
    return 0;
}

json_t *tafel_record_to_json(const tafel_record *r, char *err, size_t errlen)
{
    tafel_game g;
    char why[TAFEL_ERR_LEN];
    if (tafel_game_load(&g, r->game, why, sizeof why)) {
        snprintf(err, errlen, "record: %s", why);
        return NULL;
    }
    void *state = malloc(g.type->state_size);
    if (!state)
        abort();
    char gamestr[256];
    tafel_game_to_string(&g, gamestr, sizeof gamestr);
    json_t *root = json_object();
    json_object_set_new(root, "format", json_string(RECORD_FORMAT));
    json_object_set_new(root, "version", json_integer(RECORD_VERSION));
    json_object_set_new(root, "game", json_string(gamestr));
    json_t *seats = json_array();
    for (int i = 0; i < r->num_seats; i++)
        json_array_append_new(seats, json_string(r->seats[i]));
    json_object_set_new(root, "seats", seats);
    /* Seeds are 64-bit; JSON integers are signed, so the seed is a decimal string. */
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->seed);
    json_object_set_new(root, "seed", json_string(seed));
    json_t *actions = json_array();
    g.type->init(&g, state);
    for (size_t i = 0; i < r->num_actions; i++) {
        int32_t a = r->actions[i];
        int p = g.type->current_player(&g, state);
        if (!tafel_is_legal(&g, state, a)) {
            snprintf(err, errlen, "action %zu (%d) is not legal", i, a);
            json_decref(root);
            json_decref(actions);
            free(state);
            return NULL;
        }
        char text[TAFEL_TEXT_LEN];
        g.type->action_to_text(&g, state, a, text, sizeof text);
        json_array_append_new(actions, json_pack("{s:i,s:i,s:s}", "p", p, "a", a, "t", text));
        g.type->apply(&g, state, a);
    }
    json_object_set_new(root, "actions", actions);
    if (tafel_is_terminal(&g, state)) {
        int scores[TAFEL_MAX_PLAYERS];
        double returns[TAFEL_MAX_PLAYERS];
        g.type->scores(&g, state, scores);
        g.type->returns(&g, state, returns);
        json_t *js = json_array(), *jr = json_array();
        for (int p = 0; p < g.num_players; p++) {
            json_array_append_new(js, json_integer(scores[p]));
            json_array_append_new(jr, json_real(returns[p]));
        }
        json_object_set_new(root, "result", json_pack("{s:o,s:o}", "scores", js, "returns", jr));
    } else if (r->has_result && r->resigned) {
        /* A resignation is no state of the game: the result is the one the record holds. */
        json_t *js = json_array(), *jr = json_array();
        for (int p = 0; p < g.num_players; p++) {
            json_array_append_new(js, json_integer(r->scores[p]));
            json_array_append_new(jr, json_real(r->returns[p]));
        }
        json_object_set_new(root, "result", json_pack("{s:o,s:o,s:i}", "scores", js, "returns",
                                                      jr, "resigned", r->resigned_seat));
    }
    free(state);
    return root;
}

int tafel_record_from_json(tafel_record *r, const json_t *root, char *err, size_t errlen)
{
    if (!json_is_object(root)) {
        snprintf(err, errlen, "record: not a JSON object");
        return -1;
    }
    const char *format = json_string_value(json_object_get(root, "format"));
    if (!format || strcmp(format, RECORD_FORMAT)) {
        snprintf(err, errlen, "record: \"format\" must be \"%s\"", RECORD_FORMAT);
        return -1;
    }
    json_t *version = json_object_get(root, "version");
    if (!json_is_integer(version) || json_integer_value(version) != RECORD_VERSION) {
        snprintf(err, errlen, "record: unsupported \"version\" (expected %d)", RECORD_VERSION);
        return -1;
    }
    const char *game = json_string_value(json_object_get(root, "game"));
    if (!game || strlen(game) >= sizeof r->game) {
        snprintf(err, errlen, "record: missing or overlong \"game\"");
        return -1;
    }
    strcpy(r->game, game);
    json_t *seats = json_object_get(root, "seats");
    if (seats) {
        if (!json_is_array(seats) || json_array_size(seats) > TAFEL_MAX_PLAYERS) {
            snprintf(err, errlen, "record: \"seats\" must be an array of at most %d strings",
                     TAFEL_MAX_PLAYERS);
            return -1;
        }
        r->num_seats = (int)json_array_size(seats);
        for (int i = 0; i < r->num_seats; i++) {
            const char *s = json_string_value(json_array_get(seats, (size_t)i));
            if (!s || strlen(s) >= sizeof r->seats[i]) {
                snprintf(err, errlen, "record: seat %d is not a short string", i);
                return -1;
            }
            strcpy(r->seats[i], s);
        }
    }
    json_t *seed = json_object_get(root, "seed");
    if (json_is_string(seed)) {
        char *end;
        errno = 0;
        r->seed = strtoull(json_string_value(seed), &end, 10);
        if (*end || errno || !*json_string_value(seed)) {
            snprintf(err, errlen, "record: \"seed\" is not a decimal number");
            return -1;
        }
    } else if (json_is_integer(seed) && json_integer_value(seed) >= 0) {
        r->seed = (uint64_t)json_integer_value(seed);
    } else if (seed) {
        snprintf(err, errlen, "record: \"seed\" is not a number");
        return -1;
    }
    json_t *actions = json_object_get(root, "actions");
    if (!json_is_array(actions)) {
        snprintf(err, errlen, "record: \"actions\" must be an array");
        return -1;
    }
    if (json_array_size(actions) > TAFEL_RECORD_MAX_ACTIONS) {
        snprintf(err, errlen, "record: %zu actions, more than the limit of %d",
                 json_array_size(actions), TAFEL_RECORD_MAX_ACTIONS);
        return -1;
    }
    for (size_t i = 0; i < json_array_size(actions); i++) {
        json_t *a = json_array_get(actions, i);
        json_t *id = json_is_object(a) ? json_object_get(a, "a") : a;
        if (!json_is_integer(id) || json_integer_value(id) < 0 ||
            json_integer_value(id) > INT32_MAX) {
            snprintf(err, errlen, "action %zu: not an action number", i);
            return -1;
        }
        tafel_record_push(r, (int32_t)json_integer_value(id));
    }
    json_t *result = json_object_get(root, "result");
    if (result) {
        json_t *scores = json_object_get(result, "scores");
        if (!json_is_array(scores) || json_array_size(scores) > TAFEL_MAX_PLAYERS) {
            snprintf(err, errlen, "record: \"result\" needs a \"scores\" array");
            return -1;
        }
        for (size_t i = 0; i < json_array_size(scores); i++) {
            json_t *s = json_array_get(scores, i);
            if (!json_is_integer(s)) {
                snprintf(err, errlen, "record: result score %zu is not an integer", i);
                return -1;
            }
            r->scores[i] = (int)json_integer_value(s);
        }
        /* Returns matter only for a resignation (a finished game's follow from its state). */
        json_t *returns = json_object_get(result, "returns");
        if (returns && (!json_is_array(returns) || json_array_size(returns) > TAFEL_MAX_PLAYERS)) {
            snprintf(err, errlen, "record: result \"returns\" must be an array of numbers");
            return -1;
        }
        for (size_t i = 0; i < json_array_size(returns); i++) {
            json_t *v = json_array_get(returns, i);
            if (!json_is_number(v)) {
                snprintf(err, errlen, "record: result return %zu is not a number", i);
                return -1;
            }
            r->returns[i] = json_number_value(v);
        }
        json_t *resigned = json_object_get(result, "resigned");
        if (resigned) {
            if (!json_is_integer(resigned) || json_integer_value(resigned) < 0 ||
                json_integer_value(resigned) >= TAFEL_MAX_PLAYERS) {
                snprintf(err, errlen, "record: result \"resigned\" must be a seat number");
                return -1;
            }
            if (!returns) {
                snprintf(err, errlen, "record: a resigned result needs its \"returns\"");
                return -1;
            }
            r->resigned = 1;
            r->resigned_seat = (int)json_integer_value(resigned);
        }
        r->has_result = 1;
    }
    return 0;
}

/* Write all of buf to fd, retrying short writes. */
static int record_write_all(int fd, const char *buf, size_t len)
{
    while (len) {
        ssize_t n = write(fd, buf, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        buf += n;
        len -= (size_t)n;
    }
    return 0;
}

/* The folder of path ("." for a bare name), for the temporary file and its fsync. */
static void record_dir(const char *path, char *dir, size_t len)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, len, ".");
    else if (slash == path)
        snprintf(dir, len, "/");
    else
        snprintf(dir, len, "%.*s", (int)(slash - path), path);
}

int tafel_record_save(const tafel_record *r, const char *path, char *err, size_t errlen)
{
    /* Serialised first: a record that does not replay never reaches the disk. */
    json_t *root = tafel_record_to_json(r, err, errlen);
    if (!root)
        return -1;
    char *text = json_dumps(root, JSON_INDENT(1) | JSON_COMPACT);
    json_decref(root);
    if (!text)
        abort();
    /* A rename would replace a device (/dev/full) or a folder's entry by a file. */
    struct stat st;
    if (!stat(path, &st) && !S_ISREG(st.st_mode)) {
        free(text);
        snprintf(err, errlen, "cannot write record %s: not a regular file", path);
        return -1;
    }
    char dir[4096], tmp[4200];
    record_dir(path, dir, sizeof dir);
    snprintf(tmp, sizeof tmp, "%s/.tafel-record-XXXXXX", dir);
    int fd = mkstemp(tmp), rc = -1, e = errno;
    const char *step = "write";
    if (fd < 0) {
        free(text);
        snprintf(err, errlen, "cannot write record %s: cannot create a file in %s: %s", path,
                 dir, strerror(e));
        return -1;
    }
    /* mkstemp makes it 0600; a record is an ordinary file. */
    if (!fchmod(fd, 0644) && !record_write_all(fd, text, strlen(text)) &&
        !record_write_all(fd, "\n", 1) && (step = "flush", !fsync(fd))) {
        step = "close";
        int c = close(fd);
        fd = -1;
        if (!c && (step = "rename", !rename(tmp, path)))
            rc = 0;
    }
    e = errno;
    if (fd >= 0)
        close(fd);
    free(text);
    if (rc) {
        unlink(tmp);
        snprintf(err, errlen, "cannot write record %s: %s failed: %s", path, step, strerror(e));
        return -1;
    }
    /* The rename itself is on disk once the folder is. */
    int dfd = open(dir, O_RDONLY | O_DIRECTORY);
    if (dfd >= 0) {
        fsync(dfd);
        close(dfd);
    }
    return 0;
}

/* Deeper nesting than TAFEL_RECORD_MAX_DEPTH, found before jansson builds anything. */
static int record_too_deep(const char *text, size_t len)
{
    int depth = 0, in_string = 0;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (in_string) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_string = 0;
        } else if (c == '"') {
            in_string = 1;
        } else if (c == '[' || c == '{') {
            if (++depth > TAFEL_RECORD_MAX_DEPTH)
                return 1;
        } else if (c == ']' || c == '}') {
            depth--;
        }
    }
    return 0;
}

int tafel_record_parse(tafel_record *r, const char *text, size_t len, char *err, size_t errlen)
{
    if (len > TAFEL_RECORD_MAX_BYTES) {
        snprintf(err, errlen, "record: %zu bytes, more than the limit of %d MiB", len,
                 TAFEL_RECORD_MAX_BYTES >> 20);
        return -1;
    }
    if (record_too_deep(text, len)) {
        snprintf(err, errlen, "record: JSON nested deeper than the limit of %d levels",
                 TAFEL_RECORD_MAX_DEPTH);
        return -1;
    }
    json_error_t jerr;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!root) {
        /* jansson quotes the text near the error, which may hold a newline. */
        for (char *c = jerr.text; *c; c++)
            if ((unsigned char)*c < 0x20 || *c == 0x7f)
                *c = ' ';
        snprintf(err, errlen, "record: line %d: %s", jerr.line, jerr.text);
        return -1;
    }
    int rc = tafel_record_from_json(r, root, err, errlen);
    json_decref(root);
    return rc;
}

int tafel_record_load(tafel_record *r, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    /* One byte more than the limit tells a file that is too large without reading all of it. */
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap);
    for (size_t got; buf; n += got) {
        if (n == cap) {
            if (cap > TAFEL_RECORD_MAX_BYTES)
                break;
            cap *= 2;
            char *nb = realloc(buf, cap);
            if (!nb)
                free(buf);
            buf = nb;
        }
        if (!buf || !(got = fread(buf + n, 1, cap - n, f)))
            break;
    }
    int rerr = ferror(f);
    fclose(f);
    if (!buf)
        abort();
    int rc;
    if (rerr) {
        snprintf(err, errlen, "%s: cannot read it", path);
        rc = -1;
    } else {
        char why[TAFEL_ERR_LEN];
        rc = tafel_record_parse(r, buf, n, why, sizeof why);
        if (rc)
            snprintf(err, errlen, "%s: %s", path, why);
    }
    free(buf);
    return rc;
}
