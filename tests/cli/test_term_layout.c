/* test_term_layout.c: `tafel play` on a small terminal: screens within 80x24 (the Carcassonne
 * board as a window around the last tile, marked where the rest lies), event lines wrapped at
 * the terminal's width, unambiguous Carcassonne symbols, a follower named as its turned tile lies,
 * Targi's displays described, and the end of each game explained. */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LAYOUT_OUT (1 << 21)

/* Run `ENV tafel ARGS` with input (printf %b) on stdin; stdout and stderr in a buffer the
 * caller frees. Records go to a temporary folder. */
static char *layout_run(const char *env, const char *args, const char *input)
{
    const char *bin = getenv("TAFEL_BIN");
    assert_non_null(bin);
    char res[] = "/tmp/tafel-layout-XXXXXX", recs[] = "/tmp/tafel-layout-rec-XXXXXX";
    int fd = mkstemp(res);
    assert_true(fd >= 0);
    close(fd);
    assert_non_null(mkdtemp(recs));
    size_t cl = strlen(input) + 4096;
    char *cmd = malloc(cl);
    snprintf(cmd, cl, "printf '%%b' '%s' | TAFEL_RECORDS=%s NO_COLOR=1 %s %s %s >%s 2>&1; "
             "rm -rf %s", input, recs, env, bin, args, res, recs);
    assert_true(system(cmd) >= 0);
    free(cmd);
    FILE *f = fopen(res, "r");
    assert_non_null(f);
    char *out = calloc(LAYOUT_OUT, 1);
    size_t n = fread(out, 1, LAYOUT_OUT - 1, f);
    out[n] = 0;
    fclose(f);
    unlink(res);
    return out;
}

static void expect_in(const char *out, const char *needle)
{
    if (!strstr(out, needle))
        fail_msg("'%s' missing from:\n%.3000s", needle, out);
}

static char *repeat(const char *line, int n)
{
    size_t l = strlen(line);
    char *s = malloc(l * (size_t)n + 1);
    for (int i = 0; i < n; i++)
        memcpy(s + l * (size_t)i, line, l);
    s[l * (size_t)n] = 0;
    return s;
}

/* No line wider than width; the prompt line is skipped when the move typed follows it (at a
 * terminal the echoed Enter breaks it there). */
static void expect_width(const char *out, int width)
{
    for (const char *l = out; *l;) {
        size_t w = strcspn(l, "\n");
        const char *prompt = strstr(l, "'quit'): ");
        int skip = prompt && prompt < l + w;
        if ((int)w > width && !skip)
            fail_msg("line wider than %d columns: %.*s", width, (int)w, l);
        l += w + (l[w] != 0);
    }
}

/* The rows of each screen the human is shown: from the blank line that opens it (the first
 * after his previous prompt, since the log of others' moves has none and a drawing may) to his
 * prompt, the blank line not counted; and the last screen, from there to the record's line.
 * Returns the most; *at (if not NULL) points at the tallest screen's first line. */
static int screen_rows(const char *out, const char **at)
{
    int most = 0;
    const char *from = out;
    for (;;) {
        const char *p = strstr(from, "your move ("), *end = p;
        if (!p) {
            end = strstr(from, "\nRecord: ");
            if (!end)
                break;
            end++; /* the record's line is the screen's last */
        }
        /* at the hot seat, the screen shown once the next player took the terminal: after
         * the hand-over and what he missed (a terminal clears the screen before it) */
        for (const char *h = strstr(from, "Pass the terminal"); h && h < end;
             h = strstr(h + 1, "Pass the terminal"))
            from = h;
        const char *q = strstr(from, "\n\n");
        if (q && q < end) {
            int rows = 1;
            for (const char *c = q + 2; c < end; c++)
                rows += *c == '\n';
            if (rows > most) {
                most = rows;
                if (at)
                    *at = q + 2;
            }
        }
        if (!p)
            break;
        from = p + 1;
    }
    return most;
}

/* Of the screens with news (lines told since the previous prompt, the last of them not of a
 * chance action), how many still show the last of them within the rows above the prompt;
 * *with counts those screens. */
