/* play.c: `tafel play`: humans at the terminal against bots or each other, on a match. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "tafel/match.h"

#define PLAY_MAX_LISTED 40
#define PLAY_DEFAULT_BOT "mcts(time=1s)"
#define PLAY_DEFAULT_GAMES_ORDER {"carcassonne", "tafelrunde2", "targi"}

typedef struct {
    tafel_match *m;
    int num_humans;
    /* Whose eyes actions are told through: the one human; with several at the hot seat, or none,
     * a spectator (-1), so that no hand shows. */
    int viewer;
    int color;
    /* Everything play_tell printed, so that a player can read again what happened since his
     * last move ('log'; at the hot seat after the hand-over, whose clear wiped it); seen[p]:
     * how much of it was there when p last moved. */
    char *log;
    size_t log_len, log_cap, seen[TAFEL_MAX_PLAYERS];
    size_t prompt_at; /* how much of the log was told when the last prompt was answered */
    int last_chance;  /* the last action told was chance's */
    int handed; /* the hot seat has handed the terminal over once */
} play_session;

/* Where the screen is cleared at a hand-over when stdout is not a terminal that can clear it. */
#define PLAY_HANDOVER_MARK "==== hand-over: the screen is cleared here ===="

/* Hot seat: nothing of the previous player's view may stay visible, neither on the screen nor
 * in the scrollback, while the terminal changes hands. This is about secrecy, not colour, so
 * NO_COLOR does not turn it off. A pipe or a dumb terminal gets a marked separator instead (and
 * the dumb terminal enough blank lines to push the old screen out of sight). */
static void play_hide_screen(void)
{
    const char *term = getenv("TERM");
    int tty = isatty(fileno(stdout)), dumb = term && !strcmp(term, "dumb");
    if (tty && !dumb) {
        fputs("\033[H\033[2J\033[3J", stdout);
    } else {
        if (tty)
            for (int i = 0; i < 100; i++)
                putchar('\n');
        printf("\n%s\n", PLAY_HANDOVER_MARK);
    }
}

/* The colour a game draws each player in (carc_render's followers and score lines,
 * targi_render's player lines; Die Tafelrunde 2 has none): with colour on, "player N" in the
 * prompt and the log is drawn in it, so that board, prompt, log and scores agree. Without colour
 * the digit does it (the boards give "player 0 red r/R"). Keep in step with those tables. */
typedef struct {
    const char *game;
    const char *ansi[TAFEL_MAX_PLAYERS];
} play_colours;
static const play_colours play_colour_table[] = {
    {"carcassonne",
     {"\033[41;37;1m", "\033[44;37;1m", "\033[43;30m", "\033[42;30m", "\033[45;37;1m",
      "\033[47;30m"}},
    {"targi", {"\033[31m", "\033[34m"}},
};

/* "player 0" (word: "player" or "Player"), in the player's colour when colour is on. */
static const char *play_who(const play_session *s, int p, const char *word, char *buf,
                            size_t len)
{
    const char *game = tafel_match_game(s->m)->type->name;
    for (size_t i = 0; s->color && i < sizeof play_colour_table / sizeof *play_colour_table;
         i++) {
        const play_colours *c = &play_colour_table[i];
        if (strcmp(c->game, game) || p < 0 || p >= TAFEL_MAX_PLAYERS || !c->ansi[p])
            continue;
        snprintf(buf, len, "%s%s %d\033[0m", c->ansi[p], word, p);
        return buf;
    }
    snprintf(buf, len, "%s %d", word, p);
    return buf;
}

static int play_max(int a, int b)
{
    return a > b ? a : b;
}

/* How many lines play_list_moves would print (its wrapping, without printing). */
static int play_list_lines(const tafel_game *g, const void *state, const int32_t *legal, int n)
{
    char text[TAFEL_TEXT_LEN];
    int col = 0, lines = 1;
    for (int i = 0; i < n; i++) {
        g->type->action_to_text(g, state, legal[i], text, sizeof text);
        int w = snprintf(NULL, 0, "%3d) %s", i + 1, text);
        if (col && col + w + 3 > 80) {
            lines++;
            col = 0;
        }
        col += w + 3;
    }
    return lines + (col > 0);
}

