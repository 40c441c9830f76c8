// targi.js: the Targi board: the 5×5 grid of border cards around the 3×3 centre (names, costs,
// rewards, VP; abilities on hover or focus, all from the view), the robber, Targi and markers,
// both players' displays, goods, gold and VP, the own hand card. Moves are clicks on the board:
// a border card, a centre card, a display row; when one click leaves several legal moves, they
// are offered by name. A click only narrows the server's list of legal moves by their notation
// (src/games/targi/targi_text.c), so the page knows no rules.

import { el, redrawKeepingFocus } from './dom.js';
import { t, who, phase } from './i18n.js';

/**
 * @typedef {import('./boards.js').BoardContext} BoardContext
 * @typedef {import('./protocol.js').Legal} Legal
 * @typedef {{symbol?: string, cost?: number[], gold?: number, or_gold?: boolean, vp?: number,
 *            when?: string, effect?: string, gives?: string}} CardFace
 * @typedef {{kind: string, card: string | null, face_down: boolean, marker: number}} Cell
 * @typedef {{goods: number[], gold: number, vp_tokens: number, score: number,
 *            display: string[][], hand: string | null, targi: Array<{border: number, open: boolean}>,
 *            markers: Array<{row: number, col: number, open: boolean}>, w9_gold: number}} TargiPlayer
 * @typedef {{round: number, robber: number, turn: number, stage: string, raid: number,
 *            pending: {kind: string, card: string | null},
 *            border_targi: number[], border_cards: Array<{name: string, action: string} | null>,
 *            centre: Cell[], cards: Record<string, CardFace>, goods_deck: number, tribe_deck: number,
 *            tribe_discard: string[], players: TargiPlayer[]}} TargiView
 */

const GOODS = ['date', 'salt', 'pepper'];
/** @type {import('./i18n.js').TextId[]} */
const GOOD_NAME = ['tgDate', 'tgSalt', 'tgPepper'];
const GOOD_LETTER = ['D', 'S', 'P'];

/** Border card number at grid square (r, c), 0 in the centre (spec 1.1). @param {number} r @param {number} c */
function borderAt(r, c) {
    if (r === 0)
        return c === 0 ? 16 : c;
    if (c === 4)
        return 4 + r;
    if (r === 4)
        return 12 - c;
    if (c === 0)
        return 16 - r;
    return 0;
}

/** "D S S P" from a goods vector. @param {number[]} g */
function goodsText(g) {
    return g.flatMap((n, k) => Array(n).fill(GOOD_LETTER[k])).join(' ');
}

/** A card's printed cost and reward in one line. @param {string} label @param {CardFace | undefined} f */
function faceLine(label, f) {
    if (!f)
        return label;
    if (f.gives !== undefined)
        return t('tgGives', { label, g: f.gives });
    const cost = [goodsText(f.cost ?? []), f.gold ? (f.or_gold ? '/G' : 'G') : ''].filter(Boolean).join(' ');
    return t('tgCosts', { label, sym: f.symbol ?? '', cost: cost || t('tgNothing'), vp: f.vp ?? 0 }) +
        (f.effect && f.effect !== '-' ? `; ${f.when}: ${f.effect}` : '');
}

/** A card face drawn small: label, symbol letter, cost, VP. @param {string} label @param {TargiView} v */
function face(label, v) {
    const f = v.cards[label];
    const title = faceLine(label, f);
    if (!f)
        return el('span', { class: 'tg-face', title, 'data-card': label }, label);
    if (f.gives !== undefined)
        return el('span', { class: 'tg-face goods', title, 'data-card': label },
            el('b', {}, label), el('span', { class: 'tg-gives' }, f.gives));
    const cost = [goodsText(f.cost ?? []), f.gold ? (f.or_gold ? '/G' : 'G') : ''].filter(Boolean).join(' ');
    return el('span', { class: `tg-face tribe sym-${label[0]}`, title, 'data-card': label, tabindex: '0' },
        el('b', {}, label), el('span', { class: 'tg-cost' }, cost || '–'),
        el('span', { class: 'tg-vp' }, t('tgVp', { n: f.vp ?? 0 })),
        f.effect && f.effect !== '-' ? el('span', { class: 'tg-effect' }, `${f.when}: ${f.effect}`) : null);
}

