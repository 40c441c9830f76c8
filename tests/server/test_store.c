/* test_store.c: the server's SQLite store: schema and pragmas, round trips, the rules the
 * database enforces (action order, seats, results), damaged and unwritable files, durability
 * under SIGKILL, and two handles writing at once. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "server/store.h"

/* ---- helpers ---- */

static int sanitized(void)
{
    const char *e = getenv("TAFEL_SANITIZE");
    return e && e[0] && strcmp(e, "0") != 0;
}

/* Each test gets a fresh private directory under $TMPDIR (or /tmp) as its state; the teardown
 * removes it even when the test failed halfway. */
static int dir_setup(void **state)
{
    const char *base = getenv("TMPDIR");
    char *dir = malloc(256);
    if (!dir)
        return -1;
    snprintf(dir, 256, "%s/tafel-store-XXXXXX", base && base[0] ? base : "/tmp");
    if (!mkdtemp(dir)) {
        free(dir);
        return -1;
    }
    *state = dir;
    return 0;
}

static void remove_tree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return;
    if (S_ISDIR(st.st_mode)) {
        chmod(path, 0700);
        DIR *d = opendir(path);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            char sub[1024];
            snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
            remove_tree(sub);
        }
        if (d)
            closedir(d);
        rmdir(path);
    } else {
        unlink(path);
    }
}

static int dir_teardown(void **state)
{
    remove_tree(*state);
    free(*state);
    return 0;
}

static void assert_one_line(const char *err)
{
    assert_true(err[0] != '\0');
    assert_null(strchr(err, '\n'));
}

static store *open_ok(const char *path)
{
    char err[256];
    store *s = store_open(path, err, sizeof err);
    if (!s)
        fail_msg("%s", err);
    return s;
}

/* A game with one bot seat, for tests that only need actions. */
static int64_t bot_game(store *s)
{
    char err[256];
    store_seat_def seat = {"random", NULL, NULL};
    int64_t id = -1;
    if (store_create_game(s, "targi", 7, STORE_STATUS_OPEN, 1, &seat, &id, err, sizeof err) !=
        STORE_OK)
        fail_msg("%s", err);
    return id;
}

static void append_ok(store *s, int64_t game, int index)
{
    char err[256], note[32];
    snprintf(note, sizeof note, "a%d", index);
    if (store_append_action(s, game, index, index % 1000, index % 2, note, err, sizeof err))
        fail_msg("append %d: %s", index, err);
}

/* Result of a single-row query on a raw connection, as an integer. */
static long long raw_int(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    long long v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

/* ---- paths and opening ---- */

static void test_default_path(void **unused)
{
    (void)unused;
    char buf[256], err[256];
    char *old_xdg = getenv("XDG_DATA_HOME") ? strdup(getenv("XDG_DATA_HOME")) : NULL;
    char *old_home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
    setenv("HOME", "/home/ann", 1);
    setenv("XDG_DATA_HOME", "/data/x", 1);
    assert_int_equal(store_default_path(buf, sizeof buf, err, sizeof err), 0);
    assert_string_equal(buf, "/data/x/tafel/tafel.db");
    setenv("XDG_DATA_HOME", "", 1);
    assert_int_equal(store_default_path(buf, sizeof buf, err, sizeof err), 0);
    assert_string_equal(buf, "/home/ann/.local/share/tafel/tafel.db");
    setenv("XDG_DATA_HOME", "relative/dir", 1); /* the XDG spec: ignore a relative path */
    assert_int_equal(store_default_path(buf, sizeof buf, err, sizeof err), 0);
    assert_string_equal(buf, "/home/ann/.local/share/tafel/tafel.db");
    unsetenv("XDG_DATA_HOME");
    assert_int_equal(store_default_path(buf, sizeof buf, err, sizeof err), 0);
    assert_string_equal(buf, "/home/ann/.local/share/tafel/tafel.db");
    assert_int_equal(store_default_path(buf, 20, err, sizeof err), -1);
    assert_one_line(err);
    unsetenv("HOME");
    assert_int_equal(store_default_path(buf, sizeof buf, err, sizeof err), -1);
    assert_non_null(strstr(err, "HOME"));
    if (old_xdg)
        setenv("XDG_DATA_HOME", old_xdg, 1);
    if (old_home)
        setenv("HOME", old_home, 1);
    free(old_xdg);
    free(old_home);
}

static void test_open_creates_schema(void **state)
{
    const char *dir = *state;
    char path[512];
    snprintf(path, sizeof path, "%s/a/b/c/tafel.db", dir);
    store *s = open_ok(path);
    store_close(s);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600); /* seeds of running games are secrets */
    snprintf(path, sizeof path, "%s/a/b", dir);
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0700);

    snprintf(path, sizeof path, "%s/a/b/c/tafel.db", dir);
    s = open_ok(path); /* a second open finds the schema */
    store_close(s);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(raw_int(db, "PRAGMA user_version"), STORE_SCHEMA_VERSION);
    assert_int_equal(raw_int(db, "SELECT journal_mode = 'wal' FROM pragma_journal_mode"), 1);
    assert_int_equal(raw_int(db, "SELECT count(*) FROM pragma_table_list"
                                 " WHERE schema = 'main' AND name IN"
                                 " ('games', 'seats', 'actions', 'results', 'result_seats')"
                                 " AND strict = 1"), 5);
    sqlite3_close(db);
}

