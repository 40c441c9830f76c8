/* arena_sprt.c: the sequential probability ratio test on game pairs (docs/arena.md). A deal is
 * played twice with the seats swapped, and the two games are correlated (a deal that favours a
 * seat gives one win each), so the unit of observation is the pair: bot 0 scores 0, 1/2, 1, 3/2
 * or 2 points in it (the pentanomial model of chess engine testing). Each hypothesis is the
 * maximum likelihood distribution over those five outcomes whose mean is the score its Elo
 * predicts; the LLR is the log ratio of the two likelihoods of the observed counts. */
#include <math.h>

#include "match/arena.h"

/* Pair score as a fraction of the pair's 2 points. */
static const double sprt_a[5] = {0, 0.25, 0.5, 0.75, 1};

static double sprt_score(double elo)
{
    return 1 / (1 + pow(10, -elo / 400));
}

/* log of the likelihood ratio against the observed frequencies, per observation summed: the
 * constrained maximum is p_i = f_i / (1 + lambda (a_i - s)), lambda the root (by bisection; the
 * sum below falls strictly in lambda) that makes the mean s. Returns sum n_i log(p_i / f_i). */
static double sprt_loglik(const double counts[5], double s)
{
    double total = 0, amin = 2, amax = -1;
    for (int i = 0; i < 5; i++)
        if (counts[i] > 0) {
            total += counts[i];
            amin = fmin(amin, sprt_a[i]);
            amax = fmax(amax, sprt_a[i]);
        }
    if (!(total > 0) || !(s > amin && s < amax))
        return NAN;
    double lo = -1 / (amax - s), hi = 1 / (s - amin);
    for (int it = 0; it < 200; it++) {
        double mid = (lo + hi) / 2, g = 0;
        for (int i = 0; i < 5; i++)
            if (counts[i] > 0)
                g += counts[i] * (sprt_a[i] - s) / (1 + mid * (sprt_a[i] - s));
        if (g > 0)
            lo = mid;
        else
            hi = mid;
    }
    double lambda = (lo + hi) / 2, ll = 0;
    for (int i = 0; i < 5; i++)
        if (counts[i] > 0)
            ll -= counts[i] * log1p(lambda * (sprt_a[i] - s));
    return ll;
}

double arena_sprt_llr(const double counts[5], double elo0, double elo1)
{
    return sprt_loglik(counts, sprt_score(elo1)) - sprt_loglik(counts, sprt_score(elo0));
}

void arena_sprt_bounds(double alpha, double beta, double *lo, double *hi)
{
    *lo = log(beta / (1 - alpha));
    *hi = log((1 - beta) / alpha);
}

double arena_sprt_llr_smoothed(const long counts[5], double elo0, double elo1)
{
    double c[5];
    for (int i = 0; i < 5; i++)
        c[i] = counts[i] > 0 ? (double)counts[i] : 1e-3;
    return arena_sprt_llr(c, elo0, elo1);
}
