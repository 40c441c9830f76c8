/* store.c: the server's SQLite storage (see store.h): the schema and every SQL statement, kept
 * together at the top, then opening, writing and loading. */
#include "server/store.h"

#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define STORE_STR_(x) #x
#define STORE_STR(x) STORE_STR_(x)
/* PRAGMA application_id: "tafl"; tells our databases from other SQLite files. */
#define STORE_APPLICATION_ID 0x7461666c
#define STORE_NOW "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

/* ---- SQL ---- */

/* Schema version 2. The database enforces the rules that guard against losing or doubling
 * actions itself, so that no caller (or a later bug in one) can break them: an action is
 * stored only with the next index of a game that is still being played. */
static const char schema_sql[] =
    "CREATE TABLE games (\n"
    "    id       INTEGER PRIMARY KEY,\n"
    "    game     TEXT NOT NULL,\n"
    "    seed     INTEGER NOT NULL,  -- the uint64 seed's bits read as a signed integer\n"
    "    status   TEXT NOT NULL DEFAULT 'open'\n"
    "             CHECK (status IN ('open', 'running', 'finished', 'abandoned')),\n"
    "    created  TEXT NOT NULL DEFAULT (" STORE_NOW "),\n"
    "    updated  TEXT NOT NULL DEFAULT (" STORE_NOW ")  -- when the status last changed\n"
    ") STRICT;\n"
    "CREATE INDEX games_by_status ON games (status, id);\n"
    "\n"
    "CREATE TABLE seats (\n"
    "    game_id     INTEGER NOT NULL REFERENCES games (id),\n"
    "    seat        INTEGER NOT NULL CHECK (seat BETWEEN 0 AND "
    STORE_STR(TAFEL_MAX_PLAYERS) " - 1),\n"
    "    spec        TEXT NOT NULL,  -- 'human' or a bot spec\n"
    "    token_hash  BLOB UNIQUE CHECK (length(token_hash) = " STORE_STR(TOKEN_HASH_LEN) "),\n"
    "    name        TEXT,\n"
    "    PRIMARY KEY (game_id, seat),\n"
    "    CHECK ((spec = 'human') = (token_hash IS NOT NULL))\n"
    ") STRICT, WITHOUT ROWID;\n"
    "\n"
    "CREATE TABLE actions (\n"
    "    game_id   INTEGER NOT NULL REFERENCES games (id),\n"
    "    idx       INTEGER NOT NULL CHECK (idx >= 0),\n"
    "    action    INTEGER NOT NULL CHECK (action >= 0),\n"
    "    player    INTEGER NOT NULL CHECK (player >= -1),  -- -1: chance\n"
    "    notation  TEXT NOT NULL,\n"
    "    PRIMARY KEY (game_id, idx)\n"
    ") STRICT, WITHOUT ROWID;\n"
    "CREATE TRIGGER actions_only_while_playing BEFORE INSERT ON actions\n"
    "WHEN NOT EXISTS (SELECT 1 FROM games\n"
    "                 WHERE id = NEW.game_id AND status IN ('open', 'running'))\n"
    "BEGIN SELECT RAISE(ABORT, 'no open or running game with this id'); END;\n"
    "CREATE TRIGGER actions_in_order BEFORE INSERT ON actions\n"
    "WHEN NEW.idx IS NOT (SELECT coalesce(max(idx) + 1, 0) FROM actions\n"
    "                     WHERE game_id = NEW.game_id)\n"
    "BEGIN SELECT RAISE(ABORT, 'action index is not the next one'); END;\n"
    "\n"
    "CREATE TABLE results (\n"
    "    game_id        INTEGER PRIMARY KEY REFERENCES games (id),\n"
    "    ending         TEXT NOT NULL CHECK (ending IN ('normal', 'resigned')),\n"
    "    resigned_seat  INTEGER,\n"
    "    CHECK ((ending = 'resigned') = (resigned_seat IS NOT NULL)),\n"
    "    FOREIGN KEY (game_id, resigned_seat) REFERENCES seats (game_id, seat)\n"
    ") STRICT;\n"
    "CREATE TABLE result_seats (\n"
    "    game_id       INTEGER NOT NULL REFERENCES results (game_id),\n"
    "    seat          INTEGER NOT NULL,\n"
    "    score         INTEGER NOT NULL,\n"
    "    return_value  REAL NOT NULL,\n"
    "    PRIMARY KEY (game_id, seat),\n"
    "    FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat)\n"
    ") STRICT, WITHOUT ROWID;\n"
    "\n"
    "PRAGMA application_id = " STORE_STR(STORE_APPLICATION_ID) ";\n"
    "PRAGMA user_version = " STORE_STR(STORE_SCHEMA_VERSION) ";\n";

