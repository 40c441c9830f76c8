/* test_play.c: `tafel play` tells the viewer every action as he may see it: for each action of
 * the saved record, in order, the line the game's action_seen gives for the one human (a
 * spectator with several humans or none; bots' moves too, after their seat) and its events'
 * texts. */
#include "check.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tafel/record.h"

/* Run `tafel ARGS` with `moves` lines of "1" on stdin; returns the exit status and the whole
 * output (caller frees). */
static int play_run(const char *args, int moves, char **out)
{
    const char *bin = getenv("TAFEL_BIN");
    assert_non_null(bin);
    char in[] = "/tmp/tafel-play-in-XXXXXX", res[] = "/tmp/tafel-play-out-XXXXXX";
    int fd = mkstemp(in);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    for (int i = 0; i < moves; i++)
        fputs("1\n", f);
    fclose(f);
    fd = mkstemp(res);
    assert_true(fd >= 0);
    close(fd);
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "NO_COLOR=1 '%s' %s <%s >%s 2>&1", bin, args, in, res);
    int st = system(cmd);
    f = fopen(res, "r");
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    *out = malloc((size_t)n + 2);
    (*out)[0] = '\n'; /* every expected line is found as "\n<line>\n" */
    size_t got = fread(*out + 1, 1, (size_t)n, f);
    (*out)[got + 1] = 0;
    fclose(f);
    /* At a terminal the player's Enter ends the prompt's line; piped input is not echoed. */
    const char *prompt = "'quit'): ";
    for (char *q = *out; (q = strstr(q, prompt)); q += strlen(prompt))
        q[strlen(prompt) - 1] = '\n';
    unlink(in);
    unlink(res);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

/* Find "\n<line>\n" at or after *at; advance past its text. */
static void expect_line(const char *out, const char **at, const char *line, size_t index)
{
    char want[TAFEL_TEXT_LEN + 64];
    snprintf(want, sizeof want, "\n%s\n", line);
    const char *p = strstr(*at, want);
    if (!p)
        fail_msg("action %zu: line '%s' missing (in order) from the output:\n%s", index, line,
                 out);
    *at = p + strlen(want) - 1;
}

static void check_play(const char *game, const char *seats, int viewer, int moves, int status)
{
    char path[64], args[512];
    snprintf(path, sizeof path, "/tmp/tafel-play-test-%d.json", (int)getpid());
    snprintf(args, sizeof args, "play '%s' --seats '%s' --seed 3 --record %s", game, seats, path);
    char *out;
    int rc = play_run(args, moves, &out);
    if (rc != status)
        fail_msg("tafel %s: exit %d, expected %d:\n%s", args, rc, status, out);

    tafel_record r;
    tafel_record_init(&r);
    char err[TAFEL_ERR_LEN];
    if (tafel_record_load(&r, path, err, sizeof err))
        fail_msg("%s", err);
    unlink(path);
    tafel_game g;
    assert_int_equal(tafel_game_load(&g, r.game, err, sizeof err), 0);
    unsigned char *before = malloc(g.type->state_size), *after = malloc(g.type->state_size);
    g.type->init(&g, after);
    const char *at = out;
    int chance_lines = 0;
    for (size_t i = 0; i < r.num_actions; i++) {
        int32_t a = r.actions[i];
        memcpy(before, after, g.type->state_size);
        g.type->apply(&g, after, a);
        int p = g.type->current_player(&g, before);
        char text[TAFEL_TEXT_LEN], line[TAFEL_TEXT_LEN + 64];
        line[0] = 0;
        tafel_action_seen(&g, before, a, viewer, text, sizeof text);
        /* A hidden move is a sentence about its player, who is then named once. */
        char self[32];
        int n = snprintf(self, sizeof self, "player %d ", p);
        int about = p >= 0 && !strncmp(text, self, (size_t)n);
        if (p >= 0 && strcmp(r.seats[p], "human")) {
            if (text[0] && about)
                snprintf(line, sizeof line, "player %d (%s) %s", p, r.seats[p], text + n);
            else if (text[0])
                snprintf(line, sizeof line, "player %d (%s): %s", p, r.seats[p], text);
        } else if (about) {
            snprintf(line, sizeof line, "%s", text);
        } else {
            if (text[0] && p == TAFEL_CHANCE)
                snprintf(line, sizeof line, "chance: %s", text);
            else if (text[0])
                snprintf(line, sizeof line, "player %d: %s", p, text);
            chance_lines += p == TAFEL_CHANCE && text[0];
        }
        if (line[0])
            expect_line(out, &at, line, i);
        json_t *ev = tafel_events_json(&g, before, a, after, viewer);
        size_t k;
        json_t *e;
        json_array_foreach(ev, k, e) {
            const char *t = json_string_value(json_object_get(e, "text"));
            if (t && *t && strcmp(t, text)) {
                snprintf(line, sizeof line, "  %s", t);
                expect_line(out, &at, line, i);
            }
        }
        json_decref(ev);
    }
    assert_true(chance_lines > 0);
    free(before);
    free(after);
    tafel_record_free(&r);
    free(out);
}

/* One human: he is told his own draws, and only the backs of the other's. */
static void test_one_human_sees_his_seat(void **unused)
{
    (void)unused;
    check_play("tafelrunde2", "human,random", 0, 2000, 0);
    check_play("targi", "random,human", 1, 2000, 0);
    check_play("carcassonne", "human,greedy", 0, 2000, 0);
}

/* Hot seat and bots only: a spectator's view, so that no hand shows. */
static void test_hot_seat_and_bots_as_spectator(void **unused)
{
    (void)unused;
    check_play("tafelrunde2", "human,human", -1, 2000, 0);
    check_play("targi", "random,greedy", -1, 0, 0);
    check_play("carcassonne(players=3)", "random,greedy,random", -1, 0, 0);
    /* An abandoned game tells what happened up to the end of the input. */
    check_play("tafelrunde2", "human,random,human", -1, 30, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_human_sees_his_seat),
        cmocka_unit_test(test_hot_seat_and_bots_as_spectator),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
