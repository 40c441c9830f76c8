// protocol.js: the WebSocket client of docs/protocol.md (version 1): join a seat or watch,
// act by index, reconnect after a drop. A seat's token lives in sessionStorage (this tab) and
// localStorage (the browser) per match, so a reloaded page takes the same seat again, and so
// does one reopened later; two tabs with two seats of one match each keep their own.

export const PROTOCOL = 1;

/**
 * @typedef {{index: number, player: number, text: string, action?: number,
 *            events: Array<{type: string, text: string}>}} Entry
 * @typedef {{action: number, text: string}} Legal
 * @typedef {{seat: number, connected: boolean}} Presence
 * @typedef {{type: string, [key: string]: any}} ServerMessage
 */

/** @param {number} match */
function tokenKey(match) {
    return `tafel.token.${match}`;
}

/**
 * The token in the page's fragment (#token=HEX, an invite link), taken out of the address bar
 * so that it is not shared by accident (also when the page only watches).
 * @returns {string | null}
 */
export function takeLinkToken() {
    const m = /(?:^#|&)token=([0-9a-f]{32})(?:&|$)/.exec(location.hash);
    if (!m)
        return null;
    history.replaceState(null, '', location.pathname + location.search);
    return m[1];
}

/**
 * The token for a match: the invite link's, which is then stored, else this tab's, else the
 * browser's (the last seat of this match opened in it).
 * @param {number} match
 * @returns {string | null}
 */
export function seatToken(match) {
    const link = takeLinkToken();
    if (link) {
        sessionStorage.setItem(tokenKey(match), link);
        localStorage.setItem(tokenKey(match), link);
        return link;
    }
    return sessionStorage.getItem(tokenKey(match)) ?? localStorage.getItem(tokenKey(match));
}

/** Forget a match's token (a token the server refused). @param {number} match */
export function forgetToken(match) {
    sessionStorage.removeItem(tokenKey(match));
    localStorage.removeItem(tokenKey(match));
}

/**
 * One match over one WebSocket, reopened after a drop with growing pauses (up to 10 s).
 * Every server message goes to onMessage; onStatus tells the page whether it is connected.
 */
export class Connection {
    /**
     * @param {number} match
     * @param {string | null} token  null: watch as a spectator
     * @param {(msg: ServerMessage) => void} onMessage
     * @param {(connected: boolean) => void} onStatus
     */
    constructor(match, token, onMessage, onStatus) {
        this.match = match;
        this.token = token;
        this.onMessage = onMessage;
        this.onStatus = onStatus;
        /** @type {WebSocket | null} */
        this.ws = null;
        this.retry = 0;
        this.closed = false;
        this.open();
    }

    open() {
        const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
        const ws = new WebSocket(`${scheme}//${location.host}/ws`);
        this.ws = ws;
        ws.onopen = () => {
            this.retry = 0;
            /** @type {Record<string, unknown>} */
            const join = { type: 'join', protocol: PROTOCOL, match: this.match };
            if (this.token)
                join.token = this.token;
            ws.send(JSON.stringify(join));
            this.onStatus(true);
        };
        ws.onmessage = (ev) => {
            let msg;
            try {
                msg = JSON.parse(String(ev.data));
            } catch {
                return;
            }
            if (msg && typeof msg === 'object')
                this.onMessage(/** @type {ServerMessage} */ (msg));
        };
        ws.onclose = () => {
            if (this.ws !== ws)
                return;
            this.ws = null;
            this.onStatus(false);
            if (this.closed)
                return;
            const wait = Math.min(10000, 500 * 2 ** this.retry++);
            setTimeout(() => { if (!this.closed) this.open(); }, wait);
        };
    }

    /** @param {Record<string, unknown>} msg @returns {boolean} whether it was sent */
    send(msg) {
        if (!this.ws || this.ws.readyState !== WebSocket.OPEN)
            return false;
        this.ws.send(JSON.stringify(msg));
        return true;
    }

    /** Play `action` as the action with index `index` (the next one as this page saw it).
     * @param {number} index @param {number} action */
    act(index, action) {
        return this.send({ type: 'act', index, action });
    }

    resign() {
        return this.send({ type: 'resign' });
    }

    close() {
        this.closed = true;
        if (this.ws)
            this.ws.close();
    }
}