enum {
    ST_BEGIN_WRITE, ST_BEGIN_READ, ST_COMMIT, ST_ROLLBACK,
    ST_SAVEPOINT, ST_ROLLBACK_TO, ST_RELEASE,
    ST_INSERT_GAME, ST_INSERT_SEAT, ST_INSERT_ACTION,
    ST_SET_STATUS, ST_FINISH, ST_COUNT_SEATS, ST_INSERT_RESULT, ST_INSERT_RESULT_SEAT,
    ST_LIST, ST_LOAD_GAME, ST_LOAD_SEATS, ST_LOAD_ACTIONS, ST_LOAD_RESULT, ST_LOAD_RESULT_SEATS,
    ST_FIND_TOKEN, ST_RECENT, ST_RECENT_STATUS,
    ST_COUNT
};

/* Every statement after open; values are always bound, never formatted in. */
static const char *const statement_sql[ST_COUNT] = {
    [ST_BEGIN_WRITE] = "BEGIN IMMEDIATE", /* take the write lock first: no deadlocking upgrade */
    [ST_BEGIN_READ] = "BEGIN",
    [ST_COMMIT] = "COMMIT",
    [ST_ROLLBACK] = "ROLLBACK",
    [ST_SAVEPOINT] = "SAVEPOINT item",
    [ST_ROLLBACK_TO] = "ROLLBACK TO item",
    [ST_RELEASE] = "RELEASE item",
    [ST_INSERT_GAME] = "INSERT INTO games (game, seed, status) VALUES (?1, ?2, ?3)",
    [ST_INSERT_SEAT] =
        "INSERT INTO seats (game_id, seat, spec, token_hash, name) VALUES (?1, ?2, ?3, ?4, ?5)",
    [ST_INSERT_ACTION] =
        "INSERT INTO actions (game_id, idx, action, player, notation) VALUES (?1, ?2, ?3, ?4, ?5)",
    [ST_SET_STATUS] = "UPDATE games SET status = ?2, updated = " STORE_NOW
                      " WHERE id = ?1 AND status <> 'finished'",
    [ST_FINISH] = "UPDATE games SET status = 'finished', updated = " STORE_NOW
                  " WHERE id = ?1 AND status IN ('open', 'running')",
    [ST_COUNT_SEATS] = "SELECT count(*) FROM seats WHERE game_id = ?1",
    [ST_INSERT_RESULT] = "INSERT INTO results (game_id, ending, resigned_seat) VALUES (?1, ?2, ?3)",
    [ST_INSERT_RESULT_SEAT] =
        "INSERT INTO result_seats (game_id, seat, score, return_value) VALUES (?1, ?2, ?3, ?4)",
    [ST_LIST] = "SELECT g.id, g.game, g.created, g.updated,"
                " (SELECT count(*) FROM actions a WHERE a.game_id = g.id)"
                " FROM games g WHERE g.status = ?1 ORDER BY g.id",
    [ST_LOAD_GAME] = "SELECT game, seed, status, created, updated FROM games WHERE id = ?1",
    [ST_LOAD_SEATS] =
        "SELECT seat, spec, token_hash, name FROM seats WHERE game_id = ?1 ORDER BY seat",
    [ST_LOAD_ACTIONS] =
        "SELECT idx, action, player, notation FROM actions WHERE game_id = ?1 ORDER BY idx",
    [ST_LOAD_RESULT] = "SELECT ending, resigned_seat FROM results WHERE game_id = ?1",
    [ST_LOAD_RESULT_SEATS] =
        "SELECT seat, score, return_value FROM result_seats WHERE game_id = ?1 ORDER BY seat",
    [ST_FIND_TOKEN] = "SELECT game_id, seat FROM seats WHERE token_hash = ?1",
    /* newest first, read from the end of the rowid or of games_by_status: no sort, no count */
    [ST_RECENT] = "SELECT id FROM games ORDER BY id DESC LIMIT ?1",
    [ST_RECENT_STATUS] = "SELECT id FROM games WHERE status = ?1 ORDER BY id DESC LIMIT ?2",
};

static const char *const status_names[] = {"open", "running", "finished", "abandoned"};
static const char *const ending_names[] = {"normal", "resigned"};

struct store {
    sqlite3 *db;
    sqlite3_stmt *st[ST_COUNT];
};

/* ---- helpers ---- */

const char *store_status_name(store_status status)
{
    return (unsigned)status < 4 ? status_names[status] : "?";
}

static int name_index(const char *const *names, int n, const char *text)
{
    for (int i = 0; i < n; i++)
        if (text && strcmp(names[i], text) == 0)
            return i;
    return -1;
}

/* Report the connection's last error as "store: what: reason". A broken rule of the schema
 * (constraint, trigger) is STORE_REFUSED, anything else STORE_ERROR. Call it before any other
 * statement (a ROLLBACK) replaces the error. */
