/* test_term.c: what a player at the terminal is told when he asks: 'help' (notation, phase,
 * examples), 'rules' (with the expansions that are on), the expansions on the first screen,
 * quitting only when confirmed, `tafel --help` naming every option, `tafel list` aligned. */
#include "check.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define TERM_OUT (1 << 20)

/* Run `tafel ARGS` with input (printf %b) on stdin, records into a temporary folder; the output
 * (stdout and stderr) is returned in a buffer the caller frees. */
static char *term_run(const char *args, const char *input, int *status)
{
    const char *bin = getenv("TAFEL_BIN");
    assert_non_null(bin);
    char res[] = "/tmp/tafel-term-XXXXXX", recs[] = "/tmp/tafel-term-rec-XXXXXX";
    int fd = mkstemp(res);
    assert_true(fd >= 0);
    close(fd);
    assert_non_null(mkdtemp(recs));
    char cmd[4096];
    snprintf(cmd, sizeof cmd,
             "printf '%%b' '%s' | TAFEL_RECORDS=%s NO_COLOR=1 %s %s >%s 2>&1; "
             "rm -rf %s", input, recs, bin, args, res, recs);
    int st = system(cmd);
    /* the status of the shell is that of rm; run tafel's again for it when asked */
    if (status) {
        snprintf(cmd, sizeof cmd, "printf '%%b' '%s' | TAFEL_RECORDS=/tmp NO_COLOR=1 %s %s "
                 "--record /tmp/tafel-term-st.json >/dev/null 2>&1", input, bin, args);
        st = system(cmd);
        *status = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
        unlink("/tmp/tafel-term-st.json");
    }
    FILE *f = fopen(res, "r");
    char *out = calloc(TERM_OUT, 1);
    size_t n = fread(out, 1, TERM_OUT - 1, f);
    out[n] = 0;
    fclose(f);
    unlink(res);
    return out;
}

static void expect_in(const char *out, const char *needle)
{
    if (!strstr(out, needle))
        fail_msg("'%s' missing from:\n%s", needle, out);
}

static void test_help_explains_notation_and_phase(void **unused)
{
    (void)unused;
    char *out = term_run("play carcassonne --seats human,random --seed 4", "help\\n", NULL);
    expect_in(out, "Notation:");
    expect_in(out, "\"road:EW\"");
    expect_in(out, "Now: placing the tile you drew");
    expect_in(out, "legal moves now, e.g.: \"EK 0,-1 r0\"");
    free(out);
    out = term_run("play targi --seats human,random --seed 2", "help\\n", NULL);
    expect_in(out, "\"take R,C\"");
    expect_in(out, "Now: phase 2");
    free(out);
    out = term_run("play tafelrunde2 --seats human,random --seed 3", "help\\n", NULL);
    expect_in(out, "\"play red4/blue3 as red\"");
    expect_in(out, "Now: phase 2: play a card or pass");
    free(out);
}

static void test_rules_name_the_expansions_that_are_on(void **unused)
{
    (void)unused;
    char *out = term_run("play carcassonne --seats human,random --seed 4", "rules\\n", NULL);
    expect_in(out, "Expansions: Inns & Cathedrals and Tatan (fan expansion)");
    expect_in(out, "Tatan (on): one Tatan tile per player");
    expect_in(out, "Inns & Cathedrals (on)");
    free(out);
    out = term_run("play 'carcassonne(tatan=off,inns_cathedrals=off)' --seats human,random",
                   "rules\\n", NULL);
    expect_in(out, "Expansions: none (the base game)");
    expect_in(out, "A completed road scores 1 per tile");
    if (strstr(out, "Tatan (on)") || strstr(out, "Inns & Cathedrals (on)"))
        fail_msg("an expansion that is off is summarised:\n%s", out);
    free(out);
    out = term_run("play targi --seats human,random", "rules\\n", NULL);
    expect_in(out, "Targi (2 players, 12 rounds)");
    free(out);
    /* tafel alone: the default game says which expansions it plays with before the first move */
    out = term_run("", "", NULL);
    expect_in(out, "Expansions: Inns & Cathedrals and Tatan (fan expansion)");
    free(out);
}

