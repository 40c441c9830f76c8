// view.js: the generic board: any game's view (the engine's view_json for this seat) drawn as
// nested HTML, every value shown and nothing added. Each element carries data-path (e.g.
// "players.0.hand") so a reader, a style or a test can find a part of the view.

import { el } from './dom.js';
import { t } from './i18n.js';

/** @param {string} key */
function label(key) {
    return key.replace(/_/g, ' ');
}

/** @param {unknown} v */
function isScalar(v) {
    return v === null || typeof v !== 'object';
}

/** A record whose values are all plain: a row of a table. @param {unknown} v */
function isFlatRecord(v) {
    return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every(isScalar);
}

/**
 * A list of flat records as one table, a row each, columns the keys in order of appearance.
 * @param {Array<Record<string, unknown>>} rows
 * @param {string} path @param {{seat: number}} ctx @param {string} key @param {string} name
 */
function recordTable(rows, path, ctx, key, name) {
    /** @type {string[]} */
    const cols = [];
    for (const r of rows)
        for (const k of Object.keys(r))
            if (!cols.includes(k))
                cols.push(k);
    return el('table', { class: 'v-table', 'data-path': path },
        el('thead', {}, el('tr', {}, el('th', {}, label(name)), ...cols.map((c) => el('th', {}, label(c))))),
        el('tbody', {}, ...rows.map((r, i) => {
            const mine = key === 'players' && i === ctx.seat;
            return el('tr', { class: mine ? 'me' : '', 'data-path': `${path}.${i}` },
                el('th', {}, `${i}${mine ? ` ${t('you')}` : ''}`),
                ...cols.map((c) => el('td', {}, c in r ? renderValue(r[c], `${path}.${i}.${c}`, ctx, c) : '')));
        })));
}

/**
 * @param {unknown} value
 * @param {string} path
 * @param {{seat: number}} ctx  the viewing seat, to mark its own player
 * @param {string} [key]  the key holding value, to name the items of a list
 * @returns {HTMLElement}
 */
export function renderValue(value, path, ctx, key = '') {
    if (value === null)
        return el('span', { class: 'v-null', 'data-path': path }, '—');
    if (typeof value === 'boolean')
        return el('span', { class: `v-bool ${value ? 'yes' : 'no'}`, 'data-path': path }, value ? t('yes') : t('no'));
    if (typeof value !== 'object')
        return el('span', { class: `v-${typeof value}`, 'data-path': path }, String(value));
    if (Array.isArray(value)) {
        if (value.length === 0)
            return el('span', { class: 'v-empty', 'data-path': path }, t('none'));
        if (value.every(isScalar))
            return el('ul', { class: 'v-list', 'data-path': path },
                ...value.map((v, i) => el('li', { 'data-path': `${path}.${i}` }, v === null ? '—' : String(v))));
        const name = key.endsWith('s') ? key.slice(0, -1) : key;
        if (value.every(isFlatRecord))
            return recordTable(/** @type {Array<Record<string, unknown>>} */ (value), path, ctx, key, name);
        // A list of nested records: one box each, named after the list (players -> player 0).
        return el('div', { class: 'v-boxes', 'data-path': path }, ...value.map((v, i) => {
            const mine = key === 'players' && i === ctx.seat;
            return el('section', { class: `v-box${mine ? ' me' : ''}`, 'data-path': `${path}.${i}` },
                el('h4', {}, `${label(name)} ${i}${mine ? ` ${t('you')}` : ''}`),
                renderValue(v, `${path}.${i}`, ctx, name));
        }));
    }
    const entries = Object.entries(/** @type {Record<string, unknown>} */ (value));
    if (entries.length === 0)
        return el('span', { class: 'v-empty', 'data-path': path }, t('none'));
    // Many plain values (counts of tiles left, say) read better side by side than as a column.
    if (entries.length > 8 && entries.every(([, v]) => isScalar(v)))
        return el('ul', { class: 'v-list v-pairs', 'data-path': path }, ...entries.map(([k, v]) =>
            el('li', { 'data-path': `${path}.${k}` }, el('span', { class: 'k' }, label(k)), ' ', v === null ? '—' : String(v))));
    return el('dl', { class: 'v-obj', 'data-path': path }, ...entries.flatMap(([k, v]) => {
        const p = path ? `${path}.${k}` : k;
        return [el('dt', {}, label(k)), el('dd', { class: isScalar(v) ? 'scalar' : 'nested' }, renderValue(v, p, ctx, k))];
    }));
}
