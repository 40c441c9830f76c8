// ui.mjs: the browser client's languages, rules pages, keyboard play and layouts, in headless
// chromium (Debian's, driven by playwright-core) against tafel serve on a free loopback port
// with a fresh database:
// - the language follows the browser (German for a de-DE browser), the header switch changes
//   it and is remembered; no English text of the page's own is left in German pages;
// - the rules pages open from the lobby and from the match page, in the chosen language, and
//   show Carcassonne's Tatan and Inns & Cathedrals only when the match has them on;
// - keyboard only: part of a Carcassonne game (arrows, R, Enter, Tab to a follower spot or "No
//   follower"), a whole Die Tafelrunde 2 game (Tab, Enter, a choice, Escape; checked against
//   the record) and 25 moves of Targi; the focus is visible;
// - the Carcassonne tile table is fetched again after a pause when it fails, and the board
//   then appears by itself;
// - at 390x844 nothing is wider than the screen, the Carcassonne board fills its panel and its
//   tiles are drawn at a readable size; one colour per player in seats, log, scores and boards;
//   a draw is shown once in the log.
// Screenshots of every game mid-game at 1280x720 and 390x844 (Targi in German) go to OUT_DIR.
//
// usage: node ui.mjs TAFEL_BIN WEB_DIR OUT_DIR
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [bin, webDir, outDir] = process.argv.slice(2);
if (!bin || !webDir || !outDir) {
    console.error('usage: node ui.mjs TAFEL_BIN WEB_DIR OUT_DIR');
    process.exit(2);
}
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const STEP = 20000;            // one move's round trip, bots included
const DESK = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };
// The Okabe-Ito colours the palette must come from (style.css --p0..--p5).
const OKABE_ITO = ['rgb(0, 114, 178)', 'rgb(213, 94, 0)', 'rgb(0, 158, 115)',
    'rgb(204, 121, 167)', 'rgb(230, 159, 0)', 'rgb(86, 180, 233)'];

mkdirSync(outDir, { recursive: true });
const tmp = mkdtempSync(join(tmpdir(), 'tafel-ui-'));
let failures = 0;
const log = (...a) => console.log(...a);
function check(ok, what) {
    if (ok) {
        log(`ok: ${what}`);
    } else {
        failures++;
        console.error(`FAIL: ${what}`);
    }
}

function startServer() {
    const srv = spawn(bin, ['serve', '--port', '0', '--bind', '127.0.0.1', '--db', join(tmp, 'tafel.db'),
        '--web', webDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    return new Promise((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error('tafel serve did not start')), 10000);
        srv.stdout.on('data', (d) => {
            out += d;
            const m = /serving on (http:\/\/\S+?)\/?\n/.exec(out);
            if (m) {
                clearTimeout(timer);
                resolve({ srv, base: m[1] });
            }
        });
        srv.on('exit', (code) => reject(new Error(`tafel serve exited with ${code}`)));
    });
}

function rng(seed) {
    let s = seed >>> 0;
    return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** A match created through the HTTP API (the lobby itself is tested in e2e.mjs); the human
 * seat 0's page URL. */
async function createMatch(base, game, seats, seed = undefined) {
    const res = await fetch(`${base}/api/matches`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(seed === undefined ? { game, seats } : { game, seats, seed }),
    });
    const m = await res.json();
    if (!res.ok)
        throw new Error(`create ${game}: ${m.error}`);
    return { id: m.id, url: `${base}/match/${m.id}#token=${m.seats[0].token}` };
}

async function record(base, id) {
    const res = await fetch(`${base}/api/matches/${id}/record`);
    return res.ok ? res.json() : null;
}

/** The element that has the keyboard focus: a short description for checks. */
const focusInfo = (page) => page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body)
        return { tag: 'body', cls: '', id: '', inBoard: false, visible: false };
    return {
        tag: a.tagName.toLowerCase(), cls: a.getAttribute('class') ?? '', id: a.id,
        inBoard: !!a.closest('#board'), visible: a.matches(':focus-visible'),
    };
});

const logCount = (page) => page.locator('#log > li').count();
async function waitLogAbove(page, n) {
    await page.waitForFunction((b) => document.querySelectorAll('#log > li').length > b ||
        !document.querySelector('#end')?.hidden, n, { timeout: STEP });
}