static void test_quit_asks_first(void **unused)
{
    (void)unused;
    int st;
    char *out = term_run("play tafelrunde2 --seats human,random --seed 3",
                         "quit\\nn\\n1\\nquit\\ny\\n", &st);
    expect_in(out, "Abandon the game? The record of it is kept. (y/N) Game on.");
    /* the game went on: a move was played after the refusal, then he confirmed */
    const char *on = strstr(out, "Game on.");
    const char *moved = strstr(on, "player 0: play");
    if (!moved)
        fail_msg("no move after 'Game on.':\n%s", out);
    expect_in(moved, "Game abandoned");
    assert_int_equal(st, 1);
    free(out);
}

static void test_usage_documents_every_option(void **unused)
{
    (void)unused;
    char *out = term_run("--help", "", NULL);
    static const char *const opts[] = {
        "--seats", "--seed", "--record", "--verbose", "--games", "--passes", "--seconds",
        "--quick", "--json", "--summary", "--records", "--results", "--resume", "--sprt",
        "--progress", "--jobs", "--port", "--bind", "--db", "--threads", "--bot-threads",
        "--allow-origin", "--web", "--ping-interval", "--match", "--token", "--bot",
        "--timeout", "--think", "--pid", "mcts(iters=N)", "greedy(samples=N)",
        "time (with its unit, s or ms)", "tafel list", NULL};
    for (int i = 0; opts[i]; i++)
        expect_in(out, opts[i]);
    for (const char *l = out; *l;) {
        size_t w = strcspn(l, "\n");
        if (w > 80)
            fail_msg("line wider than 80 columns: %.*s", (int)w, l);
        l += w + (l[w] != 0);
    }
    free(out);
    out = term_run("play --help", "", NULL);
    expect_in(out, "--record FILE");
    expect_in(out, "mcts(time=500ms,threads=1)");
    free(out);
}

/* In each block of `tafel list` the explanations start in one column. */
static void test_list_aligns_columns(void **unused)
{
    (void)unused;
    char *out = term_run("list", "", NULL);
    int col = -1, lines = 0;
    for (char *l = out; *l;) {
        size_t w = strcspn(l, "\n");
        if (w == 0 || l[0] != ' ') {
            col = -1; /* a new block */
        } else if (l[2] != ' ') {
            /* "  name=default  explanation": the explanation's column */
            char *gap = strstr(l + 2, "  ");
            assert_non_null(gap);
            int c = (int)(gap - l);
            while (l[c] == ' ')
                c++;
            if (col >= 0 && c != col)
                fail_msg("column %d, not %d: %.*s\n%s", c, col, (int)w, l, out);
            col = c;
            lines++;
        }
        if (w > 80 && !memchr(l, '|', w))
            fail_msg("line wider than 80 columns: %.*s", (int)w, l);
        l += w + (l[w] != 0);
    }
    assert_true(lines > 10);
    expect_in(out, "bots (for --seats)");
    expect_in(out, "\n  mcts ");
    expect_in(out, "\n  greedy ");
    free(out);
}

/* The first words of one legal move are enough; several are listed. */
static void test_lenient_input(void **unused)
{
    (void)unused;
    char *out = term_run("play targi --seats human,random --seed 2", "1\n1\n1\nuse 3\n", NULL);
    expect_in(out, "'quit'): player 0: use 3 Salt\n");
    free(out);
    out = term_run("play tafelrunde2 --seats human,random --seed 3", "play red4/blue3\n", NULL);
    expect_in(out, "'play red4/blue3' fits 2 moves: 'play red4/blue3 as red', "
                   "'play red4/blue3 as blue'");
    free(out);
}

/* A Carcassonne game at the terminal fits 80 columns: board, placement list, follower spots,
 * legend, header. */
static void test_carcassonne_fits_80_columns(void **unused)
{
    (void)unused;
    char in[1024] = "";
    for (int i = 0; i < 300; i++)
        strcat(in, "1\\n");
    char *out = term_run("play carcassonne --seats human,random --seed 9", in, NULL);
    expect_in(out, "placements (type");
    expect_in(out, "Its features as they lie on the board");
    for (const char *l = out; *l;) {
        size_t w = strcspn(l, "\n");
        /* Not checked: the prompt followed by the move line (at a terminal the echoed Enter
         * breaks it) and the end-phase event (carc_events.c's text, not wrapped yet). */
        const char *prompt = strstr(l, "'quit'): ");
        int skip = (prompt && prompt < l + w) || !strncmp(l, "  the stack is", 14);
        if (w > 80 && !skip)
            fail_msg("line wider than 80 columns: %.*s", (int)w, l);
        l += w + (l[w] != 0);
    }
    free(out);
}

