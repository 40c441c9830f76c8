// lobby.js: the start page: a game and its parameters as a form built from /api/games (names,
// defaults, ranges and help come from the registry, nothing about a game is written here), the
// seats as humans or bots, create, the invite links, and the open and running matches.
import { el, errorText } from './dom.js';
import { t, who } from './i18n.js';
import { uploadForm } from './replay.js';
import { showRules } from './rules.js';

/**
 * @typedef {{name: string, kind: 'int'|'bool'|'enum', default: number|boolean|string,
 *            min?: number, max?: number, choices?: string[], help: string}} Param
 * @typedef {{name: string, long_name: string, min_players: number, max_players: number,
 *            default_players: number, params: Param[]}} Game
 * @typedef {{seat: number, spec: string, human: boolean, connected: boolean}} MatchSeat
 * @typedef {{id: number, game: string, status: string, actions: number, created: string,
 *            seats: MatchSeat[], result?: {scores: number[]}}} Match
 */

/** Named bot levels; "custom" takes any spec of include/tafel/bot.h. */
/** @type {Array<{name: string, spec: string, label: import('./i18n.js').TextId}>} */
export const LEVELS = [
    { name: 'human', spec: 'human', label: 'levelHuman' },
    { name: 'easy', spec: 'greedy', label: 'levelEasy' },
    { name: 'normal', spec: 'mcts(time=1s)', label: 'levelNormal' },
    { name: 'strong', spec: 'mcts(time=5s)', label: 'levelStrong' },
    { name: 'custom', spec: '', label: 'levelCustom' },
];

/** @param {string} url @param {RequestInit} [init] */
async function fetchJson(url, init) {
    const res = await fetch(url, init);
    const body = await res.json();
    if (!res.ok)
        throw new Error(body && body.error ? body.error : `${res.status} ${res.statusText}`);
    return body;
}

/** @param {HTMLElement} root */
export async function showLobby(root) {
    document.title = t('lobbyTitle');
    root.replaceChildren(el('p', {}, t('loadingGames')));
    /** @type {Game[]} */
    let games;
    try {
        games = (await fetchJson('/api/games')).games;
    } catch (e) {
        root.replaceChildren(el('p', { class: 'error' }, t('cannotReach', { e: errorText(e) })));
        return;
    }
    const created = el('section', { id: 'created', class: 'panel', hidden: '' });
    const list = el('section', { id: 'matches', class: 'panel' });
    const finished = el('section', { id: 'finished', class: 'panel', hidden: '' });
    // Two columns on a wide screen: making a match on the left, the matches to join, watch or
    // replay on the right from the start (that half stood empty until a match was created).
    root.replaceChildren(el('div', { class: 'lobby' },
        el('div', { class: 'lobby-col', id: 'lobby-make' },
            el('section', { class: 'panel' }, el('h2', {}, t('newMatch')), newMatchForm(games, created)),
            created, uploadForm(root)),
        el('div', { class: 'lobby-col', id: 'lobby-lists' }, list, finished)));
    await Promise.all([refreshMatches(list), finishedMatches(finished)]);
}

/** The newest finished matches, each with a link to its replay. @param {HTMLElement} box */
async function finishedMatches(box) {
    /** @type {Match[]} */
    let matches;
    try {
        matches = (await fetchJson('/api/matches?status=finished')).matches.slice(0, 20);
    } catch (e) {
        box.replaceChildren(el('p', { class: 'error' }, errorText(e)));
        return;
    }
    box.hidden = !matches.length;
    box.replaceChildren(el('h2', {}, t('finishedMatches')), el('table', { class: 'matches' },
        el('thead', {}, el('tr', {}, ...[t('colId'), t('colGame'), t('colMoves'), t('colScores'), '']
            .map((h) => el('th', {}, h)))),
        el('tbody', {}, ...matches.map((m) => el('tr', {},
            el('td', {}, String(m.id)), el('td', { class: 'mono' }, m.game), el('td', {}, String(m.actions)),
            el('td', {}, (m.result?.scores ?? []).join(' : ')),
            el('td', {}, el('a', { href: `/match/${m.id}/replay`, class: 'replay-link', 'data-id': String(m.id) },
                t('replay'))))))));
}