/** Wait until it is this page's turn ('move') or the match ended ('end'). */
async function myTurn(page, readyTest) {
    try {
        await page.waitForFunction((sel) => !document.querySelector('#end')?.hidden ||
            (document.querySelector('#turn.mine') !== null && document.querySelector(sel) !== null),
        readyTest, { timeout: STEP });
    } catch {
        return 'wait';
    }
    return page.evaluate(() => (document.querySelector('#end')?.hidden ? 'move' : 'end'));
}

/** Press Tab (at most `limit` times) until the focused element passes test. */
async function tabTo(page, test, limit = 300) {
    for (let i = 0; i < limit; i++) {
        if (test(await focusInfo(page)))
            return true;
        await page.keyboard.press('Tab');
    }
    return test(await focusInfo(page));
}

// ---- languages and rules ----

async function languages(browser, base) {
    const ctx = await browser.newContext({ viewport: DESK, locale: 'de-DE' });
    const page = await ctx.newPage();
    await page.goto(base + '/');
    await page.waitForSelector('#create');
    check(await page.locator('#create').textContent() === 'Partie anlegen',
        'a German browser gets the lobby in German');
    check(await page.evaluate(() => document.documentElement.lang) === 'de', 'the page says lang="de"');
    // Rules from the lobby, as the form stands: Carcassonne with Tatan off.
    await page.selectOption('#game', 'carcassonne');
    if (await page.locator('#param-tatan').count())
        await page.selectOption('#param-tatan', 'off');
    await page.waitForSelector('#matches h2');
    await page.screenshot({ path: join(outDir, 'ui-lobby-desk-de.png') });
    // At 1280 px the lists of matches fill the right half beside the form, on the first screen.
    const lay = await page.evaluate(() => {
        const r = (/** @type {string} */ q) => document.querySelector(q)?.getBoundingClientRect();
        const form = r('#lobby-make'), list = r('#matches');
        return form && list ? { formRight: form.right, listLeft: list.left, listTop: list.top } : null;
    });
    check(lay && lay.listLeft >= lay.formRight && lay.listTop < 200,
        `the lobby shows the open and running matches beside the new-match form ${JSON.stringify(lay)}`);
    await page.click('#lobby-rules');
    await page.waitForSelector('dialog#rules[open]');
    await page.screenshot({ path: join(outDir, 'ui-rules-desk-de.png') });
    const text = await page.locator('#rules').textContent();
    check(text.includes('Regeln: Carcassonne') && text.includes('Wertung'),
        'the lobby opens the Carcassonne rules in German');
    check(await page.locator('#rules [data-module="inns_cathedrals"]').count() === 1 &&
        await page.locator('#rules [data-module="tatan"]').count() === 0,
    'with Tatan off the rules show Inns & Cathedrals and not Tatan');
    check((await focusInfo(page)).id === 'rules-close', 'the rules dialog takes the keyboard focus');
    await page.keyboard.press('Escape');
    // The dialog closes on its 'close' event, a task after the key: wait for it, bounded.
    check(await page.waitForSelector('dialog#rules', { state: 'detached', timeout: 5000 })
        .then(() => true, () => false), 'Escape closes the rules');
    // Switch to English: kept in localStorage, so a new page is English too.
    await page.selectOption('#lang', 'en');
    await page.waitForFunction(() => document.querySelector('#create')?.textContent === 'Create match',
        null, { timeout: STEP });
    const page2 = await ctx.newPage();
    await page2.goto(base + '/');
    await page2.waitForSelector('#create');
    check(await page2.locator('#create').textContent() === 'Create match',
        'the language switch is remembered (a new page of a German browser is English)');
    await ctx.close();
}

/** German pages must not show the page's own English words (server texts are exempt: the
 * notation, the events, the registry's help). */
