// carcassonne.js: the Carcassonne board: every tile drawn as SVG from the engine's tile table
// (GET /api/games/carcassonne/assets), pan and zoom, the tile in hand, and moves made by
// clicking: a highlighted square, then a legal rotation, then a follower spot or skip; Tatan's
// and the end phase's choices as buttons. Every click sends one action of the "legal" list,
// found by its notation (carc_notation.c), so the page holds no rules: what is not legal is
// never offered.

import { el } from './dom.js';
import { t } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
const T = 100; // a tile's side in SVG units
// The zoom below which tiles are hard to read and click (64 px a tile): the first view is then
// the latest tiles close up, not the whole board.
const READABLE = 0.64;

/**
 * @typedef {{type: string, name: string, names?: string[], edges: number[], halves: number[],
 *            pennant: boolean, inn: boolean, inn_optional: boolean, cathedral: boolean}} Seg
 * @typedef {{name: string, count: number, set: string, edges: string, segments: Seg[],
 *            cloister: boolean, tatan: boolean}} Kind
 * @typedef {{kind: string, x: number, y: number, r: number}} Tile
 * @typedef {{player: number, x: number, y: number, feature: string, large: boolean}} Follower
 * @typedef {{phase: string, turn: number, hand: string, tiles: Tile[], followers: Follower[],
 *            tatan_tiles: Array<{x: number, y: number, follower: number}>,
 *            players: Array<{score: number, supply: number, large: number, tatan: number}>,
 *            remaining: Record<string, number>, placed?: {x: number, y: number},
 *            drawn: string[]}} View
 * @typedef {import('./boards.js').BoardContext} Ctx
 * @typedef {{action: number, text: string}} Legal
 */

/** @type {Map<string, Kind> | null} */
let kinds = null;
/** @type {Promise<void> | null} */
let loading = null;
let retryMs = 500; // after a failed fetch: doubles up to 30 s

/** Fetch the tile table once; redraw when it arrives. A failed fetch is tried again after a
 * pause, and the board redrawn then, so a passing failure does not leave it empty until the
 * next move, nor does a lasting one send a request at every redraw. @param {() => void} then */
function loadKinds(then) {
    if (!loading)
        loading = fetch('/api/games/carcassonne/assets').then((r) => {
            if (!r.ok)
                throw new Error(`HTTP ${r.status}`);
            return r.json();
        }).then((j) => {
            kinds = new Map(/** @type {Kind[]} */ (j.kinds).map((k) => [k.name, k]));
        }).catch(() => new Promise((resolve) => setTimeout(() => {
            loading = null;
            retryMs = Math.min(2 * retryMs, 30000);
            resolve(undefined);
        }, retryMs)));
    loading.then(then);
}

/** @param {string} tag @param {Record<string, string | number>} [attrs] @param {...Node} kids */
function s(tag, attrs = {}, ...kids) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs))
        e.setAttribute(k, String(v));
    e.append(...kids);
    return e;
}

// ---- Tile geometry, in a tile's own frame (0..T, north up, before rotation) ----

const corner = [[0, 0], [T, 0], [T, T], [0, T]];
const sideMid = [[T / 2, 0], [T, T / 2], [T / 2, T], [0, T / 2]];
const halfAt = [[25, 0], [75, 0], [T, 25], [T, 75], [75, T], [25, T], [0, 75], [0, 25]];

/** @param {number[]} p @param {number} d  p moved d units towards the centre */
function inward(p, d) {
    const dx = T / 2 - p[0], dy = T / 2 - p[1], n = Math.hypot(dx, dy) || 1;
    return [p[0] + dx / n * d, p[1] + dy / n * d];
}

/** Runs of consecutive members of a cyclic set (sides 0..3 or halves 0..7). */
/** @param {number[]} members @param {number} n */
function runs(members, n) {
    const has = (/** @type {number} */ i) => members.includes(((i % n) + n) % n);
    if (members.length === n)
        return [[...Array(n).keys()]];
    /** @type {number[][]} */
    const out = [];
    for (let i = 0; i < n; i++)
        if (has(i) && !has(i - 1)) {
            const run = [];
            for (let j = i; has(j) && run.length < n; j++)
                run.push(j % n);
            out.push(run);
        }
    return out;
}

