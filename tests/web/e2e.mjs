// e2e.mjs: the browser client end to end in headless chromium (Debian's, driven by
// playwright-core): for each game a match against a random bot created through the lobby and
// played to the end by clicking legal moves only, its end screen checked against the record;
// two humans and a spectator in three browser contexts, each page showing its own hand and
// never another's; a reload in the middle keeping the seat. Screenshots go to OUT_DIR.
//
// usage: node e2e.mjs TAFEL_BIN WEB_DIR OUT_DIR
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [bin, webDir, outDir] = process.argv.slice(2);
if (!bin || !webDir || !outDir) {
    console.error('usage: node e2e.mjs TAFEL_BIN WEB_DIR OUT_DIR');
    process.exit(2);
}
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const STEP_TIMEOUT = 20000;     // one move's round trip, bots included
const MAX_STEPS = 3000;         // far more clicks than any of our games needs

mkdirSync(outDir, { recursive: true });
const tmp = mkdtempSync(join(tmpdir(), 'tafel-web-'));
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

/** Start tafel serve on a free port with a fresh database; resolves with its base URL. */
function startServer() {
    const srv = spawn(bin, ['serve', '--port', '0', '--db', join(tmp, 'tafel.db'), '--web', webDir],
        { stdio: ['ignore', 'pipe', 'inherit'] });
    return new Promise((resolve, reject) => {
        let out = '';
        const t = setTimeout(() => reject(new Error('tafel serve did not start')), 10000);
        srv.stdout.on('data', (d) => {
            out += d;
            const m = /serving on (http:\/\/\S+?)\/?\n/.exec(out);
            if (m) {
                clearTimeout(t);
                resolve({ srv, base: m[1] });
            }
        });
        srv.on('exit', (code) => reject(new Error(`tafel serve exited with ${code}`)));
    });
}

/** Create a match in the lobby: game name, seat specs ('human' or a custom bot spec).
 * Returns the links of the human seats ("Play as player N"), by seat. */
async function createInLobby(page, base, game, specs) {
    await page.goto(base + '/');
    await page.selectOption('#game', game);
    if (await page.locator('#players').isEnabled())
        await page.selectOption('#players', String(specs.length));
    for (let i = 0; i < specs.length; i++) {
        const row = page.locator(`.seat[data-seat="${i}"]`);
        if (specs[i] === 'human') {
            await row.locator('select.level').selectOption('human');
        } else {
            await row.locator('select.level').selectOption('custom');
            await row.locator('input.spec').fill(specs[i]);
        }
    }
    await page.click('#create');
    await page.waitForSelector('#created:not([hidden]) h2', { timeout: STEP_TIMEOUT });
    const links = {};
    for (const a of await page.locator('#created a.play').all())
        links[await a.getAttribute('data-seat')] = base + (await a.getAttribute('href'));
    const id = Number(/match\/(\d+)/.exec(Object.values(links)[0])[1]);
    return { id, links };
}

/** Wait until the page has enabled moves or has ended; 'move', 'end' or 'wait' (timeout). */
async function settle(page, timeout = STEP_TIMEOUT) {
    try {
        await page.waitForFunction(() => !document.querySelector('#end')?.hidden ||
            document.querySelector('#moves button.move:not(:disabled)') !== null, null, { timeout });
    } catch {
        return 'wait';
    }
    return await page.evaluate(() => (document.querySelector('#end')?.hidden ? 'move' : 'end'));
}

/** Click one of the legal move buttons at random and wait for the server's answer. */
async function clickMove(page, rnd) {
    const before = await page.locator('#log > li').count();
    const buttons = page.locator('#moves button.move:not(:disabled)');
    const n = await buttons.count();
    await buttons.nth(Math.floor(rnd() * n)).click();
    await page.waitForFunction((b) => document.querySelectorAll('#log > li').length > b ||
        !document.querySelector('#end')?.hidden, before, { timeout: STEP_TIMEOUT });
}

/** Games whose board offers every legal move as a click (the move list is folded away). */
const BOARD_GAMES = new Set(['tafelrunde2', 'targi']);

/** Play by clicking the board: a random click target, then a random choice if it opens one. */
async function clickBoard(page, rnd) {
    const before = await page.locator('#log > li').count();
    const targets = page.locator('#board .b-click');
    const n = await targets.count();
    if (!n)
        throw new Error('the board offers no move although the page may move');
    await targets.nth(Math.floor(rnd() * n)).click();
    const choices = page.locator('#board-menu:not([hidden]) button.b-choice');
    const m = await choices.count();
    if (m)
        await choices.nth(Math.floor(rnd() * m)).click();
    await page.waitForFunction((b) => document.querySelectorAll('#log > li').length > b ||
        !document.querySelector('#end')?.hidden, before, { timeout: STEP_TIMEOUT });
    return m > 0;
}

