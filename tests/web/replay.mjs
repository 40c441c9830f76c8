// replay.mjs: log navigation, the replay viewer and a stale tab, end to end in headless
// chromium (Debian's, driven by playwright-core):
// - log navigation: a seat's page opens a past position from its log (click and keyboard); the
//   board then shows exactly the view_at answer, which equals POST /api/replay's view for that
//   seat (the engine's view_json of the replayed record), and never the other seat's hand; live
//   moves keep arriving meanwhile, and "back to live" shows the current position again;
// - a stale tab: a page that missed updates acts with an old index, is refused and shows the
//   current position again without a reload;
// - the replay viewer: a finished match from the lobby's list and from the end screen, and an
//   uploaded record file (a bad one refused with one line), stepped through to the end with the
//   record's final scores; perspectives public, a seat and all.
// Screenshots go to OUT_DIR.
//
// usage: node replay.mjs TAFEL_BIN WEB_DIR OUT_DIR
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { chromium } from 'playwright-core';

const [bin, webDir, outDir] = process.argv.slice(2);
if (!bin || !webDir || !outDir) {
    console.error('usage: node replay.mjs TAFEL_BIN WEB_DIR OUT_DIR');
    process.exit(2);
}
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const STEP = 15000; // one round trip or one redraw, generous for a loaded machine

mkdirSync(outDir, { recursive: true });
const tmp = mkdtempSync(join(tmpdir(), 'tafel-replay-'));
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

/* One retry when the connection fails before any answer: fetch reuses a kept-alive connection
 * that the server may close at that very moment (civetweb's keep_alive_timeout_ms, 500 ms by
 * default); under load this ended a run with "other side closed". No answer: nothing was done. */
async function api(base, path, init) {
    let res;
    try {
        res = await fetch(base + path, init);
    } catch (e) {
        if (e?.cause?.code !== 'UND_ERR_SOCKET')
            throw e;
        res = await fetch(base + path, init);
    }
    return { status: res.status, body: await res.json() };
}

async function create(base, game, seats, seed) {
    const r = await api(base, '/api/matches', {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ game, seats, seed }),
    });
    if (r.status !== 201)
        throw new Error(`create ${game}: ${JSON.stringify(r.body)}`);
    return r.body;
}

/** The record of a match once it is over (bots only: well under a second). */
async function finishedRecord(base, id) {
    for (let i = 0; i < 300; i++) {
        const r = await api(base, `/api/matches/${id}/record`);
        if (r.status === 200)
            return r.body;
        await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error(`match ${id} did not finish`);
}

/** Every WebSocket message a page receives, parsed, in order. */
function frames(page) {
    const got = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => {
        try {
            got.push(JSON.parse(String(f.payload)));
        } catch {
            // not ours
        }
    }));
    return got;
}

const handOf = (page, p) => page.locator(`#board [data-path="players.${p}.hand"] [data-card]`)
    .evaluateAll((es) => es.map((e) => e.getAttribute('data-card')));
const logCount = (page) => page.locator('#log > li').count();

/** Click a legal move from the move list (opened if folded) and wait for the log to grow. */
async function moveByList(page, pick = 0) {
    await page.waitForSelector('#moves button.move:not(:disabled)', { state: 'attached', timeout: STEP });
    if (await page.locator('details.moves-panel:not([open])').count())
        await page.click('details.moves-panel summary');
    const before = await logCount(page);
    const buttons = page.locator('#moves button.move:not(:disabled)');
    await buttons.nth(pick % await buttons.count()).click();
    await page.waitForFunction((b) => document.querySelectorAll('#log > li').length > b, before, { timeout: STEP });
}