/** @param {Game[]} games @param {HTMLElement} created */
function newMatchForm(games, created) {
    const gameSel = /** @type {HTMLSelectElement} */ (el('select', { id: 'game', name: 'game' },
        ...games.map((g) => el('option', { value: g.name }, g.long_name))));
    const fields = el('div', { class: 'fields' });
    const seats = el('div', { class: 'seats' });
    const error = el('p', { class: 'error', id: 'create-error' });
    const rules = el('button', { type: 'button', id: 'lobby-rules', class: 'rules-open' }, t('rules'));
    const button = el('button', { type: 'submit', id: 'create' }, t('createMatch'));
    const form = /** @type {HTMLFormElement} */ (el('form', { id: 'new-match' },
        el('div', { class: 'row' }, el('label', { for: 'game' }, t('game')),
            el('span', { class: 'game-pick' }, gameSel, rules)), fields,
        el('h3', {}, t('seats')), seats, button, error));
    /** @type {HTMLSelectElement} */
    let players = /** @type {any} */ (null);
    const game = () => /** @type {Game} */ (games.find((g) => g.name === gameSel.value));

    const buildSeats = () => {
        const n = Number(players.value);
        const old = [...seats.querySelectorAll('.seat')].map((s) => seatValue(/** @type {HTMLElement} */ (s)));
        seats.replaceChildren(...Array.from({ length: n }, (_, i) =>
            seatRow(i, old[i] ?? (i === 0 ? 'human' : 'mcts(time=1s)'))));
    };
    const buildFields = () => {
        const g = game();
        players = /** @type {HTMLSelectElement} */ (el('select', { name: 'players', id: 'players' }));
        for (let n = g.min_players; n <= g.max_players; n++)
            players.append(el('option', { value: String(n) }, String(n)));
        players.value = String(g.default_players);
        players.disabled = g.min_players === g.max_players;
        players.onchange = buildSeats;
        fields.replaceChildren(el('label', { class: 'row' }, el('span', {}, t('players')), players),
            ...g.params.map(paramField));
        seats.replaceChildren();
        buildSeats();
    };
    gameSel.onchange = buildFields;
    buildFields();

    /** The game string the form describes. */
    const gameString = () => {
        const g = game();
        const args = [`players=${players.value}`];
        for (const p of g.params) {
            const input = /** @type {HTMLInputElement} */ (form.elements.namedItem(`param-${p.name}`));
            args.push(`${p.name}=${p.kind === 'bool' ? String(input.checked) : input.value}`);
        }
        return `${g.name}(${args.join(',')})`;
    };
    // The rules as the form stands: Carcassonne's page shows the modules switched on.
    rules.onclick = () => showRules(gameString());

    form.onsubmit = async (ev) => {
        ev.preventDefault();
        error.textContent = '';
        const specs = [...seats.querySelectorAll('.seat')].map((s) => seatValue(/** @type {HTMLElement} */ (s)));
        button.setAttribute('disabled', '');
        try {
            const res = await fetchJson('/api/matches', {
                method: 'POST', headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ game: gameString(), seats: specs }),
            });
            showCreated(created, res);
        } catch (e) {
            error.textContent = errorText(e);
        } finally {
            button.removeAttribute('disabled');
        }
    };
    return form;
}

/** A parameter's input, named param-NAME, with the registry's help as its description.
 * @param {Param} p */
function paramField(p) {
    /** @type {HTMLElement} */
    let input;
    const id = `param-${p.name}`;
    if (p.kind === 'bool') {
        input = el('input', { type: 'checkbox', name: id, id });
        /** @type {HTMLInputElement} */ (input).checked = Boolean(p.default);
    } else if (p.kind === 'enum') {
        input = el('select', { name: id, id }, ...(p.choices ?? []).map((c) => el('option', { value: c }, c)));
        /** @type {HTMLSelectElement} */ (input).value = String(p.default);
    } else {
        input = el('input', { type: 'number', name: id, id, value: String(p.default), required: '' });
        if (p.min !== undefined)
            input.setAttribute('min', String(p.min));
        if (p.max !== undefined)
            input.setAttribute('max', String(p.max));
    }
    return el('label', { class: 'row', title: p.help },
        el('span', {}, p.name), input, el('small', { class: 'help' }, p.help));
}

/** One seat: a level, and the spec field for custom bots.
 * @param {number} i @param {string} spec */
