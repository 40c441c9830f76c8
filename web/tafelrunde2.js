// tafelrunde2.js: the Die Tafelrunde 2 board: the own hand with both bars of each card, cards
// played per colour and player, chests in the centre and each player's face up and face down,
// passes, special cards, gems. Moves are clicks: a card (then its colour or other choice when
// there are several), a chest to secure, or a button for the rest. A click only narrows the
// server's list of legal moves by their notation (src/games/tafelrunde2/tr2_text.c), so the page
// knows no rules. Colours carry a letter and a pattern besides the hue.

import { el, redrawKeepingFocus } from './dom.js';
import { t, who, phase } from './i18n.js';

/**
 * @typedef {import('./boards.js').BoardContext} BoardContext
 * @typedef {import('./protocol.js').Legal} Legal
 * @typedef {{hand?: string[], hand_size?: number, known_hand?: string[], draw_pile?: string[],
 *            draw_size: number, discard: string[], special: string | null,
 *            special_played: boolean, played: Record<string, string[]>, warning: string | null,
 *            zork: boolean, passed: boolean, face_up: string[], face_down: string[],
 *            gems: number}} Tr2Player
 * @typedef {{phase: string, raid: number, start_player: number, turn: number,
 *            zork_budget: number | null, next_colour: string | null, centre: string[],
 *            chest_pile: string[], players: Tr2Player[]}} Tr2View
 */

const COLOURS = ['red', 'blue', 'yellow'];

/** "red5/blue2" -> [["red", 5], ["blue", 2]]; a special card -> [] @param {string} name */
function bars(name) {
    return name.split('/').flatMap((part) => {
        const m = /^([a-z]+)(\d+)$/.exec(part);
        return m && COLOURS.includes(m[1]) ? [[m[1], Number(m[2])]] : [];
    });
}

/** A colour's name in the page's language. @param {string} c */
function colourName(c) {
    return c === 'red' ? t('red') : c === 'blue' ? t('blue') : c === 'yellow' ? t('yellow') : c;
}

/** A colour's mark: hue, letter and pattern (class c-red etc.). @param {string} c @param {string} text */
function mark(c, text) {
    return el('span', { class: `tr2-col c-${c}` }, el('b', {}, c[0].toUpperCase()), text);
}

/** A card with its bars, or a special card by name. @param {string} name @param {string} cls */
function card(name, cls = '') {
    const b = bars(name);
    const body = b.length ? b.map(([c, v]) => el('span', { class: `tr2-bar c-${c}` },
        el('b', {}, String(c)[0].toUpperCase()), ` ${v}`))
        : [el('span', { class: 'tr2-special-name' }, name)];
    return el('div', { class: `tr2-card ${cls}`, 'data-card': name, title: name }, ...body);
}

/** A chest: its colour and gems. @param {string} name @param {string} cls */
function chest(name, cls = '') {
    const [[c, v]] = bars(name).length ? bars(name) : [['', 0]];
    return el('span', { class: `tr2-chest c-${c} ${cls}`, 'data-chest': name, title: t('trChestTitle', { c: colourName(String(c)), v }) },
        el('b', {}, String(c)[0]?.toUpperCase() ?? '?'), ` ${v}◆`);
}

/**
 * The choice between several legal moves that one click leaves: buttons named by what differs.
 * @param {HTMLElement} menu @param {Legal[]} options @param {string} prefix @param {BoardContext} ctx
 */
function choose(menu, options, prefix, ctx) {
    if (options.length === 1) {
        ctx.act(options[0].action);
        return;
    }
    menu.hidden = false;
    menu.replaceChildren(el('span', { class: 'b-menu-q' }, `${prefix}:`),
        ...options.map((l) => {
            const rest = l.text.slice(prefix.length).trim();
            const col = COLOURS.find((c) => rest === `as ${c}` || rest === c);
            const b = el('button', { type: 'button', class: 'b-choice', 'data-action': String(l.action) },
                col ? mark(col, ` ${rest}`) : rest || l.text);
            b.onclick = () => ctx.act(l.action);
            return b;
        }),
        Object.assign(el('button', { type: 'button', class: 'b-cancel' }, t('cancel')),
            { onclick: () => { menu.hidden = true; } }));
    // The keyboard goes on in the choice; Escape closes it and returns to the board.
    menu.onkeydown = (k) => {
        if (k.key === 'Escape') {
            menu.hidden = true;
            /** @type {HTMLElement | null} */ (menu.parentElement?.querySelector('.b-click'))?.focus();
        }
    };
    menu.querySelector('button')?.focus();
}

/** @param {Legal[]} legal @param {string} prefix  moves whose notation starts with prefix */
const starting = (legal, prefix) => legal.filter((l) => l.text === prefix || l.text.startsWith(`${prefix} `));