static int fail_db(store *s, const char *what, char *err, size_t errlen)
{
    int code = sqlite3_extended_errcode(s->db);
    snprintf(err, errlen, "store: %s: %s", what, sqlite3_errmsg(s->db));
    return (code & 0xff) == SQLITE_CONSTRAINT ? STORE_REFUSED : STORE_ERROR;
}

/* The same for reads, where no rule can be broken: always STORE_ERROR. */
static int fail_read(store *s, const char *what, char *err, size_t errlen)
{
    fail_db(s, what, err, errlen);
    return STORE_ERROR;
}

static int fail_msg(int rc, const char *msg, const char *what, char *err, size_t errlen)
{
    snprintf(err, errlen, "store: %s: %s", what, msg);
    return rc;
}

/* Step a statement that returns no rows, then reset it. Returns the SQLite result code. */
static int run(store *s, int id)
{
    int rc = sqlite3_step(s->st[id]);
    sqlite3_reset(s->st[id]);
    return rc;
}

static void rollback(store *s)
{
    if (!sqlite3_get_autocommit(s->db))
        run(s, ST_ROLLBACK);
}

/* Commit, or roll back and report. */
static int commit(store *s, const char *what, char *err, size_t errlen)
{
    if (run(s, ST_COMMIT) == SQLITE_DONE)
        return STORE_OK;
    int rc = fail_db(s, what, err, errlen);
    rollback(s);
    return rc;
}

static int64_t seed_to_db(uint64_t seed)
{
    int64_t v;
    memcpy(&v, &seed, sizeof v);
    return v;
}

static uint64_t seed_from_db(int64_t v)
{
    uint64_t seed;
    memcpy(&seed, &v, sizeof seed);
    return seed;
}

/* Copy a text column into buf; 0 if it fits, -1 if it is too long (a damaged database). */
static int column_text(sqlite3_stmt *st, int col, char *buf, size_t len)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    size_t n = (size_t)sqlite3_column_bytes(st, col);
    if (n >= len)
        return -1;
    if (n)
        memcpy(buf, t, n);
    buf[n] = '\0';
    return 0;
}

/* ---- paths ---- */

int store_default_path(char *buf, size_t len, char *err, size_t errlen)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(buf, len, "%s/tafel/tafel.db", xdg);
    else if (home && home[0])
        n = snprintf(buf, len, "%s/.local/share/tafel/tafel.db", home);
    else
        return fail_msg(-1, "neither XDG_DATA_HOME nor HOME is set", "default path", err,
                        errlen);
    if (n < 0 || (size_t)n >= len)
        return fail_msg(-1, "path too long", "default path", err, errlen);
    return 0;
}

/* mkdir -p of path's directory. Directories we create are private (0700): the database holds
 * the seeds of running games, which are secrets. */
static int make_parent_dirs(const char *path, char *err, size_t errlen)
{
    size_t n = strlen(path);
    char *dir = malloc(n + 1);
    if (!dir)
        return fail_msg(-1, "out of memory", "open", err, errlen);
    memcpy(dir, path, n + 1);
    char *slash = strrchr(dir, '/');
    int rc = 0;
    if (slash && slash != dir) {
        *slash = '\0';
        for (char *p = dir + 1; rc == 0; p++) {
            if (*p != '/' && *p != '\0')
                continue;
            char c = *p;
            *p = '\0';
            if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
                snprintf(err, errlen, "store: create directory %s: %s", dir, strerror(errno));
                rc = -1;
            }
            *p = c;
            if (c == '\0')
                break;
        }
    }
    free(dir);
    return rc;
}

/* ---- open and close ---- */

/* Create the schema in a new database, or check an existing one's. Runs inside one write
 * transaction so that two processes opening a new file at once cannot both create it. */
static int check_schema(store *s, const char *path, char *err, size_t errlen)
{
    sqlite3_stmt *st = NULL;
    int version = -1, app = -1, tables = -1;
    if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        goto db_error;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT (SELECT user_version FROM pragma_user_version),"
                           " (SELECT application_id FROM pragma_application_id),"
                           " (SELECT count(*) FROM sqlite_schema)",
                           -1, &st, NULL) != SQLITE_OK ||
        sqlite3_step(st) != SQLITE_ROW)
        goto db_error;
    version = sqlite3_column_int(st, 0);
    app = sqlite3_column_int(st, 1);
    tables = sqlite3_column_int(st, 2);
    sqlite3_finalize(st);
    st = NULL;

    if (version == 0 && tables == 0 && app == 0) {
        if (sqlite3_exec(s->db, schema_sql, NULL, NULL, NULL) != SQLITE_OK)
            goto db_error;
    } else if (app != STORE_APPLICATION_ID) {
        snprintf(err, errlen, "store: %s is not a tafel database (another program's SQLite file)",
                 path);
        goto refuse;
    } else if (version > STORE_SCHEMA_VERSION) {
        snprintf(err, errlen,
                 "store: %s has schema version %d, newer than this tafel knows (%d): "
                 "use a newer tafel", path, version, STORE_SCHEMA_VERSION);
        goto refuse;
    } else if (version < 1) {
        snprintf(err, errlen, "store: %s has no schema version (damaged database?)", path);
        goto refuse;
    }
    /* Version 1 also rewrote the game's row on every action (a trigger setting `updated`): a
     * second scattered page per action in each group commit's write-ahead log, 40% of the
     * bytes the server wrote under load. Nothing read that time. */
    if (version == 1 &&
        sqlite3_exec(s->db,
                     "DROP TRIGGER IF EXISTS actions_touch_game;"
                     " PRAGMA user_version = " STORE_STR(STORE_SCHEMA_VERSION) ";",
                     NULL, NULL, NULL) != SQLITE_OK)
        goto db_error;
    if (sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
        goto db_error;
    return 0;

db_error:
    sqlite3_finalize(st);
    snprintf(err, errlen, "store: open %s: %s", path, sqlite3_errmsg(s->db));
refuse:
    if (!sqlite3_get_autocommit(s->db))
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return -1;
}

