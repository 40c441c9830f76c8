// dom.js: the small helpers every page module uses to build elements.

/**
 * An element with attributes and children (strings become text, null/false are skipped).
 * @param {string} tag
 * @param {Record<string, string>} [attrs]
 * @param {...(Node | string | null | undefined | false)} children
 * @returns {HTMLElement}
 */
export function el(tag, attrs = {}, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs))
        e.setAttribute(k, v);
    for (const c of children)
        if (c !== null && c !== undefined && c !== false)
            e.append(c);
    return e;
}

/** @param {unknown} e */
export function errorText(e) {
    return e instanceof Error ? e.message : String(e);
}

/** What names a board element across redraws: its first identifying attribute as a selector.
 * @param {Element} e */
function focusKey(e) {
    for (const a of ['data-action', 'data-border', 'data-cell', 'data-chest', 'data-card', 'data-row',
        'data-path']) {
        const v = e.getAttribute(a);
        if (v !== null)
            return `[${a}="${CSS.escape(v)}"]`;
    }
    return null;
}

/** @type {WeakMap<HTMLElement, boolean>} whether a container held the focus after its last redraw */
const heldFocus = new WeakMap();

/**
 * Redraw a board (draw replaces the container's children) and keep the keyboard on it: when
 * the focus was inside the container, or was lost since the last redraw left it there (a chosen
 * element went away), it goes to the same element again if it is still a choice, else to the
 * first choice, or the container while there is none. Without this a player using the keyboard would have to Tab through the whole
 * page after every move; a page just opened is left alone.
 * @param {HTMLElement} container @param {() => void} draw
 */
export function redrawKeepingFocus(container, draw) {
    const a = document.activeElement;
    const inside = a !== null && container.contains(a);
    const lost = (a === null || a === document.body) && heldFocus.get(container) === true;
    const key = inside && a !== container ? focusKey(/** @type {Element} */ (a)) : null;
    draw();
    if (inside || lost) {
        const choices = '.b-click, .b-choice';
        /** @type {Element | null} */
        let target = null;
        if (key)
            target = [...container.querySelectorAll(key)].find((e) => e.matches(choices)) ?? null;
        target ??= container.querySelector(choices);
        // No choice (the others are to move): the keyboard waits on the board itself.
        if (!(target instanceof HTMLElement)) {
            container.tabIndex = -1;
            target = container;
        }
        /** @type {HTMLElement} */ (target).focus({ preventScroll: true });
    }
    heldFocus.set(container, container.contains(document.activeElement));
}
