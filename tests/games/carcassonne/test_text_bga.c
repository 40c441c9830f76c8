/* test_text_bga.c: the three real BGA games (testdata/carcassonne/bga-*.txt) replay on the
 * engine: every logged score event of every turn (as a multiset), the end-game scoring and both
 * final totals. Mutated copies must fail at the mutated line, so the check is not vacuous. */
#include "check.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games/carcassonne/carc.h"
#include "games/carcassonne/carc_text.h"
#include "games/games.h"

/* Paths of the bga-*.txt files, sorted; 0 files (with a skip) when the data is missing. */
static int bga_files(char paths[][512], int max)
{
    char dir[400];
    if (check_testdata_dir(dir, sizeof dir)) {
        if (check_in_ci())
            fail_msg("test data missing (%s) under CI", dir);
        return -1;
    }
    char sub[460];
    snprintf(sub, sizeof sub, "%s/carcassonne", dir);
    DIR *d = opendir(sub);
    if (!d) {
        if (check_in_ci())
            fail_msg("test data missing (%s) under CI", sub);
        return -1;
    }
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < max) {
        size_t l = strlen(e->d_name);
        if (!strncmp(e->d_name, "bga-", 4) && l > 4 && !strcmp(e->d_name + l - 4, ".txt"))
            snprintf(paths[n++], 512, "%.400s/%.100s", sub, e->d_name);
    }
    closedir(d);
    qsort(paths, (size_t)n, 512, (int (*)(const void *, const void *))strcmp);
    return n;
}

static carc_state bga_state;

static carc_text_result bga_replay(const char *text, size_t len, tafel_game *g)
{
    carc_text_result res;
    carc_text_replay(text, len, g, &bga_state, &res);
    return res;
}

/* Line number (1-based) of the first line equal to want, or 0. */
static int bga_line_of(const char *text, const char *want)
{
    int no = 1;
    size_t wl = strlen(want);
    for (const char *p = text; *p; no++) {
        const char *nl = strchr(p, '\n');
        size_t l = nl ? (size_t)(nl - p) : strlen(p);
        if (l == wl && !memcmp(p, want, l))
            return no;
        if (!nl)
            break;
        p = nl + 1;
    }
    return 0;
}

/* text with the line `from` replaced by `to` (to = "" drops it) */
static char *bga_mutate(const char *text, const char *from, const char *to)
{
    char key[128];
    snprintf(key, sizeof key, "\n%s\n", from);
    const char *at = strstr(text, key);
    assert_non_null(at);
    size_t n = strlen(text);
    char *out = malloc(n + strlen(to) + 2);
    assert_non_null(out);
    size_t head = (size_t)(at - text) + 1;
    memcpy(out, text, head);
    size_t o = head;
    if (*to) {
        strcpy(out + o, to);
        o += strlen(to);
        out[o++] = '\n';
    }
    strcpy(out + o, at + strlen(key));
    return out;
}

static void test_bga_games(void **unused)
{
    (void)unused;
    char paths[16][512];
    int n = bga_files(paths, 16);
    if (n < 0) {
        printf("test data missing: BGA games not replayed\n");
        skip();
    }
    if (n == 0 && check_in_ci())
        fail_msg("no bga-*.txt files under CI");
    for (int i = 0; i < n; i++) {
        size_t len;
        char *text = check_read_file(paths[i], &len);
        tafel_game g;
        carc_text_result res = bga_replay(text, len, &g);
        if (res.status != CARC_TEXT_OK)
            fail_msg("%s:%d: %s", paths[i], res.line, res.msg);
        assert_int_equal(g.num_players, 2);
        assert_false(carc_opt_tatan(&g));
        /* the whole stack was played: 71 tiles, and the game is over */
        assert_int_equal(res.steps, 71);
        assert_int_equal(bga_state.phase, CARC_PH_OVER);
        /* the source comment's totals are the engine's */
        int f0, f1;
        const char *src = strstr(text, "final scores ");
        assert_non_null(src);
        assert_int_equal(sscanf(src, "final scores %d %d", &f0, &f1), 2);
        assert_int_equal(bga_state.score[0], f0);
        assert_int_equal(bga_state.score[1], f1);
        printf("%s: %d %d\n", strrchr(paths[i], '/') + 1, f0, f1);
        free(text);
    }
}

/* The checker fails a wrong claim at its line: a changed, missing or extra score line, a
 * changed end-game score line, a wrong final total. */