/** A city's outline: along the tile's border where it has edges, curving inwards between. */
/** @param {number[]} edges */
function cityPath(edges) {
    if (edges.length === 4)
        return `M0 0H${T}V${T}H0Z`;
    const rs = runs(edges, 4);
    let d = '';
    rs.forEach((run, i) => {
        const a = corner[run[0]], b = corner[(run[run.length - 1] + 1) % 4];
        d += i === 0 ? `M${a[0]} ${a[1]}` : `L${a[0]} ${a[1]}`;
        for (const e of run)
            d += `L${corner[(e + 1) % 4][0]} ${corner[(e + 1) % 4][1]}`;
        const next = corner[rs[(i + 1) % rs.length][0]];
        const mid = [(b[0] + next[0]) / 2, (b[1] + next[1]) / 2];
        // A diagonal chord passes the centre: bow it a little towards the free corner.
        let c = mid[0] === T / 2 && mid[1] === T / 2
            ? [T / 2 + (T / 2 - corner[(run[0] + 2) % 4][0]) * -0.25,
               T / 2 + (T / 2 - corner[(run[0] + 2) % 4][1]) * -0.25]
            : [mid[0] + (T / 2 - mid[0]) * 0.9, mid[1] + (T / 2 - mid[1]) * 0.9];
        d += `Q${c[0]} ${c[1]} ${next[0]} ${next[1]}`;
    });
    return d + 'Z';
}

/** A road: side to side through the centre, or from a side to the centre (it ends there). */
/** @param {number[]} edges */
function roadPath(edges) {
    const a = sideMid[edges[0]];
    if (edges.length === 1)
        return `M${a[0]} ${a[1]}L${T / 2} ${T / 2}`;
    const b = sideMid[edges[1]];
    return `M${a[0]} ${a[1]}Q${T / 2} ${T / 2} ${b[0]} ${b[1]}`;
}

/** Where a follower stands on a segment (and where a click puts one). */
/** @param {Kind} k @param {Seg} g @returns {number[]} */
function spot(k, g) {
    if (g.type === 'cloister')
        return [T / 2, T / 2];
    if (g.type === 'road') {
        if (g.edges.length === 1)
            return inward(sideMid[g.edges[0]], 18);
        const a = sideMid[g.edges[0]], b = sideMid[g.edges[1]];
        return [a[0] / 4 + T / 4 + b[0] / 4, a[1] / 4 + T / 4 + b[1] / 4];
    }
    if (g.type === 'city') {
        if (g.edges.length === 1)
            return inward(sideMid[g.edges[0]], 12);
        if (g.cathedral)
            return [T / 2, 72];
        const n = g.edges.length;
        return [g.edges.reduce((a, e) => a + sideMid[e][0], 0) / n,
                g.edges.reduce((a, e) => a + sideMid[e][1], 0) / n];
    }
    // A field: the middle of its longest stretch of border, a little inwards.
    if (!g.halves.length)
        return [T / 2, T / 2];
    const run = runs(g.halves, 8).sort((a, b) => b.length - a.length)[0];
    const m = run.length - 1;
    const p = halfAt[run[Math.floor(m / 2)]], q = halfAt[run[Math.ceil(m / 2)]];
    void k;
    return inward([(p[0] + q[0]) / 2, (p[1] + q[1]) / 2], 14);
}

/** A point of the tile frame turned r quarter turns clockwise about the centre. */
/** @param {number[]} p @param {number} r */
function turn(p, r) {
    let [x, y] = p;
    for (let i = 0; i < r; i++)
        [x, y] = [T - y, x];
    return [x, y];
}

/** One tile, in its own frame; the caller places and turns it. @param {Kind} k */
function tileSvg(k) {
    const g = s('g', { class: 'carc-tile' });
    if (k.tatan) {
        g.append(s('rect', { class: 'c-tatan', width: T, height: T }),
            s('polygon', { class: 'c-tatan-mark', points: '50,18 78,34 78,66 50,82 22,66 22,34' }),
            s('text', { class: 'c-tatan-t', x: 50, y: 58 }, document.createTextNode('T')));
        return g;
    }
    g.append(s('rect', { class: 'c-field', width: T, height: T }));
    for (const seg of k.segments)
        if (seg.type === 'road')
            g.append(s('path', { class: 'c-road-edge', d: roadPath(seg.edges) }),
                s('path', { class: 'c-road', d: roadPath(seg.edges) }));
    // Roads that end on the tile meet at a junction or a cloister: mark the end.
    const ends = k.segments.filter((x) => x.type === 'road' && x.edges.length === 1).length;
    if (ends && !k.cloister && ends !== 1)
        g.append(s('rect', { class: 'c-junction', x: 42, y: 42, width: 16, height: 16 }));
    for (const seg of k.segments)
        if (seg.type === 'city')
            g.append(s('path', { class: 'c-city', d: cityPath(seg.edges) }));
    for (const seg of k.segments) {
        const p = spot(k, seg);
        if (seg.pennant) {
            // A shield beside the follower spot.
            const [x, y] = seg.edges.length === 1 ? inward(sideMid[seg.edges[0]], 8) : p;
            const ox = seg.edges.length === 1 && seg.edges[0] % 2 === 0 ? x + 20 : x + 14;
            const oy = seg.edges.length === 1 && seg.edges[0] % 2 === 1 ? y + 18 : y - 8;
            g.append(s('path', { class: 'c-pennant', d: `M${ox - 6} ${oy - 6}h12v6q0 7 -6 10q-6 -3 -6 -10z` }));
        }
        if (seg.cathedral)
            g.append(s('path', { class: 'c-cathedral', d: 'M36 52V34l14-12 14 12v18zM48 30h4v-12h-4z M44 22h12v3H44z' }));
        if (seg.inn) {
            const a = sideMid[seg.edges[0]];
            const dx = T / 2 - a[0], dy = T / 2 - a[1], n = Math.hypot(dx, dy);
            const x = a[0] + dx * 0.5 - dy / n * 15, y = a[1] + dy * 0.5 + dx / n * 15;
            g.append(s('path', {
                class: `c-inn${seg.inn_optional ? ' optional' : ''}`,
                d: `M${x - 7} ${y + 5}v-8l7-6 7 6v8z`,
            }));
        }
    }
    if (k.cloister)
        g.append(s('path', { class: 'c-cloister', d: 'M37 64V44l13-10 13 10v20z' }),
            s('path', { class: 'c-cloister-cross', d: 'M48 42h4v18h-4zM43 47h14v4H43z' }));
    return g;
}