/* ---- writing and loading ---- */

static void test_round_trip(void **state)
{
    const char *dir = *state;
    char path[512], err[256], tok[TOKEN_HEX_LEN + 1];
    snprintf(path, sizeof path, "%s/t.db", dir);
    store *s = open_ok(path);
    uint8_t hash[TOKEN_HASH_LEN], other[TOKEN_HASH_LEN];
    assert_int_equal(token_make(tok, err, sizeof err), 0);
    assert_int_equal(token_hash(tok, hash), 0);
    /* Values that would break SQL formatted with text travel as they are. */
    const char *evil = "Ann'); DROP TABLE games; --";
    store_seat_def seats[3] = {
        {"human", hash, evil}, {"mcts(iters=200)", NULL, NULL}, {"random", NULL, "Bot"}};
    int64_t id, id2, id3;
    assert_int_equal(store_create_game(s, "tafelrunde2(players=3)", UINT64_MAX,
                                       STORE_STATUS_OPEN, 3, seats, &id, err, sizeof err),
                     STORE_OK);
    assert_int_equal(store_create_game(s, "targi", 0, STORE_STATUS_OPEN, 1, &seats[1], &id2, err,
                                       sizeof err),
                     STORE_OK);
    assert_true(id2 != id);
    /* bots only: running from its creation */
    assert_int_equal(store_create_game(s, "targi", 3, STORE_STATUS_RUNNING, 1, &seats[1], &id3,
                                       err, sizeof err),
                     STORE_OK);
    assert_int_equal(store_append_action(s, id, 0, 17, TAFEL_CHANCE, "deal 17", err, sizeof err),
                     STORE_OK);
    assert_int_equal(store_append_action(s, id, 1, 3, 0, "play \"x\"", err, sizeof err), 0);
    assert_int_equal(store_append_action(s, id, 2, 0, 2, "pass", err, sizeof err), 0);

    store_game_info *list;
    int n;
    assert_int_equal(store_list_games(s, STORE_STATUS_OPEN, &list, &n, err, sizeof err), 0);
    assert_int_equal(n, 2);
    assert_true(list[0].id == id && list[1].id == id2);
    assert_string_equal(list[0].game, "tafelrunde2(players=3)");
    assert_int_equal(list[0].num_actions, 3);
    assert_int_equal(list[1].num_actions, 0);
    assert_int_equal(list[0].status, STORE_STATUS_OPEN);
    assert_int_equal(strlen(list[0].created), 24); /* 2026-11-21T10:15:00.123Z */
    free(list);
    assert_int_equal(store_set_status(s, id, STORE_STATUS_RUNNING, err, sizeof err), 0);
    assert_int_equal(store_list_games(s, STORE_STATUS_RUNNING, &list, &n, err, sizeof err), 0);
    assert_int_equal(n, 2);
    assert_true(list[0].id == id && list[1].id == id3);
    assert_int_equal(list[1].status, STORE_STATUS_RUNNING);
    free(list);

    store_game g;
    assert_int_equal(store_load_game(s, id, &g, err, sizeof err), STORE_OK);
    assert_true(g.id == id);
    assert_string_equal(g.game, "tafelrunde2(players=3)");
    assert_true(g.seed == UINT64_MAX);
    assert_int_equal(g.status, STORE_STATUS_RUNNING);
    assert_int_equal(g.num_seats, 3);
    assert_string_equal(g.seats[0].spec, "human");
    assert_string_equal(g.seats[0].name, evil);
    assert_true(g.seats[0].has_token);
    assert_memory_equal(g.seats[0].token_hash, hash, TOKEN_HASH_LEN);
    assert_true(token_check(tok, g.seats[0].token_hash));
    assert_string_equal(g.seats[1].spec, "mcts(iters=200)");
    assert_string_equal(g.seats[1].name, "");
    assert_false(g.seats[1].has_token);
    assert_string_equal(g.seats[2].name, "Bot");
    assert_int_equal(g.num_actions, 3);
    assert_int_equal(g.actions[0].action, 17);
    assert_int_equal(g.actions[0].player, TAFEL_CHANCE);
    assert_string_equal(g.actions[0].notation, "deal 17");
    assert_string_equal(g.actions[1].notation, "play \"x\"");
    assert_int_equal(g.actions[2].player, 2);
    assert_false(g.has_result);
    store_game_free(&g);
    assert_int_equal(store_load_game(s, id2, &g, err, sizeof err), STORE_OK);
    assert_true(g.seed == 0);
    assert_int_equal(g.num_actions, 0);
    store_game_free(&g);
    assert_int_equal(store_load_game(s, id + 100, &g, err, sizeof err), STORE_REFUSED);
    assert_one_line(err);

    int64_t fg = -1;
    int fs = -1;
    assert_int_equal(store_find_token(s, hash, &fg, &fs, err, sizeof err), 1);
    assert_true(fg == id && fs == 0);
    memcpy(other, hash, sizeof other);
    other[0] ^= 1;
    assert_int_equal(store_find_token(s, other, &fg, &fs, err, sizeof err), 0);

    store_result r = {.num_seats = 3, .scores = {10, -2, 7}, .returns = {1, 0, 0.5},
                      .ending = STORE_END_RESIGNED, .resigned_seat = 1};
    assert_int_equal(store_finish_game(s, id, &r, err, sizeof err), STORE_OK);
    store_close(s);

    s = open_ok(path); /* everything above survives closing */
    assert_int_equal(store_load_game(s, id, &g, err, sizeof err), STORE_OK);
    assert_int_equal(g.status, STORE_STATUS_FINISHED);
    assert_true(g.has_result);
    assert_int_equal(g.result.num_seats, 3);
    assert_int_equal(g.result.scores[1], -2);
    assert_int_equal(g.result.scores[2], 7);
    assert_true(g.result.returns[2] == 0.5);
    assert_int_equal(g.result.ending, STORE_END_RESIGNED);
    assert_int_equal(g.result.resigned_seat, 1);
    assert_int_equal(g.num_actions, 3);
    store_game_free(&g);
    assert_int_equal(store_list_games(s, STORE_STATUS_FINISHED, &list, &n, err, sizeof err), 0);
    assert_int_equal(n, 1);
    free(list);
    assert_int_equal(store_list_games(s, STORE_STATUS_ABANDONED, &list, &n, err, sizeof err), 0);
    assert_int_equal(n, 0);
    assert_null(list);
    store_close(s);
}