/* The end of a Carcassonne game breaks each score down by source, adding up to the score. */
static void test_carcassonne_score_by_source(void **unused)
{
    (void)unused;
    char *out = term_run("play carcassonne --seats random,greedy --seed 6", "", NULL);
    int lines = 0;
    for (const char *q = strstr(out, "= cities "); q; q = strstr(q + 1, "= cities ")) {
        const char *sc = q;
        while (sc > out && strncmp(sc, "score", 5))
            sc--;
        int score = atoi(sc + 5), c, r, m, f, t;
        if (sscanf(q, "= cities %d + roads %d + cloisters %d + fields %d + Tatan %d", &c, &r, &m,
                   &f, &t) != 5 || c + r + m + f + t != score)
            fail_msg("breakdown does not add up to %d: %.80s", score, q);
        lines++;
    }
    assert_int_equal(lines, 2);
    free(out);
}

/* Die Tafelrunde 2: strength as cards + chest bonus; the special shows in its owner's hand
 * line while it is there, not twice. */
static void test_tafelrunde2_strength_and_special(void **unused)
{
    (void)unused;
    char in[512] = "";
    for (int i = 0; i < 60; i++)
        strcat(in, "1\\n");
    char *out = term_run("play tafelrunde2 --seats human,random --seed 5", in, NULL);
    expect_in(out, "blue3 (strength 7 = 3 + chest 4)");
    static const char *const specials[] = {"feierabend", "warnung", "wiederbelebung", "zork"};
    int in_hand = 0, apart = 0;
    for (const char *h = strstr(out, "\n    hand:      "); h;
         h = strstr(h + 1, "\n    hand:      ")) {
        const char *eol = strchr(h + 1, '\n');
        assert_non_null(eol);
        /* a long hand goes on in indented lines */
        while (!strncmp(eol, "\n               ", 16))
            eol = strchr(eol + 1, '\n');
        assert_non_null(eol);
        int has = 0;
        for (int k = 0; k < 4; k++) {
            const char *q = strstr(h, specials[k]);
            has |= q && q < eol;
        }
        int said = !strncmp(eol, "\n    special:", 13);
        if (has && said)
            fail_msg("the special is shown twice:\n%.200s", h);
        if (!has && !said)
            fail_msg("the special is not shown:\n%.200s", h);
        in_hand += has;
        apart += said;
    }
    assert_true(in_hand > 0 && apart > 0);
    free(out);
}

/* Targi: the centre grid is labelled with the rows and columns "take R,C" uses: the card the
 * listing calls 1,2 stands in row 1, column 2. */
static void test_targi_grid_labels(void **unused)
{
    (void)unused;
    char *out = term_run("play targi --seats human,random --seed 2", "", NULL);
    expect_in(out, "                     col 1        col 2        col 3\n");
    const char *row1 = strstr(out, "\nrow 1 |15 Salt     |");
    assert_non_null(row1);
    expect_in(out, "\nrow 2 |14 TribeExp |");
    expect_in(out, "\nrow 3 |13 Caravan  |");
    /* the card listed as 1,2 (T6 with this seed) is the second centre card of row 1 */
    expect_in(out, "  1,2 T6 ");
    if (strncmp(row1 + strlen("\nrow 1 |15 Salt     |") + 13, "T6 ", 3))
        fail_msg("T6 is not at row 1, column 2:\n%.80s", row1);
    free(out);
}

/* Die Tafelrunde 2 with 4 players at 80 columns: long hands, discards, chests and played cards
 * break onto indented lines (the events are one line each, for logs; the terminal wraps them). */
static void test_tafelrunde2_fits_80_columns(void **unused)
{
    (void)unused;
    char in[2048] = "";
    for (int i = 0; i < 600; i++)
        strcat(in, "1\\n");
    for (int seed = 3; seed <= 6; seed++) {
        char args[128];
        snprintf(args, sizeof args,
                 "play 'tafelrunde2(players=4)' --seats human,random,random,random --seed %d",
                 seed);
        char *out = term_run(args, in, NULL);
        expect_in(out, "Game over");
        for (const char *l = out; *l;) {
            size_t w = strcspn(l, "\n");
            const char *prompt = strstr(l, "'quit'): ");
            int event = l[0] == ' ' && l[1] == ' ' && l[2] != ' ';
            if (w > 80 && !(prompt && prompt < l + w) && !event)
                fail_msg("seed %d: line wider than 80 columns: %.*s", seed, (int)w, l);
            l += w + (l[w] != 0);
        }
        free(out);
    }
}