// ---- Reading the legal moves (their notation) ----

/** @param {Legal[]} legal */
function parseLegal(legal) {
    /** @type {Map<string, {x: number, y: number, rots: Map<number, Legal>}>} */
    const squares = new Map();
    /** @type {Map<string, {normal?: Legal, large?: Legal}>} */
    const spots = new Map();
    /** @type {Map<string, Legal>} */
    const picks = new Map();
    /** @type {Legal[]} */
    const buttons = [];
    /** @type {Legal | null} */
    let skip = null;
    for (const l of legal) {
        let m;
        if ((m = /^(\S+) (-?\d+),(-?\d+) r([0-3])$/.exec(l.text))) {
            const key = `${m[2]},${m[3]}`;
            if (!squares.has(key))
                squares.set(key, { x: Number(m[2]), y: Number(m[3]), rots: new Map() });
            squares.get(key)?.rots.set(Number(m[4]), l);
        } else if ((m = /^(L )?((?:city|road|field):\S+|cloister)$/.exec(l.text))) {
            const e = spots.get(m[2]) ?? {};
            e[m[1] ? 'large' : 'normal'] = l;
            spots.set(m[2], e);
        } else if (l.text === 'none') {
            skip = l;
        } else if ((m = /^move (-?\d+),(-?\d+)$/.exec(l.text))) {
            picks.set(`${m[1]},${m[2]}`, l);
        } else {
            buttons.push(l);
        }
    }
    return { squares, spots, picks, buttons, skip };
}

/** Words for a choice the board offers as a button. @param {string} text */
function buttonLabel(text) {
    let m;
    if (text === 'draw2')
        return t('tatanDraw2');
    if (text === 'keep')
        return t('tatanKeep');
    if (text === 'pass')
        return t('passFill');
    if ((m = /^fill (L )?(-?\d+),(-?\d+)$/.exec(text)))
        return t(m[1] ? 'fillGapL' : 'fillGap', { x: m[2], y: m[3] });
    if ((m = /^play (\S+)$/.exec(text)))
        return t('playNext', { k: m[1] });
    return text;
}

// ---- The board ----

/**
 * What one container keeps between renders: its elements, the camera, the choice in progress.
 * @typedef {{root: HTMLElement, svg: SVGSVGElement, world: SVGGElement, side: HTMLElement,
 *            cam: {x: number, y: number, z: number, mode: 'recent' | 'fit' | 'user'},
 *            sel: string | null, rot: number, legalKey: string,
 *            args: [View, Ctx] | null, dragged: boolean, zoomBy: (f: number) => void,
 *            hadFocus: boolean}} Board
 */

/** @type {WeakMap<HTMLElement, Board>} */
const boardOf = new WeakMap();
/** @type {Board | null} the board the keyboard talks to */
let focused = null;