/* store_recent_games: the newest ids first, at most max, of every status or of one. */
static void test_recent(void **state)
{
    const char *dir = *state;
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/t.db", dir);
    store *s = open_ok(path);
    store_seat_def seat = {"random", NULL, NULL};
    int64_t id[6], got[8];
    for (int i = 0; i < 6; i++)
        assert_int_equal(store_create_game(s, "targi", (uint64_t)i, STORE_STATUS_OPEN, 1, &seat,
                                           &id[i], err, sizeof err),
                         STORE_OK);
    assert_int_equal(store_set_status(s, id[1], STORE_STATUS_RUNNING, err, sizeof err), 0);
    assert_int_equal(store_set_status(s, id[4], STORE_STATUS_RUNNING, err, sizeof err), 0);
    int n = -1;
    assert_int_equal(store_recent_games(s, -1, got, 3, &n, err, sizeof err), STORE_OK);
    assert_int_equal(n, 3);
    assert_true(got[0] == id[5] && got[1] == id[4] && got[2] == id[3]);
    assert_int_equal(store_recent_games(s, -1, got, 8, &n, err, sizeof err), STORE_OK);
    assert_int_equal(n, 6);
    assert_true(got[5] == id[0]);
    assert_int_equal(store_recent_games(s, STORE_STATUS_RUNNING, got, 8, &n, err, sizeof err),
                     STORE_OK);
    assert_int_equal(n, 2);
    assert_true(got[0] == id[4] && got[1] == id[1]);
    assert_int_equal(store_recent_games(s, STORE_STATUS_OPEN, got, 1, &n, err, sizeof err),
                     STORE_OK);
    assert_int_equal(n, 1);
    assert_true(got[0] == id[5]);
    assert_int_equal(store_recent_games(s, STORE_STATUS_ABANDONED, got, 8, &n, err, sizeof err),
                     STORE_OK);
    assert_int_equal(n, 0);
    assert_int_equal(store_recent_games(s, -1, got, 0, &n, err, sizeof err), STORE_OK);
    assert_int_equal(n, 0);
    assert_int_equal(store_recent_games(s, 9, got, 8, &n, err, sizeof err), STORE_REFUSED);
    assert_one_line(err);
    store_close(s);
}

/* The database itself refuses an action with any index but the next one, and actions of a
 * game that is unknown or over; a refused append leaves the stored actions as they were. */
