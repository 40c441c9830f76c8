// rules.js: a short rules page per game, in our own words after the specs (docs of the engine,
// /work/shared/specs), in English and German: goal, a turn, scoring, the end; for Carcassonne
// what Inns & Cathedrals and Tatan change, shown when the match has them on. Opened as a dialog
// from the lobby and the match page. Names of the rules (cards, Tatan, Zork...) stay as in the
// specs.

import { el } from './dom.js';
import { t, lang } from './i18n.js';

/**
 * @typedef {{title: string, goal: string[], turn: string[], scoring: string[], end: string[],
 *            modules?: Record<string, {name: string, text: string[]}>}} Rules
 * @typedef {{en: Rules, de: Rules}} GameRules
 */

/** @type {Record<string, GameRules>} by game name; every game has both languages (tested) */
export const RULES = {
    carcassonne: {
        en: {
            title: 'Carcassonne',
            goal: ['Build the landscape tile by tile and claim its roads, cities, cloisters and '
                + 'fields with your followers. Most points wins; tied players share the win.'],
            turn: [
                'Draw a tile and place it next to the tiles already out, so that every touching '
                + 'edge matches: city to city, road to road, field to field. A tile that fits '
                + 'nowhere is discarded and you draw again.',
                'You may then put one follower from your supply on a part of that tile, if that '
                + 'road, city, cloister or field has no follower on it yet (yours included). On a '
                + 'road it is a highwayman, in a city a knight, in a cloister a monk, in a field a '
                + 'farmer.',
                'Then every road, city and cloister the tile completed is scored at once, and its '
                + 'followers go back to their owners.',
            ],
            scoring: [
                'Completed road: 1 point per tile. Completed city: 2 per tile and 2 per pennant. '
                + 'Completed cloister (all 8 squares around it filled): 9.',
                'Whoever has the most followers on a feature scores it; on a tie, each of the '
                + 'tied players scores it in full. Features can join and then have several owners.',
                'At the end, unfinished features with followers score: road 1 per tile, city 1 per '
                + 'tile and pennant, cloister 1 plus 1 per neighbouring tile. Each field scores 3 per '
                + 'completed city it touches for the farmers\' majority. Farmers never return.',
            ],
            end: ['The game ends after the turn in which the last tile was drawn; then the final '
                + 'scoring (above) follows.'],
            modules: {
                inns_cathedrals: {
                    name: 'Inns & Cathedrals',
                    text: [
                        'Each player also has a large follower: placed like a follower, it counts '
                        + 'as two for majorities, but never doubles the points.',
                        'A road with an inn scores 2 per tile when completed, but nothing if it is '
                        + 'still open at the end. A city with a cathedral scores 3 per tile and '
                        + 'pennant when completed, nothing if open at the end.',
                        'Up to six players.',
                    ],
                },
                tatan: {
                    name: 'Tatan',
                    text: [
                        'As many Tatan tiles as players are shuffled into the stack. Who draws one '
                        + 'keeps it and, instead of placing, either moves a tile (option 1: one with '
                        + 'no follower, not part of a completed feature, whose removal leaves the '
                        + 'rest connected; placed again by the normal rules, then deploy and score '
                        + 'as usual) or draws two tiles and plays both, in the order he likes '
                        + '(option 2).',
                        'After the last tile, the end phase: starting left of the player who placed '
                        + 'the last tile, each in turn may fill a gap (a closed hole of k empty '
                        + 'squares) with k of his Tatan tiles and one follower from his supply. '
                        + 'Every follower whose road, city or field is open towards the filled '
                        + 'squares, and every monk next to them, earns 2 points for its owner (4 '
                        + 'for a large follower). Tatan tiles never complete anything. Rounds go '
                        + 'on until nobody fills a gap.',
                    ],
                },
            },
        },
        de: {
            title: 'Carcassonne',
            goal: ['Legt die Landschaft Karte für Karte und besetzt ihre Straßen, Städte, Klöster '
                + 'und Wiesen mit euren Gefolgsleuten. Wer die meisten Punkte hat, gewinnt; bei '
                + 'Gleichstand teilen sich die Besten den Sieg.'],
            turn: [
                'Zieh eine Karte und lege sie an die ausliegenden an, so dass jede berührte Kante '
                + 'passt: Stadt an Stadt, Straße an Straße, Wiese an Wiese. Passt sie nirgends, '
                + 'wird sie abgelegt und du ziehst neu.',
                'Dann darfst du einen Gefolgsmann aus deinem Vorrat auf einen Teil dieser Karte '
                + 'stellen, wenn auf dieser Straße, Stadt, diesem Kloster oder dieser Wiese noch '
                + 'niemand steht (auch du nicht): als Wegelagerer, Ritter, Mönch oder Bauer.',
                'Danach wird jede Straße, Stadt und jedes Kloster, das die Karte fertig gemacht '
                + 'hat, sofort gewertet; die Gefolgsleute darauf kehren zurück.',
            ],
            scoring: [
                'Fertige Straße: 1 Punkt je Karte. Fertige Stadt: 2 je Karte und 2 je Wappen. '
                + 'Fertiges Kloster (alle 8 Nachbarfelder belegt): 9.',
                'Wer die meisten Gefolgsleute auf einem Gebiet hat, bekommt die Punkte; bei '
                + 'Gleichstand bekommt sie jeder der Besten voll. Gebiete können zusammenwachsen '
                + 'und dann mehrere Besitzer haben.',
                'Am Ende zählen unfertige Gebiete mit Gefolgsleuten: Straße 1 je Karte, Stadt 1 je '
                + 'Karte und Wappen, Kloster 1 plus 1 je Nachbarkarte. Jede Wiese bringt der '
                + 'Bauernmehrheit 3 Punkte je angrenzender fertiger Stadt. Bauern kehren nie zurück.',
            ],
            end: ['Das Spiel endet nach dem Zug, in dem die letzte Karte gezogen wurde; dann folgt '
                + 'die Schlusswertung (oben).'],
            modules: {
                inns_cathedrals: {
                    name: 'Inns & Cathedrals',
                    text: [
                        'Jeder hat zusätzlich einen großen Gefolgsmann: Er wird wie ein normaler '
                        + 'eingesetzt und zählt bei Mehrheiten doppelt, verdoppelt aber nie Punkte.',
                        'Eine Straße mit Gasthaus bringt fertig 2 je Karte, ist sie am Ende offen, '
                        + 'nichts. Eine Stadt mit Kathedrale bringt fertig 3 je Karte und Wappen, '
                        + 'offen am Ende nichts.',
                        'Bis zu sechs Spieler.',
                    ],
                },
                tatan: {
                    name: 'Tatan',
                    text: [
                        'So viele Tatan-Karten wie Spieler kommen in den Stapel. Wer eine zieht, '
                        + 'behält sie und legt statt einer Karte entweder eine Karte um (Option 1: '
                        + 'eine ohne Figur, die zu keinem fertigen Gebiet gehört und deren Wegnahme '
                        + 'den Rest zusammenhängend lässt; sie wird nach den normalen Regeln neu '
                        + 'angelegt, dann wie gewohnt einsetzen und werten) oder zieht zwei Karten '
                        + 'und legt beide in beliebiger Reihenfolge (Option 2).',
                        'Nach der letzten Karte kommt die Endphase: beginnend links von dem, der die '
                        + 'letzte Karte angelegt hat, darf reihum jeder eine Lücke (ein '
                        + 'geschlossenes Loch aus k leeren Feldern) mit k seiner Tatan-Karten und '
                        + 'einem Gefolgsmann aus dem Vorrat füllen. Jeder Gefolgsmann, dessen '
                        + 'Straße, Stadt oder Wiese zu den gefüllten Feldern hin offen ist, und '
                        + 'jeder Mönch daneben bringt seinem Besitzer 2 Punkte (4 für den großen). '
                        + 'Tatan-Karten machen nichts fertig. Es geht reihum, bis niemand mehr füllt.',
                    ],
                },
            },
        },
    },
    targi: {
        en: {
            title: 'Targi',
            goal: ['Two players trade goods and gold to buy tribe cards for their display of 3 rows '
                + 'of 4. Most points wins; on a tie more gold, then more goods.'],
            turn: [
                'A round: the robber moves one border card on; on a corner it raids (each player '
                + 'pays goods, VP or gold as the card says).',
                'Then the players take turns putting their three Targi on border cards: not on a '
                + 'corner, not on the robber, not where a Targi stands and not opposite an opponent\'s '
                + 'Targi. Where a player\'s row and column Targi cross, his tribe markers land on '
                + 'centre cards.',
                'Then the start player, then the other, uses each of his Targi (the border card\'s '
                + 'action) and markers (take the goods card, or buy the tribe card, take it to hand, '
                + 'or leave it). Used centre cards are replaced face down. At the end of his actions '
                + 'a player keeps at most 10 goods and 3 gold.',
            ],
            scoring: [
                'VP tokens, plus the VP printed on the cards in the display, plus end abilities, '
                + 'plus each full row: 4 cards of one symbol 4 VP, 4 different symbols 2 VP. Hand '
                + 'card, goods and gold score nothing.',
            ],
            end: ['The game ends when the robber reaches the last corner (after its raid), or at the '
                + 'end of the round in which a player fills his 12th display space.'],
        },
        de: {
            title: 'Targi',
            goal: ['Zwei Spieler handeln mit Waren und Gold, um Stammeskarten für ihre Auslage aus 3 '
                + 'Reihen zu je 4 zu kaufen. Die meisten Punkte gewinnen; bei Gleichstand mehr Gold, '
                + 'dann mehr Waren.'],
            turn: [
                'Eine Runde: Der Räuber zieht eine Randkarte weiter; auf einer Ecke überfällt er '
                + '(jeder zahlt Waren, Siegpunkte oder Gold, wie die Karte es verlangt).',
                'Dann setzen die Spieler abwechselnd ihre drei Targi auf Randkarten: nicht auf '
                + 'Ecken, nicht zum Räuber, nicht wo schon ein Targi steht und nicht gegenüber '
                + 'einem gegnerischen Targi. Wo sich Reihe und Spalte der eigenen Targi kreuzen, '
                + 'kommen Stammessteine auf die Karten der Mitte.',
                'Dann nutzt erst der Startspieler, dann der andere, jeden Targi (Aktion der '
                + 'Randkarte) und jeden Stein (Warenkarte nehmen oder Stammeskarte kaufen, auf die '
                + 'Hand nehmen oder liegen lassen). Genommene Karten der Mitte werden verdeckt '
                + 'ersetzt. Am Ende seiner Aktionen behält jeder höchstens 10 Waren und 3 Gold.',
            ],
            scoring: [
                'Siegpunkt-Marker, plus die Siegpunkte der Karten in der Auslage, plus '
                + 'Endfähigkeiten, plus jede volle Reihe: 4 Karten eines Symbols 4 SP, 4 '
                + 'verschiedene Symbole 2 SP. Handkarte, Waren und Gold zählen nichts.',
            ],
            end: ['Das Spiel endet, wenn der Räuber die letzte Ecke erreicht (nach dem Überfall), '
                + 'oder am Ende der Runde, in der ein Spieler seinen 12. Auslageplatz füllt.'],
        },
    },
    tafelrunde2: {
        en: {
            title: 'Die Tafelrunde 2',
            goal: ['Two to four players win treasure chests of red, blue and yellow gems by '
                + 'outbidding each other with rogue cards, and secure them face down. Most gems in '
                + 'face-down chests wins; on a tie, more hand cards.'],
            turn: [
                'A raid: chests are revealed into the middle until all three colours lie face up. '
                + 'The start player must play a card; then in turn each plays a card or passes (out '
                + 'for this raid) until everybody has passed. A card has two bars: you choose which '
                + 'colour points to the middle, and only that one counts.',
                'Special cards are played like a card: Feierabend ends the playing at once (never '
                + 'as the first card), Letzte Warnung protects your face-up chests of one colour, '
                + 'Wiederbelebung takes a card of your discard back to hand, Zork secures up to 6 '
                + 'gems during scoring instead of the one chest afterwards.',
            ],
            scoring: [
                'Red, blue, then yellow: your strength is your cards of the colour plus your best '
                + 'face-up chest of it; only who played the colour takes part. The strongest takes '
                + 'every face-up chest of that colour (middle and players) and discards his cards '
                + 'of it; on a tie those chests go to the middle. Everyone else takes his cards back.',
                'Then each player turns one of his face-up chests face down: it is safe for good. '
                + 'Each draws 2 cards and the start player moves on.',
            ],
            end: ['When no chest can be revealed and fewer than three colours lie face up, the game '
                + 'ends: only face-down chests count.'],
        },
        de: {
            title: 'Die Tafelrunde 2',
            goal: ['Zwei bis vier Spieler erbeuten Schatztruhen mit roten, blauen und gelben '
                + 'Edelsteinen, indem sie sich mit Schurkenkarten überbieten, und sichern sie '
                + 'verdeckt. Die meisten Edelsteine in verdeckten Truhen gewinnen; bei Gleichstand '
                + 'mehr Handkarten.'],
            turn: [
                'Ein Beutezug: Truhen werden in die Mitte aufgedeckt, bis alle drei Farben offen '
                + 'liegen. Der Startspieler muss eine Karte spielen; dann spielt reihum jeder eine '
                + 'Karte oder passt (und ist für diesen Zug draußen), bis alle gepasst haben. Eine '
                + 'Karte hat zwei Balken: du wählst, welche Farbe zur Mitte zeigt, nur sie zählt.',
                'Sonderkarten werden wie Karten gespielt: Feierabend beendet das Ausspielen sofort '
                + '(nie als erste Karte), Letzte Warnung schützt deine offenen Truhen einer Farbe, '
                + 'Wiederbelebung holt eine Karte aus deiner Ablage zurück, Zork sichert während '
                + 'der Wertung bis zu 6 Edelsteine statt der einen Truhe danach.',
            ],
            scoring: [
                'Rot, blau, dann gelb: deine Stärke sind deine Karten der Farbe plus deine beste '
                + 'offene Truhe der Farbe; nur wer die Farbe gespielt hat, nimmt teil. Der Stärkste '
                + 'nimmt alle offenen Truhen der Farbe (Mitte und Spieler) und legt seine Karten der '
                + 'Farbe ab; bei Gleichstand gehen die Truhen in die Mitte. Alle anderen nehmen ihre '
                + 'Karten zurück.',
                'Dann dreht jeder eine seiner offenen Truhen um: sie ist sicher. Jeder zieht 2 '
                + 'Karten, der Startspieler wechselt.',
            ],
            end: ['Kann keine Truhe mehr aufgedeckt werden und liegen weniger als drei Farben offen, '
                + 'endet das Spiel: nur verdeckte Truhen zählen.'],
        },
    },
};