static void play_list_moves(const tafel_game *g, const void *state, const int32_t *legal, int n)
{
    char text[TAFEL_TEXT_LEN];
    int col = 0;
    printf("Legal moves (%d):\n", n);
    for (int i = 0; i < n; i++) {
        g->type->action_to_text(g, state, legal[i], text, sizeof text);
        char item[TAFEL_TEXT_LEN + 16];
        int w = snprintf(item, sizeof item, "%3d) %s", i + 1, text);
        if (col && col + w + 3 > 80) {
            putchar('\n');
            col = 0;
        }
        printf("%s%s", col ? "   " : "  ", item);
        col += w + 3;
    }
    if (col)
        putchar('\n');
}

/* What happened since player p last moved, as it was told (at most the last 200 lines). */
static void play_show_log(const play_session *s, int p, const char *title)
{
    const char *from = s->log ? s->log + s->seen[p] : "";
    int lines = 0;
    for (const char *q = from; *q; q++)
        lines += *q == '\n';
    for (; lines > 200; lines--)
        from = strchr(from, '\n') + 1;
    if (*from)
        printf("%s\n%s", title, from);
    else
        printf("Nothing has happened since your last move.\n");
}

/* Ask the human at seat p for a move; returns -1 when input ends or he quits. */
static int play_ask_human(play_session *s, const void *state, int p, int32_t *action)
{
    const tafel_game *g = tafel_match_game(s->m);
    int32_t legal[4096];
    int n = g->type->legal_actions(g, state, legal);
    /* The screen: the last lines of what happened since the previous prompt, the drawing, the
     * moves, the prompt. On a small terminal (under 40 rows) the moves are listed only when
     * they take 4 lines or fewer, and the drawing gets the rows the others leave (a game drops
     * details 'board' shows): the list is kept before what happened (up to 2 lines and the
     * blank line under them: 'log' repeats it), and if even the drawing's shortest form leaves
     * no room, the list is folded into one line ('moves' lists them). A long list (e.g. every
     * Carcassonne placement) buries the board: the render marks them. */
    int cols, rows, lines = 0;
    cli_term_size(stdout, &cols, &rows);
    int small = rows > 0 && rows < 40, told = 0;
    for (const char *q = s->log ? s->log + s->prompt_at : ""; *q; q++)
        told += *q == '\n';
    int listed = n <= PLAY_MAX_LISTED ? play_list_lines(g, state, legal, n) : 0;
    int can_list = n <= PLAY_MAX_LISTED && (!small || listed <= 4), show = can_list;
    /* After a chance action (Carcassonne's draw before every turn, Die Tafelrunde 2's reveals)
     * the screen shows its outcome (the tile in hand, the centre): the rows stay the drawing's. */
    int keep = told && !s->last_chance ? (told < 2 ? told : 2) + 1 : 0;
    char *drawn = NULL;
    for (int k = 0; k < 4; k++) {
        show = can_list && k < 2;
        int reserve = k % 2 ? 0 : keep, below = 1 + (show ? listed : 1);
        if (k && (!small || (!can_list && k < 2)))
            continue;
        free(drawn);
        drawn = cli_render(g, state, p, s->color, cols,
                           small ? play_max(rows - below - reserve, 1) : 0, &lines);
        if (!small || lines + below + reserve <= rows)
            break;
    }
    printf("\n%s", drawn);
    free(drawn);
    if (show)
        play_list_moves(g, state, legal, n);
    else
        printf(n > PLAY_MAX_LISTED ? "%d legal moves (shown on the board; 'moves' lists them all).\n"
                                   : "%d legal moves ('moves' lists them).\n", n);
    for (;;) {
        char who[96];
        printf("%s, your move (notation or number; 'help', 'quit'): ",
               play_who(s, p, "Player", who, sizeof who));
        fflush(stdout);
        char line[512];
        int got = cli_read_line(line, sizeof line);
        if (!got)
            return -1;
        if (got < 0) {
            printf("Not accepted: the line is longer than %zu characters.\n", sizeof line - 1);
            continue;
        }
        char *t = line;
        while (*t == ' ' || *t == '\t')
            t++;
        if (!*t)
            continue;
        if (!strcmp(t, "quit") || !strcmp(t, "exit")) {
            /* A slip of the keyboard must not end a game of an hour: ask. */
            printf("Abandon the game? The record of it is kept. (y/N) ");
            fflush(stdout);
            char yes[64];
            int answer = cli_read_line(yes, sizeof yes);
            if (!answer || (answer > 0 && (yes[0] == 'y' || yes[0] == 'Y')))
                return -1;
            printf("Game on.\n");
            continue;
        }
        if (!strcmp(t, "help") || !strcmp(t, "?")) {
            cli_term_help(stdout, g, state, p, legal, n);
            continue;
        }
        if (!strcmp(t, "rules")) {
            cli_term_rules(stdout, g);
            continue;
        }
        if (!strcmp(t, "board")) {
            /* Everything, whatever the terminal's height: the small screen's details too. */
            char *all = cli_render(g, state, p, s->color, cols, 0, NULL);
            fputs(all, stdout);
            free(all);
            continue;
        }
        if (!strcmp(t, "log")) {
            play_show_log(s, p, "Since your last move:");
            continue;
        }
        if (!strcmp(t, "moves")) {
            play_list_moves(g, state, legal, n);
            continue;
        }
        char *end;
        long k = strtol(t, &end, 10);
        if (*end == 0 && end != t) {
            if (k >= 1 && k <= n) {
                *action = legal[k - 1];
                return 0;
            }
            printf("No move number %ld: choose 1 to %d.\n", k, n);
            continue;
        }
        char err[TAFEL_ERR_LEN];
        if (tafel_text_to_action(g, state, t, action, err, sizeof err) == 0)
            return 0;
        /* Lenient: the first words of exactly one legal move are enough ("use 3" for
         * "use 3 Salt", "take 1,3" when the rest is forced); several are listed. */
        size_t tl = strlen(t);
        int found = -1, count = 0;
        char fits[512] = "";
        for (int i = 0; i < n; i++) {
            char text[TAFEL_TEXT_LEN];
            g->type->action_to_text(g, state, legal[i], text, sizeof text);
            if (strncasecmp(text, t, tl) || text[tl] != ' ')
                continue;
            if (count++ < 6) {
                size_t l = strlen(fits);
                snprintf(fits + l, sizeof fits - l, "%s'%s'", l ? ", " : "", text);
            }
            found = i;
        }
        if (count == 1) {
            *action = legal[found];
            return 0;
        }
        if (count > 1)
            printf("'%s' fits %d moves: %s%s\n", t, count, fits, count > 6 ? ", ..." : "");
        else
            printf("Not accepted: %s\n", err);
    }
}