static void test_append_refusals(void **state)
{
    const char *dir = *state;
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/t.db", dir);
    store *s = open_ok(path);
    int64_t id = bot_game(s);
    for (int i = 0; i < 5; i++)
        append_ok(s, id, i);
    const int bad[] = {0, 3, 4, 6, 100, -1};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        err[0] = '\0';
        assert_int_equal(store_append_action(s, id, bad[k], 9, 0, "again", err, sizeof err),
                         STORE_REFUSED);
        assert_one_line(err);
        assert_non_null(strstr(err, "not the next one"));
    }
    append_ok(s, id, 5);
    assert_int_equal(store_append_action(s, id + 1, 0, 9, 0, "x", err, sizeof err),
                     STORE_REFUSED);
    assert_non_null(strstr(err, "no open or running game"));
    assert_int_equal(store_append_action(s, id, 6, 9, 0, "", err, sizeof err), STORE_REFUSED);

    store_game g;
    assert_int_equal(store_load_game(s, id, &g, err, sizeof err), STORE_OK);
    assert_int_equal(g.num_actions, 6);
    for (int i = 0; i < 6; i++)
        assert_int_equal(g.actions[i].action, i);
    store_game_free(&g);

    store_result r = {.num_seats = 1, .ending = STORE_END_NORMAL, .resigned_seat = -1};
    assert_int_equal(store_finish_game(s, id, &r, err, sizeof err), STORE_OK);
    assert_int_equal(store_append_action(s, id, 6, 9, 0, "late", err, sizeof err),
                     STORE_REFUSED);
    int64_t id2 = bot_game(s);
    assert_int_equal(store_set_status(s, id2, STORE_STATUS_ABANDONED, err, sizeof err), 0);
    assert_int_equal(store_append_action(s, id2, 0, 9, 0, "late", err, sizeof err),
                     STORE_REFUSED);
    store_close(s);
}

/* Group commit: three games' actions in one transaction; the item with a stale index (and the
 * one whose second action skips an index) stores none of its actions, the others all of theirs. */
static void test_append_group(void **state)
{
    const char *dir = *state;
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/t.db", dir);
    store *s = open_ok(path);
    int64_t a = bot_game(s), b = bot_game(s), c = bot_game(s);
    append_ok(s, b, 0);
    const store_action two[] = {{5, 0, "x"}, {6, TAFEL_CHANCE, "y"}};
    store_append items[] = {
        {.game = a, .first_index = 0, .num_actions = 2, .actions = two},
        {.game = b, .first_index = 0, .num_actions = 2, .actions = two}, /* 0 is stored */
        {.game = c, .first_index = 0, .num_actions = 1, .actions = two},
        {.game = c, .first_index = 2, .num_actions = 1, .actions = two}, /* a gap */
    };
    assert_int_equal(store_append_group(s, items, 4, err, sizeof err), STORE_OK);
    assert_int_equal(items[0].rc, STORE_OK);
    assert_int_equal(items[1].rc, STORE_REFUSED);
    assert_non_null(strstr(items[1].err, "not the next one"));
    assert_int_equal(items[2].rc, STORE_OK);
    assert_int_equal(items[3].rc, STORE_REFUSED);
    const int64_t ids[] = {a, b, c};
    const int want[] = {2, 1, 1};
    for (int k = 0; k < 3; k++) {
        store_game g;
        assert_int_equal(store_load_game(s, ids[k], &g, err, sizeof err), STORE_OK);
        assert_int_equal(g.num_actions, want[k]);
        store_game_free(&g);
    }
    store_game g;
    assert_int_equal(store_load_game(s, a, &g, err, sizeof err), STORE_OK);
    assert_int_equal(g.actions[1].action, 6);
    assert_int_equal(g.actions[1].player, TAFEL_CHANCE);
    assert_string_equal(g.actions[1].notation, "y");
    store_game_free(&g);
    store_close(s);
}

/* A refused game leaves nothing behind: no game row without its seats. */
static void test_create_refusals(void **state)
{
    const char *dir = *state;
    char path[512], err[256], tok[TOKEN_HEX_LEN + 1], longtext[300];
    snprintf(path, sizeof path, "%s/t.db", dir);
    store *s = open_ok(path);
    uint8_t hash[TOKEN_HASH_LEN];
    assert_int_equal(token_make(tok, err, sizeof err), 0);
    assert_int_equal(token_hash(tok, hash), 0);
    int64_t id = -1;
    store_seat_def ok[2] = {{"human", hash, NULL}, {"greedy", NULL, NULL}};
    assert_int_equal(
        store_create_game(s, "targi", 1, STORE_STATUS_OPEN, 2, ok, &id, err, sizeof err),
        STORE_OK);

    store_seat_def human_without[2] = {{"greedy", NULL, NULL}, {"human", NULL, NULL}};
    store_seat_def bot_with[2] = {{"greedy", NULL, NULL}, {"random", hash, NULL}};
    store_seat_def same_token[2] = {{"greedy", NULL, NULL}, {"human", hash, NULL}};
    const store_seat_def *cases[] = {human_without, bot_with, same_token};
    for (int k = 0; k < 3; k++) {
        int64_t before = id;
        assert_int_equal(store_create_game(s, "targi", 1, STORE_STATUS_OPEN, 2, cases[k], &id,
                                           err, sizeof err),
                         STORE_REFUSED);
        assert_one_line(err);
        assert_true(id == before); /* untouched */
    }
    memset(longtext, 'x', sizeof longtext - 1);
    longtext[sizeof longtext - 1] = '\0';
    assert_int_equal(
        store_create_game(s, longtext, 1, STORE_STATUS_OPEN, 2, ok, &id, err, sizeof err),
        STORE_REFUSED);
    assert_int_equal(
        store_create_game(s, "targi", 1, STORE_STATUS_OPEN, 0, ok, &id, err, sizeof err),
        STORE_REFUSED);
    assert_int_equal(store_create_game(s, "targi", 1, STORE_STATUS_OPEN, TAFEL_MAX_PLAYERS + 1,
                                       ok, &id, err, sizeof err),
                     STORE_REFUSED);
    store_seat_def long_name = {"random", NULL, longtext};
    assert_int_equal(store_create_game(s, "targi", 1, STORE_STATUS_OPEN, 1, &long_name, &id, err,
                                       sizeof err),
                     STORE_REFUSED);
    /* a new game is open or running, never finished or abandoned */
    for (int k = STORE_STATUS_FINISHED; k <= STORE_STATUS_ABANDONED + 1; k++) {
        assert_int_equal(store_create_game(s, "targi", 1, (store_status)k, 2, ok, &id, err,
                                           sizeof err),
                         STORE_REFUSED);
        assert_one_line(err);
    }
    store_close(s);

    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(raw_int(db, "SELECT count(*) FROM games"), 1);
    assert_int_equal(raw_int(db, "SELECT count(*) FROM seats"), 2);
    sqlite3_close(db);
}

