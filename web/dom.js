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