/* The match's observer: print each action as the viewer is told it (bots' with their seat),
 * then its events. */
static void play_tell(void *ctx, const tafel_match *m, size_t index, int player, int32_t action,
                      const void *before, const void *after)
{
    (void)index;
    play_session *s = ctx;
    const tafel_game *g = tafel_match_game(m);
    s->last_chance = player == TAFEL_CHANCE;
    char text[TAFEL_TEXT_LEN];
    char who[96];
    char *told = NULL;
    size_t told_len = 0;
    FILE *out = open_memstream(&told, &told_len);
    if (!out)
        abort();
    /* Bots' moves too as the viewer may see them: in full they told a human the card a bot
     * took secretly into its hand (Targi's "hand A8" after the Tribal Expansion's hidden draw,
     * while the board showed "(a hidden card)"). */
    tafel_action_seen(g, before, action, s->viewer, text, sizeof text);
    /* What the viewer may not see is told as a sentence about the player ("player 1 draws a
     * card"): then the line names him once, "player 1 (greedy) draws a card". */
    char self[32];
    int n = snprintf(self, sizeof self, "player %d ", player);
    const char *rest = player >= 0 && !strncmp(text, self, (size_t)n) ? text + n : NULL;
    const char *seat = tafel_match_bot(m, player) ? tafel_match_seat(m, player) : NULL;
    if (text[0] && player == TAFEL_CHANCE) {
        fprintf(out, "chance: %s\n", text);
    } else if (text[0]) {
        fputs(play_who(s, player, "player", who, sizeof who), out);
        if (seat)
            fprintf(out, " (%s)", seat);
        fprintf(out, rest ? " %s\n" : ": %s\n", rest ? rest : text);
    }
    /* A draw's event often says what its action line just said: say it once. */
    json_t *events = tafel_events_json(g, before, action, after, s->viewer);
    size_t i;
    json_t *e;
    int cols, rows;
    cli_term_size(stdout, &cols, &rows);
    json_array_foreach(events, i, e) {
        const char *t = json_string_value(json_object_get(e, "text"));
        if (t && *t && strcmp(t, text))
            cli_put_wrapped(out, t, 2, 4, cols > 20 ? cols : 0); /* width unknown: a log */
    }
    json_decref(events);
    if (fclose(out))
        abort();
    fputs(told, stdout);
    if (s->log_len + told_len + 1 > s->log_cap) {
        s->log_cap = (s->log_len + told_len + 1) * 2;
        s->log = realloc(s->log, s->log_cap);
        if (!s->log)
            abort();
    }
    memcpy(s->log + s->log_len, told, told_len + 1);
    s->log_len += told_len;
    free(told);
}