/** Log navigation on a Die Tafelrunde 2 match, player 0 in the page against a random bot. */
async function logNavigation(browser, base) {
    const c = await create(base, 'tafelrunde2', ['human', 'random'], 5);
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await ctx.newPage();
    const got = frames(page);
    await page.goto(`${base}/match/${c.id}#token=${c.seats[0].token}`);
    await page.waitForSelector('#seats li strong');
    for (let i = 0; i < 6; i++)
        await moveByList(page, i);
    const entries = await logCount(page);
    // Entry 4 (a move of some player): the position after it is view_at index 5.
    const k = 5;
    await page.click(`#log li.entry[data-index="${k - 1}"]`);
    await page.waitForFunction(() => /Position after move/.test(document.querySelector('#past')?.textContent ?? ''),
        null, { timeout: STEP });
    const answer = got.filter((m) => m.type === 'view_at').at(-1);
    check(answer?.index === k, `a click on log entry ${k - 1} asks for view_at ${k}`);
    check(await page.locator('#past').isVisible() && await page.locator('#board.past').count() === 1,
        'the banner and the past board are shown');
    check(/after move 4 /.test(await page.locator('#past .past-text').textContent()),
        'the banner names the move');
    check(isDeepStrictEqual(await handOf(page, 0), answer.view.players[0].hand),
        'the board shows the own hand of that position');
    check(!('hand' in answer.view.players[1]) && await page.locator('[data-path="players.1.hand"]').count() === 0,
        'the past position holds no hand of the other player');
    await page.screenshot({ path: join(outDir, 'log-navigation.png'), fullPage: true });

    // Keyboard: focus an entry, Enter.
    await page.focus('#log li.entry[data-index="1"]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /Position after move 1 /.test(document.querySelector('#past')?.textContent ?? ''),
        null, { timeout: STEP });
    check(got.filter((m) => m.type === 'view_at').at(-1).index === 2, 'Enter on entry 1 asks for view_at 2');
    await page.click('#past-next');
    await page.waitForFunction(() => /Position after move 2 /.test(document.querySelector('#past')?.textContent ?? ''),
        null, { timeout: STEP });
    check(true, 'the next button steps one move on');

    // Live moves go on while the past is shown.
    await moveByList(page, 1);
    check(await logCount(page) > entries && await page.locator('#board.past').count() === 1,
        'a live move arrives while the past position stays on the board');
    await page.click('#past-live');
    check(await page.locator('#past').isHidden() && await page.locator('#board.past').count() === 0,
        'back to live hides the banner');
    const live = got.filter((m) => m.type === 'state' || m.type === 'action').at(-1);
    check(isDeepStrictEqual(await handOf(page, 0), live.view.players[0].hand), 'the live hand is shown again');

    // Every view_at answer equals the server's replay of the finished record for player 0.
    const asked = got.filter((m) => m.type === 'view_at');
    page.once('dialog', (d) => d.accept());
    await page.click('#resign');
    const rec = await finishedRecord(base, c.id);
    const rep = await api(base, '/api/replay?viewer=0', {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(rec),
    });
    check(asked.length >= 3 && asked.every((m) => isDeepStrictEqual(m.view, rep.body.positions[m.index].view)),
        `${asked.length} view_at answers equal player 0's replayed views`);
    // The viewer of the resigned match says who resigned (the record's result.resigned).
    await page.goto(`${base}/match/${c.id}/replay`);
    await page.waitForSelector('#replay-controls', { timeout: STEP });
    const said = await page.locator('#replay-resigned').textContent({ timeout: STEP }).catch(() => '');
    check(rec.result?.resigned === 0 && /player 0 resigned/.test(said ?? ''),
        `the viewer of a resigned match says so: ${JSON.stringify(said)}`);
    await ctx.close();
}

/** Two pages on one seat: the one that missed updates acts with an old index, is refused
 * ("stale") and shows the current position again, without a reload. */