/** @param {HTMLElement} container */
function setup(container) {
    // Focusable, so the arrow keys and R/Enter reach it (see onKey); its own children are
    // focusable where they are choices (follower spots, Tatan's tiles).
    const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (s('svg', {
        class: 'carc-svg', role: 'application', 'aria-label': t('carcBoard'), tabindex: 0,
        id: 'carc-svg',
    })));
    const world = /** @type {SVGGElement} */ (/** @type {unknown} */ (s('g')));
    svg.append(world);
    const side = el('div', { class: 'carc-side' });
    /** @type {Board} */
    const b = {
        root: el('div', { class: 'carc' }), svg, world, side,
        cam: { x: 0, y: 0, z: 1, mode: 'recent' }, sel: null, rot: 0, legalKey: '', args: null,
        dragged: false, zoomBy: () => {}, hadFocus: false,
    };
    const zoomBy = (/** @type {number} */ f) => {
        b.cam.z = Math.min(4, Math.max(0.15, b.cam.z * f));
        b.cam.mode = 'user';
        place(b);
    };
    b.zoomBy = zoomBy;
    const tools = el('div', { class: 'carc-tools' });
    for (const [label, title, cam, f] of /** @type {Array<[string, string, string, () => void]>} */ ([
        ['+', t('zoomIn'), 'in', () => zoomBy(1.25)], ['−', t('zoomOut'), 'out', () => zoomBy(0.8)],
        [t('recent'), t('recentTitle'), 'recent', () => { b.cam.mode = 'recent'; redraw(b); }],
        [t('fit'), t('fitTitle'), 'fit', () => { b.cam.mode = 'fit'; redraw(b); }]])) {
        const bt = el('button', { type: 'button', title, class: 'carc-zoom', 'data-cam': cam }, label);
        bt.onclick = f;
        tools.append(bt);
    }
    b.root.append(el('div', { class: 'carc-view' }, svg, tools), side);
    container.replaceChildren(b.root);

    // Drag to pan; a press that moved is not a click.
    /** @type {{x: number, y: number, cx: number, cy: number} | null} */
    let drag = null;
    svg.addEventListener('pointerdown', (e) => {
        drag = { x: e.clientX, y: e.clientY, cx: b.cam.x, cy: b.cam.y };
        b.dragged = false;
    });
    svg.addEventListener('pointermove', (e) => {
        if (!drag || !(e.buttons & 1))
            return;
        const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
        if (!b.dragged && Math.hypot(dx, dy) < 5)
            return;
        if (!b.dragged)
            svg.setPointerCapture(e.pointerId);
        b.dragged = true;
        b.cam.mode = 'user';
        b.cam.x = drag.cx - dx / b.cam.z;
        b.cam.y = drag.cy - dy / b.cam.z;
        place(b);
    });
    svg.addEventListener('pointerup', () => { drag = null; });
    svg.addEventListener('click', (e) => {
        if (b.dragged)
            e.stopPropagation();
    }, true);
    svg.addEventListener('wheel', (e) => {
        e.preventDefault();
        // Zoom about the pointer: the board point under it stays under it.
        const r = svg.getBoundingClientRect();
        const px = e.clientX - r.left - r.width / 2, py = e.clientY - r.top - r.height / 2;
        const wx = b.cam.x + px / b.cam.z, wy = b.cam.y + py / b.cam.z;
        b.cam.z = Math.min(4, Math.max(0.15, b.cam.z * (e.deltaY < 0 ? 1.15 : 1 / 1.15)));
        b.cam.x = wx - px / b.cam.z;
        b.cam.y = wy - py / b.cam.z;
        b.cam.mode = 'user';
        place(b);
    }, { passive: false });
    boardOf.set(container, b);
    return b;
}

/** Apply the camera to the world group. @param {Board} b */
function place(b) {
    const r = b.svg.getBoundingClientRect();
    const w = r.width || 800, h = r.height || 500;
    b.svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    b.world.setAttribute('transform',
        `translate(${w / 2 - b.cam.x * b.cam.z} ${h / 2 - b.cam.y * b.cam.z}) scale(${b.cam.z})`);
}

/** @param {Board} b */
function redraw(b) {
    if (b.args)
        draw(b, ...b.args);
}

// The keys of the board (keyHelpCarc): they act while the focus is on the board or nowhere in
// particular, never while it is on a button, link or field, whose own keys win.
document.addEventListener('keydown', (e) => {
    const b = focused;
    const tg = e.target;
    if (!b || !b.root.isConnected || !b.args || e.ctrlKey || e.metaKey || e.altKey)
        return;
    if (tg instanceof HTMLInputElement || tg instanceof HTMLSelectElement ||
        tg instanceof HTMLTextAreaElement || tg instanceof HTMLButtonElement ||
        tg instanceof HTMLAnchorElement || (tg instanceof Element && tg.closest('dialog, summary')))
        return;
    const onSvgChild = tg instanceof SVGElement && tg !== b.svg;
    const dirs = /** @type {Record<string, number[]>} */ ({
        ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
    });
    if (e.key === 'r' || e.key === 'R') {
        rotate(b, e.key === 'R' ? -1 : 1);
    } else if (e.key === 'Enter' && !onSvgChild) {
        const bt = /** @type {HTMLButtonElement | null} */ (b.side.querySelector('#carc-place'));
        if (!bt || bt.disabled)
            return;
        bt.click();
    } else if (dirs[e.key]) {
        if (!step(b, dirs[e.key][0], dirs[e.key][1]))
            return;
    } else if (e.key === '+' || e.key === '=') {
        b.zoomBy(1.25);
    } else if (e.key === '-') {
        b.zoomBy(0.8);
    } else {
        return;
    }
    e.preventDefault();
});

/**
 * Select the legal square nearest in a direction from the selected one (from the middle of the
 * view when none is selected). Returns whether there were squares to move between.
 * @param {Board} b @param {number} dx @param {number} dy
 */