static int news_visible(const char *out, int rows, int *with)
{
    int seen = 0;
    *with = 0;
    const char *prev = strstr(out, "'quit'): ");
    while (prev) {
        const char *p = strstr(prev + 1, "'quit'): ");
        if (!p)
            break;
        /* at the hot seat: what he is told once he holds the terminal */
        for (const char *h = strstr(prev, "Pass the terminal"); h && h < p;
             h = strstr(h + 1, "Pass the terminal"))
            prev = h;
        const char *blank = strstr(prev, "\n\n");
        if (blank && blank < p && blank > prev + 9) {
            const char *last = blank;
            while (last > prev && last[-1] != '\n' && last[-1] != ' ')
                last--;
            while (last > prev && last[-1] != '\n')
                last--;
            /* the action the last line belongs to: news only if not chance's */
            const char *act = last;
            while (act > prev && act[0] == ' ' && act[1] == ' ') {
                act--;
                while (act > prev && act[-1] != '\n')
                    act--;
            }
            int n = 1;
            for (const char *c = last; c < p; c++)
                n += *c == '\n';
            if (strncmp(act, "chance: ", 8)) {
                (*with)++;
                seen += n <= rows;
            }
        }
        prev = p;
    }
    return seen;
}

static int max_screen_rows(const char *out)
{
    return screen_rows(out, NULL);
}

static void test_carcassonne_fits_80x24(void **unused)
{
    (void)unused;
    char *in = repeat("1\\n", 300);
    char *out = layout_run("COLUMNS=80 LINES=24", "play carcassonne --seats human,random --seed 9",
                           in);
    expect_in(out, "Game over");
    expect_in(out, "more rows below");
    expect_in(out, "more row above");
    expect_in(out, "board x -11..3, shown -11..2 >");
    expect_width(out, 80);
    int rows = max_screen_rows(out);
    if (rows > 24)
        fail_msg("a screen of %d rows", rows);
    free(out);
    /* The cut placement list ends between squares, never inside one. */
    out = layout_run("COLUMNS=80 LINES=24", "play carcassonne --seats human,greedy --seed 5", in);
    expect_in(out, "  +3 more\n");
    assert_null(strstr(out, "):  +"));
    free(out);
    /* The window shows the squares where the tile fits rather than an empty row: of the first
     * board's three rows, the two with a, b and c (at 23 rows, where two rows fit). */
    out = layout_run("COLUMNS=80 LINES=23", "play carcassonne --seats human,greedy --seed 12",
                     "quit\\ny\\n");
    expect_in(out, "     ^ 1 more row above (y -1..-1)\n          .###.     \n   0  a   ----- b   \n"
                   "          .....     \n                    \n   1       c        \n");
    free(out);
    /* Without a size the whole board is drawn, as before: no window marks. */
    out = layout_run("", "play carcassonne --seats human,random --seed 9", in);
    assert_null(strstr(out, "more row"));
    assert_true(max_screen_rows(out) > 24);
    free(out);
    free(in);
}

/* Event lines are wrapped at the terminal's width (a long end-phase line was 100 columns). */
static void test_events_wrap(void **unused)
{
    (void)unused;
    char *in = repeat("1\\n", 300);
    char *out = layout_run("COLUMNS=60", "play carcassonne --seats human,random --seed 9", in);
    /* the end-phase event was 100 columns on one line; it breaks between words */
    expect_in(out, "\n  the stack is empty (player 0 placed the last tile): end\n"
                   "    phase, filling gaps from player 1\n");
    /* and so does every scoring event */
    int events = 0;
    for (const char *l = strstr(out, "\n  player "); l; l = strstr(l + 1, "\n  player ")) {
        size_t w = strcspn(l + 1, "\n");
        if (!strstr(l, " scores ") || strstr(l, " scores ") > l + w)
            continue;
        events++;
        if (w > 60)
            fail_msg("event line wider than 60: %.*s", (int)w, l + 1);
    }
    assert_true(events >= 10);
    free(out);
    free(in);
}

/* Carcassonne symbols: a crossing, a bend, a straight road and a road end look different, and
 * the legend names each of them; the player lines give each player's follower letters. */