/** Which of a game's modules a game string turns on (Carcassonne's defaults are all on).
 * @param {string} game  e.g. "carcassonne(players=2,tatan=off)" @returns {string[] | null}
 *   null: the game string names no options (the lobby: show every module) */
function modulesOn(game) {
    const m = /\((.*)\)$/.exec(game);
    if (!m)
        return null;
    const opts = Object.fromEntries(m[1].split(',').map((kv) => kv.split('=')));
    /** @type {string[]} */
    const on = [];
    if ((opts.tatan ?? 'on') !== 'off')
        on.push('tatan');
    if ((opts.inns_cathedrals ?? 'full') !== 'off')
        on.push('inns_cathedrals');
    return on;
}

/** The rules of a game as an element; unknown games get null.
 * @param {string} game  a game name or game string */
export function rulesElement(game) {
    const name = game.replace(/\(.*$/, '');
    const r = RULES[name]?.[lang()];
    if (!r)
        return null;
    const para = (/** @type {string[]} */ ps) => ps.map((p) => el('p', {}, p));
    const on = modulesOn(game);
    const mods = Object.entries(r.modules ?? {}).filter(([k]) => !on || on.includes(k));
    return el('article', { class: 'rules', 'data-game': name },
        el('h2', {}, t('rulesOf', { game: r.title })),
        el('h3', {}, t('rulesGoal')), ...para(r.goal),
        el('h3', {}, t('rulesTurn')), ...para(r.turn),
        el('h3', {}, t('rulesScoring')), ...para(r.scoring),
        el('h3', {}, t('rulesEnd')), ...para(r.end),
        mods.length ? el('h3', {}, on ? t('rulesModules') : t('rulesModulesAll')) : null,
        ...mods.flatMap(([k, m]) => [el('h4', { 'data-module': k }, m.name), ...para(m.text)]),
        el('p', { class: 'rules-note' }, t('rulesNote')));
}

/** Show a game's rules in a modal dialog (Escape or the button closes it; focus returns).
 * @param {string} game */
export function showRules(game) {
    const body = rulesElement(game);
    if (!body)
        return;
    const close = el('button', { type: 'button', class: 'rules-close', id: 'rules-close' }, t('close'));
    const dlg = /** @type {HTMLDialogElement} */ (el('dialog', { class: 'rules-dialog', id: 'rules' },
        close, body));
    close.onclick = () => dlg.close();
    dlg.addEventListener('close', () => dlg.remove());
    document.body.append(dlg);
    dlg.showModal();
    close.focus();
}

/** A button that opens the rules of the game. @param {string} game */
export function rulesButton(game) {
    const b = el('button', { type: 'button', class: 'rules-open', id: 'rules-open' }, t('rules'));
    b.onclick = () => showRules(game);
    return b;
}