function step(b, dx, dy) {
    if (!b.args)
        return false;
    const ctx = b.args[1];
    if (ctx.seat < 0 || ctx.toMove !== ctx.seat)
        return false;
    const sqs = [...parseLegal(ctx.legal).squares.entries()];
    if (!sqs.length)
        return false;
    const cur = b.sel !== null ? parseLegal(ctx.legal).squares.get(b.sel) : undefined;
    const from = cur ? [cur.x, cur.y] : [b.cam.x / T - 0.5, b.cam.y / T - 0.5];
    let best = null, bestCost = Infinity;
    for (const [k, q] of sqs) {
        const ax = q.x - from[0], ay = q.y - from[1];
        const along = ax * dx + ay * dy, across = Math.abs(ax * dy - ay * dx);
        // Ahead in that direction (anywhere, when nothing is selected yet); the straightest
        // and nearest first.
        if (cur && along <= 0)
            continue;
        const cost = Math.abs(along) + 2 * across;
        if (cost < bestCost) {
            bestCost = cost;
            best = k;
        }
    }
    if (best === null)
        return true;
    b.sel = best;
    b.rot = [...(parseLegal(ctx.legal).squares.get(best)?.rots.keys() ?? [0])].sort()[0];
    redraw(b);
    return true;
}

/** The next legal rotation of the selected square. @param {Board} b @param {number} dir */
function rotate(b, dir) {
    if (!b.args || b.sel === null)
        return;
    const sq = parseLegal(b.args[1].legal).squares.get(b.sel);
    if (!sq)
        return;
    const rots = [...sq.rots.keys()].sort();
    b.rot = rots[(rots.indexOf(b.rot) + dir + rots.length) % rots.length];
    redraw(b);
}

/** Each player's last tile (placed, moved or gap filled), from the log. @param {Ctx} ctx */
function lastMoves(ctx) {
    /** @type {Map<number, string>} */
    const last = new Map();
    for (const e of ctx.log ?? []) {
        const m = /^(?:\S+ |fill (?:L )?)(-?\d+),(-?\d+)(?: r[0-3])?$/.exec(e.text);
        if (m && e.player >= 0)
            last.set(e.player, `${m[1]},${m[2]}`);
    }
    return last;
}

