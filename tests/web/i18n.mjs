// i18n.mjs: the text table of the browser client (web/i18n.js) and the rules pages
// (web/rules.js) are complete: every text id has a non-empty English and German text with the
// same {placeholders}, every id the pages ask for exists, and every rules page has both
// languages with the same sections and expansions. tsc rejects a missing language too; this
// also catches empty texts and placeholders that differ between the languages.
//
// usage: node i18n.mjs WEB_DIR
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const webDir = process.argv[2];
if (!webDir) {
    console.error('usage: node i18n.mjs WEB_DIR');
    process.exit(2);
}
const { TEXTS, LANGS } = await import(pathToFileURL(join(webDir, 'i18n.js')).href);
const { RULES } = await import(pathToFileURL(join(webDir, 'rules.js')).href);
let failures = 0, checked = 0;
const fail = (what) => {
    failures++;
    console.error(`FAIL: ${what}`);
};
const params = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');

for (const [id, entry] of Object.entries(TEXTS)) {
    checked++;
    for (const l of LANGS)
        if (typeof entry[l] !== 'string' || entry[l].trim() === '')
            fail(`text "${id}" has no ${l} text`);
    const extra = Object.keys(entry).filter((k) => !LANGS.includes(k));
    if (extra.length)
        fail(`text "${id}" has unknown languages ${extra}`);
    if (LANGS.every((l) => typeof entry[l] === 'string')) {
        const ps = LANGS.map((l) => params(entry[l]));
        if (new Set(ps).size > 1)
            fail(`text "${id}": placeholders differ between languages (${ps.join(' / ')})`);
    }
}

// Every t('id') of the pages names a text (tsc checks the same through TextId).
for (const f of readdirSync(webDir).filter((n) => n.endsWith('.js'))) {
    const src = readFileSync(join(webDir, f), 'utf8');
    for (const m of src.matchAll(/\bt\('(\w+)'/g))
        if (!(m[1] in TEXTS))
            fail(`${f} asks for text "${m[1]}", which the table lacks`);
}

const SECTIONS = ['title', 'goal', 'turn', 'scoring', 'end'];
for (const [game, r] of Object.entries(RULES)) {
    for (const l of LANGS) {
        checked++;
        const page = r[l];
        if (!page) {
            fail(`rules of ${game} have no ${l} page`);
            continue;
        }
        for (const s of SECTIONS) {
            const v = page[s];
            if (!(typeof v === 'string' ? v.trim() : Array.isArray(v) && v.length && v.every((p) => p.trim())))
                fail(`rules of ${game} (${l}): section ${s} is missing or empty`);
        }
    }
    const mods = LANGS.map((l) => Object.keys(r[l]?.modules ?? {}).sort().join(','));
    if (new Set(mods).size > 1)
        fail(`rules of ${game}: expansions differ between languages (${mods.join(' / ')})`);
}
for (const g of ['carcassonne', 'targi', 'tafelrunde2'])
    if (!RULES[g])
        fail(`no rules page for ${g}`);
if (!['inns_cathedrals', 'tatan'].every((m) => RULES.carcassonne?.en?.modules?.[m]))
    fail('the Carcassonne rules lack Inns & Cathedrals or Tatan');

// The end screen names the tie-break when equal scores got different returns (verdict.js).
const { tieBreak } = await import(pathToFileURL(join(webDir, 'verdict.js')).href);
for (const [game, scores, returns, want] of [
    ['targi', [12, 12], [1, 0], 'tieBreakTargi'], ['targi', [13, 12], [1, 0], null],
    ['tafelrunde2(players=3)', [5, 5, 2], [0, 1, 0], 'tieBreakTr2'],
    ['tafelrunde2(players=2)', [5, 5], [0.5, 0.5], null],
    ['carcassonne(players=2)', [40, 40], [0.5, 0.5], null]]) {
    checked++;
    const got = tieBreak(game, scores, returns);
    if (got !== want || (got && !TEXTS[got]))
        fail(`tie-break of ${game} ${JSON.stringify(scores)} ${JSON.stringify(returns)}: ${got}, want ${want}`);
}

console.log(failures ? `${failures} failed` : `all passed (${checked} texts and rules pages)`);
process.exit(failures ? 1 : 0);
