/* test_faults.c: faults and limits: a record is never half-written or overwritten by a broken one
 * (full disk, missing or read-only folder, /dev/full), every refusal is one line, the record
 * parser's limits are refused naming the limit, control characters are refused by every text
 * parser, and what could run long has a bound (Targi's trader exchanges, Carcassonne text files
 * with thousands of tiles or overlong lines, `tafel replay /dev/zero`). */
#include "check.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "games/carcassonne/carc.h"
#include "games/carcassonne/carc_text.h"
#include "games/targi/targi_state.h"
#include "tafel/bot.h"
#include "tafel/record.h"

/* A finished random game of targi as a record. */
static void faults_record(tafel_record *r, uint64_t seed)
{
    tafel_game g;
    free(check_random_record("targi", seed, &g, r));
}

static void faults_one_line(const char *err)
{
    assert_true(*err);
    assert_null(strchr(err, '\n'));
}

/* A fresh private folder under TMPDIR; removed (with its files) by faults_rmdir. */
static void faults_tmpdir(char *dir, size_t len)
{
    const char *t = getenv("TMPDIR");
    snprintf(dir, len, "%s/tafel-faults-XXXXXX", t && *t ? t : "/tmp");
    assert_non_null(mkdtemp(dir));
}

static int faults_count(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    return n;
}

static void faults_rmdir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d));) {
        char p[4200];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            unlink(p);
    }
    closedir(d);
    chmod(dir, 0700);
    rmdir(dir);
}

static void test_save_roundtrip(void **st)
{
    (void)st;
    char dir[256], path[300], err[TAFEL_ERR_LEN];
    faults_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/game.json", dir);
    tafel_record r, back;
    faults_record(&r, 1);
    assert_int_equal(tafel_record_save(&r, path, err, sizeof err), 0);
    assert_int_equal(tafel_record_save(&r, path, err, sizeof err), 0); /* over an old one */
    tafel_record_init(&back);
    assert_int_equal(tafel_record_load(&back, path, err, sizeof err), 0);
    assert_int_equal(back.num_actions, r.num_actions);
    assert_memory_equal(back.actions, r.actions, r.num_actions * sizeof *r.actions);
    assert_int_equal(faults_count(dir), 1); /* no temporary file left */
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_int_equal(sb.st_mode & 0777, 0644);
    tafel_record_free(&back);
    tafel_record_free(&r);
    faults_rmdir(dir);
}

static void test_save_missing_folder(void **st)
{
    (void)st;
    char dir[256], path[300], err[TAFEL_ERR_LEN];
    faults_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/missing/game.json", dir);
    tafel_record r;
    faults_record(&r, 2);
    assert_int_equal(tafel_record_save(&r, path, err, sizeof err), -1);
    faults_one_line(err);
    assert_non_null(strstr(err, "cannot create a file in"));
    assert_non_null(strstr(err, "No such file or directory"));
    assert_int_equal(faults_count(dir), 0);
    tafel_record_free(&r);
    faults_rmdir(dir);
}

/* /proc/self refuses new files even to root; a folder without write permission, to others. */
static void test_save_read_only_folder(void **st)
{
    (void)st;
    char err[TAFEL_ERR_LEN];
    tafel_record r;
    faults_record(&r, 3);
    assert_int_equal(tafel_record_save(&r, "/proc/self/game.json", err, sizeof err), -1);
    faults_one_line(err);
    assert_non_null(strstr(err, "cannot create a file in /proc/self"));
    if (geteuid() != 0) {
        char dir[256], path[300];
        faults_tmpdir(dir, sizeof dir);
        snprintf(path, sizeof path, "%s/game.json", dir);
        assert_int_equal(chmod(dir, 0500), 0);
        assert_int_equal(tafel_record_save(&r, path, err, sizeof err), -1);
        faults_one_line(err);
        assert_non_null(strstr(err, "Permission denied"));
        faults_rmdir(dir);
    }
    tafel_record_free(&r);
}

