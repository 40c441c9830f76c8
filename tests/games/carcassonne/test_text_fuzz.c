/* test_text_fuzz.c: the reader survives damaged files: copies of every test-data file with
 * lines dropped, doubled, swapped or with a number changed replay to a clean verdict (in the
 * sanitizer build: no memory error), never past the end of the file. */
#include "check.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/carcassonne/carc.h"
#include "games/carcassonne/carc_text.h"
#include "games/games.h"

#define FZ_MAX_LINES 512

typedef struct {
    char *line[FZ_MAX_LINES];
    int n;
} fz_lines;

/* Split text in place into lines. */
static void fz_split(char *text, fz_lines *l)
{
    l->n = 0;
    for (char *p = text; *p && l->n < FZ_MAX_LINES;) {
        l->line[l->n++] = p;
        char *nl = strchr(p, '\n');
        if (!nl)
            break;
        *nl = 0;
        p = nl + 1;
    }
}

/* A line with one of its numbers replaced by a random small one (or a word dropped). */
static void fz_damage_line(const char *src, char *out, size_t len, tafel_rng *rng)
{
    static const int vals[] = {-1, 0, 1, 2, 3, 4, 5, 6, 7, 9, 95, 96, 200, -97};
    size_t o = 0;
    int words = 0;
    for (const char *p = src; *p; p++)
        words += (p == src || p[-1] == ' ') && *p != ' ';
    int target = words ? (int)tafel_rng_below(rng, (uint32_t)words) : 0;
    int drop = tafel_rng_below(rng, 5) == 0, w = -1;
    for (const char *p = src; *p && o + 8 < len;) {
        if ((p == src || p[-1] == ' ') && *p != ' ')
            w++;
        if (w == target && *p != ' ') {
            const char *e = p;
            while (*e && *e != ' ')
                e++;
            if (!drop)
                o += (size_t)snprintf(out + o, len - o, "%d",
                                      vals[tafel_rng_below(rng, sizeof vals / sizeof vals[0])]);
            p = e;
            w++; /* once */
            target = -2;
            continue;
        }
        out[o++] = *p++;
    }
    out[o] = 0;
}

static carc_state fz_state;

static void fz_file(const char *path, int rounds, tafel_rng *rng)
{
    char *text = check_read_file(path, NULL);
    fz_lines l;
    fz_split(text, &l);
    static char out[1 << 17];
    char damaged[256];
    for (int r = 0; r < rounds; r++) {
        int kind = (int)tafel_rng_below(rng, 4), a = (int)tafel_rng_below(rng, (uint32_t)l.n),
            b = (int)tafel_rng_below(rng, (uint32_t)l.n);
        size_t o = 0;
        for (int i = 0; i < l.n; i++) {
            const char *line = l.line[i];
            if (i == a && kind == 0)
                continue; /* dropped */
            if (i == a && kind == 3) {
                fz_damage_line(l.line[i], damaged, sizeof damaged, rng);
                line = damaged;
            }
            if (kind == 2 && (i == a || i == b))
                line = l.line[i == a ? b : a]; /* swapped */
            o += (size_t)snprintf(out + o, sizeof out - o, "%s\n", line);
            if (i == a && kind == 1)
                o += (size_t)snprintf(out + o, sizeof out - o, "%s\n", line); /* doubled */
        }
        tafel_game g;
        carc_text_result res;
        carc_text_status st = carc_text_replay(out, o, &g, &fz_state, &res);
        assert_true(st >= CARC_TEXT_OK && st <= CARC_TEXT_MISMATCH);
        assert_int_equal(st, res.status);
        if (st == CARC_TEXT_OK)
            assert_int_equal(res.line, 0);
        else if (res.line < 1 || res.line > l.n + 1 || !res.msg[0])
            fail_msg("%s damaged (%d at %d/%d): status %d at line %d of %d: '%s'", path, kind, a,
                     b, st, res.line, l.n, res.msg);
        if (st == CARC_TEXT_REFUSED) {
            int known = 0;
            for (int i = 0; carc_text_categories[i]; i++)
                known |= !strcmp(res.category, carc_text_categories[i]);
            assert_true(known);
        }
    }
    free(text);
}

static void test_fuzz_files(void **unused)
{
    (void)unused;
    char base[400];
    if (check_testdata_dir(base, sizeof base)) {
        if (check_in_ci())
            fail_msg("test data missing under CI");
        printf("test data missing: nothing to damage\n");
        skip();
    }
    static const char *const subs[] = {"carcassonne", "carcassonne/spec"};
    tafel_rng rng;
    tafel_rng_seed(&rng, 7);
    int files = 0, rounds = check_sanitized() ? 40 : 400;
    for (int d = 0; d < 2; d++) {
        char dir[600];
        snprintf(dir, sizeof dir, "%s/%s", base, subs[d]);
        DIR *dp = opendir(dir);
        if (!dp)
            continue;
        struct dirent *e;
        while ((e = readdir(dp))) {
            size_t n = strlen(e->d_name);
            if (n < 5 || strcmp(e->d_name + n - 4, ".txt"))
                continue;
            char path[900];
            snprintf(path, sizeof path, "%.600s/%.200s", dir, e->d_name);
            fz_file(path, rounds, &rng);
            files++;
        }
        closedir(dp);
    }
    printf("%d files damaged %d times each\n", files, rounds);
    if (check_in_ci())
        assert_true(files > 0);
}

/* Odd but harmless text: no newline at the end, CR LF line ends, blanks, a lone comment. */
static void test_odd_text(void **unused)
{
    (void)unused;
    tafel_game g;
    carc_text_result res;
    const char *cases[] = {
        "tile E 0 -1 2\r\nfollower city:N\r\nexpect 0 4",
        "\n\n   \t\n# only a comment",
        "",
        "  tile   U  1   0  0  \n\tfollower\troad:EW\nsupply 0 6\n",
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        carc_text_replay(cases[i], strlen(cases[i]), &g, &fz_state, &res);
        if (res.status != CARC_TEXT_OK)
            fail_msg("case %zu: line %d: %s", i, res.line, res.msg);
    }
    /* a NUL byte or binary junk is a malformed line, not a crash */
    const char junk[] = "tile U 1 0 0\n\x01\x02\xff\n";
    carc_text_replay(junk, sizeof junk - 1, &g, &fz_state, &res);
    assert_int_equal(res.status, CARC_TEXT_SYNTAX);
    assert_int_equal(res.line, 2);
    const char nul[] = "tile U 1 0 0\ntile U\0 2 0 0\n";
    carc_text_replay(nul, sizeof nul - 1, &g, &fz_state, &res);
    assert_int_equal(res.status, CARC_TEXT_SYNTAX);
    assert_int_equal(res.line, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fuzz_files),
        cmocka_unit_test(test_odd_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