/** @param {number} p @param {string} text */
const token = (p, text) => el('span', { class: `tg-token p${p}`, title: who(p) }, text);

/**
 * Several legal moves left by one click: buttons with their notation.
 * @param {HTMLElement} menu @param {Legal[]} options @param {string} what @param {BoardContext} ctx
 */
function choose(menu, options, what, ctx) {
    if (options.length === 1) {
        ctx.act(options[0].action);
        return;
    }
    menu.hidden = false;
    menu.replaceChildren(el('span', { class: 'b-menu-q' }, `${what}:`),
        ...options.map((l) => {
            const b = el('button', { type: 'button', class: 'b-choice', 'data-action': String(l.action) }, l.text);
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

/** @type {import('./boards.js').Board} */
export const targiBoard = {
    ownMoves: true,
    render(container, raw, ctx) {
        const v = /** @type {TargiView | null} */ (raw);
        if (!v || !Array.isArray(v.centre) || !v.border_cards) {
            container.replaceChildren(el('p', {}, t('waitingDeal')));
            return;
        }
        const legal = ctx.legal;
        /** @type {Set<number>} */
        const offered = new Set();
        const menu = el('div', { class: 'b-menu', id: 'board-menu', hidden: '' });

        /** Make e the click target of the legal moves that pass test. @param {HTMLElement} e
         * @param {(text: string) => boolean} test @param {string} what */
        function clickable(e, test, what) {
            const opts = legal.filter((l) => test(l.text));
            if (!opts.length)
                return e;
            opts.forEach((l) => offered.add(l.action));
            e.classList.add('b-click');
            e.setAttribute('role', 'button');
            e.tabIndex = 0;
            e.onclick = () => choose(menu, opts, what, ctx);
            e.onkeydown = (k) => { if (k.key === 'Enter' || k.key === ' ') { k.preventDefault(); e.click(); } };
            return e;
        }

        const squares = [];
        for (let r = 0; r < 5; r++)
            for (let c = 0; c < 5; c++) {
                const b = borderAt(r, c);
                if (b) {
                    const info = v.border_cards[b];
                    const owner = v.border_targi[b];
                    const sq = el('div', {
                        class: `tg-sq border${b % 4 === 0 ? ' corner' : ''}`, 'data-border': String(b),
                        title: `#${b} ${info?.name}: ${info?.action}`,
                    }, el('span', { class: 'tg-num' }, `#${b}`), el('b', {}, info?.name ?? ''),
                    el('span', { class: 'tg-action' }, info?.action ?? ''),
                    el('span', { class: 'tg-occ' },
                        v.robber === b && v.stage !== 'setup' ? el('span', { class: 'tg-robber', title: t('tgRobber') }, t('tgRobberShort')) : null,
                        owner >= 0 ? token(owner, t('tgTargiOf', { p: owner })) : null));
                    squares.push(clickable(sq, (x) => x.startsWith(`targi ${b} `) || x.startsWith(`use ${b} `),
                        `#${b} ${info?.name}`));
                } else {
                    const i = (r - 1) * 3 + (c - 1);
                    const cell = v.centre[i];
                    const at = `${r},${c}`;
                    const label = cell.card && cell.card !== 'hidden' ? cell.card : null;
                    const sq = el('div', { class: `tg-sq centre ${cell.kind}${cell.face_down ? ' down' : ''}`, 'data-cell': at },
                        cell.card === null ? el('span', { class: 'v-empty' }, t('tgEmpty'))
                            : cell.face_down ? el('span', { class: 'tg-back' }, t('tgFaceDown', { kind: cell.kind }))
                            : face(/** @type {string} */ (label), v),
                        el('span', { class: 'tg-occ' }, cell.marker >= 0 ? token(cell.marker, t('tgMarkerOf', { p: cell.marker })) : null));
                    // "take 2,3 G4 DD" names the square; buy/hand/discard name the card.
                    squares.push(clickable(sq, (x) => x.startsWith(`take ${at} `) || x.startsWith(`fata ${at} `) ||
                        (label !== null && label !== v.pending.card &&
                            [`buy ${label}`, `hand ${label}`, `discard ${label}`].includes(x)), label ?? at));
                }
            }
        const grid = el('div', { class: 'tg-grid', 'data-path': 'board' }, ...squares);

        const pc = v.pending.card;
        const pend = pc && v.pending.kind !== 'none'
            ? clickable(el('p', { class: 'tg-pending' }, t('tgPending', { kind: v.pending.kind }),
                pc === 'hidden' ? t('tgHidden') : face(pc, v)),
            (x) => ['buy', 'hand', 'discard', 'leave'].some((w) => x === `${w} ${pc}`), pc) : null;

        const players = el('div', { class: 'tg-players' }, ...v.players.map((p, i) => {
            const mine = i === ctx.seat;
            const rows = p.display.map((row, r) => clickable(el('div', { class: 'tg-row', 'data-row': String(r + 1) },
                el('span', { class: 'tg-num' }, t('tgRow', { n: r + 1 })), ...row.map((x) => face(x, v)),
                ...Array(Math.max(0, 4 - row.length)).fill(0).map(() => el('span', { class: 'tg-slot' }))),
            (x) => mine && x === `row ${r + 1}`, t('tgRow', { n: r + 1 })));
            return el('section', { class: `tg-player p${i}${mine ? ' me' : ''}${i === ctx.toMove ? ' to-move' : ''}`, 'data-path': `players.${i}` },
                el('h4', {}, token(i, who(i)), mine ? ` ${t('you')}` : '', t('tgPoints', { n: p.score })),
                el('p', { class: 'tg-stock' },
                    ...p.goods.map((n, k) => el('span', { class: `tg-good g-${GOODS[k]}`, title: t(GOOD_NAME[k]) },
                        `${GOOD_LETTER[k]} ${n}`)),
                    el('span', { class: 'tg-good g-gold', title: t('tgGold') }, `G ${p.gold}`),
                    el('span', { class: 'tg-good g-vp', title: t('tgVpTokens') }, `${t('tgVp', { n: p.vp_tokens })}`),
                    p.w9_gold ? el('span', { class: 'tg-good', title: t('tgW9') }, `W9 ${p.w9_gold}`) : null),
                el('div', { class: 'tg-display', 'data-path': `players.${i}.display` }, ...rows),
                clickable(el('p', { class: 'tg-hand', 'data-path': `players.${i}.hand` }, t('tgHandCard'),
                    p.hand === null ? t('none') : p.hand === 'hidden' ? t('tgHidden') : face(p.hand, v)),
                (x) => mine && (x.startsWith('noble ') || x.startsWith('w8 ')), t('tgYourHand')));
        }));

        const head = el('p', { class: 'tg-status' }, t('tgRound', { n: v.round, stage: phase(v.stage) }),
            ctx.toMove >= 0 ? (ctx.toMove === ctx.seat ? t('tgYourTurn') : t('tgToMove', { p: ctx.toMove })) : '',
            t('tgDecks', { g: v.goods_deck, t: v.tribe_deck }),
            v.tribe_discard.length ? t('tgDiscarded', { list: v.tribe_discard.join(' ') }) : '');

        const rest = legal.filter((l) => !offered.has(l.action));
        const buttons = el('div', { class: 'b-actions' }, ...rest.map((l) => {
            const b = el('button', { type: 'button', class: 'b-click b-act', 'data-action': String(l.action) }, l.text);
            b.onclick = () => ctx.act(l.action);
            return b;
        }));
        redrawKeepingFocus(container, () => container.replaceChildren(el('div', { class: 'targi' },
            head, pend, menu, buttons, el('div', { class: 'tg-layout' }, grid, players))));
    },
};