/* A device is not replaced by a file (the rename of an atomic save would do that). */
static void test_save_dev_full(void **st)
{
    (void)st;
    char err[TAFEL_ERR_LEN];
    struct stat sb;
    if (stat("/dev/full", &sb) || !S_ISCHR(sb.st_mode))
        skip();
    tafel_record r;
    faults_record(&r, 4);
    assert_int_equal(tafel_record_save(&r, "/dev/full", err, sizeof err), -1);
    faults_one_line(err);
    assert_non_null(strstr(err, "not a regular file"));
    assert_int_equal(stat("/dev/full", &sb), 0);
    assert_true(S_ISCHR(sb.st_mode));
    tafel_record_free(&r);
}

/* A full disk, as the file size limit makes it (EFBIG instead of ENOSPC, the same write
 * failure): the save fails with one line, the old record stays as it was and no temporary file
 * is left. In a child, so that the limit stays there. */
static void test_save_disk_full_keeps_old(void **st)
{
    (void)st;
    char dir[256], path[300], err[TAFEL_ERR_LEN];
    faults_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/game.json", dir);
    tafel_record old, big;
    faults_record(&old, 5);
    old.num_actions = 10;
    assert_int_equal(tafel_record_save(&old, path, err, sizeof err), 0);
    size_t len;
    char *before = check_read_file(path, &len);
    faults_record(&big, 6);
    assert_true(big.num_actions > 200);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        signal(SIGXFSZ, SIG_IGN);
        struct rlimit rl = {len + 100, len + 100};
        setrlimit(RLIMIT_FSIZE, &rl);
        int rc = tafel_record_save(&big, path, err, sizeof err);
        _exit(rc == -1 && !strchr(err, '\n') && strstr(err, "write failed") ? 0 : 1);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    size_t len2;
    char *after = check_read_file(path, &len2);
    assert_int_equal(len2, len);
    assert_memory_equal(after, before, len);
    assert_int_equal(faults_count(dir), 1);
    free(before);
    free(after);
    tafel_record_free(&old);
    tafel_record_free(&big);
    faults_rmdir(dir);
}

/* A record that does not replay is refused before anything is written. */
static void test_save_broken_keeps_old(void **st)
{
    (void)st;
    char dir[256], path[300], err[TAFEL_ERR_LEN];
    faults_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/game.json", dir);
    tafel_record r;
    faults_record(&r, 7);
    assert_int_equal(tafel_record_save(&r, path, err, sizeof err), 0);
    size_t len;
    char *before = check_read_file(path, &len);
    r.actions[r.num_actions / 2] = 100000;
    assert_int_equal(tafel_record_save(&r, path, err, sizeof err), -1);
    faults_one_line(err);
    char *after = check_read_file(path, NULL);
    assert_string_equal(after, before);
    assert_int_equal(faults_count(dir), 1);
    free(before);
    free(after);
    tafel_record_free(&r);
    faults_rmdir(dir);
}

static void faults_parse_refused(const char *text, size_t len, const char *needle)
{
    char err[TAFEL_ERR_LEN];
    tafel_record r;
    tafel_record_init(&r);
    assert_int_equal(tafel_record_parse(&r, text, len, err, sizeof err), -1);
    faults_one_line(err);
    if (!strstr(err, needle))
        fail_msg("'%s' does not name '%s'", err, needle);
    tafel_record_free(&r);
}

static void test_record_limits(void **st)
{
    (void)st;
    /* Nesting: 17 levels are refused naming the limit, 16 parse (and fail as no record). */
    char deep[64] = "";
    for (int i = 0; i < TAFEL_RECORD_MAX_DEPTH + 1; i++)
        strcat(deep, "[");
    faults_parse_refused(deep, strlen(deep), "limit of 16 levels");
    faults_parse_refused(deep + 1, strlen(deep) - 1, "line 1");
    /* Brackets in strings do not count. */
    const char *in_string = "{\"format\":\"[[[[[[[[[[[[[[[[[[[[[[[[\"}";
    faults_parse_refused(in_string, strlen(in_string), "\"format\" must be");
    /* Actions: one past the limit. */
    size_t n = TAFEL_RECORD_MAX_ACTIONS + 1, cap = n * 2 + 200;
    char *big = malloc(cap);
    size_t k = (size_t)snprintf(big, cap, "{\"format\":\"tafel-record\",\"version\":1,"
                                          "\"game\":\"targi\",\"actions\":[");
    for (size_t i = 0; i < n; i++)
        k += (size_t)snprintf(big + k, cap - k, i ? ",0" : "0");
    k += (size_t)snprintf(big + k, cap - k, "]}");
    faults_parse_refused(big, k, "limit of 200000");
    free(big);
    /* Bytes: a file one byte past the limit (sparse), refused without parsing it. */
    faults_parse_refused("{}", (size_t)TAFEL_RECORD_MAX_BYTES + 1, "limit of 16 MiB");
    char dir[256], path[300], err[TAFEL_ERR_LEN];
    faults_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/huge.json", dir);
    int fd = open(path, O_WRONLY | O_CREAT, 0600);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "{", 1), 1);
    assert_int_equal(ftruncate(fd, TAFEL_RECORD_MAX_BYTES + 1), 0);
    close(fd);
    tafel_record r;
    tafel_record_init(&r);
    assert_int_equal(tafel_record_load(&r, path, err, sizeof err), -1);
    faults_one_line(err);
    assert_non_null(strstr(err, "limit of 16 MiB"));
    tafel_record_free(&r);
    faults_rmdir(dir);
}

