// verdict.js: what the end screen says beyond the scores: whether a tie on points was decided
// by the game's tie-break (the engine's returns differ where the scores are equal), and which
// tie-break that is, as a text id of i18n.js. Pure, so tests/web/i18n.mjs checks it in node.

/** The tie-break of each game, as its spec names it (a game without one shares the win). */
const TIE_BREAKS = /** @type {Record<string, string>} */ ({
    targi: 'tieBreakTargi',
    tafelrunde2: 'tieBreakTr2',
});

/**
 * The text id naming the tie-break that decided the winner, or null when none did (a clear
 * winner on points, or tied players sharing the win).
 * @param {string} game  the game string ("targi", "carcassonne(players=2)", ...)
 * @param {number[]} scores @param {number[]} returns
 * @returns {string | null}
 */
export function tieBreak(game, scores, returns) {
    const top = Math.max(...scores);
    const tied = scores.flatMap((s, p) => (s === top ? [p] : []));
    if (tied.length < 2 || tied.every((p) => returns[p] === returns[tied[0]]))
        return null;
    return TIE_BREAKS[game.replace(/\(.*$/, '')] ?? 'tieBreakOther';
}