async function staleTab(browser, base) {
    const c = await create(base, 'targi', ['human', 'random'], 9);
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    // Pages of this context can be told to drop incoming moves, as a tab that missed them.
    await ctx.addInitScript(() => {
        const Real = window.WebSocket;
        window.WebSocket = class extends Real {
            constructor(...a) {
                super(...a);
                this.addEventListener('message', (ev) => {
                    if (window.__drop && /"type":"action"/.test(String(ev.data)))
                        ev.stopImmediatePropagation();
                });
            }
            set onmessage(f) {
                this.addEventListener('message', f);
            }
        };
    });
    const a = await ctx.newPage(), b = await ctx.newPage();
    const gotB = frames(b);
    const url = `${base}/match/${c.id}#token=${c.seats[0].token}`;
    await a.goto(url);
    await b.goto(`${base}/match/${c.id}`); // the token is kept per match in localStorage
    for (const p of [a, b])
        await p.waitForSelector('#seats li strong');
    await b.evaluate(() => { window.__marker = 1; window.__drop = true; });
    const before = await logCount(b);
    await moveByList(a, 0);
    await a.waitForSelector('#moves button.move:not(:disabled)', { state: 'attached', timeout: STEP });
    check(await logCount(b) === before, 'the second tab missed the move');
    await b.evaluate(() => { window.__drop = false; });
    // b still offers the old moves and acts with the old index.
    if (await b.locator('details.moves-panel:not([open])').count())
        await b.click('details.moves-panel summary');
    await b.locator('#moves button.move:not(:disabled)').first().click();
    await b.waitForFunction(() => /out of date/.test(document.querySelector('#notice')?.textContent ?? ''),
        null, { timeout: STEP });
    check(gotB.some((m) => m.type === 'error' && m.code === 'stale'), 'the stale move is refused');
    const want = await logCount(a);
    await b.waitForFunction((n) => document.querySelectorAll('#log > li').length === n, want, { timeout: STEP });
    check(await b.evaluate(() => window.__marker) === 1, 'the page recovered without a reload');
    check(isDeepStrictEqual(await b.locator('#log > li').allTextContents(), await a.locator('#log > li').allTextContents()),
        'after the refusal the stale tab shows the same log as the current one');
    await b.waitForSelector('#moves button.move:not(:disabled)', { state: 'attached', timeout: STEP });
    const n = await logCount(b);
    await moveByList(b, 0);
    check(await logCount(b) > n, 'the recovered tab can move again');
    await b.screenshot({ path: join(outDir, 'stale-recovered.png'), fullPage: true });
    await ctx.close();
}

async function finalScores(page) {
    return (await page.locator('#replay-final td.final').allTextContents()).map(Number);
}

/** The viewer: from the lobby's list, stepped to the end; perspectives; play/pause. */
async function viewerFromLobby(browser, base, game, seats, seed, stepAll) {
    const c = await create(base, game, seats, seed);
    const rec = await finishedRecord(base, c.id);
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await ctx.newPage();
    await page.goto(`${base}/`);
    await page.click(`#finished a.replay-link[data-id="${c.id}"]`);
    await page.waitForSelector('#replay-controls', { timeout: STEP });
    const name = game.replace(/\(.*$/, '');
    const n = rec.actions.length;
    check(isDeepStrictEqual(await finalScores(page), rec.result.scores),
        `${name}: the viewer's final scores are the record's (${rec.result.scores})`);
    await page.click('#replay-first');
    check(/Start/.test(await page.locator('#replay-where').textContent()), `${name}: first goes to the start`);
    check(await page.locator('#replay-log li.viewing').count() === 0, `${name}: no log entry marked at the start`);
    if (stepAll) {
        // Every position, one key press each.
        await page.locator('#replay-where').click();
        for (let i = 0; i < n; i++)
            await page.keyboard.press('ArrowRight');
        check(await page.locator('#replay-slider').inputValue() === String(n), `${name}: ${n} steps forward reach the end`);
    } else {
        for (let i = 0; i < 3; i++)
            await page.click('#replay-forward');
        check(await page.locator('#replay-number').inputValue() === '2', `${name}: forward steps one move`);
        await page.click('#replay-back');
        check(await page.locator('#replay-log li.viewing').getAttribute('data-index') === '1',
            `${name}: back steps one move, the log marks it`);
        await page.locator('#replay-slider').fill(String(Math.floor(n / 2)));
        check(await page.locator('#replay-number').inputValue() === String(Math.floor(n / 2) - 1),
            `${name}: the slider moves to the middle`);
        await page.screenshot({ path: join(outDir, `replay-${name}-mid.png`), fullPage: true });
        await page.click('#replay-last');
    }
    check(isDeepStrictEqual((await page.locator('#replay-final td.now').allTextContents()).map(Number), rec.result.scores),
        `${name}: the scores at the last position are the final ones`);
    await page.screenshot({ path: join(outDir, `replay-${name}-end.png`), fullPage: true });

    // Play and pause.
    await page.click('#replay-first');
    await page.click('#replay-play');
    await page.waitForFunction(() => Number(document.querySelector('#replay-number')?.value) >= 2, null, { timeout: STEP });
    await page.click('#replay-play');
    const at = await page.locator('#replay-number').inputValue();
    await page.waitForTimeout(1000);
    check(Number(at) >= 2 && await page.locator('#replay-number').inputValue() === at, `${name}: play runs, pause stops`);

    // Perspectives: a seat sees its own hand only; all shows one board per seat.
    await page.locator('#replay-slider').fill(String(Math.floor(n / 2)));
    await page.selectOption('#replay-viewer', '0');
    await page.waitForSelector('#replay-boards .replay-board[data-seat="0"]', { timeout: STEP });
    if (name === 'tafelrunde2') // only the own hand is in a seat's view at all
        check(await page.locator('#replay-boards [data-path="players.0.hand"]').count() === 1 &&
            await page.locator('#replay-boards [data-path="players.1.hand"]').count() === 0,
            `${name}: player 0's perspective shows player 0's hand only`);
    await page.selectOption('#replay-viewer', 'all');
    await page.waitForFunction((k) => document.querySelectorAll('#replay-boards .replay-board').length === k,
        seats.length, { timeout: STEP });
    if (name === 'tafelrunde2') // only the own hand is in a seat's view at all
        check(await page.locator('#replay-boards [data-path="players.1.hand"]').count() === 1,
            `${name}: all perspectives show player 1's hand too`);
    await page.screenshot({ path: join(outDir, `replay-${name}-all.png`), fullPage: true });
    await ctx.close();
    return { id: c.id, rec };
}

/** The end screen's link opens the viewer. */
async function viewerFromEnd(browser, base, id, rec) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await ctx.newPage();
    await page.goto(`${base}/match/${id}?watch=1`);
    await page.click('#end:not([hidden]) #replay-link', { timeout: STEP });
    await page.waitForSelector('#replay-controls', { timeout: STEP });
    check(isDeepStrictEqual(await finalScores(page), rec.result.scores), 'the end screen opens the replay');
    await ctx.close();
    // In German at a phone's width, for the screenshot.
    const de = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
    const phone = await de.newPage();
    await phone.goto(`${base}/match/${id}/replay`);
    await phone.waitForSelector('#replay-controls', { timeout: STEP });
    await phone.locator('#replay-slider').fill('40');
    check(/Nach Zug 39/.test(await phone.locator('#replay-where').textContent()), 'the viewer speaks German');
    await phone.screenshot({ path: join(outDir, 'replay-phone-de.png'), fullPage: true });
    await de.close();
}

