/* test_text_spec.c: the spec's scenarios T2-T20 and the x-* edge cases in the text format
 * (the .txt files of testdata/carcassonne/spec) replay on the engine: a normal file passes every claim; a
 * file with `# expect-error: CATEGORY` is refused exactly at the line after it, for that
 * reason. The `tafel replay` command agrees (exit 0, or non-zero naming the line). */
#include "check.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "games/carcassonne/carc.h"
#include "games/carcassonne/carc_text.h"
#include "games/games.h"

/* Files the engine cannot replay yet, with the reason. Empty: every file passes. */
static const char *const spec_known_missing[][2] = {
    {NULL, NULL},
};

static const char *spec_missing_reason(const char *name)
{
    for (int i = 0; spec_known_missing[i][0]; i++)
        if (!strcmp(spec_known_missing[i][0], name))
            return spec_known_missing[i][1];
    return NULL;
}

static int spec_cmp(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* The spec folder and its *.txt names, sorted; -1 when the data is missing (skip). */
static int spec_files(char *dir, size_t dirlen, char names[][128], int max)
{
    char base[400];
    if (check_testdata_dir(base, sizeof base)) {
        if (check_in_ci())
            fail_msg("test data missing (%s) under CI", base);
        return -1;
    }
    snprintf(dir, dirlen, "%s/carcassonne/spec", base);
    DIR *d = opendir(dir);
    if (!d) {
        if (check_in_ci())
            fail_msg("test data missing (%s) under CI", dir);
        return -1;
    }
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < max) {
        size_t l = strlen(e->d_name);
        if (l > 4 && l < 128 && !strcmp(e->d_name + l - 4, ".txt"))
            snprintf(names[n++], 128, "%.127s", e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, 128, spec_cmp);
    return n;
}

static carc_state spec_state;

/* A file with option 2 whose game line names no tatan_draw_both_first replays under the default
 * (both tiles drawn first [D-13]); this copy names the other reading, one tile at a time. 0 when
 * the file has no option 2 or names the option. */
static int spec_one_at_a_time(const char *text, char *out, size_t outlen)
{
    const char *close = strchr(text, ')');
    if (strncmp(text, "game ", 5) || !strstr(text, "tatan draw2") ||
        strstr(text, "tatan_draw_both_first") || !close || close > strchr(text, '\n'))
        return 0;
    int n = snprintf(out, outlen, "%.*s,tatan_draw_both_first=false%s", (int)(close - text), text,
                     close);
    return n > 0 && (size_t)n < outlen;
}

static void test_spec_files(void **unused)
{
    (void)unused;
    static char names[256][128];
    char dir[512];
    int n = spec_files(dir, sizeof dir, names, 256);
    if (n < 0) {
        printf("test data missing: spec scenarios not replayed\n");
        skip();
    }
    if (n == 0 && check_in_ci())
        fail_msg("no spec/*.txt files under CI");
    int passed = 0, refusals = 0, missing = 0, failed = 0, other = 0;
    static char one[1 << 16];
    for (int i = 0; i < n; i++) {
        char path[700];
        snprintf(path, sizeof path, "%.500s/%.127s", dir, names[i]);
        size_t len;
        char *text = check_read_file(path, &len);
        tafel_game g;
        carc_text_result res;
        carc_text_replay(text, len, &g, &spec_state, &res);
        int refusal_test = strstr(text, "# expect-error:") != NULL;
        assert_int_equal(refusal_test, res.expect_line > 0);
        const char *why = spec_missing_reason(names[i]);
        if (carc_text_passed(&res)) {
            if (why)
                fail_msg("%s passes now: remove it from spec_known_missing", names[i]);
            passed++;
            refusals += refusal_test;
        } else if (why) {
            printf("known missing: %s (%s)\n", names[i], why);
            missing++;
        } else {
            if (refusal_test)
                printf("FAIL %s: expected refusal (%s) at line %d; got status %d (%s) at line "
                       "%d: %s\n",
                       names[i], res.expect_category, res.expect_line, res.status, res.category,
                       res.line, res.msg);
            else
                printf("FAIL %s:%d: %s\n", names[i], res.line, res.msg);
            failed++;
        }
        if (spec_one_at_a_time(text, one, sizeof one)) {
            carc_text_result r1;
            carc_text_replay(one, strlen(one), &g, &spec_state, &r1);
            other++;
            if (!carc_text_passed(&r1)) {
                printf("FAIL %s with tatan_draw_both_first=false:%d: %s\n", names[i], r1.line,
                       r1.msg);
                failed++;
            }
        }
        free(text);
    }
    printf("%d spec files: %d pass (%d of them refusal tests), %d known missing, %d fail; %d with "
           "option 2 also pass with tatan_draw_both_first=false\n",
           n, passed, refusals, missing, failed, other);
    assert_int_equal(failed, 0);
}

/* The number after the first `skip` words of line `no` plus 1, in a copy of text; 0 if the line
 * has no such number. */
static int spec_bump(const char *text, int no, int skip, char *out, size_t outlen)
{
    const char *p = text;
    for (int i = 1; i < no && p; i++) {
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    if (!p)
        return 0;
    const char *q = p;
    for (int w = 0; w < skip; w++) {
        while (*q == ' ')
            q++;
        while (*q && *q != ' ' && *q != '\n')
            q++;
    }
    while (*q == ' ')
        q++;
    char *end;
    long v = strtol(q, &end, 10);
    if (end == q)
        return 0;
    snprintf(out, outlen, "%.*s%ld%s", (int)(q - text), text, v + 1, end);
    return 1;
}

/* Every claim of every passing file is checked: raising the number it claims fails the replay
 * at that line (score, expect, scored: the points; holds, supply: the count; final: P0). */
static void test_spec_claims_checked(void **unused)
{
    (void)unused;
    static char names[256][128];
    char dir[512];
    int n = spec_files(dir, sizeof dir, names, 256);
    if (n < 0) {
        printf("test data missing: spec scenarios not replayed\n");
        skip();
    }
    static char mutated[1 << 16];
    int claims = 0;
    for (int i = 0; i < n; i++) {
        if (spec_missing_reason(names[i]))
            continue;
        char path[700];
        snprintf(path, sizeof path, "%.500s/%.127s", dir, names[i]);
        size_t len;
        char *text = check_read_file(path, &len);
        tafel_game g;
        carc_text_result res;
        carc_text_replay(text, len, &g, &spec_state, &res);
        int stop = res.expect_line ? res.expect_line : 1 << 30;
        int no = 1;
        for (const char *p = text; *p && no < stop; no++) {
            int skip = -1;
            if (!strncmp(p, "score ", 6) || !strncmp(p, "expect ", 7) ||
                !strncmp(p, "scored ", 7) || !strncmp(p, "holds ", 6) ||
                !strncmp(p, "supply ", 7))
                skip = 2;
            else if (!strncmp(p, "final ", 6))
                skip = 1;
            if (skip > 0 && spec_bump(text, no, skip, mutated, sizeof mutated)) {
                carc_text_replay(mutated, strlen(mutated), &g, &spec_state, &res);
                if (res.status != CARC_TEXT_MISMATCH || res.line != no)
                    fail_msg("%s:%d raised by 1: expected a mismatch there, got status %d at "
                             "line %d: %s",
                             names[i], no, res.status, res.line, res.msg);
                claims++;
            }
            p = strchr(p, '\n');
            if (!p)
                break;
            p++;
        }
        free(text);
    }
    printf("%d claims checked\n", claims);
}

/* `tafel replay FILE` on the text format: exit 0 for a normal file, non-zero with the line for a
 * refusal test. */
static int spec_cli(const char *path, char *out, size_t outlen)
{
    const char *bin = getenv("TAFEL_BIN");
    if (!bin || !*bin)
        return -1;
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' replay '%s' 2>&1", bin, path);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, outlen - 1, p);
    out[n] = 0;
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

static void test_spec_cli(void **unused)
{
    (void)unused;
    static char names[256][128];
    char dir[512];
    int n = spec_files(dir, sizeof dir, names, 256);
    if (n < 0 || !getenv("TAFEL_BIN")) {
        printf("test data or TAFEL_BIN missing: tafel replay not run\n");
        skip();
    }
    static char out[1 << 16];
    for (int i = 0; i < n; i++) {
        if (spec_missing_reason(names[i]))
            continue;
        char path[700];
        snprintf(path, sizeof path, "%.500s/%.127s", dir, names[i]);
        size_t len;
        char *text = check_read_file(path, &len);
        tafel_game g;
        carc_text_result res;
        carc_text_replay(text, len, &g, &spec_state, &res);
        free(text);
        int rc = spec_cli(path, out, sizeof out);
        if (!res.expect_line) {
            if (rc != 0)
                fail_msg("tafel replay %s: exit %d: %s", names[i], rc, out);
            continue;
        }
        char want[800];
        snprintf(want, sizeof want, "%s:%d: refused (%s)", path, res.expect_line,
                 res.expect_category);
        if (rc == 0 || !strstr(out, want))
            fail_msg("tafel replay %s: exit %d, output lacks '%s': %s", names[i], rc, want, out);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spec_files),
        cmocka_unit_test(test_spec_claims_checked),
        cmocka_unit_test(test_spec_cli),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