/* A PRAGMA whose answer must be `want` (journal_mode answers the mode it actually set). */
static int pragma_expect(store *s, const char *sql, const char *want)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
        return -1;
    int rc = sqlite3_step(st);
    const char *got = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(st, 0) : NULL;
    int ok = want ? got && strcmp(got, want) == 0 : rc == SQLITE_ROW || rc == SQLITE_DONE;
    sqlite3_finalize(st);
    return ok ? 0 : -1;
}

store *store_open(const char *path, char *err, size_t errlen)
{
    if (make_parent_dirs(path, err, errlen) != 0)
        return NULL;
    /* Create the file ourselves so it is private (0600); SQLite gives its -wal and -shm files
     * the database file's permissions. */
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd >= 0)
        close(fd);
    store *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "store: open %s: out of memory", path);
        return NULL;
    }
    /* NOMUTEX: a handle is used by one thread at a time (store.h), so SQLite's own per-call
     * locking would only cost time. */
    int rc = sqlite3_open_v2(path, &s->db,
                             SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                             NULL);
    if (rc != SQLITE_OK) {
        snprintf(err, errlen, "store: open %s: %s", path,
                 s->db ? sqlite3_errmsg(s->db) : sqlite3_errstr(rc));
        goto fail;
    }
    sqlite3_extended_result_codes(s->db, 1);
    if (sqlite3_db_readonly(s->db, "main")) {
        snprintf(err, errlen, "store: open %s: the database file is read-only", path);
        goto fail;
    }
    sqlite3_busy_timeout(s->db, STORE_BUSY_TIMEOUT_MS);
    /* synchronous=FULL: a commit is on disk when it returns, even across a power cut (NORMAL
     * would survive a crash of the process only). */
    if (pragma_expect(s, "PRAGMA foreign_keys = ON", NULL) != 0 ||
        pragma_expect(s, "PRAGMA journal_mode = WAL", "wal") != 0 ||
        pragma_expect(s, "PRAGMA synchronous = FULL", NULL) != 0) {
        const char *why = sqlite3_errcode(s->db) == SQLITE_OK
                              ? "cannot use write-ahead logging here"
                              : sqlite3_errmsg(s->db);
        snprintf(err, errlen, "store: open %s: %s", path, why);
        goto fail;
    }
    if (check_schema(s, path, err, errlen) != 0)
        goto fail;
    for (int i = 0; i < ST_COUNT; i++) {
        if (sqlite3_prepare_v3(s->db, statement_sql[i], -1, SQLITE_PREPARE_PERSISTENT,
                               &s->st[i], NULL) != SQLITE_OK) {
            snprintf(err, errlen, "store: open %s: prepare: %s", path, sqlite3_errmsg(s->db));
            goto fail;
        }
    }
    return s;
fail:
    store_close(s);
    return NULL;
}

void store_close(store *s)
{
    if (!s)
        return;
    for (int i = 0; i < ST_COUNT; i++)
        sqlite3_finalize(s->st[i]);
    sqlite3_close(s->db);
    free(s);
}

/* ---- writing ---- */

static int check_text(const char *text, size_t len, int optional, const char *what, char *err,
                      size_t errlen)
{
    if (!text && optional)
        return 0;
    if (!text || !text[0])
        return fail_msg(STORE_REFUSED, "empty", what, err, errlen);
    if (strlen(text) >= len)
        return fail_msg(STORE_REFUSED, "too long", what, err, errlen);
    return 0;
}