static void test_finish_refusals(void **state)
{
    const char *dir = *state;
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/t.db", dir);
    store *s = open_ok(path);
    store_seat_def seats[2] = {{"random", NULL, NULL}, {"greedy", NULL, NULL}};
    int64_t id;
    assert_int_equal(
        store_create_game(s, "targi", 1, STORE_STATUS_OPEN, 2, seats, &id, err, sizeof err), 0);
    store_result r = {.num_seats = 2, .scores = {3, 4}, .returns = {0, 1},
                      .ending = STORE_END_NORMAL, .resigned_seat = -1};
    store_result wrong = r;
    wrong.num_seats = 1;
    assert_int_equal(store_finish_game(s, id, &wrong, err, sizeof err), STORE_REFUSED);
    assert_non_null(strstr(err, "number of seats"));
    wrong = r;
    wrong.ending = STORE_END_RESIGNED; /* without who */
    assert_int_equal(store_finish_game(s, id, &wrong, err, sizeof err), STORE_REFUSED);
    wrong.resigned_seat = 5;            /* a seat the game does not have */
    assert_int_equal(store_finish_game(s, id, &wrong, err, sizeof err), STORE_REFUSED);
    assert_non_null(strstr(err, "FOREIGN KEY"));
    assert_int_equal(store_finish_game(s, id + 1, &r, err, sizeof err), STORE_REFUSED);

    store_game g;
    assert_int_equal(store_load_game(s, id, &g, err, sizeof err), 0);
    assert_int_equal(g.status, STORE_STATUS_OPEN); /* the refusals rolled back */
    assert_false(g.has_result);
    store_game_free(&g);

    assert_int_equal(store_finish_game(s, id, &r, err, sizeof err), STORE_OK);
    assert_int_equal(store_finish_game(s, id, &r, err, sizeof err), STORE_REFUSED);
    assert_int_equal(store_set_status(s, id, STORE_STATUS_RUNNING, err, sizeof err),
                     STORE_REFUSED);
    assert_int_equal(store_set_status(s, id, STORE_STATUS_FINISHED, err, sizeof err),
                     STORE_REFUSED);
    assert_int_equal(store_load_game(s, id, &g, err, sizeof err), 0);
    assert_int_equal(g.status, STORE_STATUS_FINISHED);
    assert_int_equal(g.result.ending, STORE_END_NORMAL);
    assert_int_equal(g.result.resigned_seat, -1);
    assert_true(g.result.returns[1] == 1);
    store_game_free(&g);
    store_close(s);
}

/* A gap that the trigger would never admit (a hand-edited file) makes loading fail instead of
 * replaying a game with actions missing. */
static void test_load_refuses_gap(void **state)
{
    const char *dir = *state;
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/t.db", dir);
    store *s = open_ok(path);
    int64_t id = bot_game(s);
    for (int i = 0; i < 3; i++)
        append_ok(s, id, i);
    store_close(s);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_exec(db, "DROP TRIGGER actions_in_order", NULL, NULL, NULL), 0);
    assert_int_equal(sqlite3_prepare_v2(db, "INSERT INTO actions VALUES (?1, 4, 0, 0, 'late')",
                                        -1, &st, NULL), SQLITE_OK);
    sqlite3_bind_int64(st, 1, id);
    assert_int_equal(sqlite3_step(st), SQLITE_DONE);
    sqlite3_finalize(st);
    sqlite3_close(db);
    s = open_ok(path);
    store_game g;
    assert_int_equal(store_load_game(s, id, &g, err, sizeof err), STORE_ERROR);
    assert_non_null(strstr(err, "damaged"));
    assert_null(g.actions);
    store_close(s);
}

