// replay.js: the replay viewer for a finished match (its record, public once the match is over)
// or an uploaded record. The server replays the record through the engine (POST /api/replay)
// for the perspective chosen here (public, one seat, or all seats' views side by side); this
// page only steps through the positions it was sent: first, back, forward, last, a slider, a
// move number, play/pause. The board is the game's own board module, as in live play.

import { boardFor } from './boards.js';
import { el, errorText } from './dom.js';
import { t, who } from './i18n.js';

/**
 * @typedef {import('./protocol.js').Entry} Entry
 * @typedef {{view: unknown, to_move: number, scores: number[]}} Position
 * @typedef {{game: string, players: number, seats: string[], viewer: number | 'all',
 *            log: Entry[], positions: Position[],
 *            result?: {scores: number[], returns: number[], resigned?: number}}} Replay
 */

const PLAY_MS = 700; // a step while playing: slow enough to follow a move

/** @param {string} url @param {RequestInit} [init] */
async function fetchJson(url, init) {
    const res = await fetch(url, init);
    const body = await res.json();
    if (!res.ok)
        throw new Error(body && body.error ? body.error : `${res.status} ${res.statusText}`);
    return body;
}

/** The replay page of a finished match (/match/ID/replay). @param {HTMLElement} root @param {number} id */
export async function showMatchReplay(root, id) {
    document.title = t('replayTitle');
    root.replaceChildren(el('p', {}, t('replayLoading')));
    try {
        const record = await fetchJson(`/api/matches/${id}/record`);
        await showReplay(root, record, t('replayOfMatch', { id, game: String(record.game).replace(/\(.*$/, '') }));
    } catch (e) {
        root.replaceChildren(el('p', { class: 'error', id: 'replay-error' }, errorText(e)),
            el('p', {}, el('a', { href: `/match/${id}` }, t('match', { id })), ' · ',
                el('a', { href: '/' }, t('backToLobby'))));
    }
}

/**
 * A file input that replays the chosen record in root (the lobby's entry for uploads).
 * @param {HTMLElement} root
 */
export function uploadForm(root) {
    const input = /** @type {HTMLInputElement} */ (el('input', {
        type: 'file', id: 'replay-file', accept: '.json,application/json',
    }));
    const error = el('p', { class: 'error', id: 'replay-upload-error' });
    input.onchange = async () => {
        error.textContent = '';
        const file = input.files?.[0];
        if (!file)
            return;
        let record;
        try {
            record = JSON.parse(await file.text());
        } catch (e) {
            error.textContent = t('replayBadFile', { e: errorText(e) });
            return;
        }
        try {
            await showReplay(root, record, t('replayOf', { game: file.name }));
        } catch (e) {
            error.textContent = errorText(e); // the server's line names the problem
        }
    };
    return el('section', { class: 'panel', id: 'replay-upload' }, el('h2', {}, t('replayUpload')),
        el('p', {}, t('replayUploadHelp')), input, error);
}

/**
 * The viewer of one record. Throws (before touching root) when the server refuses the record.
 * @param {HTMLElement} root @param {unknown} record @param {string} heading
 */
export async function showReplay(root, record, heading) {
    const body = JSON.stringify(record);
    /** @type {Map<string, Replay>} answers per perspective, fetched once each */
    const cache = new Map();
    /** @param {string} viewer */
    const load = async (viewer) => {
        let r = cache.get(viewer);
        if (!r) {
            r = /** @type {Replay} */ (await fetchJson(`/api/replay?viewer=${viewer}`, {
                method: 'POST', headers: { 'Content-Type': 'application/json' }, body,
            }));
            cache.set(viewer, r);
        }
        return r;
    };
    let data = await load('public');
    document.title = t('replayTitle');
    const n = data.positions.length - 1;
    let k = n; // the position after k actions; a finished game opens at its end
    /** @type {number | undefined} */
    let timer;

    const persp = /** @type {HTMLSelectElement} */ (el('select', { id: 'replay-viewer', 'aria-label': t('perspective') },
        el('option', { value: 'public' }, t('viewPublic')),
        ...data.seats.map((s, p) => el('option', { value: String(p) }, `${who(p)} (${s})`)),
        el('option', { value: 'all' }, t('viewAll'))));
    /** @param {string} id @param {string} text @param {() => void} f */
    const button = (id, text, f) => {
        const b = /** @type {HTMLButtonElement} */ (el('button', { type: 'button', id }, text));
        b.onclick = f;
        return b;
    };
    const first = button('replay-first', t('first'), () => go(0));
    const back = button('replay-back', t('back'), () => go(k - 1));
    const forward = button('replay-forward', t('forward'), () => go(k + 1));
    const last = button('replay-last', t('last'), () => go(n));
    const play = button('replay-play', t('play'), () => (timer === undefined ? start() : stop()));
    const slider = /** @type {HTMLInputElement} */ (el('input', {
        type: 'range', id: 'replay-slider', min: '0', max: String(n), value: String(k), 'aria-label': t('moveNumber'),
    }));
    slider.oninput = () => go(Number(slider.value));
    // The number field is the log's number of the last move played (empty at the start).
    const number = /** @type {HTMLInputElement} */ (el('input', {
        type: 'number', id: 'replay-number', min: '0', max: String(n - 1), placeholder: '–', 'aria-label': t('moveNumber'),
    }));
    number.onchange = () => go(number.value === '' ? 0 : Number(number.value) + 1);
    const where = el('span', { id: 'replay-where', class: 'replay-where', role: 'status' });
    const boards = el('div', { id: 'replay-boards', class: 'replay-boards' });
    const scores = el('section', { class: 'panel', id: 'replay-scores' });
    const log = el('ol', { id: 'replay-log', class: 'log replay-log', start: '0' });

    const controls = el('div', { class: 'panel replay-controls', id: 'replay-controls' },
        el('label', {}, `${t('perspective')} `, persp),
        el('span', { class: 'replay-buttons' }, first, back, play, forward, last),
        slider, number, where, el('small', { class: 'help' }, t('replayKeys')));
    const page = el('div', { class: 'match replay', id: 'replay' },
        el('div', { class: 'match-head' }, el('h2', { id: 'replay-title', title: data.game }, heading)),
        controls,
        el('div', { class: 'cols' }, el('div', { class: 'main-col' }, boards),
            el('aside', { class: 'side' }, scores, el('section', { class: 'panel log-panel' },
                el('h3', {}, t('movesSoFar')), log))));
    root.replaceChildren(page);

    persp.onchange = async () => {
        try {
            data = await load(persp.value);
        } catch (e) {
            where.textContent = errorText(e);
            return;
        }
        drawLog();
        draw();
    };
    // Keys anywhere on the page while the viewer is shown (form fields keep their own).
    const onKey = (/** @type {KeyboardEvent} */ ev) => {
        if (!page.isConnected) {
            document.removeEventListener('keydown', onKey);
            return;
        }
        const tag = /** @type {HTMLElement} */ (ev.target).tagName;
        if (tag === 'INPUT' || tag === 'SELECT' || ev.ctrlKey || ev.altKey || ev.metaKey)
            return;
        const to = { ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: n }[ev.key];
        if (to !== undefined) {
            ev.preventDefault();
            go(to);
        } else if (ev.key === 'p' || ev.key === 'P')
            play.click();
    };
    document.addEventListener('keydown', onKey);
    log.onclick = (ev) => {
        const li = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (ev.target).closest('li.entry'));
        if (li)
            go(Number(li.dataset.index) + 1);
    };
    log.onkeydown = (ev) => {
        const li = /** @type {HTMLElement} */ (ev.target);
        if ((ev.key === 'Enter' || ev.key === ' ') && li.matches('li.entry')) {
            ev.preventDefault();
            ev.stopPropagation();
            go(Number(li.dataset.index) + 1);
        }
    };

    function start() {
        if (k >= n)
            go(0);
        play.textContent = t('pause');
        timer = window.setInterval(() => {
            if (k >= n)
                stop();
            else
                go(k + 1);
        }, PLAY_MS);
    }

    function stop() {
        window.clearInterval(timer);
        timer = undefined;
        play.textContent = t('play');
    }

    /** @param {number} to */
    function go(to) {
        k = Math.max(0, Math.min(n, Number.isFinite(to) ? Math.round(to) : k));
        draw();
    }

    /** @param {Entry} e */
    function entryItem(e) {
        return el('li', {
            class: `entry ${e.player >= 0 ? `p${e.player}` : 'chance'}`, value: String(e.index),
            'data-index': String(e.index), tabindex: '0', title: t('logEntryTitle'),
        }, el('span', { class: 'who' }, e.player >= 0 ? who(e.player) : t('chance')), ' ',
        el('span', { class: 'text' }, e.text),
        e.events.length ? el('ul', { class: 'events' },
            ...e.events.map((ev) => el('li', { class: `event ev-${ev.type}` }, ev.text))) : null);
    }

    function drawLog() {
        log.replaceChildren(...data.log.map(entryItem));
    }

    function draw() {
        const pos = data.positions[k];
        slider.value = String(k);
        number.value = k ? String(k - 1) : '';
        first.disabled = back.disabled = k === 0;
        forward.disabled = last.disabled = k === n;
        where.textContent = k === 0 ? t('startPosition', { n }) : t('moveOf', { k: k - 1, n: n - 1 });
        const board = boardFor(data.game);
        const ctx = (/** @type {number} */ seat) => ({
            seat, game: data.game, toMove: pos.to_move, legal: [], act: () => {}, log: data.log.slice(0, k),
        });
        // One board per view: all perspectives draw each seat's own view under its name.
        const views = data.viewer === 'all' ? /** @type {unknown[]} */ (pos.view) : [pos.view];
        while (boards.children.length > views.length)
            boards.lastElementChild?.remove();
        views.forEach((v, p) => {
            let box = /** @type {HTMLElement | undefined} */ (boards.children[p]);
            if (!box) {
                box = el('section', { class: 'panel board replay-board' },
                    el('h3', {}), el('div', { class: 'replay-board-body' }));
                boards.append(box);
            }
            const seat = data.viewer === 'all' ? p : data.viewer;
            box.dataset.seat = String(seat);
            /** @type {HTMLElement} */ (box.firstElementChild).textContent = data.viewer === 'all'
                ? t('seatView', { who: who(p) }) : seat >= 0 ? t('seatView', { who: who(seat) }) : t('viewPublic');
            board.render(/** @type {HTMLElement} */ (box.lastElementChild), v, ctx(seat));
        });
        log.querySelector('.viewing')?.classList.remove('viewing');
        const cur = /** @type {HTMLElement | null} */ (log.querySelector(`[data-index="${k - 1}"]`));
        if (cur) {
            cur.classList.add('viewing');
            const top = cur.offsetTop - log.offsetTop;
            if (top < log.scrollTop || top > log.scrollTop + log.clientHeight - cur.offsetHeight)
                log.scrollTop = top - log.clientHeight / 2;
        }
        drawScores(pos);
    }

    /** @param {Position} pos */
    function drawScores(pos) {
        const res = data.result;
        const best = res ? Math.max(...res.returns) : NaN;
        scores.replaceChildren(el('h3', {}, t('finalScores')),
            el('table', { class: 'scores', id: 'replay-final' },
                el('thead', {}, el('tr', {}, el('th', {}, t('playerHead')), el('th', {}, t('score')),
                    el('th', {}, t('scoresNow')))),
                el('tbody', {}, ...data.seats.map((s, p) => el('tr', {
                    class: res && res.returns[p] === best ? 'winner' : '', 'data-seat': String(p),
                }, el('td', {}, `${who(p)} (${s})`),
                el('td', { class: 'score final' }, res ? String(res.scores[p]) : '–'),
                el('td', { class: 'now' }, String(pos.scores[p])))))),
            res ? '' : el('p', { class: 'notice' }, t('notFinished')),
            res && res.resigned !== undefined
                ? el('p', { class: 'notice', id: 'replay-resigned' }, t('resignedEnd', { who: who(res.resigned) })) : '');
    }

    drawLog();
    draw();
}