int store_create_game(store *s, const char *game, uint64_t seed, store_status status,
                      int num_seats, const store_seat_def *seats, int64_t *id, char *err,
                      size_t errlen)
{
    if (check_text(game, STORE_GAME_LEN, 0, "create game: game string", err, errlen))
        return STORE_REFUSED;
    if (status != STORE_STATUS_OPEN && status != STORE_STATUS_RUNNING)
        return fail_msg(STORE_REFUSED, "a new game is open or running", "create game", err,
                        errlen);
    if (num_seats < 1 || num_seats > TAFEL_MAX_PLAYERS)
        return fail_msg(STORE_REFUSED, "bad number of seats", "create game", err, errlen);
    for (int i = 0; i < num_seats; i++) {
        if (check_text(seats[i].spec, STORE_SPEC_LEN, 0, "create game: seat spec", err,
                       errlen) ||
            check_text(seats[i].name, STORE_NAME_LEN, 1, "create game: seat name", err, errlen))
            return STORE_REFUSED;
    }

    sqlite3_stmt *st;
    int rc;
    if (run(s, ST_BEGIN_WRITE) != SQLITE_DONE)
        return fail_db(s, "create game", err, errlen);
    st = s->st[ST_INSERT_GAME];
    sqlite3_bind_text(st, 1, game, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, seed_to_db(seed));
    sqlite3_bind_text(st, 3, status_names[status], -1, SQLITE_STATIC);
    if (run(s, ST_INSERT_GAME) != SQLITE_DONE)
        goto fail;
    int64_t gid = sqlite3_last_insert_rowid(s->db);
    st = s->st[ST_INSERT_SEAT];
    for (int i = 0; i < num_seats; i++) {
        sqlite3_bind_int64(st, 1, gid);
        sqlite3_bind_int(st, 2, i);
        sqlite3_bind_text(st, 3, seats[i].spec, -1, SQLITE_STATIC);
        if (seats[i].token_hash)
            sqlite3_bind_blob(st, 4, seats[i].token_hash, TOKEN_HASH_LEN, SQLITE_STATIC);
        else
            sqlite3_bind_null(st, 4);
        if (seats[i].name)
            sqlite3_bind_text(st, 5, seats[i].name, -1, SQLITE_STATIC);
        else
            sqlite3_bind_null(st, 5);
        rc = run(s, ST_INSERT_SEAT);
        sqlite3_clear_bindings(st);
        if (rc != SQLITE_DONE)
            goto fail;
    }
    sqlite3_clear_bindings(s->st[ST_INSERT_GAME]);
    rc = commit(s, "create game", err, errlen);
    if (rc == STORE_OK)
        *id = gid;
    return rc;
fail:
    sqlite3_clear_bindings(s->st[ST_INSERT_GAME]);
    rc = fail_db(s, "create game", err, errlen);
    rollback(s);
    return rc;
}

int store_append_action(store *s, int64_t game, int index, int32_t action, int player,
                        const char *notation, char *err, size_t errlen)
{
    if (check_text(notation, TAFEL_TEXT_LEN, 0, "append action: notation", err, errlen))
        return STORE_REFUSED;
    if (run(s, ST_BEGIN_WRITE) != SQLITE_DONE)
        return fail_db(s, "append action", err, errlen);
    sqlite3_stmt *st = s->st[ST_INSERT_ACTION];
    sqlite3_bind_int64(st, 1, game);
    sqlite3_bind_int(st, 2, index);
    sqlite3_bind_int(st, 3, action);
    sqlite3_bind_int(st, 4, player);
    sqlite3_bind_text(st, 5, notation, -1, SQLITE_STATIC);
    int rc = run(s, ST_INSERT_ACTION);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_DONE) {
        rc = fail_db(s, "append action", err, errlen);
        rollback(s);
        return rc;
    }
    return commit(s, "append action", err, errlen);
}

/* One item's actions inside the group's transaction, under a savepoint so that a refused item
 * leaves nothing of itself behind and the others still commit. */
static int append_item(store *s, store_append *it)
{
    for (int i = 0; i < it->num_actions; i++)
        if (check_text(it->actions[i].notation, TAFEL_TEXT_LEN, 0, "append action: notation",
                       it->err, sizeof it->err))
            return STORE_REFUSED;
    if (run(s, ST_SAVEPOINT) != SQLITE_DONE)
        return fail_db(s, "append action", it->err, sizeof it->err);
    sqlite3_stmt *st = s->st[ST_INSERT_ACTION];
    int rc = SQLITE_DONE;
    for (int i = 0; i < it->num_actions && rc == SQLITE_DONE; i++) {
        sqlite3_bind_int64(st, 1, it->game);
        sqlite3_bind_int(st, 2, it->first_index + i);
        sqlite3_bind_int(st, 3, it->actions[i].action);
        sqlite3_bind_int(st, 4, it->actions[i].player);
        sqlite3_bind_text(st, 5, it->actions[i].notation, -1, SQLITE_STATIC);
        rc = run(s, ST_INSERT_ACTION);
        sqlite3_clear_bindings(st);
    }
    int out = STORE_OK;
    if (rc != SQLITE_DONE) {
        out = fail_db(s, "append action", it->err, sizeof it->err);
        run(s, ST_ROLLBACK_TO);
    }
    run(s, ST_RELEASE);
    return out;
}