/* The parsers quote their input: a control character in it is refused, so messages stay one
 * line. */
static void test_control_characters(void **st)
{
    (void)st;
    char err[TAFEL_ERR_LEN];
    tafel_game g;
    assert_int_equal(tafel_game_load(&g, "targi\n(players=2)", err, sizeof err), -1);
    assert_string_equal(err, "bad game string: control character at position 5");
    assert_int_equal(tafel_bot_check("mcts(iters=5\n)", err, sizeof err), -1);
    assert_string_equal(err, "bad bot spec: control character at position 12");
    assert_null(tafel_bot_new("rand\tom", &g, 0, 1, err, sizeof err));
    faults_one_line(err);
    check_load(&g, "tafelrunde2");
    void *s = malloc(g.type->state_size);
    g.type->init(&g, s);
    int32_t a;
    assert_int_equal(tafel_text_to_action(&g, s, "x\ry", &a, err, sizeof err), -1);
    assert_string_equal(err, "bad move: control character at position 1");
    free(s);
}

/* The longest run of Trader exchanges from s (memo on goods and the received kinds: the rest of
 * the state does not change which exchanges are offered). */
static int faults_trade_depth(const tafel_game *g, const targi_state *s, int *memo, int depth)
{
    if (depth > 200)
        fail_msg("Trader exchanges: more than 200 in a row (a cycle)");
    const targi_player *pl = &s->pl[s->turn];
    /* 30 goods in all: no kind reaches 32. */
    int key = ((pl->goods[0] * 32 + pl->goods[1]) * 32 + pl->goods[2]) * 8 + (s->pend_flag & 7);
    assert_true(pl->goods[0] < 32 && pl->goods[1] < 32 && pl->goods[2] < 32);
    if (memo[key] >= 0)
        return memo[key];
    int32_t legal[TG_MAX_LEGAL];
    int n = targi_legal_actions(g, s, legal), best = 0;
    for (int i = 0; i < n; i++) {
        if (legal[i] < TG_A_TRADE || legal[i] >= TG_A_TRADE + 256)
            continue;
        targi_state c = *s;
        g->type->apply(g, &c, legal[i]);
        int more = c.pend == TG_P_TRADE && c.turn == s->turn;
        int d = 1 + (more ? faults_trade_depth(g, &c, memo, depth + 1) : 0);
        best = d > best ? d : best;
    }
    return memo[key] = best;
}

/* Trader exchanges end: from every Trader visit of random games, given 10 of each good and T8's
 * 1 -> 1 exchange, no sequence of exchanges is longer than twice the goods held (each exchange
 * gives up goods or a kind never received back in the visit). */