/** @type {import('./boards.js').Board} */
export const tafelrunde2Board = {
    ownMoves: true,
    render(container, raw, ctx) {
        const v = /** @type {Tr2View | null} */ (raw);
        if (!v || !Array.isArray(v.players)) {
            container.replaceChildren(el('p', {}, t('waitingDeal')));
            return;
        }
        const legal = ctx.legal;
        /** @type {Set<number>} moves a board element offers; the rest become buttons */
        const offered = new Set();
        const menu = el('div', { class: 'b-menu', id: 'board-menu', hidden: '' });

        /** Make e a click target for the moves starting with prefix (if any). @param {HTMLElement} e @param {string} prefix */
        function clickable(e, prefix) {
            const opts = starting(legal, prefix);
            if (!opts.length)
                return e;
            opts.forEach((l) => offered.add(l.action));
            e.classList.add('b-click');
            e.setAttribute('role', 'button');
            e.tabIndex = 0;
            e.onclick = () => choose(menu, opts, prefix, ctx);
            e.onkeydown = (k) => { if (k.key === 'Enter' || k.key === ' ') { k.preventDefault(); e.click(); } };
            return e;
        }

        const me = ctx.seat >= 0 ? v.players[ctx.seat] : null;
        const status = el('p', { class: 'tr2-status' },
            t('trRaid', { n: v.raid, phase: phase(v.phase) }),
            v.phase === 'play' || v.phase === 'secure' || v.phase === 'zork'
                ? (ctx.toMove === ctx.seat && ctx.seat >= 0 ? t('trYourTurn')
                    : ctx.toMove >= 0 ? t('trToMove', { p: ctx.toMove }) : '') : '',
            t('trStart', { p: v.start_player }),
            v.zork_budget !== null ? t('trZorkBudget', { n: v.zork_budget }) : '',
            v.next_colour ? t('trNextColour', { c: colourName(v.next_colour) }) : '');

        const centre = el('section', { class: 'tr2-centre', 'data-path': 'centre' },
            el('h4', {}, t('trCentre')),
            el('div', { class: 'tr2-chests' }, ...v.centre.map((c) => clickable(chest(c), `secure ${c}`)),
                v.centre.length ? null : el('span', { class: 'v-empty' }, t('none'))),
            v.chest_pile.length ? el('p', { class: 'tr2-pile' }, t('trPile', { n: v.chest_pile.length }),
                ...v.chest_pile.map((c) => chest(c, 'small')), ')')
                : el('p', { class: 'tr2-pile' }, t('trPileEmpty')));

        const table = el('table', { class: 'tr2-table' },
            el('thead', {}, el('tr', {}, el('th', {}, t('playerHead')),
                ...COLOURS.map((c) => el('th', {}, mark(c, ` ${colourName(c)}`))),
                el('th', {}, t('trSpecial')), el('th', {}, t('trUp')), el('th', {}, t('trDown')),
                el('th', {}, t('trGems')), el('th', {}, t('trCards')))),
            el('tbody', {}, ...v.players.map((p, i) => el('tr', {
                class: `p${i}${i === ctx.seat ? ' me' : ''}${i === ctx.toMove ? ' to-move' : ''}`,
                'data-path': `players.${i}`,
            },
            el('th', {}, `${who(i)}${i === ctx.seat ? ` ${t('you')}` : ''}`,
                p.passed ? el('span', { class: 'tr2-tag passed' }, t('trPassed')) : null,
                p.zork ? el('span', { class: 'tr2-tag' }, 'Zork') : null,
                p.warning ? el('span', { class: 'tr2-tag' }, t('trWarned', { c: colourName(p.warning) })) : null),
            ...COLOURS.map((c) => el('td', { class: `tr2-played c-${c}-bg`, 'data-path': `players.${i}.played.${c}`, 'data-label': colourName(c) },
                ...(p.played[c] ?? []).map((n) => card(n, 'small')))),
            el('td', { 'data-path': `players.${i}.special`, 'data-label': t('trSpecial') },
                p.special ? el('span', { class: `tr2-special${p.special_played ? ' used' : ''}` },
                    p.special, p.special_played ? t('trPlayed') : '') : el('span', { class: 'v-null' }, t('trHidden'))),
            el('td', { 'data-path': `players.${i}.face_up`, 'data-label': t('trUp') }, ...p.face_up.map((c) =>
                i === ctx.seat ? clickable(chest(c), `secure ${c}`) : chest(c))),
            el('td', { 'data-path': `players.${i}.face_down`, 'data-label': t('trDown') }, ...p.face_down.map((c) => chest(c, 'down'))),
            el('td', { class: 'tr2-gems', 'data-path': `players.${i}.gems`, 'data-label': t('trGems') }, String(p.gems)),
            el('td', { class: 'tr2-counts', 'data-label': t('trCards') },
                t('trHand', { n: p.hand ? p.hand.length : p.hand_size ?? 0 }), t('trDraw', { n: p.draw_size }),
                p.discard.length ? t('trDiscard', { n: p.discard.length }) : '',
                p.known_hand?.length ? el('div', { 'data-path': `players.${i}.known_hand` },
                    t('trKnown'), ...p.known_hand.map((n) => card(n, 'small'))) : null)))));

        /** @type {HTMLElement | null} */
        let hand = null;
        if (me && me.hand) {
            hand = el('section', { class: 'tr2-hand-box' }, el('h4', {}, t('trYourHand')),
                el('div', { class: 'tr2-hand', 'data-path': `players.${ctx.seat}.hand` },
                    ...me.hand.map((n) => clickable(card(n), `play ${n}`))),
                me.draw_pile?.length ? el('p', { class: 'tr2-pile' }, t('trYourDraw'),
                    ...me.draw_pile.map((n) => card(n, 'small'))) : null,
                me.discard.length ? el('p', { class: 'tr2-pile' }, t('trYourDiscard'),
                    ...me.discard.map((n) => card(n, 'small'))) : null);
        }

        // Whatever no board element offers (pass, Zork's sets, ...) as buttons of their own.
        const rest = legal.filter((l) => !offered.has(l.action));
        const buttons = el('div', { class: 'b-actions' }, ...rest.map((l) => {
            const b = el('button', { type: 'button', class: 'b-click b-act', 'data-action': String(l.action) }, l.text);
            b.onclick = () => ctx.act(l.action);
            return b;
        }));
        redrawKeepingFocus(container, () => container.replaceChildren(el('div', { class: 'tr2' },
            status, hand, menu, buttons, centre, table)));
    },
};