async function noEnglish(page, where) {
    const text = await page.evaluate(() => {
        const skip = document.querySelectorAll('#log, .help, .mono, .b-act, .b-choice, .tg-effect, .tg-sq.border, title');
        skip.forEach((e) => e.setAttribute('data-skip', ''));
        const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        const out = [];
        for (let n = walk.nextNode(); n; n = walk.nextNode())
            if (!n.parentElement?.closest('[data-skip], script, style, noscript'))
                out.push(n.textContent);
        return out.join(' ');
    });
    const english = ['Your turn', 'player ', 'to move', 'Moves so far', 'Players', 'Resign', 'Rules',
        'Round ', 'goods deck', 'Hand card', 'points', 'Raid ', 'Tiles left', 'Tile in hand', 'score'];
    const found = english.filter((w) => text.includes(w));
    check(found.length === 0, `${where}: no English page texts in German (${found.join(', ') || 'none'})`);
}

// ---- keyboard play ----

/** Part of a Carcassonne game by keyboard only: arrows choose a square, R rotates, Enter
 * places; the focus then sits on a follower spot (Enter) or Tab reaches "No follower". */
async function carcassonneKeyboard(browser, base) {
    const ctx = await browser.newContext({ viewport: DESK, locale: 'en-GB' });
    const page = await ctx.newPage();
    const { url } = await createMatch(base, 'carcassonne(players=2)', ['human', 'random']);
    await page.goto(url);
    await page.waitForSelector('#carc-players');
    check(await page.locator('#key-help').count() === 1, 'carcassonne: the page has a key help');
    // The match page's rules, by keyboard: this match has Tatan and Inns & Cathedrals on.
    check(await tabTo(page, (f) => f.id === 'rules-open'), 'carcassonne: Tab reaches the rules button');
    await page.keyboard.press('Enter');
    await page.waitForSelector('dialog#rules[open]', { timeout: STEP });
    check(await page.locator('#rules [data-module="tatan"]').count() === 1 &&
        await page.locator('#rules [data-module="inns_cathedrals"]').count() === 1,
    'carcassonne: the match page\'s rules show Tatan and Inns & Cathedrals, which the match has on');
    await page.keyboard.press('Escape');
    check(await tabTo(page, (f) => f.id === 'carc-svg'), 'carcassonne: Tab reaches the board');
    const rnd = rng(3);
    const stats = { placed: 0, rotated: 0, follower: 0, skip: 0, other: 0 };
    let visible = 0;
    for (let turn = 0; turn < 40 && stats.placed < 12; turn++) {
        const st = await myTurn(page, '.carc-square.legal, .carc-preview, .carc-spot, #carc-skip, .carc-pick, .carc-choice');
        if (st !== 'move')
            break;
        const before = await logCount(page);
        if (await page.locator('.carc-square.legal, .carc-preview').count()) {
            if (!(await focusInfo(page)).id.startsWith('carc-svg'))
                await tabTo(page, (f) => f.id === 'carc-svg');
            const keys = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];
            for (let i = 1 + Math.floor(rnd() * 3); i > 0; i--)
                await page.keyboard.press(keys[Math.floor(rnd() * 4)]);
            const chosen = await page.locator('.carc-preview').count() === 1;
            check(chosen, `carcassonne: the arrow keys choose a legal square${chosen ? ''
                : ` (focus ${JSON.stringify(await focusInfo(page))}, ${await page.locator('.carc-square.legal').count()} squares)`}`);
            if (await page.locator('#carc-rotate').count()) {
                const r = await page.locator('.carc-preview').getAttribute('data-r');
                await page.keyboard.press('r');
                if (await page.locator('.carc-preview').getAttribute('data-r') !== r)
                    stats.rotated++;
            }
            await page.keyboard.press('Enter');
            stats.placed++;
        } else if (await page.locator('.carc-spot').count() && (rnd() < 0.6 || !await page.locator('#carc-skip').count())) {
            const f = await focusInfo(page);
            check(f.cls.includes('carc-spot'), `carcassonne: after placing, the focus is on a follower spot (${f.cls || f.tag})`);
            visible += Number(f.visible);
            await page.keyboard.press('Enter');
            stats.follower++;
        } else if (await page.locator('#carc-skip').count()) {
            check(await tabTo(page, (f) => f.id === 'carc-skip', 40), 'carcassonne: Tab reaches "No follower"');
            await page.keyboard.press('Enter');
            stats.skip++;
        } else {
            check(await tabTo(page, (f) => /carc-(pick|choice)/.test(f.cls), 60),
                'carcassonne: Tab reaches a Tatan or end-phase choice');
            await page.keyboard.press('Enter');
            stats.other++;
        }
        await waitLogAbove(page, before);
        if (stats.placed === 6 && turn < 40)
            await page.screenshot({ path: join(outDir, 'ui-carcassonne-desk.png') });
    }
    log(`carcassonne by keyboard: ${JSON.stringify(stats)}`);
    check(stats.placed >= 10 && stats.rotated > 0 && stats.follower > 0 && stats.skip > 0,
        'carcassonne: tiles placed and rotated, followers put and skipped by keyboard only');
    check(visible > 0, 'carcassonne: the focused follower spot shows its focus');
    // The log shows each draw once: its event, not also its notation.
    const texts = await page.locator('#log > li').allTextContents();
    const draws = texts.filter((x) => / draws /.test(x)).length;
    check(draws > 5 && texts.every((x) => !/(^|\s)draw [A-Za-z]/.test(x)),
        `carcassonne: the log shows each draw once (${draws} draws)`);
    await ctx.close();
}