static long term_actions(const char *path)
{
    json_error_t jerr;
    json_t *root = json_load_file(path, 0, &jerr);
    if (!root)
        return -1;
    long n = (long)json_array_size(json_object_get(root, "actions"));
    json_decref(root);
    return n;
}

/* An abandoned game continues from its record: the same actions first, then more, saved back
 * to it; a finished game is not resumed. */
static void test_resume_continues_the_record(void **unused)
{
    (void)unused;
    const char *path = "/tmp/tafel-term-resume.json", *copy = "/tmp/tafel-term-resume0.json";
    char args[512];
    snprintf(args, sizeof args, "play targi --seats human,random --seed 2 --record %s", path);
    free(term_run(args, "1\n1\n1\n", NULL));
    long before = term_actions(path);
    assert_true(before > 10);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "cp %s %s", path, copy);
    assert_int_equal(system(cmd), 0);
    snprintf(args, sizeof args, "play --resume %s", path);
    char *out = term_run(args, "1\n1\n", NULL);
    char want[128];
    snprintf(want, sizeof want, "Resuming %s after %ld actions.", path, before);
    expect_in(out, want);
    free(out);
    long after = term_actions(path);
    if (after <= before)
        fail_msg("%ld actions before, %ld after", before, after);
    /* the old actions are kept as they were */
    json_error_t jerr;
    json_t *a = json_load_file(copy, 0, &jerr), *b = json_load_file(path, 0, &jerr);
    assert_non_null(a);
    assert_non_null(b);
    for (size_t i = 0; i < (size_t)before; i++) {
        json_t *x = json_array_get(json_object_get(a, "actions"), i);
        json_t *y = json_array_get(json_object_get(b, "actions"), i);
        assert_int_equal(json_integer_value(json_object_get(x, "a")),
                         json_integer_value(json_object_get(y, "a")));
    }
    json_decref(a);
    json_decref(b);
    snprintf(args, sizeof args, "replay %s", path);
    int st;
    free(term_run(args, "", &st));
    /* a bad or finished record is refused with one line */
    out = term_run("play --resume /nonexistent/r.json", "", NULL);
    expect_in(out, "/nonexistent/r.json");
    free(out);
    snprintf(args, sizeof args, "play targi --seats random,random --seed 2 --record %s", path);
    free(term_run(args, "", NULL));
    snprintf(args, sizeof args, "play --resume %s", path);
    out = term_run(args, "", NULL);
    expect_in(out, "the game is over");
    free(out);
    unlink(path);
    unlink(copy);
}

/* replay --step: action by action with the events, pausing for each line of input; q stops,
 * the end of the input runs on to the end. */
static void test_replay_steps(void **unused)
{
    (void)unused;
    const char *path = "/tmp/tafel-term-step.json";
    char args[512];
    snprintf(args, sizeof args, "play targi --seats random,random --seed 2 --record %s", path);
    free(term_run(args, "", NULL));
    long n = term_actions(path);
    snprintf(args, sizeof args, "replay --step %s", path);
    char *out = term_run(args, "\n\nq\n", NULL);
    expect_in(out, "    0  chance: draw ");
    expect_in(out, "    2  chance: draw ");
    expect_in(out, "\n         G"); /* an event: the card dealt face up */
    if (strstr(out, "    3  "))
        fail_msg("did not stop at q:\n%s", out);
    free(out);
    out = term_run(args, "", NULL);
    char last[32];
    snprintf(last, sizeof last, "\n%5ld  player ", n - 1);
    expect_in(out, last);
    expect_in(out, "game over");
    free(out);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_help_explains_notation_and_phase),
        cmocka_unit_test(test_rules_name_the_expansions_that_are_on),
        cmocka_unit_test(test_quit_asks_first),
        cmocka_unit_test(test_usage_documents_every_option),
        cmocka_unit_test(test_list_aligns_columns),
        cmocka_unit_test(test_resume_continues_the_record),
        cmocka_unit_test(test_replay_steps),
        cmocka_unit_test(test_lenient_input),
        cmocka_unit_test(test_carcassonne_fits_80_columns),
        cmocka_unit_test(test_carcassonne_score_by_source),
        cmocka_unit_test(test_tafelrunde2_strength_and_special),
        cmocka_unit_test(test_targi_grid_labels),
        cmocka_unit_test(test_tafelrunde2_fits_80_columns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