int store_append_group(store *s, store_append *items, int n, char *err, size_t errlen)
{
    if (run(s, ST_BEGIN_WRITE) != SQLITE_DONE) {
        int rc = fail_db(s, "append actions", err, errlen);
        for (int i = 0; i < n; i++) {
            items[i].rc = STORE_ERROR;
            snprintf(items[i].err, sizeof items[i].err, "%s", err);
        }
        return rc == STORE_OK ? STORE_ERROR : rc;
    }
    for (int i = 0; i < n; i++)
        items[i].rc = append_item(s, &items[i]);
    if (commit(s, "append actions", err, errlen) == STORE_OK)
        return STORE_OK;
    for (int i = 0; i < n; i++) {
        items[i].rc = STORE_ERROR;
        snprintf(items[i].err, sizeof items[i].err, "%s", err);
    }
    return STORE_ERROR;
}

int store_set_status(store *s, int64_t game, store_status status, char *err, size_t errlen)
{
    if (status == STORE_STATUS_FINISHED || (unsigned)status > STORE_STATUS_ABANDONED)
        return fail_msg(STORE_REFUSED, "only open, running or abandoned can be set",
                        "set status", err, errlen);
    sqlite3_stmt *st = s->st[ST_SET_STATUS];
    sqlite3_bind_int64(st, 1, game);
    sqlite3_bind_text(st, 2, status_names[status], -1, SQLITE_STATIC);
    int rc = run(s, ST_SET_STATUS);
    sqlite3_clear_bindings(st);
    if (rc != SQLITE_DONE)
        return fail_db(s, "set status", err, errlen);
    if (sqlite3_changes(s->db) == 0)
        return fail_msg(STORE_REFUSED, "no unfinished game with this id", "set status", err,
                        errlen);
    return STORE_OK;
}

int store_finish_game(store *s, int64_t game, const store_result *r, char *err, size_t errlen)
{
    const char *what = "finish game";
    if ((unsigned)r->ending > STORE_END_RESIGNED ||
        (r->ending == STORE_END_RESIGNED) != (r->resigned_seat >= 0))
        return fail_msg(STORE_REFUSED, "a resigned game needs the seat that resigned, only it",
                        what, err, errlen);
    if (run(s, ST_BEGIN_WRITE) != SQLITE_DONE)
        return fail_db(s, what, err, errlen);
    sqlite3_stmt *st = s->st[ST_FINISH];
    int rc;
    sqlite3_bind_int64(st, 1, game);
    if (run(s, ST_FINISH) != SQLITE_DONE)
        goto fail;
    if (sqlite3_changes(s->db) == 0) {
        rollback(s);
        return fail_msg(STORE_REFUSED, "no open or running game with this id", what, err,
                        errlen);
    }
    st = s->st[ST_COUNT_SEATS];
    sqlite3_bind_int64(st, 1, game);
    rc = sqlite3_step(st);
    int seats = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
    sqlite3_reset(st);
    if (rc != SQLITE_ROW)
        goto fail;
    if (seats != r->num_seats) {
        rollback(s);
        return fail_msg(STORE_REFUSED, "result has a different number of seats than the game",
                        what, err, errlen);
    }
    st = s->st[ST_INSERT_RESULT];
    sqlite3_bind_int64(st, 1, game);
    sqlite3_bind_text(st, 2, ending_names[r->ending], -1, SQLITE_STATIC);
    if (r->ending == STORE_END_RESIGNED)
        sqlite3_bind_int(st, 3, r->resigned_seat);
    else
        sqlite3_bind_null(st, 3);
    if (run(s, ST_INSERT_RESULT) != SQLITE_DONE)
        goto fail;
    st = s->st[ST_INSERT_RESULT_SEAT];
    for (int i = 0; i < r->num_seats; i++) {
        sqlite3_bind_int64(st, 1, game);
        sqlite3_bind_int(st, 2, i);
        sqlite3_bind_int(st, 3, r->scores[i]);
        sqlite3_bind_double(st, 4, r->returns[i]);
        if (run(s, ST_INSERT_RESULT_SEAT) != SQLITE_DONE)
            goto fail;
    }
    return commit(s, what, err, errlen);
fail:
    rc = fail_db(s, what, err, errlen);
    rollback(s);
    return rc;
}

/* ---- reading ---- */