static void test_bga_mutations(void **unused)
{
    (void)unused;
    char paths[16][512];
    int n = bga_files(paths, 16);
    if (n <= 0) {
        printf("test data missing: BGA games not replayed\n");
        skip();
    }
    size_t len;
    char *text = check_read_file(paths[0], &len);
    tafel_game g;
    /* the first score line of the game, and the first one of the end-game scoring */
    const char *s1 = strstr(text, "\nscore ");
    const char *end = strstr(text, "# end of game scoring\n");
    assert_non_null(s1);
    assert_non_null(end);
    char first[64], last[64], fin[64];
    sscanf(s1 + 1, "%63[^\n]", first);
    sscanf(strstr(end, "\nscore ") + 1, "%63[^\n]", last);
    sscanf(strstr(text, "\nfinal ") + 1, "%63[^\n]", fin);
    int p, pts;
    char kind[16];

    /* a changed score line fails there */
    assert_int_equal(sscanf(first, "score %d %d %15s", &p, &pts, kind), 3);
    char changed[64];
    snprintf(changed, sizeof changed, "score %d %d %s", p, pts + 1, kind);
    char *m = bga_mutate(text, first, changed);
    carc_text_result res = bga_replay(m, strlen(m), &g);
    assert_int_equal(res.status, CARC_TEXT_MISMATCH);
    assert_int_equal(res.line, bga_line_of(text, first));
    free(m);
    snprintf(changed, sizeof changed, "score %d %d %s", 1 - p, pts, kind);
    m = bga_mutate(text, first, changed);
    res = bga_replay(m, strlen(m), &g);
    assert_int_equal(res.status, CARC_TEXT_MISMATCH);
    assert_int_equal(res.line, bga_line_of(text, first));
    free(m);
    /* a missing one fails at its turn's tile line (the engine scored more) */
    m = bga_mutate(text, first, "");
    res = bga_replay(m, strlen(m), &g);
    assert_int_equal(res.status, CARC_TEXT_MISMATCH);
    assert_true(res.line < bga_line_of(text, first));
    assert_non_null(strstr(res.msg, "no score line"));
    free(m);
    /* an extra one fails */
    char twice[140];
    snprintf(twice, sizeof twice, "%s\n%s", first, first);
    m = bga_mutate(text, first, twice);
    res = bga_replay(m, strlen(m), &g);
    assert_int_equal(res.status, CARC_TEXT_MISMATCH);
    assert_int_equal(res.line, bga_line_of(text, first) + 1);
    free(m);
    /* the end-game scoring is checked too */
    assert_int_equal(sscanf(last, "score %d %d %15s", &p, &pts, kind), 3);
    snprintf(changed, sizeof changed, "score %d %d %s", p, pts + 2, kind);
    m = bga_mutate(text, last, changed);
    res = bga_replay(m, strlen(m), &g);
    assert_int_equal(res.status, CARC_TEXT_MISMATCH);
    assert_int_equal(res.line, bga_line_of(text, last));
    free(m);
    /* and the final totals */
    int f0, f1;
    assert_int_equal(sscanf(fin, "final %d %d", &f0, &f1), 2);
    snprintf(changed, sizeof changed, "final %d %d", f0, f1 + 1);
    m = bga_mutate(text, fin, changed);
    res = bga_replay(m, strlen(m), &g);
    assert_int_equal(res.status, CARC_TEXT_MISMATCH);
    assert_int_equal(res.line, bga_line_of(text, fin));
    free(m);
    /* a 72nd tile: the stack ran out, the game is over */
    m = bga_mutate(text, "# end of game scoring", "tile U 40 40 0\n# end of game scoring");
    res = bga_replay(m, strlen(m), &g);
    assert_int_equal(res.status, CARC_TEXT_REFUSED);
    assert_string_equal(res.category, "turn");
    assert_int_equal(res.line, bga_line_of(text, "# end of game scoring"));
    free(m);
    free(text);
}

/* `tafel replay` on a BGA game: exit 0, the final position and both totals. */
static void test_bga_cli(void **unused)
{
    (void)unused;
    char paths[16][512];
    int n = bga_files(paths, 16);
    const char *bin = getenv("TAFEL_BIN");
    if (n <= 0 || !bin || !*bin) {
        printf("test data or TAFEL_BIN missing: tafel replay not run\n");
        skip();
    }
    static char out[1 << 16];
    for (int i = 0; i < n; i++) {
        char cmd[1200];
        snprintf(cmd, sizeof cmd, "'%.600s' replay '%.511s' 2>&1", bin, paths[i]);
        FILE *p = popen(cmd, "r");
        assert_non_null(p);
        size_t k = fread(out, 1, sizeof out - 1, p);
        out[k] = 0;
        int st = pclose(p);
        if (st != 0)
            fail_msg("%s: status %d: %s", cmd, st, out);
        size_t len;
        char *text = check_read_file(paths[i], &len);
        int f0, f1;
        assert_int_equal(sscanf(strstr(text, "final scores "), "final scores %d %d", &f0, &f1), 2);
        char want[64];
        snprintf(want, sizeof want, "player 0: %d", f0);
        assert_non_null(strstr(out, want));
        snprintf(want, sizeof want, "player 1: %d", f1);
        assert_non_null(strstr(out, want));
        assert_non_null(strstr(out, "71 draws replayed, game over"));
        free(text);
    }
    /* a wrong total: non-zero, one line naming the file and line */
    char tmp[] = "/tmp/tafel-bga-XXXXXX";
    int fd = mkstemp(tmp);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("tile E 0 -1 2\nfollower city:N\nexpect 0 5\n", f);
    fclose(f);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "'%.600s' replay '%s' 2>&1 >/dev/null", bin, tmp);
    FILE *p = popen(cmd, "r");
    size_t k = fread(out, 1, sizeof out - 1, p);
    out[k] = 0;
    int st = pclose(p);
    unlink(tmp);
    assert_true(st != 0);
    char want[600];
    snprintf(want, sizeof want, "tafel: %s:3: expect mismatch: player 0 total 5 expected, engine "
                                "has 4\n", tmp);
    assert_string_equal(out, want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bga_games),
        cmocka_unit_test(test_bga_mutations),
        cmocka_unit_test(test_bga_cli),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