/** @param {Board} b @param {View} v @param {Ctx} ctx */
function draw(b, v, ctx) {
    b.args = [v, ctx];
    if (!kinds) {
        b.side.replaceChildren(el('p', {}, t('loadingTiles')));
        loadKinds(() => redraw(b));
        return;
    }
    const K = kinds;
    const key = ctx.legal.map((l) => l.text).join('|');
    if (key !== b.legalKey) {
        b.legalKey = key;
        b.sel = null;
    }
    const mine = ctx.seat >= 0 && ctx.toMove === ctx.seat;
    const L = mine ? parseLegal(ctx.legal) : parseLegal([]);
    const send = (/** @type {Legal} */ l) => {
        b.sel = null;
        ctx.act(l.action);
    };

    /** @type {HTMLElement | SVGElement | null} what the keyboard should be on after this */
    let wanted = null;
    // Whether the keyboard was on the board: on it, or lost since the last draw left it there
    // (the square or spot chosen went away). A page just opened is left alone.
    const before = document.activeElement;
    const keep = (before !== null && b.root.contains(before)) ||
        ((before === null || before === document.body) && b.hadFocus);
    const w = b.world;
    w.replaceChildren();
    /** @type {number[][]} */
    const pts = [];
    /** @type {Map<string, Tile>} */
    const at = new Map();
    const last = lastMoves(ctx);
    /** @type {Map<string, number>} */
    const lastAt = new Map([...last].map(([p, k]) => [k, p]));
    for (const tl of v.tiles) {
        const k = K.get(tl.kind);
        if (!k)
            continue;
        at.set(`${tl.x},${tl.y}`, tl);
        pts.push([tl.x, tl.y]);
        const g = s('g', {
            class: 'carc-placed', 'data-x': tl.x, 'data-y': tl.y, 'data-kind': tl.kind,
            transform: `translate(${tl.x * T} ${tl.y * T}) rotate(${tl.r * 90} ${T / 2} ${T / 2})`,
        }, tileSvg(k));
        w.append(g);
    }
    for (const tl of v.tatan_tiles) {
        const k = K.get('Tatan');
        pts.push([tl.x, tl.y]);
        if (k)
            w.append(s('g', { class: 'carc-placed tatan', transform: `translate(${tl.x * T} ${tl.y * T})` },
                tileSvg(k)));
    }
    // Grid lines between tiles, then the markers on top.
    for (const [xy, p] of lastAt) {
        const [x, y] = xy.split(',').map(Number);
        w.append(s('rect', {
            class: `carc-last p${p}`, x: x * T + 3, y: y * T + 3, width: T - 6, height: T - 6,
            'data-player': p,
        }), s('text', { class: `carc-last-label p${p}`, x: x * T + 8, y: y * T + 24 },
            document.createTextNode(t('lastLabel', { p }))));
    }
    for (const f of v.followers) {
        const tl = at.get(`${f.x},${f.y}`);
        const k = tl && K.get(tl.kind);
        const seg = k?.segments.find((g) => g.name === f.feature);
        if (!tl || !k || !seg)
            continue;
        const [x, y] = turn(spot(k, seg), tl.r);
        w.append(meeple(f.player, f.large, tl.x * T + x, tl.y * T + y));
    }
    for (const tl of v.tatan_tiles)
        if (tl.follower >= 0)
            w.append(meeple(tl.follower >> 1, (tl.follower & 1) === 1, tl.x * T + 50, tl.y * T + 78));
    if (v.placed)
        w.append(s('rect', {
            class: 'carc-just', x: v.placed.x * T, y: v.placed.y * T, width: T, height: T,
        }));

    // Legal squares for the tile in hand, and the chosen one with its rotation.
    const hand = K.get(v.hand);
    for (const [sk, sq] of L.squares) {
        pts.push([sq.x, sq.y]);
        if (sk === b.sel && hand) {
            if (!sq.rots.has(b.rot))
                b.rot = [...sq.rots.keys()].sort()[0];
            const g = s('g', {
                class: 'carc-preview', 'data-x': sq.x, 'data-y': sq.y, 'data-r': b.rot,
                transform: `translate(${sq.x * T} ${sq.y * T}) rotate(${b.rot * 90} ${T / 2} ${T / 2})`,
            }, tileSvg(hand));
            g.append(s('rect', { class: 'carc-preview-frame', width: T, height: T }));
            g.addEventListener('click', () => rotate(b, 1));
            w.append(g);
            wanted ??= b.svg;
            continue;
        }
        const r = s('rect', {
            class: 'carc-square legal', x: sq.x * T + 4, y: sq.y * T + 4, width: T - 8,
            height: T - 8, rx: 8, 'data-x': sq.x, 'data-y': sq.y,
        });
        activatable(r, t('squareRots', { x: sq.x, y: sq.y, n: sq.rots.size }), () => {
            b.sel = sk;
            b.rot = [...sq.rots.keys()].sort()[0];
            focused = b;
            redraw(b);
        });
        w.append(r);
        wanted ??= b.svg;
    }
    // Tatan option 1: the tiles that may be moved.
    for (const [pk, l] of L.picks) {
        const [x, y] = pk.split(',').map(Number);
        const r = s('rect', {
            class: 'carc-pick', x: x * T + 2, y: y * T + 2, width: T - 4, height: T - 4,
            'data-x': x, 'data-y': y,
        });
        activatable(r, t('moveTileAt', { x, y }), () => send(l));
        w.append(r);
        wanted ??= r;
    }
    // Follower spots of the tile just placed.
    const pt = v.placed && at.get(`${v.placed.x},${v.placed.y}`);
    const pk = pt && K.get(pt.kind);
    /** @type {Array<[number, number, number]>} spots drawn so far: x, y, radius */
    const drawn = [];
    if (pt && pk)
        for (const [name, e] of L.spots) {
            // Moves name a spot as it lies on the board: the segment's name at the tile's rotation.
            const seg = pk.segments.find((g) => (g.names ? g.names[pt.r] : g.name) === name);
            if (!seg)
                continue;
            const [x, y] = turn(spot(pk, seg), pt.r);
            const cx = pt.x * T + x, cy = pt.y * T + y;
            const both = e.normal && e.large;
            for (const [l, large] of /** @type {Array<[Legal | undefined, boolean]>} */ ([[e.normal, false], [e.large, true]])) {
                if (!l)
                    continue;
                const rad = large ? 13 : 10;
                let px = cx + (both ? (large ? 13 : -11) : 0), py = cy;
                // Two features can have their spot at one place (a road through a field's
                // centre): move a spot to the nearest free place on rings around its own, so
                // that no spot covers another and each can be clicked.
                const free = (/** @type {number} */ x, /** @type {number} */ y) =>
                    !drawn.some((q) => Math.hypot(q[0] - x, q[1] - y) < q[2] + rad + 2);
                search: for (let ring = 1; !free(px, py) && ring <= 16; ring++)
                    for (let k = 0; k < 16; k++) {
                        const a = (k / 16) * 2 * Math.PI;
                        const nx = px + Math.cos(a) * ring * 5, ny = py + Math.sin(a) * ring * 5;
                        if (free(nx, ny)) {
                            px = nx;
                            py = ny;
                            break search;
                        }
                    }
                drawn.push([px, py, rad]);
                const g = s('g', {
                    class: `carc-spot${large ? ' large' : ''}`, 'data-feature': name,
                    'data-large': large ? 1 : 0, transform: `translate(${px} ${py})`,
                    // where the segment's spot lies in the tile's square, before any push-apart
                    // (tests/web/e2e.mjs checks it against the name of the move it sends)
                    'data-at': `${x} ${y}`,
                }, s('circle', { r: rad }),
                s('text', { y: 3.5 }, document.createTextNode(large ? 'L' : '')));
                activatable(g, t(large ? 'largeOn' : 'followerOn', { f: name }), () => send(l));
                w.append(g);
                wanted ??= g;
            }
        }

    // Frame the board unless the player moved the camera himself: the whole board when it fits
    // at a readable size (or on "Fit"), else the latest tiles (and the square being chosen)
    // close up, never smaller than the whole board would be.
    if (b.cam.mode !== 'user' && pts.length) {
        const r = b.svg.getBoundingClientRect();
        const wpx = r.width || 800, hpx = r.height || 500;
        /** @param {number[][]} ps @returns {[number, number, number]} zoom and centre */
        const frame = (ps) => {
            const xs = ps.map((p) => p[0]), ys = ps.map((p) => p[1]);
            const x0 = Math.min(...xs), x1 = Math.max(...xs) + 1;
            const y0 = Math.min(...ys), y1 = Math.max(...ys) + 1;
            return [Math.min(1.1, (wpx - 60) / ((x1 - x0) * T), (hpx - 60) / ((y1 - y0) * T)),
                (x0 + x1) / 2 * T, (y0 + y1) / 2 * T];
        };
        let [z, cx, cy] = frame(pts);
        if (b.cam.mode === 'recent' && z < READABLE) {
            // Readable tiles, centred on the latest ones; the square being chosen (or the tile
            // just placed) is kept on screen.
            z = READABLE;
            const near = recentSquares(ctx, 3);
            if (v.placed)
                near.push([v.placed.x, v.placed.y]);
            if (near.length) {
                cx = (near.reduce((a, p) => a + p[0], 0) / near.length + 0.5) * T;
                cy = (near.reduce((a, p) => a + p[1], 0) / near.length + 0.5) * T;
            }
            const sel = b.sel !== null ? L.squares.get(b.sel) : undefined;
            const keep = sel ?? v.placed;
            if (keep) {
                const mx = Math.max(0, wpx / 2 / z - 1.2 * T), my = Math.max(0, hpx / 2 / z - 1.2 * T);
                const kx = (keep.x + 0.5) * T, ky = (keep.y + 0.5) * T;
                cx = Math.min(kx + mx, Math.max(kx - mx, cx));
                cy = Math.min(ky + my, Math.max(ky - my, cy));
            }
        }
        [b.cam.z, b.cam.x, b.cam.y] = [z, cx, cy];
    }
    place(b);
    drawSide(b, v, ctx, L, send, last);
    // Keyboard play: when the focus was on the board (or lost with a redrawn element), put it on
    // what can be chosen now, so Tab and Enter go on from there.
    // While the others move, the keyboard waits on the board itself.
    const now = document.activeElement;
    if (keep) {
        if (mine)
            wanted ??= /** @type {HTMLElement | null} */ (b.side.querySelector('.carc-choice'));
        wanted ??= b.svg;
        if (now !== wanted && !(wanted === b.svg && now && b.svg.contains(now)))
            wanted.focus({ preventScroll: true });
    }
    b.hadFocus = b.root.contains(document.activeElement);
}