int store_list_games(store *s, store_status status, store_game_info **out, int *count,
                     char *err, size_t errlen)
{
    *out = NULL;
    *count = 0;
    if ((unsigned)status > STORE_STATUS_ABANDONED)
        return fail_msg(STORE_REFUSED, "unknown status", "list games", err, errlen);
    sqlite3_stmt *st = s->st[ST_LIST];
    store_game_info *list = NULL;
    int n = 0, cap = 0, rc;
    sqlite3_bind_text(st, 1, status_names[status], -1, SQLITE_STATIC);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (n == cap) {
            cap = cap ? 2 * cap : 16;
            store_game_info *grown = realloc(list, (size_t)cap * sizeof *list);
            if (!grown) {
                rc = fail_msg(STORE_ERROR, "out of memory", "list games", err, errlen);
                goto done;
            }
            list = grown;
        }
        store_game_info *g = &list[n++];
        g->id = sqlite3_column_int64(st, 0);
        g->status = status;
        g->num_actions = sqlite3_column_int(st, 4);
        if (column_text(st, 1, g->game, sizeof g->game) ||
            column_text(st, 2, g->created, sizeof g->created) ||
            column_text(st, 3, g->updated, sizeof g->updated)) {
            rc = fail_msg(STORE_ERROR, "a stored text is too long (damaged database?)",
                          "list games", err, errlen);
            goto done;
        }
    }
    if (rc != SQLITE_DONE) {
        rc = fail_read(s, "list games", err, errlen);
        goto done;
    }
    rc = STORE_OK;
done:
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    if (rc != STORE_OK) {
        free(list);
        return rc;
    }
    *out = list;
    *count = n;
    return STORE_OK;
}

int store_recent_games(store *s, int status, int64_t *ids, int max, int *count, char *err,
                       size_t errlen)
{
    *count = 0;
    if (status > (int)STORE_STATUS_ABANDONED)
        return fail_msg(STORE_REFUSED, "unknown status", "list recent games", err, errlen);
    sqlite3_stmt *st = s->st[status < 0 ? ST_RECENT : ST_RECENT_STATUS];
    if (status < 0) {
        sqlite3_bind_int(st, 1, max);
    } else {
        sqlite3_bind_text(st, 1, status_names[status], -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 2, max);
    }
    int rc = SQLITE_DONE;
    while (*count < max && (rc = sqlite3_step(st)) == SQLITE_ROW)
        ids[(*count)++] = sqlite3_column_int64(st, 0);
    if (rc == SQLITE_ROW || rc == SQLITE_DONE)
        rc = STORE_OK;
    else
        rc = fail_read(s, "list recent games", err, errlen);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc;
}

/* The parts of store_load_game, each run inside its read transaction. Return STORE_OK, or
 * an error code with err filled. */
static int load_head(store *s, int64_t id, store_game *g, char *err, size_t errlen)
{
    sqlite3_stmt *st = s->st[ST_LOAD_GAME];
    sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st), ret = STORE_OK;
    if (rc == SQLITE_DONE) {
        ret = fail_msg(STORE_REFUSED, "no game with this id", "load game", err, errlen);
    } else if (rc != SQLITE_ROW) {
        ret = fail_read(s, "load game", err, errlen);
    } else {
        g->seed = seed_from_db(sqlite3_column_int64(st, 1));
        int status = name_index(status_names, 4, (const char *)sqlite3_column_text(st, 2));
        g->status = (store_status)status;
        if (column_text(st, 0, g->game, sizeof g->game) ||
            column_text(st, 3, g->created, sizeof g->created) ||
            column_text(st, 4, g->updated, sizeof g->updated) || status < 0)
            ret = fail_msg(STORE_ERROR, "bad game row (damaged database?)", "load game", err,
                           errlen);
    }
    sqlite3_reset(st);
    return ret;
}

static int load_seats(store *s, int64_t id, store_game *g, char *err, size_t errlen)
{
    sqlite3_stmt *st = s->st[ST_LOAD_SEATS];
    int rc, ret = STORE_OK;
    sqlite3_bind_int64(st, 1, id);
    while (ret == STORE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        int n = g->num_seats;
        store_seat *seat = &g->seats[n < TAFEL_MAX_PLAYERS ? n : 0];
        int blob = sqlite3_column_type(st, 2) == SQLITE_BLOB;
        if (n >= TAFEL_MAX_PLAYERS || sqlite3_column_int(st, 0) != n ||
            column_text(st, 1, seat->spec, sizeof seat->spec) ||
            column_text(st, 3, seat->name, sizeof seat->name) ||
            (blob && sqlite3_column_bytes(st, 2) != TOKEN_HASH_LEN)) {
            ret = fail_msg(STORE_ERROR, "bad seat row (damaged database?)", "load game", err,
                           errlen);
            break;
        }
        seat->has_token = blob;
        if (blob)
            memcpy(seat->token_hash, sqlite3_column_blob(st, 2), TOKEN_HASH_LEN);
        g->num_seats++;
    }
    if (ret == STORE_OK && rc != SQLITE_DONE)
        ret = fail_read(s, "load game", err, errlen);
    sqlite3_reset(st);
    return ret;
}

