/* util.c: helpers shared by the subcommands: colour, drawing a state, the records folder. */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

int cli_read_line(char *buf, size_t len)
{
    if (!fgets(buf, (int)len, stdin))
        return 0;
    /* whole when its '\n' (or the input's end) was read: a '\r' before the buffer's end may be
     * a stray one inside a line too long for it, whose tail must not become the next answer */
    int whole = buf[strcspn(buf, "\n")] != 0 || feof(stdin);
    buf[strcspn(buf, "\r\n")] = 0;
    if (whole)
        return 1;
    int c = getchar();
    if (c == '\r')
        c = getchar();
    if (c == '\n' || c == EOF) /* it just fitted */
        return 1;
    while ((c = getchar()) != EOF && c != '\n')
        ;
    return -1;
}

int cli_parse_seed(const char *text, uint64_t *seed)
{
    if (!*text || strspn(text, "0123456789") != strlen(text))
        return -1;
    errno = 0;
    unsigned long long v = strtoull(text, NULL, 10);
    if (errno == ERANGE)
        return -1;
    *seed = v;
    return 0;
}

int cli_use_color(FILE *f)
{
    const char *no = getenv("NO_COLOR");
    if (no && *no)
        return 0;
    /* The common convention to force colour into a pipe (tests, pagers such as less -R). */
    const char *force = getenv("CLICOLOR_FORCE");
    if (force && *force && strcmp(force, "0"))
        return 1;
    const char *term = getenv("TERM");
    if (term && !strcmp(term, "dumb"))
        return 0;
    return isatty(fileno(f));
}

void cli_term_size(FILE *f, int *cols, int *rows)
{
    struct winsize ws;
    *cols = *rows = 0;
    if (isatty(fileno(f)) && ioctl(fileno(f), TIOCGWINSZ, &ws) == 0) {
        *cols = ws.ws_col;
        *rows = ws.ws_row;
    }
    /* Not a terminal (or one that does not know): the shell's idea of it, if exported. */
    const char *c = getenv("COLUMNS"), *l = getenv("LINES");
    if (*cols <= 0 && c)
        *cols = atoi(c);
    if (*rows <= 0 && l)
        *rows = atoi(l);
    if (*cols < 0 || *cols > 4095)
        *cols = 0;
    if (*rows < 0 || *rows > 4095)
        *rows = 0;
}

char *cli_render(const tafel_game *g, const void *state, int viewer, int color, int cols,
                 int rows, int *lines)
{
    char *buf;
    if (g->type->render) {
        color = (color ? TAFEL_RENDER_COLOR : 0) | TAFEL_RENDER_SIZE(cols, rows);
        size_t len = 1 << 16;
        buf = malloc(len);
        if (!buf)
            abort();
        int n = g->type->render(g, state, viewer, color, buf, len);
        if (n >= 0 && (size_t)n >= len) {
            len = (size_t)n + 2;
            buf = realloc(buf, len);
            if (!buf)
                abort();
            n = g->type->render(g, state, viewer, color, buf, len);
        }
        if (n > 0 && buf[n - 1] != '\n' && (size_t)n + 1 < len) {
            buf[n] = '\n';
            buf[n + 1] = 0;
        }
    } else {
        json_t *view = g->type->view_json(g, state, viewer);
        char *s = json_dumps(view, JSON_INDENT(2) | JSON_SORT_KEYS);
        json_decref(view);
        size_t l = s ? strlen(s) : 2;
        buf = malloc(l + 2);
        if (!buf)
            abort();
        snprintf(buf, l + 2, "%s\n", s ? s : "{}");
        free(s);
    }
    if (lines) {
        *lines = 0;
        for (const char *q = buf; *q; q++)
            *lines += *q == '\n';
    }
    return buf;
}

void cli_show_state(FILE *out, const tafel_game *g, const void *state, int viewer, int color)
{
    int cols, rows;
    cli_term_size(out, &cols, &rows);
    /* a row kept for the prompt that follows (tafel replay --step's) */
    char *buf = cli_render(g, state, viewer, color, cols, rows > 1 ? rows - 1 : rows, NULL);
    fputs(buf, out);
    free(buf);
}

void cli_put_wrapped(FILE *out, const char *t, int indent, int more, int width)
{
    if (width <= indent + 8) /* unknown (a pipe without COLUMNS) or too narrow: one line */
        width = 1 << 20;
    while (*t) {
        int room = width - indent;
        size_t w = strlen(t);
        if ((int)w > room) {
            w = (size_t)room;
            while (w > 0 && t[w] != ' ')
                w--;
            if (w == 0) /* one word longer than the line: cut it */
                w = (size_t)room;
        }
        fprintf(out, "%*s%.*s\n", indent, "", (int)w, t);
        t += w;
        while (*t == ' ')
            t++;
        indent = more;
    }
}

static int util_mkdirs(const char *path)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++) {
        if (*p == '/') {
            *p = 0;
            if (mkdir(tmp, 0755) && errno != EEXIST)
                return -1;
            *p = '/';
        }
    }
    if (mkdir(tmp, 0755) && errno != EEXIST)
        return -1;
    return 0;
}

int cli_records_dir(char *buf, size_t len, char *err, size_t errlen)
{
    const char *env = getenv("TAFEL_RECORDS");
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    if (env && *env)
        snprintf(buf, len, "%s", env);
    else if (xdg && *xdg)
        snprintf(buf, len, "%s/tafel/records", xdg);
    else if (home && *home)
        snprintf(buf, len, "%s/.local/share/tafel/records", home);
    else
        snprintf(buf, len, "tafel-records");
    if (util_mkdirs(buf)) {
        snprintf(err, errlen, "cannot create %s: %s", buf, strerror(errno));
        return -1;
    }
    return 0;
}

void cli_print_scores(FILE *out, const tafel_game *g, const void *state)
{
    int scores[TAFEL_MAX_PLAYERS];
    double returns[TAFEL_MAX_PLAYERS];
    g->type->scores(g, state, scores);
    int over = tafel_is_terminal(g, state);
    if (over)
        g->type->returns(g, state, returns);
    for (int p = 0; p < g->num_players; p++) {
        fprintf(out, "  player %d: %d", p, scores[p]);
        if (over && returns[p] > 0)
            fprintf(out, returns[p] >= 1 ? "  (winner)" : "  (shares the win)");
        fputc('\n', out);
    }
}

int cli_split_seats(const char *list, char seats[TAFEL_MAX_PLAYERS][CLI_SEAT_LEN], char *err,
                    size_t errlen)
{
    int n = 0;
    const char *p = list;
    while (*p) {
        /* Split on commas outside parentheses: "mcts(iters=5,c=1),random". */
        const char *start = p;
        int depth = 0;
        while (*p && (depth > 0 || *p != ',')) {
            depth += (*p == '(') - (*p == ')');
            p++;
        }
        size_t len = (size_t)(p - start);
        if (n >= TAFEL_MAX_PLAYERS || len == 0 || len >= CLI_SEAT_LEN) {
            snprintf(err, errlen, "bad --seats '%s'", list);
            return -1;
        }
        memcpy(seats[n], start, len);
        seats[n][len] = 0;
        n++;
        if (*p == ',')
            p++;
    }
    if (n < 1) {
        snprintf(err, errlen, "bad --seats '%s'", list);
        return -1;
    }
    return n;
}
