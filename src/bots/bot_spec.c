/* bot_spec.c: parsing bot specs such as "mcts(time=500ms,threads=2,c=0.7)". */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bots/bot_internal.h"

int bot_num_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

static int bot_parse_long(const char *v, long lo, long hi, long *out)
{
    char *end;
    if (!*v || !(isdigit((unsigned char)*v) || *v == '-'))
        return -1;
    long x = strtol(v, &end, 10);
    if (*end || x < lo || x > hi)
        return -1;
    *out = x;
    return 0;
}

static int bot_parse_double(const char *v, double lo, double hi, double *out)
{
    char *end;
    if (!*v)
        return -1;
    double x = strtod(v, &end);
    if (*end || !(x >= lo && x <= hi))
        return -1;
    *out = x;
    return 0;
}

/* "1s", "500ms", "2.5s". The unit is required: a bare "5" could mean seconds or milliseconds,
 * and guessing wrong makes a bot think 1000 times too long or too short. */
static int bot_parse_time(const char *v, double *out)
{
    char *end;
    if (!*v || !(isdigit((unsigned char)*v) || *v == '.'))
        return -1;
    double x = strtod(v, &end);
    if (!strcmp(end, "ms"))
        x /= 1000;
    else if (strcmp(end, "s"))
        return -1;
    if (!(x > 0 && x <= 86400))
        return -1;
    *out = x;
    return 0;
}

static void bot_defaults(bot_opts *o, bot_kind kind)
{
    memset(o, 0, sizeof *o);
    o->kind = kind;
    o->threads = 1;
    o->c = 0.7;
    o->depth = -1;
    o->margin = 0.1;
    o->prior = 0;
    o->scale = 1;
    o->chance_nodes = 1;
    o->samples = 8;
}

static int bot_set_option(bot_opts *o, const char *name, const char *key, const char *val,
                          char *err, size_t errlen)
{
    long l;
    if (o->kind == BOT_GREEDY) {
        if (!strcmp(key, "samples")) {
            if (bot_parse_long(val, 1, 1000, &l))
                goto bad;
            o->samples = (int)l;
            return 0;
        }
        snprintf(err, errlen, "greedy: unknown option '%s' (known: samples)", key);
        return -1;
    }
    if (!strcmp(key, "iters")) {
        if (bot_parse_long(val, 1, 1000000000L, &l))
            goto bad;
        o->iters = l;
    } else if (!strcmp(key, "time")) {
        if (bot_parse_time(val, &o->time))
            goto bad;
    } else if (!strcmp(key, "threads")) {
        if (!strcmp(val, "all"))
            o->threads = bot_num_cores();
        else if (bot_parse_long(val, 1, 64, &l))
            goto bad;
        else
            o->threads = (int)l;
    } else if (!strcmp(key, "c")) {
        if (bot_parse_double(val, 0, 100, &o->c))
            goto bad;
        o->set |= BOT_SET_C;
    } else if (!strcmp(key, "depth")) {
        if (!strcmp(val, "end"))
            o->depth = -1;
        else if (bot_parse_long(val, 0, 100000, &l))
            goto bad;
        else
            o->depth = (int)l;
        o->set |= BOT_SET_DEPTH;
    } else if (!strcmp(key, "crn")) {
        if (bot_parse_long(val, 0, 1, &l))
            goto bad;
        o->crn = (int)l;
        o->set |= BOT_SET_CRN;
    } else if (!strcmp(key, "scale")) {
        if (bot_parse_double(val, 0.01, 100, &o->scale))
            goto bad;
        o->set |= BOT_SET_SCALE;
    } else if (!strcmp(key, "prior")) {
        if (bot_parse_double(val, 0, 100, &o->prior))
            goto bad;
        o->set |= BOT_SET_PRIOR;
    } else if (!strcmp(key, "margin")) {
        if (bot_parse_double(val, 0, 1, &o->margin))
            goto bad;
    } else if (!strcmp(key, "chance")) {
        if (!strcmp(val, "tree"))
            o->chance_nodes = 1;
        else if (!strcmp(val, "open"))
            o->chance_nodes = 0;
        else if (!strcmp(val, "strat"))
            o->chance_nodes = BOT_CHANCE_STRAT;
        else
            goto bad;
        o->set |= BOT_SET_CHANCE;
    } else if (!strcmp(key, "expand")) {
        if (!strcmp(val, "one"))
            o->expand_plies = 0;
        else if (!strcmp(val, "all"))
            o->expand_plies = BOT_EXPAND_ALL;
        else if (bot_parse_long(val, 0, 1000, &l))
            goto bad;
        else
            o->expand_plies = (int)l;
        o->set |= BOT_SET_EXPAND;
    } else if (!strcmp(key, "nodes")) {
        if (bot_parse_long(val, 16, 1L << 26, &l))
            goto bad;
        o->nodes = l;
    } else {
        snprintf(err, errlen,
                 "mcts: unknown option '%s' (known: iters, time, threads, c, depth, prior, "
                 "expand, crn, scale, margin, chance, nodes)", key);
        return -1;
    }
    return 0;
bad:
    snprintf(err, errlen, "%s: bad value '%s' for %s%s", name, val, key,
             !strcmp(key, "time") ? " (a number with its unit: e.g. 1s, 500ms)"
             : !strcmp(key, "chance") ? " (tree, strat or open)"
             : !strcmp(key, "depth") ? " (moves, or end)"
             : !strcmp(key, "expand") ? " (one or all)"
             : !strcmp(key, "threads") ? " (1 to 64, or all)" : "");
    return -1;
}