/** Carcassonne: one move made on the board itself: a highlighted square, maybe a rotation or
 * two (a click on the tile or the r key), then "Place"; a follower spot or "No follower"; Tatan's
 * tiles to move and the choices the board offers as buttons. The legal-move list is only the
 * fallback, counted, for anything the board does not offer. */
async function clickCarc(page, rnd, stats) {
    await page.waitForSelector('#carc-players', { timeout: STEP_TIMEOUT });
    const before = await page.locator('#log > li').count();
    const pick = async (loc) => loc.nth(Math.floor(rnd() * await loc.count())).click();
    const squares = page.locator('.carc-square.legal');
    const spots = page.locator('.carc-spot');
    const choices = page.locator('.carc-pick, .carc-choice');
    if (await squares.count()) {
        await pick(squares);
        for (let i = Math.floor(rnd() * 3); i > 0 && await page.locator('#carc-rotate').count(); i--) {
            const r = await page.locator('.carc-preview').getAttribute('data-r');
            if (rnd() < 0.5)
                await page.locator('.carc-preview').click();
            else
                await page.keyboard.press('r');
            if (await page.locator('.carc-preview').getAttribute('data-r') !== r)
                stats.rotations++;
        }
        await page.click('#carc-place');
        stats.place++;
    } else if (await spots.count() && (rnd() < 0.6 || !await page.locator('#carc-skip').count())) {
        const i = Math.floor(rnd() * await spots.count());
        const spot = await spots.nth(i).evaluate((e) => ({
            feature: e.getAttribute('data-feature'), large: e.getAttribute('data-large') === '1',
            at: (e.getAttribute('data-at') ?? '').split(' ').map(Number),
            drawn: /translate\((\S+) (\S+)\)/.exec(e.getAttribute('transform') ?? '')?.slice(1).map(Number),
            all: [...document.querySelectorAll('.carc-spot')].map((x) => x.getAttribute('data-feature')),
        }));
        const sentBefore = stats.frames.sent.length;
        const last = stats.frames.last;
        await spots.nth(i).click();
        for (let k = 0; k < 50 && stats.frames.sent.length === sentBefore; k++)
            await page.waitForTimeout(20);
        checkSpot(spot, last, stats.frames.sent.slice(sentBefore), stats);
        stats.follower++;
    } else if (await page.locator('#carc-skip').count()) {
        await page.click('#carc-skip');
        stats.skip++;
    } else if (await choices.count()) {
        await pick(choices);
        stats.other++;
    } else {
        if (await page.locator('details.moves-panel:not([open])').count())
            await page.click('details.moves-panel summary');
        await clickMove(page, rnd);
        stats.fallback++;
        return;
    }
    await page.waitForFunction((b) => document.querySelectorAll('#log > li').length > b ||
        !document.querySelector('#end')?.hidden, before, { timeout: STEP_TIMEOUT });
}

// Where follower spots point: a side's middle (N E S W) for cities and roads, a half side's
// middle (Nw Ne En Es Se Sw Ws Wn) for fields, in a tile's square of side 100.
const SIDE = { N: [50, 0], E: [100, 50], S: [50, 100], W: [0, 50] };
const HALF = { Nw: [25, 0], Ne: [75, 0], En: [100, 25], Es: [100, 75], Se: [75, 100],
    Sw: [25, 100], Ws: [0, 75], Wn: [0, 25] };

/** Check one follower click: the page sent exactly one action, the legal one named by the
 * clicked spot (large or not), and the spot was drawn on the part of the tile that name means as
 * the tile lies on the board: the border point nearest to the spot is one the name lists. A
 * lookup of the segment at the wrong rotation draws the spot elsewhere (or not at all: then the
 * spots on the board differ from the legal ones). */
