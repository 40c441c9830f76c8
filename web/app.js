// app.js: the entry point: the lobby at /, a match page at /match/ID (invite links land there).
import { showLobby } from './lobby.js';
import { showMatch } from './game.js';

const app = /** @type {HTMLElement} */ (document.getElementById('app'));
const m = /^\/match\/(\d+)\/?$/.exec(location.pathname);
if (m)
    showMatch(app, Number(m[1]));
else
    showLobby(app);