static void test_carcassonne_symbols(void **unused)
{
    (void)unused;
    char *in = repeat("1\\n", 6);
    char *out = layout_run("", "play carcassonne --seats human,random --seed 9", in);
    expect_in(out, "r0 --X-- r1 --X..");   /* W: three roads meet, each ends */
    expect_in(out, "+ bend, o end, X crossing");
    expect_in(out, "player 0 red    r/R");
    expect_in(out, "player 1 blue   b/B");
    free(out);
    free(in);
    /* EC: three roads cross and one has an inn: the crossing stays visible, the inn on its road */
    out = layout_run("", "play carcassonne --seats human,greedy --seed 12", "quit\\ny\\n");
    expect_in(out, "r0 --X-I r1 --X.. r2 I-X-- r3 ..X--");
    free(out);
    /* V: a bend, drawn '+' at the centre, with a follower on its road as it lies, turned. */
    out = layout_run("", "play carcassonne --seats human,random --seed 33",
                     "V 1,0 r1\\nroad:SW\\nroad:NW\\nquit\\ny\\n");
    expect_in(out, "tile V has no feature 'road:SW' where it lies");
    expect_in(out, "player 0: road:NW\n");
    expect_in(out, "-----r-+..");
    free(out);
}

/* Targi: each card of a player's display is described as the centre's are. */
static void test_targi_display_described(void **unused)
{
    (void)unused;
    char *in = repeat("1\\n", 400);
    char *out = layout_run("", "play targi --seats human,greedy --seed 3", in);
    expect_in(out, "  row 3: T5 (Tent, 1 VP) cost D P: +1 VP with 10 or more display cards\n"
                   "         C9 (Camel rider, 1 VP) cost D D S: +1 good per 2 empty display"
                   " spaces\n");
    free(out);
    free(in);
}

/* The end of each game: the score by source, why it ended, and what decided (tie-breaks). */
static void test_end_explained(void **unused)
{
    (void)unused;
    char *out = layout_run("", "play carcassonne --seats random,random --seed 22", "");
    expect_in(out, "Game over: every tile is played (and any end phase is over).\n"
                   " Players 0 and 1 share the win: Carcassonne breaks no ties.\n");
    free(out);
    out = layout_run("", "play carcassonne --seats random,greedy --seed 3", "");
    expect_in(out, "\n Player 1 wins on points.\n");
    free(out);

    out = layout_run("", "play targi --seats random,random --seed 19", "");
    expect_in(out, "Game over: the robber reached raid 4.\nPlayer 1 wins on gold (scores tied).\n");
    int n = 0;
    for (const char *q = strstr(out, "\n  score "); q; q = strstr(q + 1, "\n  score ")) {
        int sc, vp, cards, ab, rows;
        if (sscanf(q, "\n  score %d = %d VP tokens + %d card VP + %d for abilities + %d for rows",
                   &sc, &vp, &cards, &ab, &rows) != 5 || sc != vp + cards + ab + rows || sc != 4)
            fail_msg("bad breakdown: %.80s", q + 1);
        n++;
    }
    assert_int_equal(n, 2);
    free(out);
    out = layout_run("", "play targi --seats random,random --seed 23", "");
    expect_in(out, "Player 0 wins on goods (scores and gold tied).\n");
    free(out);

    out = layout_run("", "play tafelrunde2 --seats random,random --seed 33", "");
    expect_in(out, "  Game over: no chest left to reveal and fewer than three colours face up.\n"
                   "  Winner: player 1 (tied on gems: more hand cards decided)\n");
    n = 0;
    for (const char *q = strstr(out, "\n  Player "); q; q = strstr(q + 1, "\n  Player ")) {
        int p, gems, r, b, y;
        if (sscanf(q, "\n  Player %d: %d gems = red %d + blue %d + yellow %d", &p, &gems, &r, &b,
                   &y) != 5)
            continue;
        if (gems != r + b + y)
            fail_msg("gems do not add up: %.80s", q + 1);
        n++;
    }
    assert_int_equal(n, 2);
    free(out);
    out = layout_run("", "play tafelrunde2 --seats random,greedy --seed 3", "");
    expect_in(out, "(most gems)\n");
    free(out);
}

/* Targi under 40 rows: the grid a line a row with who stands where ("T0", "m1", "R") between
 * a top line with the column labels and a bottom line with the key, a player's display on one
 * line by labels; its screens shrink from 45 rows to 24. */
static void test_targi_compact(void **unused)
{
    (void)unused;
    char *in = repeat("1\\n", 400);
    char *out = layout_run("COLUMNS=80 LINES=24", "play targi --seats human,greedy --seed 3", in);
    expect_in(out, "      +------------+---col 1----+---col 2----+---col 3----+------------+\n"
                   "      |16 Raid 4   |1 Noble    R|2 Dates   T0|3 Salt    T0|4 Raid 1    |\n");
    expect_in(out, "row 1 |15 Salt     |G10 any   m1|T2 T 3vp    |G2 S        |5 Trader  T1|\n");
    expect_in(out, "      +-- on a card: T0/T1 a Targi, m0/m1 a tribe marker, R the robber --+\n");
    expect_in(out, "  display: row 1: T4   row 2: -   row 3: T5 C9 W6\n");
    expect_width(out, 80);
    int rows = max_screen_rows(out);
    if (rows > 24)
        fail_msg("a screen of %d rows", rows);
    free(out);
    free(in);
}