function checkSpot(spot, last, sent, stats) {
    const legal = last?.legal ?? [];
    const want = legal.filter((l) => /^(L )?((?:city|road|field):\S+|cloister)$/.test(l.text))
        .map((l) => l.text.replace(/^L /, ''));
    const problems = [];
    if (JSON.stringify([...new Set(spot.all)].sort()) !== JSON.stringify([...new Set(want)].sort()))
        problems.push(`spots on the board ${JSON.stringify([...new Set(spot.all)])} != legal ${JSON.stringify([...new Set(want)])}`);
    const text = sent.length === 1 ? legal.find((l) => l.action === sent[0].action)?.text : undefined;
    if (text !== `${spot.large ? 'L ' : ''}${spot.feature}`)
        problems.push(`clicked ${spot.large ? 'L ' : ''}${spot.feature}, sent ${JSON.stringify(sent)} (${text})`);
    const m = /^(city|road|field):(\S+)$/.exec(spot.feature);
    if (m) {
        const pts = m[1] === 'field' ? HALF : SIDE;
        const named = m[1] === 'field' ? m[2].split(',') : [...m[2]];
        const d = (k) => Math.hypot(pts[k][0] - spot.at[0], pts[k][1] - spot.at[1]);
        const best = Math.min(...Object.keys(pts).map(d));
        if (!named.some((k) => pts[k] && d(k) <= best + 0.01))
            problems.push(`${spot.feature} drawn at ${spot.at} of its tile, nearest ${Object.keys(pts).filter((k) => d(k) <= best + 0.01)}`);
    }
    const p = last?.view?.placed;
    if (!p || !spot.drawn || Math.hypot(spot.drawn[0] - p.x * 100 - spot.at[0],
        spot.drawn[1] - p.y * 100 - spot.at[1]) > 40)
        problems.push(`${spot.feature} drawn at ${spot.drawn}, not near ${spot.at} of the tile at ${JSON.stringify(p)}`);
    stats.spotChecks++;
    if (problems.length)
        stats.spotProblems.push(...problems);
}

function rng(seed) {
    let s = seed >>> 0;
    return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

async function endScores(page) {
    return (await page.locator('#scores td.score').allTextContents()).map(Number);
}

async function record(base, id) {
    const res = await fetch(`${base}/api/matches/${id}/record`);
    return res.ok ? res.json() : null;
}

/** One game against a random bot, through the lobby, to the end. */
async function playAgainstBot(browser, base, game, seed) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await ctx.newPage();
    const { id, links } = await createInLobby(page, base, game, ['human', 'random']);
    await page.goto(links['0']);
    await page.waitForSelector('#seats li strong');
    check(await page.locator('#seats li[data-seat="0"] strong').count() === 1,
        `${game}: the invite link seats the page as player 0`);
    const rnd = rng(seed);
    const onBoard = BOARD_GAMES.has(game);
    if (onBoard)
        check(await page.locator('details.moves-panel').getAttribute('open') === null,
            `${game}: the list of all moves is folded away, the board offers them`);
    let steps = 0, state, menus = 0;
    while ((state = await settle(page)) === 'move' && steps < MAX_STEPS) {
        if (onBoard)
            menus += Number(await clickBoard(page, rnd));
        else
            await clickMove(page, rnd);
        if (++steps === (game === 'targi' ? 40 : 12))
            await page.screenshot({ path: join(outDir, `${game}-mid.png`), fullPage: true });
    }
    check(state === 'end', `${game}: played to the end by clicking ${onBoard ? 'the board' : 'legal moves'} (${steps} moves${onBoard ? `, ${menus} through a choice` : ''})`);
    if (onBoard)
        check(menus > 0, `${game}: some clicks offered a choice between moves`);
    await page.screenshot({ path: join(outDir, `${game}-end.png`), fullPage: true });
    const shown = await endScores(page);
    const rec = await record(base, id);
    check(rec && JSON.stringify(rec.result.scores) === JSON.stringify(shown),
        `${game}: end screen scores ${JSON.stringify(shown)} equal the record's ${JSON.stringify(rec?.result?.scores)}`);
    check(await page.locator('#record').getAttribute('href') === `/api/matches/${id}/record`,
        `${game}: the end screen links the record`);
    await ctx.close();
}

/** Carcassonne against a random bot, played to the end on the board (clickCarc), its scores
 * checked against the record's; screenshots in the middle and at the end. */