/* Can a record be saved at path? Tried as tafel_record_save does it (a new file in the same
 * folder), before the first move, so that a game is not played for nothing. */
static int play_check_record_path(const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (!*path) {
        snprintf(err, errlen, "--record needs a file name");
        return -1;
    }
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "--record %s is a folder, not a file", path);
        return -1;
    }
    char dir[4096];
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    char probe[4200];
    snprintf(probe, sizeof probe, "%s/.tafel-probe-XXXXXX", dir);
    int fd = mkstemp(probe);
    if (fd < 0) {
        snprintf(err, errlen, "--record %.90s: cannot write in %.90s: %s", path, dir,
                 strerror(errno));
        return -1;
    }
    close(fd);
    unlink(probe);
    /* The name itself (one too long, say), without touching a file that is there already. */
    if (stat(path, &st) != 0) {
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
        if (fd < 0) {
            snprintf(err, errlen, "--record %.90s: %s", path, strerror(errno));
            return -1;
        }
        close(fd);
        unlink(path);
    }
    return 0;
}

/* A default record name in the records folder: GAME-DATE-TIME-SEED.json. */
static int play_default_record_path(const tafel_game *g, uint64_t seed, char *path, size_t len,
                                    char *err, size_t errlen)
{
    if (cli_records_dir(path, len, err, errlen))
        return -1;
    size_t l = strlen(path);
    char stamp[32];
    time_t now = time(NULL);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&now));
    snprintf(path + l, len - l, "/%s-%s-%llu.json", g->type->name, stamp,
             (unsigned long long)seed);
    return 0;
}