/* Every screen of whole seeded games fits 80x24, prompt included, for each game and number of
 * players: the drawing takes the rows the move list and prompt leave (Targi's were up to 31 rows,
 * Die Tafelrunde 2's 38 with 3 players and more with 4). */
static void test_whole_games_fit_80x24(void **unused)
{
    (void)unused;
    static const char *const games[] = {
        "play carcassonne --seats human,greedy --seed 4",
        "play 'carcassonne(players=4)' --seats greedy,human,random,greedy --seed 3",
        "play targi --seats human,greedy --seed 3",
        "play targi --seats greedy,human --seed 6",
        "play tafelrunde2 --seats human,greedy --seed 5",
        "play 'tafelrunde2(players=3)' --seats human,greedy,random --seed 1",
        "play 'tafelrunde2(players=3)' --seats greedy,random,human --seed 6",
        "play 'tafelrunde2(players=4)' --seats human,greedy,random,greedy --seed 2",
        "play 'tafelrunde2(players=4)' --seats random,greedy,human,greedy --seed 4",
        "play tafelrunde2 --seats human,human --seed 4",
        "play 'tafelrunde2(players=3)' --seats human,human,human --seed 2",
        "play targi --seats human,human --seed 3",
        "play 'carcassonne(players=6)' --seats human,greedy,greedy,random,random,random --seed 3",
    };
    char *in = repeat("1\\n", 900);
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        char *out = layout_run("COLUMNS=80 LINES=24", games[i], in);
        expect_in(out, "Game over");
        expect_width(out, 80);
        /* the last screen has no prompt: it offers no 'board' (Targi seed 3 did) */
        const char *last = out;
        for (const char *q = strstr(out, "'quit'): "); q; q = strstr(q + 1, "'quit'): "))
            last = q + 1;
        if (strstr(last, "'board'"))
            fail_msg("%s: the last screen offers 'board':\n%s", games[i], last);
        const char *at = out;
        int rows = screen_rows(out, &at);
        if (rows > 24)
            fail_msg("%s: a screen of %d rows:\n%.4000s", games[i], rows, at);
        /* what happened since his last move shows above the screen, most of the time (the
         * drawing leaves it up to 3 rows when it can, before the move list: Targi showed the
         * last of it on 8 of 102 screens, Die Tafelrunde 2 with 3 players on 41 of 50) */
        int with, seen = news_visible(out, 24, &with);
        /* 4 Carcassonne players leave the board 2 rows at most, 6 leave no room for news */
        int pct = i == 1 ? 75 : strstr(games[i], "players=6") ? 0 : 90;
        if (seen * 100 < with * pct)
            fail_msg("%s: the last news shows on %d of %d screens", games[i], seen, with);
        free(out);
    }
    free(in);
}

/* At the hot seat the clear takes the other players' moves off the screen: once the next player
 * holds the terminal he is told what happened since his last move (as a spectator is: no hand),
 * and 'log' tells it again. */
static void test_handover_tells_what_happened(void **unused)
{
    (void)unused;
    char *in = repeat("1\\n", 200);
    char *out = layout_run("COLUMNS=80 LINES=24", "play 'tafelrunde2(players=3)' --seats "
                           "human,human,human --seed 2", in);
    int told = 0;
    for (const char *p = strstr(out, "Pass the terminal to player "); p;
         p = strstr(p + 1, "Pass the terminal to player ")) {
        const char *recap = strstr(p, "---");
        const char *screen = strstr(p, "\n\n");
        assert_non_null(screen);
        if (strncmp(recap, "---Since your last move:\n", strlen("---Since your last move:\n")))
            continue;
        /* the last move before the clear (told after its prompt), told again after it */
        const char *last = NULL;
        for (const char *q = strstr(out, "'quit'): "); q && q < p; q = strstr(q + 1, "'quit'): "))
            last = q + 9;
        assert_non_null(last);
        char line[128];
        snprintf(line, sizeof line, "\n%.*s\n", (int)strcspn(last, "\n"), last);
        const char *m = strstr(recap, line);
        if (strncmp(last, "player ", 7) || !m || m > screen)
            fail_msg("'%s' not told again:\n%.*s", line, (int)(screen - p), p);
        for (const char *h = recap; h < screen; h++)
            if (!strncmp(h, "hand:", 5))
                fail_msg("a hand in the recap:\n%.*s", (int)(screen - p), p);
        told++;
    }
    if (told < 20)
        fail_msg("%d hand-overs told what happened:\n%.3000s", told, out);
    free(out);
    free(in);
    out = layout_run("", "play targi --seats human,greedy --seed 3", "1\\nlog\\nquit\\ny\\n");
    const char *log = strstr(out, "'quit'): Since your last move:\nplayer 1 (greedy): targi ");
    assert_non_null(log);
    assert_null(strstr(log, "player 0: targi")); /* his own move is not repeated */
    free(out);
}