async function playCarcassonne(browser, base, game, seed) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await ctx.newPage();
    // Frames to and from the page, before its socket opens: what a follower click sent.
    const stats = { place: 0, rotations: 0, follower: 0, skip: 0, other: 0, fallback: 0,
        spotChecks: 0, spotProblems: [], frames: { last: null, sent: [] } };
    page.on('websocket', (ws) => {
        ws.on('framereceived', (f) => {
            const msg = JSON.parse(String(f.payload));
            if (msg.view)
                stats.frames.last = msg;
        });
        ws.on('framesent', (f) => {
            const msg = JSON.parse(String(f.payload));
            if (msg.type === 'act')
                stats.frames.sent.push(msg);
        });
    });
    const { id, links } = await createInLobby(page, base, game, ['human', 'random']);
    await page.goto(links['0']);
    await page.waitForSelector('#seats li strong');
    if (await page.locator('details.moves-panel').count())
        check(await page.locator('details.moves-panel').getAttribute('open') === null,
            `${game}: the list of all moves is folded away, the board offers them`);
    // The first view shows the latest tiles close up; random clicks need every legal square on
    // screen, so the whole board.
    await page.click('.carc-zoom[data-cam="fit"]', { timeout: STEP_TIMEOUT });
    const rnd = rng(seed);
    let steps = 0, state;
    while ((state = await settle(page)) === 'move' && steps < MAX_STEPS) {
        await clickCarc(page, rnd, stats);
        if (++steps === 50)
            await page.screenshot({ path: join(outDir, `${game}-mid.png`), fullPage: true });
    }
    const { frames, spotProblems, ...counts } = stats;
    void frames;
    log(`${game}: board clicks ${JSON.stringify(counts)}`);
    check(stats.spotChecks >= 5 && spotProblems.length === 0,
        `${game}: each of ${stats.spotChecks} follower clicks sent the move named by its spot, drawn where that name lies on the board tile ${JSON.stringify(spotProblems.slice(0, 3))}`);
    check(state === 'end', `${game}: played to the end on the board (${steps} moves)`);
    check(stats.place > 20 && stats.rotations > 0 && stats.follower > 0 && stats.skip > 0,
        `${game}: tiles placed, rotated, followers put and skipped by clicks on the board`);
    check(stats.fallback === 0, `${game}: no move needed the list of legal moves`);
    await page.screenshot({ path: join(outDir, `${game}-end.png`), fullPage: true });
    const shown = await endScores(page);
    const board = (await page.locator('#carc-players td.score').allTextContents()).map(Number);
    check(JSON.stringify(board) === JSON.stringify(shown),
        `${game}: the board's scores ${JSON.stringify(board)} equal the end screen's`);
    const rec = await record(base, id);
    check(rec && JSON.stringify(rec.result.scores) === JSON.stringify(shown),
        `${game}: end screen scores ${JSON.stringify(shown)} equal the record's ${JSON.stringify(rec?.result?.scores)}`);
    check(await page.locator('.carc-placed').count() > 60, `${game}: the final board shows its tiles`);
    await ctx.close();
}

/** The last view each page received over its WebSocket, to compare the DOM with. */
function watchViews(page) {
    const seen = { view: null, frames: [] };
    page.on('websocket', (ws) => ws.on('framereceived', (f) => {
        const msg = JSON.parse(String(f.payload));
        seen.frames.push(msg);
        if (msg.view)
            seen.view = msg.view;
    }));
    return seen;
}

const handItems = (page, p) => page.locator(`[data-path="players.${p}.hand"] [data-card]`)
    .evaluateAll((es) => es.map((e) => e.getAttribute('data-card')));