/** An uploaded record, and a bad one refused with one line. */
async function viewerUpload(browser, base, rec) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await ctx.newPage();
    const bad = structuredClone(rec);
    bad.actions[3] = 99999;
    writeFileSync(join(tmp, 'bad.json'), JSON.stringify(bad));
    writeFileSync(join(tmp, 'junk.json'), '{"format": ');
    writeFileSync(join(tmp, 'good.json'), JSON.stringify(rec));
    await page.goto(`${base}/`);
    await page.setInputFiles('#replay-file', join(tmp, 'junk.json'));
    await page.waitForFunction(() => document.querySelector('#replay-upload-error')?.textContent, null, { timeout: STEP });
    check(/record/.test(await page.locator('#replay-upload-error').textContent()), 'a file that is not JSON is refused');
    await page.setInputFiles('#replay-file', join(tmp, 'bad.json'));
    await page.waitForFunction(() => /action 3:/.test(document.querySelector('#replay-upload-error')?.textContent ?? ''),
        null, { timeout: STEP });
    check(true, `an illegal action is refused: ${await page.locator('#replay-upload-error').textContent()}`);
    await page.screenshot({ path: join(outDir, 'lobby-replay.png'), fullPage: true });
    await page.setInputFiles('#replay-file', join(tmp, 'good.json'));
    await page.waitForSelector('#replay-controls', { timeout: STEP });
    check(isDeepStrictEqual(await finalScores(page), rec.result.scores), 'an uploaded record replays to its final scores');
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
    const only = process.env.TAFEL_WEB_ONLY;
    if (!only || only === 'log')
        await logNavigation(browser, server.base);
    if (!only || only === 'stale')
        await staleTab(browser, server.base);
    if (!only || only === 'viewer') {
        const tr2 = await viewerFromLobby(browser, server.base, 'tafelrunde2', ['random', 'random'], 3, true);
        await viewerFromLobby(browser, server.base, 'targi', ['random', 'random'], 4, false);
        await viewerFromLobby(browser, server.base, 'carcassonne', ['random', 'random'], 5, false);
        await viewerFromEnd(browser, server.base, tr2.id, tr2.rec);
        await viewerUpload(browser, server.base, tr2.rec);
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