/** A game by keyboard only (Die Tafelrunde 2 to the end, Targi for `limit` moves): Tab to a
 * card, chest, square or button of the board, Enter; a choice that opens is answered with Tab
 * and Enter (once closed with Escape). */
async function boardKeyboard(browser, base, game, limit) {
    const ctx = await browser.newContext({ viewport: DESK, locale: 'en-GB' });
    const page = await ctx.newPage();
    // Seeded, so that the same moves are tried every run.
    const { id, url } = await createMatch(base, game, ['human', 'random'], 11);
    const name = game.replace(/\(.*$/, '');
    await page.goto(url);
    await page.waitForSelector('#seats li strong');
    const rnd = rng(11);
    let moves = 0, menus = 0, escaped = false, state = 'move', visible = 0, tries = 0;
    // A limited game goes on past `limit` until a choice has been escaped once and answered once.
    for (let step = 0; step < 400 && (moves < limit || (limit < Infinity && menus < 2)); step++) {
        state = await myTurn(page, '#board .b-click');
        if (state !== 'move')
            break;
        const before = await logCount(page);
        // Tab through the board's choices, stopping at a random one.
        const n = await page.locator('#board .b-click').count();
        let stops = Math.floor(rnd() * n);
        const ok = await tabTo(page, (f) => f.inBoard && /\bb-click\b/.test(f.cls) && stops-- <= 0, 200);
        check(ok || step > 0, `${name}: Tab reaches the board's moves`);
        if (!ok)
            throw new Error('Tab did not reach a move of the board');
        visible += Number((await focusInfo(page)).visible);
        tries++;
        await page.keyboard.press('Enter');
        if (await page.locator('#board-menu:not([hidden]) .b-choice').count()) {
            menus++;
            if (!escaped) {
                escaped = true;
                await page.keyboard.press('Escape');
                check(await page.waitForSelector('#board-menu[hidden]', { state: 'attached', timeout: 5000 })
                    .then(() => true, () => false), `${name}: Escape closes a choice`);
                continue;
            }
            const f = await focusInfo(page);
            check(menus > 2 || f.cls.includes('b-choice'), `${name}: an open choice takes the focus`);
            for (let i = Math.floor(rnd() * await page.locator('#board-menu .b-choice').count()); i > 0; i--)
                await page.keyboard.press('Tab');
            if (!(await focusInfo(page)).cls.includes('b-choice'))
                await tabTo(page, (x) => x.cls.includes('b-choice'), 20);
            await page.keyboard.press('Enter');
        }
        await waitLogAbove(page, before);
        moves++;
    }
    check(visible === tries, `${name}: every move Tab reached was visibly focused (${visible}/${tries})`);
    if (limit < Infinity) {
        check(moves >= limit && menus >= 2, `${name}: ${moves} moves by keyboard only, ${menus} choices opened`);
        await ctx.close();
        return;
    }
    check(state === 'end', `${name}: a whole game played by keyboard only (${moves} moves, ${menus} choices)`);
    const shown = (await page.locator('#scores td.score').allTextContents()).map(Number);
    const rec = await record(base, id);
    check(rec && JSON.stringify(rec.result.scores) === JSON.stringify(shown),
        `tafelrunde2: end scores ${JSON.stringify(shown)} equal the record's ${JSON.stringify(rec?.result?.scores)}`);
    // One colour per player: seats, log, end scores.
    const colours = await page.evaluate(() => [0, 1].map((p) => ({
        seat: getComputedStyle(document.querySelector(`#seats li.p${p}`)).borderLeftColor,
        log: getComputedStyle(document.querySelector(`#log li.p${p}`)).borderLeftColor,
        score: getComputedStyle(document.querySelector(`#scores tr.p${p} td`)).borderLeftColor,
        board: getComputedStyle(document.querySelector(`.tr2-table tr.p${p} th`)).borderLeftColor,
    })));
    check(colours.every((c, p) => c.seat === OKABE_ITO[p] && c.log === c.seat && c.score === c.seat && c.board === c.seat),
        `tafelrunde2: each player has one Okabe-Ito colour in seats, log, scores and board ${JSON.stringify(colours)}`);
    await ctx.close();
}

// ---- layouts and screenshots ----

/** Play a few moves as seat 0 by clicking the board (any game), for a mid-game picture. */
async function advance(page, game, moves) {
    for (let i = 0; i < moves; i++) {
        const st = await myTurn(page, '#board .b-click, .carc-square.legal, .carc-spot, #carc-skip, .carc-choice');
        if (st !== 'move')
            return;
        const before = await logCount(page);
        if (game === 'carcassonne') {
            if (await page.locator('.carc-square.legal').count()) {
                await page.locator('#carc-svg').focus();
                await page.keyboard.press('ArrowRight');
                await page.keyboard.press('Enter');
            } else if (await page.locator('#carc-skip').count()) {
                await page.click('#carc-skip');
            } else {
                await page.locator('.carc-choice').first().click();
            }
        } else {
            await page.locator('#board .b-click').first().click();
            const c = page.locator('#board-menu:not([hidden]) .b-choice');
            if (await c.count())
                await c.first().click();
        }
        await waitLogAbove(page, before);
    }
}

async function layouts(browser, base) {
    const games = [['carcassonne', 'carcassonne(players=2)', 'en-GB', 30],
        ['targi', 'targi', 'de-DE', 25], ['tafelrunde2', 'tafelrunde2(players=3)', 'en-GB', 8]];
    for (const [name, game, locale, moves] of games) {
        const { url } = await createMatch(base, game, name === 'tafelrunde2'
            ? ['human', 'random', 'random'] : ['human', 'random']);
        for (const [size, vp] of [['desk', DESK], ['phone', PHONE]]) {
            const ctx = await browser.newContext({ viewport: vp, locale, hasTouch: size === 'phone' });
            const page = await ctx.newPage();
            await page.goto(url);
            await page.waitForSelector('#seats li strong');
            if (size === 'desk')
                await advance(page, name, moves);
            await myTurn(page, '#board .b-click, .carc-square.legal, .carc-spot, #carc-skip, .carc-choice');
            await page.waitForTimeout(300);
            await page.screenshot({ path: join(outDir, `ui-${name}-${size}${locale === 'de-DE' ? '-de' : ''}.png`) });
            await page.screenshot({ path: join(outDir, `ui-${name}-${size}-full${locale === 'de-DE' ? '-de' : ''}.png`), fullPage: true });
            const wide = await page.evaluate(() => document.documentElement.scrollWidth);
            check(wide <= vp.width + 1, `${name} at ${vp.width}x${vp.height}: nothing wider than the screen (${wide}px)`);
            if (locale === 'de-DE')
                await noEnglish(page, `${name} (${size})`);
            if (name === 'carcassonne') {
                const fill = await page.evaluate(() => {
                    const svg = document.querySelector('#carc-svg').getBoundingClientRect();
                    const panel = document.querySelector('#board').getBoundingClientRect();
                    const tile = document.querySelector('.carc-placed')?.getBoundingClientRect();
                    return { svg: svg.width, panel: panel.width, tile: tile?.width ?? 0, height: svg.height };
                });
                check(fill.svg >= (size === 'phone' ? 0.9 : 0.6) * fill.panel && fill.height >= 280,
                    `carcassonne at ${vp.width}: the board fills its panel (${Math.round(fill.svg)} of ${Math.round(fill.panel)} px, ${Math.round(fill.height)} high)`);
                check(fill.tile >= 55, `carcassonne at ${vp.width}: tiles drawn at a readable size (${Math.round(fill.tile)} px)`);
                // The zoom and Recent buttons must cover no tile: none of them overlaps the board.
                const over = await page.evaluate(() => {
                    const b = document.querySelector('#carc-svg').getBoundingClientRect();
                    return [...document.querySelectorAll('.carc-zoom')].filter((z) => {
                        const r = z.getBoundingClientRect();
                        return r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
                    }).map((z) => z.textContent);
                });
                check(over.length === 0, `carcassonne at ${vp.width}: no zoom button over the board ${JSON.stringify(over)}`);
                const pal = await page.evaluate(() => [0, 1].map((p) => ({
                    seat: getComputedStyle(document.querySelector(`#seats li.p${p}`)).borderLeftColor,
                    meeple: getComputedStyle(document.querySelector(`.carc-dot.p${p}`)).backgroundColor,
                })));
                check(pal.every((c, p) => c.seat === OKABE_ITO[p] && c.meeple === c.seat),
                    `carcassonne: each player's colour is the same in seats and on the board ${JSON.stringify(pal)}`);
            }
            if (name === 'tafelrunde2') {
                // Gem colours (cards, chests) must not be mistaken for players' colours.
                const gems = await page.evaluate(() => Object.fromEntries(['red', 'blue', 'yellow'].map((c) => {
                    const e = document.querySelector(`.tr2-bar.c-${c}, .tr2-chest.c-${c}`) ??
                        document.body.appendChild(Object.assign(document.createElement('span'), { className: `tr2-chest c-${c}` }));
                    return [c, getComputedStyle(e).backgroundColor];
                })));
                const rgb = (/** @type {string} */ c) => c.match(/\d+/g).slice(0, 3).map(Number);
                const dist = (a, b) => Math.hypot(...rgb(a).map((v, i) => v - rgb(b)[i]));
                const near = Object.entries(gems).flatMap(([g, c]) => OKABE_ITO.flatMap((p, i) =>
                    dist(c, p) < 80 ? [`${g} gem ~ player ${i}`] : []));
                check(near.length === 0, `tafelrunde2 at ${vp.width}: gem colours unlike every player colour ${JSON.stringify(gems)} ${near.join(', ')}`);
            }
            await ctx.close();
        }
    }
}

/** The bots' moves shown as they happen: a bot's moves that arrive together appear in the log
 * one by one, about 400 ms apart, and "Show all moves now" shows the rest at once. Arrival
 * times of the socket's action messages and of the log's entries are taken in the page. */
async function botPace(browser, base) {
    const ctx = await browser.newContext({ viewport: DESK, locale: 'en-GB' });
    const page = await ctx.newPage();
    await page.addInitScript(() => {
        const w = /** @type {any} */ (window);
        w.__frames = [];
        w.__lis = [];
        const WS = window.WebSocket;
        window.WebSocket = class extends WS {
            constructor(...a) {
                super(...a);
                this.addEventListener('message', (e) => {
                    const m = JSON.parse(e.data);
                    if (m.type === 'action')
                        w.__frames.push({ t: performance.now(), player: m.entry.player, index: m.entry.index });
                });
            }
        };
        new MutationObserver((ms) => {
            for (const m of ms)
                for (const n of m.addedNodes)
                    if (n instanceof HTMLLIElement && n.parentElement?.id === 'log')
                        w.__lis.push({ t: performance.now(), index: Number(n.dataset.index) });
        }).observe(document, { subtree: true, childList: true });
    });
    const { url } = await createMatch(base, 'carcassonne(players=2)', ['human', 'random']);
    await page.goto(url);
    await page.waitForSelector('#carc-players');
    // Pairs of the bot's moves whose messages came within 100 ms of each other: the log must
    // show the second 300-800 ms after the first. How many such pairs a number of turns gives
    // depends on the bot's draws and on the machine's load, so play on until there are three
    // (at most 40 of our moves).
    /** @type {number[]} */
    let pairs = [];
    for (let round = 0; round < 20 && pairs.length < 3; round++) {
        await advance(page, 'carcassonne', 2);
        await page.waitForTimeout(1000); // the paced moves still queued reach the log
        const { frames, lis } = await page.evaluate(() => ({
            frames: /** @type {any} */ (window).__frames, lis: /** @type {any} */ (window).__lis,
        }));
        const shown = new Map(lis.map((/** @type {any} */ l) => [l.index, l.t]));
        pairs = [];
        for (let i = 1; i < frames.length; i++) {
            const a = frames[i - 1], b = frames[i];
            if (a.player === 1 && b.t - a.t < 100 && shown.has(a.index) && shown.has(b.index))
                pairs.push(Math.round(shown.get(b.index) - shown.get(a.index)));
        }
    }
    check(pairs.length >= 3 && pairs.every((d) => d >= 300 && d <= 800),
        `carcassonne: a bot's moves that arrive together are shown one by one, 300-800 ms apart (${JSON.stringify(pairs)} ms)`);
    // Skipping: while moves wait, the button shows them all at once.
    let skipped = false;
    for (let turn = 0; turn < 10 && !skipped; turn++) {
        if (await myTurn(page, '.carc-square.legal, .carc-spot, #carc-skip, .carc-choice') !== 'move')
            break;
        const before = await logCount(page);
        const n0 = await page.evaluate(() => /** @type {any} */ (window).__frames.length);
        await advance(page, 'carcassonne', 1);
        try {
            await page.waitForSelector('#skip-moves:not([hidden])', { timeout: 1500 });
        } catch {
            continue;
        }
        // Wait for the bot's whole answer, then skip: the log holds every move at once.
        await page.waitForFunction((n) => /** @type {any} */ (window).__frames.length >= n + 3, n0, { timeout: STEP });
        await page.click('#skip-moves');
        const gap = await page.evaluate(() => {
            const w = /** @type {any} */ (window);
            const have = new Set([...document.querySelectorAll('#log > li')].map((li) => Number(li.dataset.index)));
            return w.__frames.filter((f) => !have.has(f.index)).length;
        });
        check(gap === 0 && await page.locator('#skip-moves').isHidden() && await logCount(page) > before,
            `carcassonne: "Show all moves now" shows every waiting move at once (${gap} left)`);
        skipped = true;
    }
    check(skipped, 'carcassonne: the skip button appeared while a bot\'s moves waited');
    await ctx.close();
}

/** The tile table's fetch fails twice: the board still appears by itself, the page asking
 * again after a pause, not at every redraw. */
async function tileTableRetry(browser, base) {
    const ctx = await browser.newContext({ viewport: DESK });
    let asked = 0;
    await ctx.route('**/api/games/carcassonne/assets', (route) => ++asked <= 2
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error": "test"}' })
        : route.continue());
    // two humans: after the join no message comes that would redraw the board
    const { url } = await createMatch(base, 'carcassonne(players=2)', ['human', 'human']);
    const page = await ctx.newPage();
    await page.goto(url);
    let shown = true;
    try {
        await page.waitForSelector('.carc-placed', { timeout: 10000 }); // the start tile
    } catch {
        shown = false;
    }
    check(shown && asked === 3,
        `carcassonne: after two failed fetches of the tile table the board appears by itself (${asked} fetches)`);
    await ctx.close();
}

let server = null, browser = null;
const deadline = setTimeout(() => {
    console.error('FAIL: the browser test ran out of time');
    server?.srv.kill('SIGKILL');
    process.exit(1);
}, 270000);
try {
    server = await startServer();
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
    log(`server ${server.base}`);
    const only = process.env.TAFEL_UI_ONLY;
    const parts = {
        languages, carcassonneKeyboard, layouts, botPace, tileTableRetry,
        tafelrunde2Keyboard: (b, u) => boardKeyboard(b, u, 'tafelrunde2(players=2)', Infinity),
        targiKeyboard: (b, u) => boardKeyboard(b, u, 'targi', 25),
    };
    for (const [name, f] of Object.entries(parts))
        if (!only || only === name)
            await f(browser, server.base);
} catch (e) {
    failures++;
    console.error('FAIL:', e);
} finally {
    await browser?.close();
    if (server) {
        server.srv.kill('SIGTERM');
        await new Promise((r) => server.srv.once('exit', r));
    }
    rmSync(tmp, { recursive: true, force: true });
    clearTimeout(deadline);
}
console.log(failures ? `${failures} failed` : 'all passed');
process.exit(failures ? 1 : 0);
