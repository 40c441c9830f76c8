// boards.js: which module draws a game's board. A game gets its own module (SVG board, clicks
// on the board instead of the move list) by adding it here; until then, and for any game not
// listed, the generic rendering of the view is used. A board module exports
// render(container, view, ctx); ctx is what the page knows besides the view.

import { renderValue } from './view.js';
import { tafelrunde2Board } from './tafelrunde2.js';
import { targiBoard } from './targi.js';
import { carcassonneBoard } from './carcassonne.js';

/**
 * @typedef {{seat: number, game: string, toMove: number,
 *            legal: Array<{action: number, text: string}>,
 *            act: (action: number) => void,
 *            log?: Array<{player: number, text: string}>}} BoardContext
 * @typedef {{render: (container: HTMLElement, view: unknown, ctx: BoardContext) => void,
 *            ownMoves?: boolean, keyHelp?: import('./i18n.js').TextId}} Board
 *   ownMoves: the board offers every legal move itself; keyHelp: its keys, for the page's help
 */

/** @type {Board} */
export const genericBoard = {
    render(container, view, ctx) {
        container.replaceChildren(renderValue(view, '', ctx));
    },
};

/** @type {Record<string, Board>} per-game boards by game name */
const boards = {
    tafelrunde2: tafelrunde2Board,
    targi: targiBoard,
    carcassonne: carcassonneBoard,
};

/** @param {string} game  a game string, e.g. "targi(tribe_rule=author)" */
export function boardFor(game) {
    const name = game.replace(/\(.*$/, '');
    return boards[name] ?? genericBoard;
}