static int play_run(play_session *s, const char *record_path)
{
    tafel_match *m = s->m;
    const tafel_game *g = tafel_match_game(m);
    const tafel_record *rec = tafel_match_record(m);
    uint64_t seed = tafel_match_seed(m);
    /* Every draw follows from the seed: with a human at the table it is told at the end. */
    if (s->num_humans)
        printf("%s\n", g->type->long_name);
    else
        printf("%s, seed %llu\n", g->type->long_name, (unsigned long long)seed);
    /* The full game string, broken after commas to fit 80 columns. */
    for (const char *q = rec->game; *q;) {
        size_t w = strlen(q);
        if (w > 79) {
            w = 79;
            while (w > 1 && q[w - 1] != ',')
                w--;
        }
        printf("%.*s\n", (int)w, q);
        q += w;
    }
    for (int p = 0; p < g->num_players; p++)
        printf("  player %d: %s\n", p, tafel_match_seat(m, p));
    cli_term_expansions(stdout, g);
    tafel_match_set_observer(m, play_tell, s);

    char err[TAFEL_ERR_LEN];
    int abandoned = 0, last_human = -1;
    while (!tafel_match_is_over(m)) {
        int p = tafel_match_to_move(m);
        int32_t a;
        if (p == TAFEL_CHANCE) {
            tafel_match_sample_chance(m);
            continue;
        }
        if (tafel_match_bot_to_move(m)) {
            a = tafel_match_bot_choose(m);
        } else {
            if (s->num_humans > 1 && last_human != p) {
                /* Hot seat: hide the previous player's view before asking for the next one,
                 * and show the next one's only once he has confirmed he holds the terminal. */
                play_hide_screen();
                printf("--- Pass the terminal to player %d and press Enter ---", p);
                fflush(stdout);
                char line[64];
                if (!cli_read_line(line, sizeof line)) { /* what he typed is dropped */
                    abandoned = 1;
                    break;
                }
                /* The clear took the others' moves off the screen: what he missed, once he
                 * holds the terminal (told as to a spectator: nobody's hidden view). */
                if (s->log && s->log_len > s->seen[p])
                    play_show_log(s, p, s->handed ? "Since your last move:" : "So far:");
                /* The setup is told once, to whoever takes the terminal first. */
                for (int q = 0; !s->handed && q < g->num_players; q++)
                    s->seen[q] = s->log_len;
                s->handed = 1;
            }
            last_human = p;
            int quit = play_ask_human(s, tafel_match_state(m), p, &a);
            s->prompt_at = s->log_len;
            if (quit) {
                abandoned = 1;
                break;
            }
        }
        if (tafel_match_apply(m, tafel_match_num_actions(m), p, a, err, sizeof err)) {
            /* play_ask_human checked the move and bots choose legal ones: a bug, but the
             * record so far is still worth keeping. */
            fprintf(stderr, "tafel: player %d: %s\n", p, err);
            abandoned = 1;
            break;
        }
        if (p >= 0 && !tafel_match_bot(m, p))
            s->seen[p] = s->log_len;
    }

    const void *state = tafel_match_state(m);
    /* The last screen: the drawing with the rows left by the scores and the record line. */
    int cols, rows;
    cli_term_size(stdout, &cols, &rows);
    char *drawn = cli_render(g, state, s->num_humans == 1 ? last_human : -1, s->color, cols,
                             rows > 0 && rows < 40 ? play_max(rows - 2 - g->num_players, 1) : 0,
                             NULL);
    printf("\n%s", drawn);
    free(drawn);
    printf(abandoned ? "Game abandoned (seed %llu). Scores so far:\n"
                     : "Game over (seed %llu). Final scores:\n",
           (unsigned long long)seed);
    cli_print_scores(stdout, g, state);

    char path[4096];
    int rc = abandoned ? 1 : 0;
    if (record_path)
        snprintf(path, sizeof path, "%s", record_path);
    else if (play_default_record_path(g, seed, path, sizeof path, err, sizeof err)) {
        fprintf(stderr, "tafel: %s\n", err);
        return 1;
    }
    if (tafel_record_save(rec, path, err, sizeof err) == 0) {
        printf("Record: %s\n", path);
        return rc;
    }
    /* The folder was checked before the first move, but it can go away during a game: a game
     * played is not to be lost, so it goes to the default folder, and the user is told. */
    fprintf(stderr, "tafel: %s\n", err);
    char err2[TAFEL_ERR_LEN];
    if (!record_path || play_default_record_path(g, seed, path, sizeof path, err2, sizeof err2) ||
        tafel_record_save(rec, path, err2, sizeof err2)) {
        if (record_path)
            fprintf(stderr, "tafel: the record is lost: %s\n", err2);
        return 1;
    }
    printf("Record: %s (instead of %s)\n", path, record_path);
    return 1;
}

static int play_session_run(play_session *s0, const char *record_path);

/* The seats must fit the game; said in the user's terms (the number of seats he gave), not as
 * the players=N the match would make of them. */