static void test_targi_trader_bound(void **st)
{
    (void)st;
    static int memo[32 * 32 * 32 * 8];
    int visits = 0, longest = 0;
    for (int mixed = 0; mixed < 2; mixed++) {
        tafel_game g;
        check_load(&g, mixed ? "targi(trade_mixed_goods=true)" : "targi");
        targi_state *s = malloc(sizeof *s);
        int32_t legal[TG_MAX_LEGAL];
        for (uint64_t seed = 0; seed < 300 && visits < 40 * (mixed + 1); seed++) {
            tafel_rng rng;
            tafel_rng_seed(&rng, seed);
            g.type->init(&g, s);
            while (!tafel_is_terminal(&g, s)) {
                if (s->stage == TG_ST_ACT && s->pend == TG_P_TRADE && !s->chance) {
                    targi_state c = *s;
                    targi_player *pl = &c.pl[c.turn];
                    pl->goods[0] = pl->goods[1] = pl->goods[2] = 10;
                    pl->owned |= 1ull << TG_CARD(TG_SYM_T, 8);
                    memset(memo, -1, sizeof memo);
                    int d = faults_trade_depth(&g, &c, memo, 0);
                    if (d > 2 * 30)
                        fail_msg("seed %llu: %d exchanges in one Trader visit",
                                 (unsigned long long)seed, d);
                    longest = d > longest ? d : longest;
                    visits++;
                }
                int32_t a;
                if (g.type->current_player(&g, s) == TAFEL_CHANCE) {
                    a = tafel_sample_chance(&g, s, &rng);
                } else {
                    int n = g.type->legal_actions(&g, s, legal);
                    a = legal[tafel_rng_below(&rng, (uint32_t)n)];
                }
                g.type->apply(&g, s, a);
            }
        }
        free(s);
    }
    assert_true(visits > 0);
    print_message("trader visits %d, longest exchange run with 30 goods: %d\n", visits, longest);
}

static carc_text_status faults_carc(const char *text, carc_text_result *res, double *secs)
{
    tafel_game g;
    carc_state *s = malloc(sizeof *s);
    clock_t t0 = clock();
    carc_text_status st = carc_text_replay(text, strlen(text), &g, s, res);
    *secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    free(s);
    return st;
}

/* Carcassonne text: 5000 cloister tiles in a column stop where the board is full (the box holds
 * 72, the board 90), and a 100000-character line is refused as too long; both at once. */
static void test_carc_text_bounds(void **st)
{
    (void)st;
    size_t cap = 5000 * 32 + 200, k = 0;
    char *text = malloc(cap);
    k += (size_t)snprintf(text + k, cap - k,
                          "game carcassonne(players=2,tatan=off,inns_cathedrals=off)\n");
    for (int i = 1; i <= 5000; i++)
        k += (size_t)snprintf(text + k, cap - k, "tile B 0 %d 0\n", i);
    carc_text_result res;
    double secs;
    assert_int_equal(faults_carc(text, &res, &secs), CARC_TEXT_REFUSED);
    faults_one_line(res.msg);
    assert_string_equal(res.category, "stack");
    assert_true(res.line > 1 && res.line <= CARC_MAX_TILES + 2);
    print_message("5000 tile lines: refused at line %d (%s) in %.3f s\n", res.line, res.msg,
                  secs);
    free(text);
    size_t n = 100000;
    text = malloc(n + 2);
    memset(text, 'x', n);
    text[n] = '\n';
    text[n + 1] = 0;
    assert_int_equal(faults_carc(text, &res, &secs), CARC_TEXT_SYNTAX);
    faults_one_line(res.msg);
    assert_non_null(strstr(res.msg, "too long"));
    free(text);
}

/* tafel replay reads at most the record limit: /dev/zero ends with one line naming it. */
static void test_replay_endless_file(void **st)
{
    (void)st;
    const char *bin = getenv("TAFEL_BIN");
    if (!bin || access(bin, X_OK) || access("/dev/zero", R_OK))
        skip();
    char cmd[1200], out[512] = "";
    snprintf(cmd, sizeof cmd, "timeout 120 '%s' replay /dev/zero 2>&1", bin);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = 0;
    int status = pclose(p);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 1);
    assert_string_equal(out, "tafel: /dev/zero: larger than the limit of 16 MiB\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_save_roundtrip),
        cmocka_unit_test(test_save_missing_folder),
        cmocka_unit_test(test_save_read_only_folder),
        cmocka_unit_test(test_save_dev_full),
        cmocka_unit_test(test_save_disk_full_keeps_old),
        cmocka_unit_test(test_save_broken_keeps_old),
        cmocka_unit_test(test_record_limits),
        cmocka_unit_test(test_control_characters),
        cmocka_unit_test(test_targi_trader_bound),
        cmocka_unit_test(test_carc_text_bounds),
        cmocka_unit_test(test_replay_endless_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