/** Two humans and a spectator in one Die Tafelrunde 2 match. */
async function twoHumans(browser, base) {
    const game = 'tafelrunde2';
    const ctxs = await Promise.all([0, 1, 2].map(() =>
        browser.newContext({ viewport: { width: 1280, height: 720 } })));
    const pages = await Promise.all(ctxs.map((c) => c.newPage()));
    const { id, links } = await createInLobby(pages[0], base, game, ['human', 'human']);
    const seen = pages.map(watchViews);
    await pages[0].goto(links['0']);
    await pages[1].goto(links['1']);
    await pages[2].goto(`${base}/match/${id}?watch=1`);
    for (const p of pages)
        await p.waitForSelector('#seats li');
    const rnd = rng(7);
    let handChecks = 0, reloaded = false;
    for (let step = 0; step < 40; step++) {
        // Whoever may move clicks; the other two pages just follow.
        const states = await Promise.all(pages.slice(0, 2).map((p) => settle(p, 300)));
        const mover = states.indexOf('move');
        if (states.includes('end'))
            break;
        if (mover < 0) {
            await pages[0].waitForTimeout(100);
            continue;
        }
        if (step % 5 === 0) {
            for (const seat of [0, 1]) {
                const page = pages[seat];
                await page.waitForFunction((n) => document.querySelectorAll('#log > li').length >= n,
                    await pages[mover].locator('#log > li').count());
                const mine = await handItems(page, seat);
                const view = seen[seat].view;
                check(JSON.stringify(mine) === JSON.stringify(view.players[seat].hand),
                    `step ${step}: player ${seat}'s page shows its own hand (${mine.length} cards)`);
                check(await page.locator(`[data-path="players.${1 - seat}.hand"]`).count() === 0,
                    `step ${step}: player ${seat}'s page shows no hand of player ${1 - seat}`);
            }
            check(await pages[2].locator('[data-path$=".hand"]').count() === 0,
                `step ${step}: the spectator's page shows no hand`);
            handChecks++;
        }
        if (step === 12) {
            await pages[0].screenshot({ path: join(outDir, `${game}-two-humans-p0.png`), fullPage: true });
            await pages[2].screenshot({ path: join(outDir, `${game}-spectator.png`), fullPage: true });
        }
        // Reload once the own hand holds cards (it may be empty for a while), so there is a hand
        // to show again.
        if (!reloaded && step >= 20 && seen[0].view.players[0].hand.length > 0) {
            reloaded = true;
            // Reload: the token is no longer in the address bar, only in localStorage.
            check(!pages[0].url().includes('token='), 'the token is taken out of the address bar');
            await pages[0].reload();
            await pages[0].waitForSelector('#seats li strong');
            check(await pages[0].locator('#seats li[data-seat="0"] strong').count() === 1,
                'after a reload the page is still player 0');
            // The seat list comes before the board: wait (bounded) for the hand to be drawn.
            const want = JSON.stringify(seen[0].view.players[0].hand);
            let shown = '';
            for (let i = 0; i < 50 && shown !== want; i++) {
                if (i)
                    await pages[0].waitForTimeout(100);
                shown = JSON.stringify(await handItems(pages[0], 0));
            }
            check(shown === want,
                `after a reload the own hand is shown (${shown}, view ${want})`);
        }
        await clickBoard(pages[mover], rnd);
    }
    check(handChecks >= 4, `hands were checked ${handChecks} times`);
    check(reloaded, 'the page was reloaded in the middle of the game');
    for (const seat of [0, 1])
        check(seen[seat].frames.every((m) => !m.view ||
            m.view.players.every((pl, p) => p === seat || !('hand' in pl))),
            `no message to player ${seat} held another player's hand`);
    check(seen[2].frames.every((m) => !m.view || m.view.players.every((pl) => !('hand' in pl))),
        'no message to the spectator held a hand');
    await Promise.all(ctxs.map((c) => c.close()));
}

// Two seats of one match in two tabs of one browser (shared localStorage): each tab keeps its
// own seat through a reload; a watching page with a token in its link drops it from the address
// bar and stays a spectator.
async function twoTabs(browser, base) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const pages = await Promise.all([0, 1, 2].map(() => ctx.newPage()));
    const { id, links } = await createInLobby(pages[0], base, 'targi', ['human', 'human']);
    await pages[0].goto(links['0']);
    await pages[0].waitForSelector('#seats li strong');
    await pages[1].goto(links['1']);
    await pages[1].waitForSelector('#seats li strong');
    await pages[0].reload();
    await pages[0].waitForSelector('#seats li strong');
    check(await pages[0].locator('#seats li[data-seat="0"] strong').count() === 1,
        'two tabs: after a reload the first tab is still player 0, not the second tab\'s player 1');
    await pages[1].reload();
    await pages[1].waitForSelector('#seats li strong');
    check(await pages[1].locator('#seats li[data-seat="1"] strong').count() === 1,
        'two tabs: after a reload the second tab is still player 1');
    const token = /token=([0-9a-f]{32})/.exec(links['0'])[1];
    await pages[2].goto(`${base}/match/${id}?watch=1#token=${token}`);
    await pages[2].waitForSelector('#seats li');
    check(!pages[2].url().includes('token='), 'watching: the token is taken out of the address bar');
    await pages[2].waitForTimeout(300);
    check(await pages[2].locator('#seats li strong').count() === 0, 'watching: the page is no player');
    await ctx.close();
}

let server = null, browser = null;
const deadline = setTimeout(() => {
    console.error('FAIL: the browser test ran out of time');
    server?.srv.kill('SIGKILL');
    process.exit(1);
}, 240000);
try {
    server = await startServer();
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
    log(`server ${server.base}`);
    let seed = 1;
    const only = process.env.TAFEL_WEB_ONLY;
    for (const game of ['tafelrunde2', 'targi', 'carcassonne'])
        if (!only || only === game)
            await (game === 'carcassonne' ? playCarcassonne : playAgainstBot)(browser, server.base, game, seed++);
    if (!only || only === 'two') {
        await twoHumans(browser, server.base);
        await twoTabs(browser, server.base);
    }
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