/* A bot's move is told as the human may see it: greedy's card drawn secretly at Targi's Tribal
 * Expansion and taken into its hand stays hidden until it plays it (the line was "player 1
 * (greedy): hand A8" while the board showed "(a hidden card)"). */
static void test_bot_moves_hide_secrets(void **unused)
{
    (void)unused;
    char *in = repeat("1\\n", 400);
    char *out = layout_run("COLUMNS=80 LINES=24", "play targi --seats human,greedy --seed 1", in);
    expect_in(out, "player 1 (greedy) takes the drawn card into his hand\n");
    assert_null(strstr(out, "(greedy): player 1 "));
    expect_in(out, "  hand: (a hidden card)\n");
    const char *played = strstr(out, "player 1 (greedy): noble play A8\n");
    assert_non_null(played);
    assert_true(strstr(out, "A8") == played + strlen("player 1 (greedy): noble play "));
    free(out);
    free(in);
}

/* tafel replay --step wraps event lines at the terminal's width, as tafel play does. */
static void test_replay_wraps(void **unused)
{
    (void)unused;
    char path[64], args[128];
    snprintf(path, sizeof path, "/tmp/tafel-layout-replay-%d.json", (int)getpid());
    snprintf(args, sizeof args, "play carcassonne --seats random,random --seed 9 --record %s",
             path);
    free(layout_run("", args, ""));
    snprintf(args, sizeof args, "replay --step %s", path);
    char *out = layout_run("COLUMNS=60", args, "");
    expect_in(out, "\n         the stack is empty (player 0 placed the last tile):\n"
                   "           end phase, filling gaps from player 1\n");
    free(out);
    unlink(path);
}

/* Die Tafelrunde 2: the viewer's special, out of his hand, says where it lies: in his draw pile
 * (where it starts) or his discards (where Wiederbelebung can fetch it). */
static void test_tr2_special_where(void **unused)
{
    (void)unused;
    char *in = repeat("1\\n", 900);
    char *out = layout_run("COLUMNS=80 LINES=24", "play tafelrunde2 --seats human,greedy --seed 5",
                           in);
    expect_in(out, "> Player 0 (you)  gems 11  hand 5  draw pile 10  wiederbelebung (discarded)\n"
                   "    up: -  played: red -  blue -  yellow -\n"
                   "    down: [red4] [blue2] [blue3] [yellow2]  discards: wiederbelebung\n");
    expect_in(out, "  draw pile 9  wiederbelebung (in draw pile)\n");
    free(out);
    free(in);
}

/* 'help' and 'rules' of each game fit 80 columns (the rules ran to 84) and 24 rows with the
 * prompt, and help names 'board' and 'log'. */
static void test_help_fits(void **unused)
{
    (void)unused;
    static const char *const games[] = {
        "play 'carcassonne(inns_cathedrals=full,tatan=on)' --seats human,greedy --seed 1",
        "play targi --seats human,greedy --seed 1",
        "play tafelrunde2 --seats human,greedy --seed 1",
    };
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        char *out = layout_run("COLUMNS=80 LINES=24", games[i], "help\\nrules\\nquit\\ny\\n");
        expect_width(out, 80);
        expect_in(out, "'board' draws all\nof it, also what a small terminal leaves out; 'log'");
        const char *help = strstr(out, "'quit'): "), *rules = strstr(help + 1, "'quit'): ");
        const char *end = strstr(rules + 1, "'quit'): ");
        assert_non_null(end);
        int lines = 0;
        for (const char *c = help; c < end; c++)
            lines += *c == '\n';
        if (lines + 1 > 2 * 24)
            fail_msg("%s: help and rules take %d rows", games[i], lines + 1);
        for (const char *c = help, *from = help; c < end; c++)
            if (*c == '\n' && c + 1 < end && !strncmp(c + 1, "Player 0, your", 14)) {
                int n = 0;
                for (const char *d = from; d <= c; d++)
                    n += *d == '\n';
                if (n + 1 > 24)
                    fail_msg("%s: %d rows:\n%.*s", games[i], n + 1, (int)(c - from), from);
                from = c + 1;
            }
        free(out);
    }
}

