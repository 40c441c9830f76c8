// game.js: the match page, the same for every game: whose turn, the players and who is online,
// the legal moves as buttons on this seat's turn, the move log with each entry's events, the
// board (boards.js: the game's own module, else the generic view), and the end screen with the
// scores, the winner and the record. It shows what the server sends this seat and nothing else.

import { Connection, seatToken, forgetToken, takeLinkToken } from './protocol.js';
import { boardFor } from './boards.js';
import { el } from './dom.js';
import { t, who } from './i18n.js';
import { rulesButton } from './rules.js';
import { tieBreak } from './verdict.js';

/**
 * @typedef {import('./protocol.js').Entry} Entry
 * @typedef {import('./protocol.js').Legal} Legal
 * @typedef {import('./protocol.js').ServerMessage} ServerMessage
 */

/** @param {HTMLElement} root @param {number} id */
export function showMatch(root, id) {
    document.title = t('matchTitle', { id });
    const watch = new URLSearchParams(location.search).has('watch');
    const token = watch ? (takeLinkToken(), null) : seatToken(id);
    const page = {
        seat: -1,
        game: '',
        /** @type {Array<{seat: number, spec: string, human: boolean, connected: boolean}>} */
        seats: [],
        index: 0,
        /** @type {unknown} */
        view: null,
        /** @type {Entry[]} */
        log: [],
        toMove: -1,
        /** @type {Legal[]} */
        legal: [],
        /** @type {ServerMessage | null} */
        over: null,
        waiting: false,
        // Log navigation: the position after pastAsk actions (-1: live), past once it came.
        pastAsk: -1,
        resync: false, // a stale move was refused: the next state brings the page up to date
        /** @type {ServerMessage | null} */
        past: null,
    };

    // Other players' moves that arrive together (a bot answers at once, often several moves
    // in a row) are shown one by one, PACE ms apart, so the player can follow them; the
    // button shows the rest at once.
    const PACE = 400;
    /** @type {ServerMessage[]} */
    const queue = [];
    let paceTimer = 0;
    const skip = el('button', { type: 'button', id: 'skip-moves', hidden: '' }, t('skipMoves'));
    skip.onclick = () => flush();

    const title = el('h2', { id: 'match-title' }, t('match', { id }));
    const turn = el('p', { id: 'turn', class: 'turn' });
    const notice = el('p', { id: 'notice', class: 'notice', role: 'status' });
    // The rules of this game and its keys, filled in once the game is known.
    const rules = el('span', { class: 'match-rules' });
    const keys = el('details', { class: 'keys', id: 'key-help' });
    const end = el('section', { id: 'end', class: 'panel end', hidden: '' });
    const board = el('section', { id: 'board', class: 'panel board' });
    const pastBar = el('div', { id: 'past', class: 'past-banner', role: 'status', hidden: '' });
    const seatsBox = el('ul', { id: 'seats', class: 'seats-list' });
    const moves = el('div', { id: 'moves', class: 'moves' });
    const log = el('ol', { id: 'log', class: 'log', start: '0' });
    const resign = el('button', { type: 'button', id: 'resign', hidden: '' }, t('resign'));
    // All legal moves as buttons; folded away when the game's board offers them itself.
    const movesPanel = /** @type {HTMLDetailsElement} */ (el('details', { class: 'panel moves-panel', open: '' },
        el('summary', {}, el('h3', {}, t('yourMoves'))), moves));
    root.replaceChildren(el('div', { class: 'match' },
        el('div', { class: 'match-head' }, title, turn, skip, notice, rules), keys, end,
        el('div', { class: 'cols' },
            el('div', { class: 'main-col' },
                movesPanel, pastBar, board),
            el('aside', { class: 'side' },
                el('section', { class: 'panel' }, el('h3', {}, t('players')), seatsBox, resign),
                el('section', { class: 'panel log-panel' }, el('h3', {}, t('movesSoFar')), log)))));

    const status = document.getElementById('status');
    const conn = new Connection(id, token, onMessage, (up) => {
        if (status)
            status.textContent = up ? t('connected') : t('reconnecting');
        status?.classList.toggle('down', !up);
    });
    resign.onclick = () => {
        if (confirm(t('resignConfirm')))
            conn.resign();
    };

    /** Send a move; the buttons stay off until the server answers with the next state.
     * @param {number} action */
    function act(action) {
        if (page.waiting || !conn.act(page.index, action))
            return;
        page.waiting = true;
        notice.textContent = ''; // an earlier refusal is answered by this move
        drawMoves();
    }

    /** Messages that change the position wait their turn behind others' paced moves; a whole
     * state replaces whatever was waiting. @param {ServerMessage} msg */
    function onMessage(msg) {
        if (msg.type === 'state') {
            queue.length = 0;
            flush();
        }
        if (msg.type === 'action' || msg.type === 'over') {
            queue.push(msg);
            pump();
            return;
        }
        handle(msg);
    }

    /** Show queued messages; after another player's move, what arrives within PACE waits (the
     * messages of a burst come one by one, so the pause starts at the move, not at a queue). */
    function pump() {
        while (queue.length && !paceTimer) {
            const m = /** @type {ServerMessage} */ (queue.shift());
            handle(m);
            const p = m.type === 'action' ? m.entry.player : -1;
            if (p >= 0 && p !== page.seat)
                paceTimer = window.setTimeout(() => { paceTimer = 0; pump(); }, PACE);
        }
        skip.hidden = queue.length === 0;
    }

    /** Show everything waiting at once. */
    function flush() {
        window.clearTimeout(paceTimer);
        paceTimer = 0;
        while (queue.length)
            handle(/** @type {ServerMessage} */ (queue.shift()));
        skip.hidden = true;
    }

    /** @param {ServerMessage} msg */
    function handle(msg) {
        switch (msg.type) {
        case 'joined':
            page.seat = msg.seat;
            page.game = msg.game;
            page.seats = msg.seats;
            movesPanel.open = !boardFor(msg.game).ownMoves;
            title.textContent = t('matchOf', { id, game: msg.game.replace(/\(.*$/, '') });
            rules.replaceChildren(rulesButton(msg.game));
            keys.replaceChildren(el('summary', {}, t('keys')),
                el('p', {}, t(boardFor(msg.game).keyHelp ?? 'keyHelpAll')));
            title.title = msg.game;
            notice.textContent = page.seat < 0 ? t('watching') : '';
            break;
        case 'state':
            page.log = msg.log;
            update(msg);
            drawLog();
            if (page.resync) // after a refused stale move: say that the page caught up
                notice.textContent = t('resynced');
            page.resync = false;
            if (page.pastAsk >= 0 && page.past?.index !== page.pastAsk) // asked while away
                conn.send({ type: 'view_at', index: page.pastAsk });
            break;
        case 'action':
            page.log.push(msg.entry);
            update(msg);
            appendLog(msg.entry, true);
            break;
        case 'presence':
            for (const p of /** @type {Array<{seat: number, connected: boolean}>} */ (msg.seats)) {
                const s = page.seats.find((x) => x.seat === p.seat);
                if (s)
                    s.connected = p.connected;
            }
            drawSeats();
            break;
        case 'over':
            page.over = msg;
            page.toMove = -2;
            page.legal = [];
            drawAll();
            break;
        case 'view_at':
            if (msg.index === page.pastAsk) {
                page.past = msg;
                drawBoard();
                drawPast();
            }
            break;
        case 'error':
            onError(msg);
            break;
        }
    }

    /** @param {ServerMessage} msg  a state or action message */
    function update(msg) {
        page.index = msg.index;
        page.view = msg.view;
        page.toMove = msg.to_move;
        page.legal = msg.legal ?? [];
        page.waiting = false;
        drawAll();
    }

    /** @param {ServerMessage} msg */
    function onError(msg) {
        page.waiting = false;
        if (msg.code === 'bad_token') {
            forgetToken(id);
            notice.textContent = t('badToken');
            notice.append(el('a', { href: `/match/${id}?watch=1` }, t('watchInstead')));
            conn.close();
            return;
        }
        notice.textContent = t('refused', { e: msg.error });
        // Our picture was out of date (another tab of this seat moved, say): join again, which
        // brings the whole state.
        if (msg.code === 'stale' || msg.code === 'not_your_turn') {
            page.resync = true;
            conn.ws?.close();
        }
        drawMoves();
    }

    function drawAll() {
        drawTurn();
        drawSeats();
        drawMoves();
        drawBoard();
        drawPast();
        drawEnd();
        resign.hidden = page.seat < 0 || page.over !== null;
    }

    function drawTurn() {
        const mine = page.toMove === page.seat && page.seat >= 0;
        turn.className = `turn${mine ? ' mine' : ''}`;
        turn.textContent = page.over ? t('over')
            : page.toMove === -2 ? t('over')
            : page.toMove < 0 ? t('dealing')
            : mine ? t('yourTurn') : t('turnOf', { p: page.toMove, spec: page.seats[page.toMove]?.spec ?? '' });
    }

    function drawSeats() {
        seatsBox.replaceChildren(...page.seats.map((s) => el('li', {
            class: `seat-item p${s.seat}${s.seat === page.toMove ? ' to-move' : ''}`,
            'data-seat': String(s.seat),
        }, el('span', { class: 'dot', title: s.connected ? t('online') : t('offline') }, s.human ? (s.connected ? '●' : '○') : '⚙'),
        ` ${who(s.seat)}: ${s.spec}`, s.seat === page.seat ? el('strong', {}, ` ${t('you')}`) : '')));
    }

    function drawMoves() {
        if (page.seat < 0)
            moves.replaceChildren(el('p', {}, t('spectatorsNoMove')));
        else if (page.over || !page.legal.length)
            moves.replaceChildren(el('p', {}, page.over ? t('noMoreMoves') : t('notYourTurn')));
        else
            moves.replaceChildren(...page.legal.map((l) => {
                const b = /** @type {HTMLButtonElement} */ (el('button', {
                    type: 'button', class: 'move', 'data-action': String(l.action),
                }, l.text));
                b.disabled = page.waiting;
                b.onclick = () => act(l.action);
                return b;
            }));
    }

    function drawBoard() {
        const p = page.past;
        board.classList.toggle('past', p !== null);
        boardFor(page.game).render(board, p ? p.view : page.view, p
            ? { seat: page.seat, game: page.game, toMove: p.to_move, legal: [], act: () => {}, log: page.log.slice(0, p.index) }
            : { seat: page.seat, game: page.game, toMove: page.toMove, legal: page.legal, act, log: page.log });
    }

    /** Show the position after k actions, as the server builds it for this seat (view_at); the
     * live one when k reaches the end. @param {number} k */
    function showPast(k) {
        page.pastAsk = k >= page.index ? -1 : Math.max(1, k);
        if (page.pastAsk < 0)
            page.past = null;
        else
            conn.send({ type: 'view_at', index: page.pastAsk });
        drawBoard();
        drawPast();
    }

    function drawPast() {
        const k = page.pastAsk;
        pastBar.hidden = k < 0;
        log.querySelector('.viewing')?.classList.remove('viewing');
        if (k < 0)
            return;
        log.querySelector(`[data-index="${k - 1}"]`)?.classList.add('viewing');
        /** @param {string} id @param {string} text @param {number} to */
        const btn = (id, text, to) => {
            const b = el('button', { type: 'button', id }, text);
            b.onclick = () => showPast(to);
            return b;
        };
        pastBar.replaceChildren(el('span', { class: 'past-text' }, page.past?.index === k
            ? t('pastBanner', { k: k - 1, n: page.index - 1 }) : t('pastLoading', { k: k - 1 })),
        btn('past-prev', t('prevMove'), k - 1), btn('past-next', t('nextMove'), k + 1),
        btn('past-live', t('backToLive'), page.index));
    }

    // A log entry opens the position after it (click, or Enter/Space on the focused entry;
    // Escape goes back to the live position).
    log.onclick = (ev) => {
        const li = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (ev.target).closest('li.entry'));
        if (li)
            showPast(Number(li.dataset.index) + 1);
    };
    log.onkeydown = (ev) => {
        const li = /** @type {HTMLElement} */ (ev.target);
        if ((ev.key === 'Enter' || ev.key === ' ') && li.matches('li.entry')) {
            ev.preventDefault();
            showPast(Number(li.dataset.index) + 1);
        } else if (ev.key === 'Escape')
            showPast(page.index);
    };
    pastBar.onkeydown = (ev) => {
        if (ev.key === 'Escape')
            showPast(page.index);
    };

    /** @param {Entry} e */
    function entryItem(e) {
        // A chance entry's events say what it did ("player 0 draws D (90 left)"): show them
        // alone, the notation ("draw D") only as a tooltip, so a draw is not listed twice.
        const nav = { tabindex: '0', title: t('logEntryTitle') };
        if (e.player < 0 && e.events.length)
            return el('li', {
                class: 'entry chance', value: String(e.index), 'data-index': String(e.index), ...nav, title: `${e.text} · ${nav.title}`,
            }, ...e.events.map((ev, i) => el('span', { class: `text event ev-${ev.type}` }, i ? '; ' : '', ev.text)));
        return el('li', { class: `entry p${e.player}`, value: String(e.index), 'data-index': String(e.index), ...nav },
            el('span', { class: 'who' }, e.player >= 0 ? who(e.player) : t('chance')), ' ',
            el('span', { class: 'text' }, e.text),
            e.events.length ? el('ul', { class: 'events' },
                ...e.events.map((ev) => el('li', { class: `event ev-${ev.type}` }, ev.text))) : null);
    }

    function drawLog() {
        log.replaceChildren(...page.log.map(entryItem));
        log.scrollTop = log.scrollHeight;
        drawPast();
    }

    /** @param {Entry} e @param {boolean} fresh */
    function appendLog(e, fresh) {
        const item = entryItem(e);
        if (fresh)
            item.classList.add('fresh');
        log.append(item);
        log.scrollTop = log.scrollHeight;
    }

    function drawEnd() {
        const o = page.over;
        if (!o) {
            end.hidden = true;
            return;
        }
        /** @type {number[]} */
        const scores = o.scores;
        /** @type {number[]} */
        const returns = o.returns;
        const best = Math.max(...returns);
        const winners = returns.flatMap((r, p) => (r === best ? [p] : []));
        const verdict = winners.length === returns.length ? t('draw')
            : winners.length > 1 ? t('winners', { list: winners.map(who).join(', ') })
            : winners[0] === page.seat ? t('youWin') : t('wins', { who: who(winners[0]) });
        const tie = tieBreak(page.game, scores, returns);
        end.hidden = false;
        end.replaceChildren(el('h2', {}, t('finalScores')),
            el('table', { class: 'scores', id: 'scores' },
                el('thead', {}, el('tr', {}, el('th', {}, t('playerHead')), el('th', {}, t('score')))),
                el('tbody', {}, ...scores.map((s, p) => el('tr', {
                    class: `p${p}${winners.includes(p) ? ' winner' : ''}`, 'data-seat': String(p),
                }, el('td', { class: 'who' }, `${who(p)}${p === page.seat ? ` ${t('you')}` : ''}`), el('td', { class: 'score' }, String(s)))))),
            el('p', { id: 'winner' }, verdict,
                o.resigned !== undefined ? t('resigned', { who: who(o.resigned) }) : ''),
            tie ? el('p', { id: 'tie-break' }, t(/** @type {any} */ (tie))) : '',
            el('p', {}, el('a', { href: o.record, download: `tafel-match-${id}.json`, id: 'record' }, t('downloadRecord')),
                ' · ', el('a', { href: `/match/${id}/replay`, id: 'replay-link' }, t('replayThis')),
                ' · ', el('a', { href: '/' }, t('backToLobby'))));
    }
}