/**
 * A board element the mouse and the keyboard can choose: focusable, named for screen readers
 * and the tooltip, Enter or Space does what a click does.
 * @param {SVGElement} e @param {string} label @param {() => void} f
 */
function activatable(e, label, f) {
    e.setAttribute('tabindex', '0');
    e.setAttribute('role', 'button');
    e.setAttribute('aria-label', label);
    e.append(s('title', {}, document.createTextNode(label)));
    e.addEventListener('click', f);
    e.addEventListener('keydown', (k) => {
        if (k.key === 'Enter' || k.key === ' ') {
            k.preventDefault();
            k.stopPropagation();
            f();
        }
    });
}

/** The squares of the last n tiles placed (by anyone), from the log. @param {Ctx} ctx
 * @param {number} n @returns {number[][]} */
function recentSquares(ctx, n) {
    /** @type {number[][]} */
    const out = [];
    const log = ctx.log ?? [];
    for (let i = log.length - 1; i >= 0 && out.length < n; i--) {
        const m = /^(?:\S+ |fill (?:L )?)(-?\d+),(-?\d+)(?: r[0-3])?$/.exec(log[i].text);
        if (m && log[i].player >= 0)
            out.push([Number(m[1]), Number(m[2])]);
    }
    return out;
}

/** A follower: a disc in the player's colour with the player's number (colour is not enough). */
/** @param {number} p @param {boolean} large @param {number} x @param {number} y */
function meeple(p, large, x, y) {
    return s('g', { class: `carc-meeple p${p}${large ? ' large' : ''}`, transform: `translate(${x} ${y})`, 'data-player': p },
        s('circle', { r: large ? 17 : 13 }),
        s('text', { y: 5 }, document.createTextNode(large ? `${p}L` : String(p))));
}

