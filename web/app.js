// app.js: the entry point: the lobby at /, a match page at /match/ID (invite links land there);
// the language switch in the header (a change reloads the page, which keeps a match's seat).
import { showLobby } from './lobby.js';
import { showMatch } from './game.js';
import { showMatchReplay } from './replay.js';
import { el } from './dom.js';
import { t, lang, setLang, LANGS } from './i18n.js';

document.documentElement.lang = lang();
const pick = /** @type {HTMLSelectElement} */ (el('select', { id: 'lang', 'aria-label': t('language') },
    ...LANGS.map((l) => el('option', { value: l }, l === 'de' ? 'Deutsch' : 'English'))));
pick.value = lang();
pick.onchange = () => {
    setLang(pick.value === 'de' ? 'de' : 'en');
    location.reload();
};
document.querySelector('header.top')?.append(pick);

const app = /** @type {HTMLElement} */ (document.getElementById('app'));
app.replaceChildren(el('p', {}, t('loading')));
const m = /^\/match\/(\d+)\/?$/.exec(location.pathname);
const r = /^\/match\/(\d+)\/replay\/?$/.exec(location.pathname); // a finished match's replay
if (r)
    showMatchReplay(app, Number(r[1]));
else if (m)
    showMatch(app, Number(m[1]));
else
    showLobby(app);