/* What a small screen leaves out, it says, and 'board' shows: Die Tafelrunde 2's discards and
 * face-down chests with 4 players, Targi's centre cards and decks. */
static void test_board_shows_the_rest(void **unused)
{
    (void)unused;
    /* the 22nd screen, in raid 4, has no room for them */
    char *ones = repeat("1\\n", 21), in[256];
    snprintf(in, sizeof in, "%sboard\\nquit\\ny\\n", ones);
    free(ones);
    char *out = layout_run("COLUMNS=80 LINES=24",
                           "play 'tafelrunde2(players=4)' --seats human,greedy,random,greedy "
                           "--seed 2", in);
    const char *board = strstr(out, "    'board': discards, chests down\n");
    assert_non_null(board);
    const char *prompt = strstr(board, "'quit'): ");
    assert_non_null(prompt);
    assert_true(strstr(board, "discards:  ") > prompt); /* only in what 'board' prints */
    board = prompt;
    expect_in(board, "\n    discards:  ");
    expect_in(board, "\n    face down: ");
    free(out);
    /* the eighth screen describes some of the centre's six tribe cards, not 3,2's T7 */
    out = layout_run("COLUMNS=80 LINES=24", "play targi --seats human,greedy --seed 3",
                     "1\\n1\\n1\\n1\\n1\\n1\\n1\\nboard\\nquit\\ny\\n");
    const char *hint = strstr(out, "'board' describes the other ");
    assert_non_null(hint);
    board = strstr(hint, "'quit'): ");
    assert_non_null(board);
    assert_true(strstr(hint, "  3,2 T7") > board);
    expect_in(board, "  3,2 T7 (Tent, 2 VP) cost D G: hand card via the Noble costs 1 good less");
    expect_in(board, "\ndecks: goods ");
    free(out);
}

/* With colour on, "player N" in the prompt and the log is drawn in the colour the board gives
 * that player (Carcassonne: red background for 0, blue for 1; Targi: red, blue); the text is the
 * same as without colour. */
static void test_player_colours(void **unused)
{
    (void)unused;
    /* layout_run sets NO_COLOR=1, which an empty NO_COLOR= before it cannot undo: run with env */
    char *out = layout_run("env -u NO_COLOR CLICOLOR_FORCE=1",
                           "play carcassonne --seats human,greedy --seed 12", "1\\n1\\nquit\\ny\\n");
    expect_in(out, "\033[41;37;1mPlayer 0\033[0m, your move");
    expect_in(out, "\033[44;37;1mplayer 1\033[0m (greedy): EK 0,-1 r3\n");
    expect_in(out, "\033[41;37;1mplayer 0\033[0m: EC -1,0 r0\n");
    free(out);
    out = layout_run("env -u NO_COLOR CLICOLOR_FORCE=1", "play targi --seats greedy,human --seed 2",
                     "1\\n1\\n1\\nquit\\ny\\n");
    expect_in(out, "\033[31mplayer 0\033[0m (greedy): ");
    expect_in(out, "\033[34mPlayer 1\033[0m, your move");
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_carcassonne_fits_80x24),
        cmocka_unit_test(test_events_wrap),
        cmocka_unit_test(test_carcassonne_symbols),
        cmocka_unit_test(test_targi_display_described),
        cmocka_unit_test(test_end_explained),
        cmocka_unit_test(test_targi_compact),
        cmocka_unit_test(test_player_colours),
        cmocka_unit_test(test_whole_games_fit_80x24),
        cmocka_unit_test(test_board_shows_the_rest),
        cmocka_unit_test(test_handover_tells_what_happened),
        cmocka_unit_test(test_help_fits),
        cmocka_unit_test(test_tr2_special_where),
        cmocka_unit_test(test_replay_wraps),
        cmocka_unit_test(test_bot_moves_hide_secrets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