int bot_parse_spec(const char *spec, bot_opts *o, char *err, size_t errlen)
{
    if (tafel_check_printable("bad bot spec", spec, err, errlen))
        return -1;
    char name[32];
    size_t n = strcspn(spec, "(");
    if (n == 0 || n >= sizeof name) {
        snprintf(err, errlen, "unknown bot '%s' (known: human, random, greedy, mcts)", spec);
        return -1;
    }
    memcpy(name, spec, n);
    name[n] = 0;
    if (!strcmp(name, "random"))
        bot_defaults(o, BOT_RANDOM);
    else if (!strcmp(name, "greedy"))
        bot_defaults(o, BOT_GREEDY);
    else if (!strcmp(name, "mcts"))
        bot_defaults(o, BOT_MCTS);
    else {
        snprintf(err, errlen, "unknown bot '%s' (known: human, random, greedy, mcts)", name);
        return -1;
    }
    const char *p = spec + n;
    if (o->kind == BOT_MCTS)
        o->threads = bot_num_cores();
    if (!*p) {
        if (o->kind == BOT_MCTS)
            o->time = 1.0;
        return 0;
    }
    size_t len = strlen(p);
    if (p[len - 1] != ')') {
        snprintf(err, errlen, "%s: missing ')' in '%s'", name, spec);
        return -1;
    }
    if (o->kind == BOT_RANDOM) {
        snprintf(err, errlen, "random: takes no options");
        return -1;
    }
    char buf[256];
    if (len - 2 >= sizeof buf) {
        snprintf(err, errlen, "%s: option list too long", name);
        return -1;
    }
    memcpy(buf, p + 1, len - 2);
    buf[len - 2] = 0;
    char *save = NULL;
    for (char *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        while (isspace((unsigned char)*item))
            item++;
        char *eq = strchr(item, '=');
        if (!eq) {
            snprintf(err, errlen, "%s: option '%s' needs a value (name=value)", name, item);
            return -1;
        }
        *eq = 0;
        char *val = eq + 1;
        for (char *e = eq; e > item && isspace((unsigned char)e[-1]); e--)
            e[-1] = 0;
        while (isspace((unsigned char)*val))
            val++;
        for (size_t l = strlen(val); l && isspace((unsigned char)val[l - 1]); l--)
            val[l - 1] = 0;
        if (bot_set_option(o, name, item, val, err, errlen))
            return -1;
    }
    if (o->kind == BOT_MCTS && !o->iters && !o->time)
        o->time = 1.0;
    return 0;
}