/** A small picture of a tile kind at rotation r. @param {Kind} k @param {number} r @param {number} px */
function miniTile(k, r, px) {
    const svg = s('svg', { viewBox: `0 0 ${T} ${T}`, width: px, height: px, class: 'carc-mini' },
        s('g', { transform: `rotate(${r * 90} ${T / 2} ${T / 2})` }, tileSvg(k)));
    return svg;
}

/**
 * The side panel: the tile in hand and the choice in progress, the other choices as buttons,
 * players (score, followers, Tatan tiles), tiles left.
 * @param {Board} b @param {View} v @param {Ctx} ctx @param {ReturnType<typeof parseLegal>} L
 * @param {(l: Legal) => void} send @param {Map<number, string>} last
 */
function drawSide(b, v, ctx, L, send, last) {
    const K = /** @type {Map<string, Kind>} */ (kinds);
    const parts = [];
    const hand = K.get(v.hand);
    const handBox = el('div', { class: 'carc-hand', id: 'carc-hand' },
        el('h4', {}, t('tileInHand')));
    if (hand)
        handBox.append(miniTile(hand, b.sel !== null ? b.rot : 0, 96), el('span', { class: 'carc-kind' }, v.hand));
    else
        handBox.append(el('p', { class: 'muted' }, v.phase === 'over' ? t('gameOver') : '—'));
    parts.push(handBox);

    const act = el('div', { class: 'carc-actions', id: 'carc-actions' });
    const button = (/** @type {string} */ text, /** @type {() => void} */ f, /** @type {string} */ id = '') => {
        const bt = /** @type {HTMLButtonElement} */ (el('button', { type: 'button', class: 'carc-choice', ...(id ? { id } : {}) }, text));
        bt.onclick = f;
        return bt;
    };
    if (L.squares.size) {
        const sq = b.sel !== null ? L.squares.get(b.sel) : undefined;
        if (!sq) {
            act.append(el('p', {}, t('clickSquare', { n: L.squares.size })));
        } else {
            const l = sq.rots.get(b.rot);
            act.append(el('p', {}, t('atSquare', { x: sq.x, y: sq.y, n: sq.rots.size })));
            if (sq.rots.size > 1)
                act.append(button(t('rotate'), () => rotate(b, 1), 'carc-rotate'));
            if (l)
                act.append(button(t('placeHere'), () => send(l), 'carc-place'));
        }
    }
    if (L.spots.size || L.skip) {
        act.append(el('p', {}, L.spots.size ? t('clickSpot') : ''));
        if (L.skip) {
            const skip = L.skip;
            act.append(button(t('noFollower'), () => send(skip), 'carc-skip'));
        }
    }
    if (L.picks.size)
        act.append(el('p', {}, t('tatanPick', { n: L.picks.size })));
    for (const l of L.buttons)
        act.append(button(buttonLabel(l.text), () => send(l)));
    if (act.childNodes.length)
        parts.push(act);

    const players = el('table', { class: 'carc-players', id: 'carc-players' },
        el('thead', {}, el('tr', {}, el('th', {}, t('playerHead')), el('th', {}, t('score')),
            el('th', { title: t('colFollowersTitle') }, t('colFollowers')),
            el('th', { title: t('colTatanTitle') }, t('colTatan')),
            el('th', { title: t('colLastTitle') }, t('colLast')))),
        el('tbody', {}, ...v.players.map((p, i) => el('tr', {
            class: `${i === v.turn ? 'turn' : ''}${i === ctx.seat ? ' me' : ''}`, 'data-seat': String(i),
        }, el('td', {}, el('span', { class: `carc-dot p${i}` }, String(i)), i === ctx.seat ? ` ${t('youShort')}` : ''),
        el('td', { class: 'score' }, String(p.score)), el('td', {}, `${p.supply}${p.large ? ' +L' : ''}`),
        el('td', {}, String(p.tatan)), el('td', {}, last.get(i) ?? '—')))));
    parts.push(players);
    const left = Object.values(v.remaining).reduce((a, n) => a + n, 0);
    parts.push(el('p', { class: 'carc-left', id: 'carc-left' }, t('tilesLeft', { n: left }),
        v.drawn.length ? t('drawnList', { list: v.drawn.join(', ') }) : ''));
    b.side.replaceChildren(...parts);
}

/** The board module (boards.js); ownMoves: every legal move is offered on the board. */
export const carcassonneBoard = {
    ownMoves: true,
    keyHelp: /** @type {const} */ ('keyHelpCarc'),
    /** @param {HTMLElement} container @param {unknown} view @param {Ctx} ctx */
    render(container, view, ctx) {
        const b = boardOf.get(container) ?? setup(container);
        if (!b.root.isConnected || b.root.parentElement !== container)
            container.replaceChildren(b.root);
        if (ctx.seat >= 0)
            focused = b;
        draw(b, /** @type {View} */ (view), ctx);
    },
};