static int play_check_seat_count(const char *game_spec, int n, char *err, size_t errlen)
{
    tafel_game g;
    if (tafel_game_load(&g, game_spec, err, errlen))
        return -1;
    const tafel_game_type *t = g.type;
    if (strstr(game_spec, "players=")) {
        if (n != g.num_players) {
            snprintf(err, errlen, "'%s' has %d players, --seats gave %d", game_spec,
                     g.num_players, n);
            return -1;
        }
        return 0;
    }
    if (n < t->min_players || n > t->max_players) {
        if (t->min_players == t->max_players)
            snprintf(err, errlen, "%s needs %d seats, --seats gave %d", t->long_name,
                     t->min_players, n);
        else
            snprintf(err, errlen, "%s needs %d to %d seats, --seats gave %d", t->long_name,
                     t->min_players, t->max_players, n);
        return -1;
    }
    return 0;
}

static int play_main(const char *game_spec, const char *seats, uint64_t seed, int have_seed,
                     const char *record_path)
{
    char specs[TAFEL_MAX_PLAYERS][CLI_SEAT_LEN];
    char err[TAFEL_ERR_LEN];
    int n;
    if (seats) {
        n = cli_split_seats(seats, specs, err, sizeof err);
        if (n < 0) {
            fprintf(stderr, "tafel: %s\n", err);
            return 2;
        }
    } else {
        /* Default: you against the strongest bot, thinking about a second per move. */
        tafel_game g;
        if (tafel_game_load(&g, game_spec, err, sizeof err)) {
            fprintf(stderr, "tafel: %s\n", err);
            return 2;
        }
        n = g.num_players;
        snprintf(specs[0], sizeof specs[0], "human");
        for (int p = 1; p < n; p++)
            snprintf(specs[p], sizeof specs[p], "%s", PLAY_DEFAULT_BOT);
    }
    if (seats && play_check_seat_count(game_spec, n, err, sizeof err)) {
        fprintf(stderr, "tafel: %s\n", err);
        return 2;
    }
    if (record_path && play_check_record_path(record_path, err, sizeof err)) {
        fprintf(stderr, "tafel: %s\n", err);
        return 2;
    }
    char dir[4096];
    if (!record_path && cli_records_dir(dir, sizeof dir, err, sizeof err))
        fprintf(stderr, "tafel: warning: %s; set TAFEL_RECORDS or use --record FILE\n", err);
    if (!have_seed)
        seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    const char *list[TAFEL_MAX_PLAYERS];
    for (int p = 0; p < n; p++)
        list[p] = specs[p];
    play_session s;
    memset(&s, 0, sizeof s);
    s.m = tafel_match_new(game_spec, list, n, seed, err, sizeof err);
    if (!s.m) {
        fprintf(stderr, "tafel: %s\n", err);
        return 2;
    }
    return play_session_run(&s, record_path);
}

/* Continue an abandoned game: the match is rebuilt from its record (the chance draws included,
 * so the game goes on as it would have), with the record's seats; it is saved over the same
 * file unless --record names another. */
static int play_resume(const char *path, const char *record_path)
{
    char err[TAFEL_ERR_LEN];
    tafel_record rec;
    tafel_record_init(&rec);
    if (tafel_record_load(&rec, path, err, sizeof err)) {
        fprintf(stderr, "tafel: %s\n", err);
        tafel_record_free(&rec);
        return 2;
    }
    play_session s;
    memset(&s, 0, sizeof s);
    s.m = tafel_match_from_record(&rec, err, sizeof err);
    tafel_record_free(&rec);
    if (!s.m) {
        fprintf(stderr, "tafel: %s: %s\n", path, err);
        return 2;
    }
    if (tafel_match_is_over(s.m)) {
        fprintf(stderr, "tafel: %s: the game is over; 'tafel replay --step %s' shows it\n",
                path, path);
        tafel_match_free(s.m);
        return 2;
    }
    if (!record_path)
        record_path = path;
    if (play_check_record_path(record_path, err, sizeof err)) {
        fprintf(stderr, "tafel: %s\n", err);
        tafel_match_free(s.m);
        return 2;
    }
    printf("Resuming %s after %zu actions.\n", path, tafel_match_num_actions(s.m));
    return play_session_run(&s, record_path);
}