static int load_actions(store *s, int64_t id, store_game *g, char *err, size_t errlen)
{
    sqlite3_stmt *st = s->st[ST_LOAD_ACTIONS];
    int rc, ret = STORE_OK, cap = 0;
    sqlite3_bind_int64(st, 1, id);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (g->num_actions == cap) {
            cap = cap ? 2 * cap : 64;
            store_action *grown = realloc(g->actions, (size_t)cap * sizeof *grown);
            if (!grown) {
                ret = fail_msg(STORE_ERROR, "out of memory", "load game", err, errlen);
                break;
            }
            g->actions = grown;
        }
        store_action *a = &g->actions[g->num_actions];
        /* The trigger admits no gap; one here means the file was damaged or edited. */
        if (sqlite3_column_int64(st, 0) != g->num_actions ||
            column_text(st, 3, a->notation, sizeof a->notation)) {
            ret = fail_msg(STORE_ERROR, "bad action row (damaged database?)", "load game",
                           err, errlen);
            break;
        }
        a->action = sqlite3_column_int(st, 1);
        a->player = sqlite3_column_int(st, 2);
        g->num_actions++;
    }
    if (ret == STORE_OK && rc != SQLITE_DONE)
        ret = fail_read(s, "load game", err, errlen);
    sqlite3_reset(st);
    return ret;
}

static int load_result(store *s, int64_t id, store_game *g, char *err, size_t errlen)
{
    sqlite3_stmt *st = s->st[ST_LOAD_RESULT];
    store_result *r = &g->result;
    int rc, ret = STORE_OK;
    sqlite3_bind_int64(st, 1, id);
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        int ending = name_index(ending_names, 2, (const char *)sqlite3_column_text(st, 0));
        r->ending = (store_ending)ending;
        r->resigned_seat = sqlite3_column_type(st, 1) == SQLITE_NULL
                               ? -1 : sqlite3_column_int(st, 1);
        g->has_result = ending >= 0;
        if (ending < 0)
            ret = fail_msg(STORE_ERROR, "bad result row (damaged database?)", "load game", err,
                           errlen);
    } else if (rc != SQLITE_DONE) {
        ret = fail_read(s, "load game", err, errlen);
    }
    sqlite3_reset(st);
    if (ret != STORE_OK || !g->has_result)
        return ret;

    st = s->st[ST_LOAD_RESULT_SEATS];
    sqlite3_bind_int64(st, 1, id);
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int n = r->num_seats;
        if (n >= TAFEL_MAX_PLAYERS || sqlite3_column_int(st, 0) != n) {
            ret = fail_msg(STORE_ERROR, "bad result row (damaged database?)", "load game", err,
                           errlen);
            break;
        }
        r->scores[n] = sqlite3_column_int(st, 1);
        r->returns[n] = sqlite3_column_double(st, 2);
        r->num_seats++;
    }
    if (ret == STORE_OK && rc != SQLITE_DONE)
        ret = fail_read(s, "load game", err, errlen);
    sqlite3_reset(st);
    return ret;
}

int store_load_game(store *s, int64_t id, store_game *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->id = id;
    out->result.resigned_seat = -1;
    if (run(s, ST_BEGIN_READ) != SQLITE_DONE)
        return fail_read(s, "load game", err, errlen);
    int rc = load_head(s, id, out, err, errlen);
    if (rc == STORE_OK)
        rc = load_seats(s, id, out, err, errlen);
    if (rc == STORE_OK)
        rc = load_actions(s, id, out, err, errlen);
    if (rc == STORE_OK)
        rc = load_result(s, id, out, err, errlen);
    for (int i = ST_LOAD_GAME; i <= ST_LOAD_RESULT_SEATS; i++)
        sqlite3_clear_bindings(s->st[i]);
    if (rc == STORE_OK && run(s, ST_COMMIT) != SQLITE_DONE)
        rc = fail_read(s, "load game", err, errlen);
    rollback(s);
    if (rc != STORE_OK)
        store_game_free(out);
    return rc;
}

void store_game_free(store_game *g)
{
    free(g->actions);
    g->actions = NULL;
    g->num_actions = 0;
}

int store_find_token(store *s, const uint8_t hash[TOKEN_HASH_LEN], int64_t *game, int *seat,
                     char *err, size_t errlen)
{
    sqlite3_stmt *st = s->st[ST_FIND_TOKEN];
    sqlite3_bind_blob(st, 1, hash, TOKEN_HASH_LEN, SQLITE_STATIC);
    int rc = sqlite3_step(st), ret = 0;
    if (rc == SQLITE_ROW) {
        *game = sqlite3_column_int64(st, 0);
        *seat = sqlite3_column_int(st, 1);
        ret = 1;
    } else if (rc != SQLITE_DONE) {
        ret = fail_read(s, "find token", err, errlen);
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return ret;
}