/* Storing an action writes the actions table only: rewriting the game's row too (schema 1)
 * put a second scattered page per action into every group commit. */
static void test_append_leaves_game_row(void **state)
{
    const char *dir = *state;
    char path[512];
    snprintf(path, sizeof path, "%s/t.db", dir);
    store *s = open_ok(path);
    int64_t id = bot_game(s);
    store_close(s);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "UPDATE games SET updated = 'then'", NULL, NULL, NULL), 0);
    sqlite3_close(db);
    s = open_ok(path);
    for (int i = 0; i < 3; i++)
        append_ok(s, id, i);
    store_close(s);
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(raw_int(db, "SELECT count(*) FROM games WHERE updated = 'then'"), 1);
    assert_int_equal(raw_int(db, "SELECT count(*) FROM actions"), 3);
    sqlite3_close(db);
}

/* A schema 1 database (its trigger rewrote the game's row on every action) is migrated when
 * opened: the trigger goes, the version becomes 2, the games and their actions stay. */
static void test_migrate_v1(void **state)
{
    const char *dir = *state;
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/t.db", dir);
    store *s = open_ok(path);
    int64_t id = bot_game(s);
    append_ok(s, id, 0);
    store_close(s);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db,
                                  "CREATE TRIGGER actions_touch_game AFTER INSERT ON actions"
                                  " BEGIN UPDATE games SET updated = 'touched'"
                                  " WHERE id = NEW.game_id; END;"
                                  " PRAGMA user_version = 1;",
                                  NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    s = open_ok(path);
    append_ok(s, id, 1);
    store_game g;
    assert_int_equal(store_load_game(s, id, &g, err, sizeof err), STORE_OK);
    assert_int_equal(g.num_actions, 2);
    store_game_free(&g);
    store_close(s);
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(raw_int(db, "PRAGMA user_version"), 2);
    assert_int_equal(raw_int(db, "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'"
                                 " AND name = 'actions_touch_game'"), 0);
    assert_int_equal(raw_int(db, "SELECT count(*) FROM games WHERE updated = 'touched'"), 0);
    sqlite3_close(db);
}

/* ---- files that are not ours, damaged or unwritable ---- */

static void test_foreign_and_newer(void **state)
{
    const char *dir = *state;
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/t.db", dir);
    store_close(open_ok(path));
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "PRAGMA user_version = 3", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    assert_null(store_open(path, err, sizeof err));
    assert_one_line(err);
    assert_non_null(strstr(err, "schema version 3, newer"));

    snprintf(path, sizeof path, "%s/other.db", dir);
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "CREATE TABLE notes (x)", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    assert_null(store_open(path, err, sizeof err));
    assert_non_null(strstr(err, "not a tafel database"));
}

static void test_garbage_file(void **state)
{
    const char *dir = *state;
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/t.db", dir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    uint32_t x = 12345;
    for (int i = 0; i < 16384; i++) {
        x = x * 1103515245u + 12345u;
        fputc((int)(x >> 24), f);
    }
    fclose(f);
    assert_null(store_open(path, err, sizeof err));
    assert_one_line(err);
    assert_non_null(strstr(err, "not a database"));
}

/* Overwrite every page but the first of a real database with garbage: whatever fails must fail
 * with a message, never crash (the sanitizer build checks the reads stay in bounds). */
static void test_damaged_pages(void **state)
{
    const char *dir = *state;
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/t.db", dir);
    store *s = open_ok(path);
    int64_t id = bot_game(s);
    for (int i = 0; i < 300; i++)
        append_ok(s, id, i);
    store_close(s); /* the last close checkpoints the WAL into the file */
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_true(st.st_size > 3 * 4096);
    int fd = open(path, O_WRONLY);
    assert_true(fd >= 0);
    uint32_t x = 99;
    for (off_t off = 4096; off < st.st_size; off++) {
        x = x * 1103515245u + 12345u;
        unsigned char c = (unsigned char)(x >> 24);
        assert_int_equal(pwrite(fd, &c, 1, off), 1);
    }
    close(fd);

    int failures = 0;
    s = store_open(path, err, sizeof err);
    if (!s) {
        failures++;
        assert_one_line(err);
    } else {
        store_game_info *list;
        int n;
        store_game g;
        if (store_list_games(s, STORE_STATUS_OPEN, &list, &n, err, sizeof err) != STORE_OK) {
            failures++;
            assert_one_line(err);
        } else {
            free(list);
        }
        if (store_load_game(s, id, &g, err, sizeof err) != STORE_OK) {
            failures++;
            assert_one_line(err);
        } else {
            store_game_free(&g);
        }
        if (store_append_action(s, id, 300, 1, 0, "x", err, sizeof err) != STORE_OK) {
            failures++;
            assert_one_line(err);
        }
        store_close(s);
    }
    assert_true(failures > 0);
}