static int play_session_run(play_session *s0, const char *record_path)
{
    play_session s = *s0;
    int n = tafel_match_num_seats(s.m);
    s.viewer = -1;
    for (int p = 0; p < n; p++) {
        if (!tafel_match_bot(s.m, p)) {
            s.num_humans++;
            s.viewer = p;
        }
    }
    if (s.num_humans != 1)
        s.viewer = -1;
    s.color = cli_use_color(stdout);
    int rc = play_run(&s, record_path);
    free(s.log);
    tafel_match_free(s.m);
    return rc;
}

int cli_play(int argc, char **argv)
{
    static const struct option opts[] = {
        {"seats", required_argument, NULL, 's'},
        {"seed", required_argument, NULL, 'S'},
        {"record", required_argument, NULL, 'r'},
        {"resume", required_argument, NULL, 'R'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *seats = NULL, *record = NULL, *resume = NULL;
    uint64_t seed = 0;
    int have_seed = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "s:S:r:R:h", opts, NULL)) != -1) {
        switch (c) {
        case 's':
            seats = optarg;
            break;
        case 'S': {
            if (cli_parse_seed(optarg, &seed)) {
                fprintf(stderr, "tafel: --seed needs an integer from 0 to 2^64-1, not '%s'\n",
                        optarg);
                return 2;
            }
            have_seed = 1;
            break;
        }
        case 'r':
            record = optarg;
            break;
        case 'R':
            resume = optarg;
            break;
        case 'h':
            printf("usage: tafel play GAME [--seats SEAT,SEAT..] [--seed N] [--record FILE]\n"
                   "       tafel play --resume RECORD [--record FILE]\n"
                   "  GAME          a game string, e.g. targi or 'tafelrunde2(players=3)'\n"
                   "                (tafel list shows the games and their parameters)\n"
                   "  --seats S,..  one seat per player, in seat order (default: human against\n"
                   "                " PLAY_DEFAULT_BOT "); the number of seats sets the players\n"
                   "  --seed N      the seed of the shuffles (default: from the clock)\n"
                   "  --record FILE where the record is saved (default: the records folder,\n"
                   "                $TAFEL_RECORDS or ~/.local/share/tafel/records)\n"
                   "  --resume REC  continue the abandoned game of a record (saved back to it)\n"
                   "A seat is 'human' (several humans share the terminal) or a bot:\n"
                   "  random, greedy, greedy(samples=N), mcts (1 s a move on all cores),\n"
                   "  mcts(iters=N), mcts(time=500ms,threads=1), mcts(time=2s,c=0.7);\n"
                   "  options: iters, time (with unit: s or ms), threads (N or all), c, depth,\n"
                   "  prior, expand, crn, scale, margin, chance, nodes (include/tafel/bot.h).\n"
                   "At the prompt: a move or its number; help, rules, moves, board (all of\n"
                   "it, also what a small terminal leaves out), log (what happened since your\n"
                   "last move), quit.\n");
            return 0;
        default:
            return 2;
        }
    }
    if (resume) {
        if (optind != argc || seats || have_seed) {
            fprintf(stderr, "tafel: --resume takes the game, seats and seed from the record: "
                            "give only --resume RECORD [--record FILE]\n");
            return 2;
        }
        return play_resume(resume, record);
    }
    if (optind != argc - 1) {
        fprintf(stderr, "usage: tafel play GAME [--seats human,random,...] [--seed N] "
                        "[--record FILE]\n");
        return 2;
    }
    return play_main(argv[optind], seats, seed, have_seed, record);
}

int cli_play_default(void)
{
    static const char *const order[] = PLAY_DEFAULT_GAMES_ORDER;
    for (size_t i = 0; i < sizeof order / sizeof *order; i++) {
        const tafel_game_type *t = tafel_game_type_find(order[i]);
        if (t && t->init)
            return play_main(order[i], NULL, 0, 0, NULL);
    }
    fprintf(stderr, "tafel: no game is implemented yet\n");
    return 1;
}