function seatRow(i, spec) {
    const level = LEVELS.find((l) => l.spec === spec) ?? LEVELS[LEVELS.length - 1];
    const sel = /** @type {HTMLSelectElement} */ (el('select', { class: 'level', name: `seat-${i}` },
        ...LEVELS.map((l) => el('option', { value: l.name }, t(l.label)))));
    sel.value = level.name;
    const custom = /** @type {HTMLInputElement} */ (el('input', {
        class: 'spec', name: `spec-${i}`, placeholder: t('specPlaceholder'),
        value: level.name === 'custom' ? spec : '',
    }));
    custom.hidden = level.name !== 'custom';
    sel.onchange = () => { custom.hidden = sel.value !== 'custom'; if (!custom.hidden) custom.focus(); };
    return el('div', { class: 'seat row', 'data-seat': String(i) },
        el('span', {}, who(i)), sel, custom);
}

/** @param {HTMLElement} row */
function seatValue(row) {
    const sel = /** @type {HTMLSelectElement} */ (row.querySelector('.level'));
    const custom = /** @type {HTMLInputElement} */ (row.querySelector('.spec'));
    if (sel.value === 'custom')
        return custom.value.trim();
    return /** @type {{spec: string}} */ (LEVELS.find((l) => l.name === sel.value)).spec;
}

/**
 * The new match: each human seat's invite link to copy and a link to take that seat here.
 * @param {HTMLElement} box
 * @param {{id: number, game: string, seats: Array<{seat: number, spec: string, token?: string, invite?: string}>}} res
 */
function showCreated(box, res) {
    box.hidden = false;
    const rows = res.seats.map((s) => {
        if (!s.token)
            return el('li', {}, `${who(s.seat)}: ${s.spec}`);
        // the page's own address, not the server's `invite`: behind a TLS proxy only the
        // page knows its scheme and public name
        const invite = `${location.origin}/match/${res.id}#token=${s.token}`;
        const field = /** @type {HTMLInputElement} */ (el('input', { readonly: '', value: invite, class: 'invite' }));
        const copy = el('button', { type: 'button' }, t('copyLink'));
        copy.onclick = async () => {
            field.select();
            try {
                await navigator.clipboard.writeText(invite);
                copy.textContent = t('copied');
            } catch {
                copy.textContent = t('selectAndCopy');
            }
        };
        return el('li', {}, `${t('seatHuman', { who: who(s.seat) })} `, field, copy, ' ',
            el('a', { href: `/match/${res.id}#token=${s.token}`, class: 'play', 'data-seat': String(s.seat) },
                t('playAs', { p: s.seat })));
    });
    box.replaceChildren(el('h2', {}, t('matchCreated', { id: res.id })), el('p', { class: 'mono' }, res.game),
        el('p', {}, t('sendInvites')),
        el('ul', { class: 'created-seats' }, ...rows),
        el('p', {}, el('a', { href: `/match/${res.id}?watch=1` }, t('watchThis'))));
}

/** A match's status as the server names it, in words. @param {string} s */
function statusText(s) {
    return s === 'open' ? t('statusOpen') : s === 'running' ? t('statusRunning')
        : s === 'finished' ? t('statusFinished') : s;
}

/** @param {HTMLElement} box */
async function refreshMatches(box) {
    /** @type {Match[]} */
    let matches = [];
    try {
        const [open, running] = await Promise.all([
            fetchJson('/api/matches?status=open'), fetchJson('/api/matches?status=running')]);
        matches = [...open.matches, ...running.matches].sort((a, b) => b.id - a.id);
    } catch (e) {
        box.replaceChildren(el('p', { class: 'error' }, errorText(e)));
        return;
    }
    const refresh = el('button', { type: 'button' }, t('refresh'));
    refresh.onclick = () => refreshMatches(box);
    const rows = matches.map((m) => {
        const mine = localStorage.getItem(`tafel.token.${m.id}`) !== null;
        return el('tr', {},
            el('td', {}, String(m.id)), el('td', { class: 'mono' }, m.game), el('td', {}, statusText(m.status)),
            el('td', {}, String(m.actions)),
            el('td', {}, m.seats.map((s) => `${s.spec}${s.human ? (s.connected ? ' ●' : ' ○') : ''}`).join(', ')),
            el('td', {}, mine ? el('a', { href: `/match/${m.id}` }, t('rejoin')) : '', ' ',
                el('a', { href: `/match/${m.id}?watch=1` }, t('watch'))));
    });
    box.replaceChildren(el('h2', {}, `${t('openRunning')} `, refresh),
        matches.length ? el('table', { class: 'matches' },
            el('thead', {}, el('tr', {}, ...[t('colId'), t('colGame'), t('colStatus'), t('colMoves'), t('colSeats'), '']
                .map((h) => el('th', {}, h)))),
            el('tbody', {}, ...rows))
            : el('p', {}, t('noMatches')));
}