/* Run fn in a child process without root's power to write anywhere (root ignores file
 * modes): as nobody when we are root. Returns the child's exit status, or -1 when it could not
 * drop privileges (the check is skipped then). */
static int as_unprivileged(int (*fn)(const char *), const char *arg)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
            _exit(100);
        _exit(fn(arg));
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status) == 100 ? -1 : WEXITSTATUS(status);
}

/* 0 when opening path fails with a one-line message containing what we expect. */
static int open_must_fail(const char *path_and_expect)
{
    char path[512], err[256];
    const char *bar = strchr(path_and_expect, '|');
    snprintf(path, sizeof path, "%.*s", (int)(bar - path_and_expect), path_and_expect);
    store *s = store_open(path, err, sizeof err);
    if (s) {
        store_close(s);
        fprintf(stderr, "open %s succeeded\n", path);
        return 1;
    }
    fprintf(stderr, "(expected) %s\n", err);
    return strchr(err, '\n') || !strstr(err, bar + 1) ? 2 : 0;
}

static void test_unwritable(void **state)
{
    const char *dir = *state;
    char path[600], arg[700], err[256];
    assert_int_equal(chmod(dir, 0755), 0);
    /* A parent "directory" that is a file: no privilege helps. */
    snprintf(path, sizeof path, "%s/file", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fclose(f);
    snprintf(path, sizeof path, "%s/file/sub/t.db", dir);
    assert_null(store_open(path, err, sizeof err));
    assert_one_line(err);
    assert_non_null(strstr(err, "create directory"));

    /* A read-only directory. */
    snprintf(path, sizeof path, "%s/ro", dir);
    assert_int_equal(mkdir(path, 0555), 0);
    snprintf(arg, sizeof arg, "%s/ro/t.db|unable to open", dir);
    int rc = as_unprivileged(open_must_fail, arg);
    if (rc >= 0)
        assert_int_equal(rc, 0);
    /* A read-only database file. */
    snprintf(path, sizeof path, "%s/w", dir);
    assert_int_equal(mkdir(path, 0777), 0);
    assert_int_equal(chmod(path, 0777), 0);
    snprintf(path, sizeof path, "%s/w/t.db", dir);
    store_close(open_ok(path));
    assert_int_equal(chmod(path, 0444), 0);
    snprintf(arg, sizeof arg, "%s|read-only", path);
    rc = as_unprivileged(open_must_fail, arg);
    if (rc >= 0)
        assert_int_equal(rc, 0);
    else
        print_message("not checked: cannot drop root privileges\n");
}

/* ---- durability and concurrency ---- */

/* A child appends actions and reports each acknowledged index through a pipe; the parent
 * kills it with SIGKILL after a random number of acknowledgements plus a random delay, and
 * reopens: every acknowledged index must be stored, with no gap (checked with plain SQL too,
 * not only by store_load_game). Each round's child resumes where the database says. */
static void test_kill_durability(void **state)
{
    const char *dir = *state;
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/t.db", dir);
    store *s = open_ok(path);
    int64_t id = bot_game(s);
    store_close(s);
    const int rounds = sanitized() ? 10 : 40, per_child = 300;
    uint64_t x = 0x9e3779b97f4a7c15u;
    int acked = -1, kills = 0;
    for (int r = 0; r < rounds; r++) {
        int fd[2];
        assert_int_equal(pipe(fd), 0);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            close(fd[0]);
            store_game g;
            store *c = store_open(path, err, sizeof err);
            if (!c || store_load_game(c, id, &g, err, sizeof err) != STORE_OK) {
                fprintf(stderr, "child: %s\n", err);
                _exit(2);
            }
            int next = g.num_actions;
            store_game_free(&g);
            for (int i = next; i < next + per_child; i++) {
                char note[32];
                snprintf(note, sizeof note, "a%d", i);
                if (store_append_action(c, id, i, i % 1000, i % 2, note, err, sizeof err)) {
                    fprintf(stderr, "child: %s\n", err);
                    _exit(3);
                }
                if (write(fd[1], &i, sizeof i) != (ssize_t)sizeof i)
                    _exit(4);
            }
            store_close(c);
            _exit(0);
        }
        close(fd[1]);
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        int wait_acks = (int)(x % 40), got = 0, idx;
        while (got < wait_acks && read(fd[0], &idx, sizeof idx) == (ssize_t)sizeof idx) {
            assert_int_equal(idx, acked + 1);
            acked = idx;
            got++;
        }
        struct timespec delay = {0, (long)(x >> 20) % 3000000}; /* up to 3 ms */
        nanosleep(&delay, NULL);
        kill(pid, SIGKILL);
        /* Indexes already in the pipe were acknowledged before the kill: they count too. */
        while (read(fd[0], &idx, sizeof idx) == (ssize_t)sizeof idx) {
            assert_int_equal(idx, acked + 1);
            acked = idx;
        }
        close(fd[0]);
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        if (WIFSIGNALED(status))
            kills++;
        else
            assert_int_equal(WEXITSTATUS(status), 0);

        sqlite3 *db;
        assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
        long long count = raw_int(db, "SELECT count(*) FROM actions");
        long long top = raw_int(db, "SELECT coalesce(max(idx), -1) FROM actions");
        sqlite3_close(db);
        assert_true(count >= acked + 1);
        assert_true(top == count - 1);
        s = open_ok(path);
        store_game g;
        assert_int_equal(store_load_game(s, id, &g, err, sizeof err), STORE_OK);
        assert_int_equal(g.num_actions, count);
        for (int i = 0; i < g.num_actions; i++) {
            char note[32];
            snprintf(note, sizeof note, "a%d", i);
            assert_string_equal(g.actions[i].notation, note);
            assert_int_equal(g.actions[i].player, i % 2);
        }
        /* The next child resumes from what is stored, which may be one beyond the last
         * acknowledgement (committed, killed before it could report). */
        acked = g.num_actions - 1;
        store_game_free(&g);
        store_close(s);
    }
    print_message("%d rounds, %d killed, %d actions stored\n", rounds, kills, acked + 1);
    assert_true(kills > 0);
}

typedef struct writer {
    const char *path;
    int appends, failures;
    char err[256];
} writer;

static void *writer_run(void *arg)
{
    writer *w = arg;
    store *s = store_open(w->path, w->err, sizeof w->err);
    if (!s) {
        w->failures++;
        return NULL;
    }
    store_seat_def seat = {"random", NULL, NULL};
    int64_t id;
    if (store_create_game(s, "targi", 1, STORE_STATUS_OPEN, 1, &seat, &id, w->err,
                          sizeof w->err) != STORE_OK) {
        w->failures++;
    } else {
        for (int i = 0; i < w->appends; i++) {
            if (store_append_action(s, id, i, i, 0, "x", w->err, sizeof w->err) != STORE_OK)
                w->failures++;
        }
    }
    store_close(s);
    return NULL;
}

/* Two handles on one file in two threads append to their own games at the same time: the busy
 * timeout makes each wait for the other's commit instead of failing with SQLITE_BUSY. */
static void test_two_writers(void **state)
{
    const char *dir = *state;
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/t.db", dir);
    store_close(open_ok(path));
    writer w[2] = {{path, sanitized() ? 150 : 400, 0, ""}, {path, sanitized() ? 150 : 400, 0, ""}};
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_create(&t[i], NULL, writer_run, &w[i]), 0);
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_join(t[i], NULL), 0);
    for (int i = 0; i < 2; i++)
        if (w[i].failures)
            fail_msg("writer %d: %d failures, last: %s", i, w[i].failures, w[i].err);
    store *s = open_ok(path);
    store_game_info *list;
    int n;
    assert_int_equal(store_list_games(s, STORE_STATUS_OPEN, &list, &n, err, sizeof err), 0);
    assert_int_equal(n, 2);
    assert_int_equal(list[0].num_actions, w[0].appends);
    assert_int_equal(list[1].num_actions, w[1].appends);
    free(list);
    store_close(s);
}

typedef struct holder {
    sqlite3 *db;
    int ms;
} holder;

static void *holder_release(void *arg)
{
    holder *h = arg;
    struct timespec d = {0, h->ms * 1000000L};
    nanosleep(&d, NULL);
    sqlite3_exec(h->db, "COMMIT", NULL, NULL, NULL);
    return NULL;
}

/* Another connection holds the write lock for 300 ms: the append waits it out. */
static void test_busy_wait(void **state)
{
    const char *dir = *state;
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/t.db", dir);
    store *s = open_ok(path);
    int64_t id = bot_game(s);
    holder h = {NULL, 300};
    assert_int_equal(sqlite3_open(path, &h.db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(h.db, "BEGIN IMMEDIATE", NULL, NULL, NULL), SQLITE_OK);
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, holder_release, &h), 0);
    int rc = store_append_action(s, id, 0, 1, 0, "x", err, sizeof err);
    assert_int_equal(pthread_join(t, NULL), 0);
    if (rc != STORE_OK)
        fail_msg("%s", err);
    sqlite3_close(h.db);
    store_close(s);
}

#define FIXTURE(f) cmocka_unit_test_setup_teardown(f, dir_setup, dir_teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_path),
        FIXTURE(test_open_creates_schema), FIXTURE(test_round_trip),
        FIXTURE(test_append_refusals),     FIXTURE(test_create_refusals),
        FIXTURE(test_finish_refusals),     FIXTURE(test_load_refuses_gap),
        FIXTURE(test_foreign_and_newer),   FIXTURE(test_garbage_file),
        FIXTURE(test_damaged_pages),       FIXTURE(test_unwritable),
        FIXTURE(test_kill_durability),     FIXTURE(test_two_writers),
        FIXTURE(test_busy_wait),           FIXTURE(test_append_group),
        FIXTURE(test_append_leaves_game_row), FIXTURE(test_migrate_v1),
        FIXTURE(test_recent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
