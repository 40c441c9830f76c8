// i18n.js: every text the page itself shows, in English and German, from one table. t(id,
// params) picks the chosen language; the choice is kept in localStorage and defaults from the
// browser's language. Texts the server sends (notation, events, parameter help) stay as sent,
// and names of the rules (cards, Tatan, Zork, ...) stay as the specs spell them.

/** @typedef {'en' | 'de'} Lang */

export const LANGS = /** @type {const} */ (['en', 'de']);

/**
 * The table: an id, then the text in each language; {name} is filled from t's params.
 * `satisfies` makes tsc reject an entry that lacks a language (and t an unknown id).
 * @satisfies {Record<string, {en: string, de: string}>}
 */
export const TEXTS = {
    // the frame
    loading: { en: 'Loading…', de: 'Lädt…' },
    language: { en: 'Language', de: 'Sprache' },
    connected: { en: 'connected', de: 'verbunden' },
    reconnecting: { en: 'reconnecting…', de: 'verbinde neu…' },
    rules: { en: 'Rules', de: 'Regeln' },
    keys: { en: 'Keyboard', de: 'Tastatur' },
    close: { en: 'Close', de: 'Schließen' },

    // players
    player: { en: 'player {p}', de: 'Spieler {p}' },
    playerHead: { en: 'player', de: 'Spieler' },
    you: { en: '(you)', de: '(du)' },
    youShort: { en: 'you', de: 'du' },
    chance: { en: 'chance', de: 'Zufall' },
    online: { en: 'online', de: 'online' },
    offline: { en: 'offline', de: 'offline' },

    // lobby
    lobbyTitle: { en: 'tafel — lobby', de: 'tafel — Lobby' },
    loadingGames: { en: 'Loading the games…', de: 'Lade die Spiele…' },
    cannotReach: { en: 'Cannot reach the server: {e}', de: 'Der Server ist nicht erreichbar: {e}' },
    newMatch: { en: 'New match', de: 'Neue Partie' },
    game: { en: 'Game', de: 'Spiel' },
    players: { en: 'Players', de: 'Spieler' },
    seats: { en: 'Seats', de: 'Plätze' },
    createMatch: { en: 'Create match', de: 'Partie anlegen' },
    levelHuman: { en: 'Human', de: 'Mensch' },
    levelEasy: { en: 'Bot: easy (greedy)', de: 'Bot: leicht (greedy)' },
    levelNormal: { en: 'Bot: normal (mcts, 1 s)', de: 'Bot: mittel (mcts, 1 s)' },
    levelStrong: { en: 'Bot: strong (mcts, 5 s)', de: 'Bot: stark (mcts, 5 s)' },
    levelCustom: { en: 'Bot: custom spec…', de: 'Bot: eigene Angabe…' },
    specPlaceholder: { en: 'e.g. random, mcts(iters=2000)', de: 'z. B. random, mcts(iters=2000)' },
    copyLink: { en: 'Copy link', de: 'Link kopieren' },
    copied: { en: 'Copied', de: 'Kopiert' },
    selectAndCopy: { en: 'Select and copy', de: 'Markieren und kopieren' },
    seatHuman: { en: '{who}: human', de: '{who}: Mensch' },
    playAs: { en: 'Play as player {p}', de: 'Als Spieler {p} spielen' },
    matchCreated: { en: 'Match {id} created', de: 'Partie {id} angelegt' },
    sendInvites: {
        en: 'Send each invite link to the person who plays that seat; whoever has it plays it.',
        de: 'Schicke jeden Einladungslink an die Person, die diesen Platz spielt; wer ihn hat, spielt ihn.',
    },
    watchThis: { en: 'Watch this match', de: 'Diese Partie ansehen' },
    openRunning: { en: 'Open and running matches', de: 'Offene und laufende Partien' },
    refresh: { en: 'Refresh', de: 'Aktualisieren' },
    rejoin: { en: 'Rejoin', de: 'Weiterspielen' },
    watch: { en: 'Watch', de: 'Ansehen' },
    colId: { en: 'id', de: 'Nr.' },
    colGame: { en: 'game', de: 'Spiel' },
    colStatus: { en: 'status', de: 'Stand' },
    colMoves: { en: 'moves', de: 'Züge' },
    colSeats: { en: 'seats (● online)', de: 'Plätze (● online)' },
    statusOpen: { en: 'open', de: 'offen' },
    statusRunning: { en: 'running', de: 'läuft' },
    statusFinished: { en: 'finished', de: 'beendet' },
    noMatches: {
        en: 'None yet. To join someone else\'s match, open the invite link you were sent.',
        de: 'Noch keine. Um bei einer fremden Partie mitzuspielen, öffne den Einladungslink, '
            + 'den du bekommen hast.',
    },

    // the match page
    matchTitle: { en: 'tafel — match {id}', de: 'tafel — Partie {id}' },
    match: { en: 'Match {id}', de: 'Partie {id}' },
    matchOf: { en: 'Match {id}: {game}', de: 'Partie {id}: {game}' },
    yourMoves: { en: 'Your moves', de: 'Deine Züge' },
    movesSoFar: { en: 'Moves so far', de: 'Bisherige Züge' },
    resign: { en: 'Resign', de: 'Aufgeben' },
    resignConfirm: { en: 'Give up this match?', de: 'Diese Partie aufgeben?' },
    watching: { en: 'You are watching.', de: 'Du schaust zu.' },
    badToken: {
        en: 'This seat\'s link is not valid for this match. ',
        de: 'Der Link dieses Platzes gilt nicht für diese Partie. ',
    },
    watchInstead: { en: 'Watch instead', de: 'Stattdessen zuschauen' },
    refused: { en: 'Refused: {e}', de: 'Abgelehnt: {e}' },
    over: { en: 'The match is over.', de: 'Die Partie ist vorbei.' },
    dealing: { en: 'Dealing…', de: 'Es wird gemischt…' },
    yourTurn: { en: 'Your turn.', de: 'Du bist am Zug.' },
    turnOf: { en: 'Player {p} to move ({spec}).', de: 'Spieler {p} ist am Zug ({spec}).' },
    spectatorsNoMove: { en: 'Spectators do not move.', de: 'Zuschauer ziehen nicht.' },
    noMoreMoves: { en: 'No more moves.', de: 'Keine Züge mehr.' },
    notYourTurn: { en: 'Not your turn.', de: 'Du bist nicht am Zug.' },
    finalScores: { en: 'Final scores', de: 'Endstand' },
    tieBreakTargi: { en: 'Tied on points: more gold decides, then more goods.',
        de: 'Punktgleich: mehr Gold entscheidet, dann mehr Waren.' },
    tieBreakTr2: { en: 'Tied on gems: more hand cards decide.',
        de: 'Gleich viele Edelsteine: mehr Handkarten entscheiden.' },
    tieBreakOther: { en: 'Tied on points: the tie-break decided.',
        de: 'Punktgleich: die Gleichstandsregel hat entschieden.' },
    skipMoves: { en: 'Show all moves now', de: 'Alle Züge sofort zeigen' },
    score: { en: 'score', de: 'Punkte' },
    draw: { en: 'A draw.', de: 'Unentschieden.' },
    winners: { en: 'Winners: {list}.', de: 'Gewonnen haben: {list}.' },
    youWin: { en: 'You win!', de: 'Du gewinnst!' },
    wins: { en: '{who} wins.', de: '{who} gewinnt.' },
    resigned: { en: ' ({who} resigned)', de: ' ({who} hat aufgegeben)' },
    resignedEnd: { en: '{who} resigned: the game ended after the last move.', de: '{who} hat aufgegeben: die Partie endete nach dem letzten Zug.' },
    downloadRecord: { en: 'Download the record', de: 'Spielprotokoll herunterladen' },
    backToLobby: { en: 'Back to the lobby', de: 'Zurück zur Lobby' },
    waitingDeal: { en: 'Waiting for the deal…', de: 'Warte auf das Austeilen…' },
    keyHelpAll: {
        en: 'Tab / Shift+Tab: next / previous move on the board; Enter or Space: choose it; '
            + 'Escape: close a choice.',
        de: 'Tab / Umschalt+Tab: nächster / voriger Zug auf dem Brett; Enter oder Leertaste: '
            + 'wählen; Escape: eine Auswahl schließen.',
    },

    // log navigation and the replay viewer
    logEntryTitle: {
        en: 'Show the position after this move', de: 'Die Stellung nach diesem Zug zeigen',
    },
    pastBanner: {
        en: 'Position after move {k} (the latest is {n}). The match goes on meanwhile.',
        de: 'Stellung nach Zug {k} (der letzte ist {n}). Die Partie läuft derweil weiter.',
    },
    pastLoading: { en: 'Loading the position after move {k}…', de: 'Lade die Stellung nach Zug {k}…' },
    backToLive: { en: 'Back to the live position', de: 'Zurück zur aktuellen Stellung' },
    resynced: {
        en: 'That move was refused: this page was out of date (another tab moved?). It now shows '
            + 'the current position.',
        de: 'Der Zug wurde abgelehnt: diese Seite war nicht mehr aktuell (ein anderer Tab hat '
            + 'gezogen?). Sie zeigt jetzt die aktuelle Stellung.',
    },
    prevMove: { en: '◀ Previous', de: '◀ Voriger' },
    nextMove: { en: 'Next ▶', de: 'Nächster ▶' },
    replayThis: { en: 'Replay this match', de: 'Diese Partie nachspielen' },
    replayTitle: { en: 'tafel — replay', de: 'tafel — Wiederholung' },
    replayOf: { en: 'Replay: {game}', de: 'Wiederholung: {game}' },
    replayOfMatch: { en: 'Replay of match {id}: {game}', de: 'Wiederholung der Partie {id}: {game}' },
    replayUpload: { en: 'Replay a record', de: 'Ein Spielprotokoll nachspielen' },
    replayUploadHelp: {
        en: 'Choose a record file (JSON, as tafel writes it); the server replays it move by move.',
        de: 'Wähle eine Protokolldatei (JSON, wie tafel sie schreibt); der Server spielt sie Zug '
            + 'für Zug nach.',
    },
    replayBadFile: { en: 'Not a record: {e}', de: 'Kein Spielprotokoll: {e}' },
    replayLoading: { en: 'Replaying…', de: 'Wird nachgespielt…' },
    perspective: { en: 'Perspective', de: 'Sicht' },
    viewPublic: { en: 'public (a spectator)', de: 'öffentlich (Zuschauer)' },
    viewAll: { en: 'all (every hand open)', de: 'alle (alle Hände offen)' },
    seatView: { en: 'What {who} sees', de: 'Was {who} sieht' },
    first: { en: '|◀ First', de: '|◀ Anfang' },
    back: { en: '◀ Back', de: '◀ Zurück' },
    forward: { en: 'Forward ▶', de: 'Vor ▶' },
    last: { en: 'Last ▶|', de: 'Ende ▶|' },
    play: { en: '▶ Play', de: '▶ Abspielen' },
    pause: { en: '■ Pause', de: '■ Anhalten' },
    moveOf: { en: 'After move {k} of {n}', de: 'Nach Zug {k} von {n}' },
    startPosition: { en: 'Start position (of {n} moves)', de: 'Ausgangsstellung (von {n} Zügen)' },
    moveNumber: { en: 'Move number', de: 'Zugnummer' },
    scoresNow: { en: 'now', de: 'jetzt' },
    notFinished: {
        en: 'The record ends before the game does: no final scores.',
        de: 'Das Protokoll endet vor dem Spielende: kein Endstand.',
    },
    finishedMatches: { en: 'Finished matches', de: 'Beendete Partien' },
    replay: { en: 'Replay', de: 'Nachspielen' },
    colScores: { en: 'scores', de: 'Punkte' },
    replayKeys: {
        en: '← / →: back / forward; Home / End: first / last; P: play or pause.',
        de: '← / →: zurück / vor; Pos1 / Ende: Anfang / Ende; P: abspielen oder anhalten.',
    },

    // the generic board
    yes: { en: 'yes', de: 'ja' },
    no: { en: 'no', de: 'nein' },
    none: { en: 'none', de: 'keine' },
    cancel: { en: 'cancel', de: 'abbrechen' },

    // Carcassonne
    carcBoard: { en: 'Carcassonne board', de: 'Carcassonne-Spielfeld' },
    zoomIn: { en: 'Zoom in', de: 'Vergrößern' },
    zoomOut: { en: 'Zoom out', de: 'Verkleinern' },
    fit: { en: 'Fit', de: 'Alles' },
    fitTitle: { en: 'Show the whole board', de: 'Das ganze Spielfeld zeigen' },
    recent: { en: 'Recent', de: 'Neu' },
    recentTitle: {
        en: 'Show the latest tiles close up', de: 'Die neuesten Karten groß zeigen',
    },
    loadingTiles: { en: 'Loading the tiles…', de: 'Lade die Landschaftskarten…' },
    tileInHand: { en: 'Tile in hand', de: 'Karte auf der Hand' },
    gameOver: { en: 'The game is over.', de: 'Das Spiel ist vorbei.' },
    clickSquare: {
        en: 'Click one of the {n} highlighted squares (or use the arrow keys).',
        de: 'Klicke eines der {n} markierten Felder an (oder nimm die Pfeiltasten).',
    },
    atSquare: { en: 'At {x},{y}: {n} legal rotation(s).', de: 'Bei {x},{y}: {n} erlaubte Drehung(en).' },
    rotate: { en: 'Rotate (R)', de: 'Drehen (R)' },
    placeHere: { en: 'Place here (Enter)', de: 'Hier anlegen (Enter)' },
    clickSpot: {
        en: 'Click a spot on the new tile to put a follower there (L: large follower).',
        de: 'Klicke eine Stelle auf der neuen Karte an, um dort einen Gefolgsmann einzusetzen '
            + '(L: großer Gefolgsmann).',
    },
    noFollower: { en: 'No follower', de: 'Kein Gefolgsmann' },
    tatanPick: {
        en: 'Tatan: click one of the {n} outlined tiles to move it, or:',
        de: 'Tatan: klicke eine der {n} umrandeten Karten an, um sie zu versetzen, oder:',
    },
    tatanDraw2: { en: 'Tatan: draw two tiles', de: 'Tatan: zwei Karten ziehen' },
    tatanKeep: { en: 'Keep the Tatan tile', de: 'Die Tatan-Karte behalten' },
    passFill: { en: 'Pass (fill no gap)', de: 'Passen (keine Lücke füllen)' },
    fillGap: {
        en: 'Fill the gap at {x},{y} with a follower',
        de: 'Die Lücke bei {x},{y} mit einem Gefolgsmann füllen',
    },
    fillGapL: {
        en: 'Fill the gap at {x},{y} with a large follower',
        de: 'Die Lücke bei {x},{y} mit dem großen Gefolgsmann füllen',
    },
    playNext: { en: 'Play tile {k} next', de: 'Als Nächstes Karte {k} legen' },
    moveTileAt: { en: 'Move the tile at {x},{y}', de: 'Die Karte bei {x},{y} versetzen' },
    squareRots: { en: '{x},{y}: {n} rotation(s)', de: '{x},{y}: {n} Drehung(en)' },
    followerOn: { en: 'Follower on {f}', de: 'Gefolgsmann auf {f}' },
    largeOn: { en: 'Large follower on {f}', de: 'Großer Gefolgsmann auf {f}' },
    colFollowers: { en: 'followers', de: 'Gefolgsleute' },
    colFollowersTitle: {
        en: 'followers in supply (+L: the large follower too)',
        de: 'Gefolgsleute im Vorrat (+L: auch der große)',
    },
    colTatan: { en: 'Tatan', de: 'Tatan' },
    colTatanTitle: { en: 'Tatan tiles held', de: 'Tatan-Karten im Besitz' },
    colLast: { en: 'last', de: 'zuletzt' },
    colLastTitle: { en: 'square of the last tile', de: 'Feld der letzten Karte' },
    lastLabel: { en: 'P{p}', de: 'S{p}' },
    tilesLeft: { en: 'Tiles left: {n}', de: 'Karten im Stapel: {n}' },
    drawnList: { en: ' · drawn: {list}', de: ' · gezogen: {list}' },
    keyHelpCarc: {
        en: 'Arrow keys: move between the highlighted squares; R / Shift+R: rotate; Enter: place; '
            + 'then Tab to a follower spot or “No follower” and press Enter. +/−: zoom.',
        de: 'Pfeiltasten: zwischen den markierten Feldern wechseln; R / Umschalt+R: drehen; '
            + 'Enter: anlegen; dann mit Tab zu einer Stelle für den Gefolgsmann oder zu „Kein '
            + 'Gefolgsmann“ und Enter. +/−: Zoom.',
    },

    // Targi
    tgRound: { en: 'Round {n} · {stage}', de: 'Runde {n} · {stage}' },
    tgYourTurn: { en: ' · your turn', de: ' · du bist am Zug' },
    tgToMove: { en: ' · player {p} to move', de: ' · Spieler {p} ist am Zug' },
    tgDecks: {
        en: ' · goods deck {g}, tribe deck {t}', de: ' · Warenstapel {g}, Stammesstapel {t}',
    },
    tgDiscarded: { en: ' · discarded: {list}', de: ' · abgeworfen: {list}' },
    tgGives: { en: '{label}: gives {g}', de: '{label}: bringt {g}' },
    tgCosts: { en: '{label} ({sym}) costs {cost}, {vp} VP', de: '{label} ({sym}) kostet {cost}, {vp} SP' },
    tgNothing: { en: 'nothing', de: 'nichts' },
    tgVp: { en: '{n} VP', de: '{n} SP' },
    tgRobber: { en: 'the robber', de: 'der Räuber' },
    tgRobberShort: { en: '☗ robber', de: '☗ Räuber' },
    tgTargiOf: { en: 'Targi P{p}', de: 'Targi S{p}' },
    tgMarkerOf: { en: 'marker P{p}', de: 'Stein S{p}' },
    tgEmpty: { en: 'empty', de: 'leer' },
    tgFaceDown: { en: '{kind} card, face down', de: '{kind}-Karte, verdeckt' },
    tgPending: { en: 'Pending ({kind}): ', de: 'Offen ({kind}): ' },
    tgHidden: { en: 'a card you cannot see', de: 'eine Karte, die du nicht siehst' },
    tgRow: { en: 'row {n}', de: 'Reihe {n}' },
    tgPoints: { en: ' · {n} points', de: ' · {n} Punkte' },
    tgHandCard: { en: 'Hand card: ', de: 'Handkarte: ' },
    tgYourHand: { en: 'your hand card', de: 'deine Handkarte' },
    tgDate: { en: 'dates', de: 'Datteln' },
    tgSalt: { en: 'salt', de: 'Salz' },
    tgPepper: { en: 'pepper', de: 'Pfeffer' },
    tgGold: { en: 'gold', de: 'Gold' },
    tgVpTokens: { en: 'VP tokens', de: 'Siegpunkt-Marker' },
    tgW9: { en: 'gold on W9', de: 'Gold auf W9' },

    // Die Tafelrunde 2
    trRaid: { en: 'Raid {n} · {phase}', de: 'Beutezug {n} · {phase}' },
    trYourTurn: { en: ' · your turn', de: ' · du bist am Zug' },
    trToMove: { en: ' · player {p} to move', de: ' · Spieler {p} ist am Zug' },
    trStart: { en: ' · start player {p}', de: ' · Startspieler {p}' },
    trZorkBudget: {
        en: ' · Zork may still take {n} gems', de: ' · Zork darf noch {n} Edelsteine sichern',
    },
    trNextColour: { en: ' · next colour scored: {c}', de: ' · als Nächstes gewertet: {c}' },
    trChestTitle: { en: '{c} chest, {v} gems', de: 'Schatztruhe {c}, {v} Edelsteine' },
    trCentre: { en: 'Chests in the middle', de: 'Schatztruhen in der Mitte' },
    trPile: { en: 'Chest pile: {n} (', de: 'Truhenstapel: {n} (' },
    trPileEmpty: { en: 'Chest pile: empty', de: 'Truhenstapel: leer' },
    trSpecial: { en: 'special', de: 'Sonderkarte' },
    trUp: { en: 'chests up', de: 'Truhen offen' },
    trDown: { en: 'chests down', de: 'Truhen verdeckt' },
    trGems: { en: 'gems', de: 'Edelsteine' },
    trCards: { en: 'cards', de: 'Karten' },
    trPassed: { en: 'passed', de: 'gepasst' },
    trWarned: { en: 'warned: {c}', de: 'Warnung: {c}' },
    trPlayed: { en: ' (played)', de: ' (gespielt)' },
    trHidden: { en: 'hidden', de: 'verdeckt' },
    trHand: { en: 'hand {n}', de: 'Hand {n}' },
    trDraw: { en: ', draw {n}', de: ', Stapel {n}' },
    trDiscard: { en: ', discard {n}', de: ', Ablage {n}' },
    trKnown: { en: 'known: ', de: 'bekannt: ' },
    trYourHand: { en: 'Your hand', de: 'Deine Hand' },
    trYourDraw: { en: 'Your draw pile: ', de: 'Dein Nachziehstapel: ' },
    trYourDiscard: { en: 'Your discard: ', de: 'Deine Ablage: ' },
    red: { en: 'red', de: 'rot' },
    blue: { en: 'blue', de: 'blau' },
    yellow: { en: 'yellow', de: 'gelb' },

    // the engines' phase names in the boards' status lines (phase() below)
    ph_setup: { en: 'setup', de: 'Aufbau' },
    ph_raid: { en: 'raid', de: 'Überfall' },
    ph_place: { en: 'placing Targi', de: 'Targi setzen' },
    ph_actions: { en: 'actions', de: 'Aktionen' },
    ph_limit: { en: 'limits', de: 'Obergrenzen' },
    ph_over: { en: 'over', de: 'vorbei' },
    ph_deal: { en: 'deal', de: 'Austeilen' },
    ph_reveal: { en: 'reveal chests', de: 'Truhen aufdecken' },
    ph_play: { en: 'play cards', de: 'Karten spielen' },
    ph_zork: { en: 'Zork', de: 'Zork' },
    ph_secure: { en: 'secure loot', de: 'Beute sichern' },
    ph_draw: { en: 'draw', de: 'Nachziehen' },
    ph_end: { en: 'end', de: 'Ende' },

    // the rules pages (rules.js holds their texts)
    rulesOf: { en: 'Rules: {game}', de: 'Regeln: {game}' },
    rulesFor: { en: 'Rules of', de: 'Regeln für' },
    rulesGoal: { en: 'Goal', de: 'Ziel' },
    rulesTurn: { en: 'A turn', de: 'Ein Zug' },
    rulesScoring: { en: 'Scoring', de: 'Wertung' },
    rulesEnd: { en: 'End', de: 'Ende' },
    rulesModules: { en: 'Expansions in this match', de: 'Erweiterungen in dieser Partie' },
    rulesModulesAll: { en: 'Expansions', de: 'Erweiterungen' },
    rulesNote: {
        en: 'A short summary in our own words; the full rules with every decision are in the '
            + 'project\'s specs.',
        de: 'Eine kurze Zusammenfassung in eigenen Worten; die vollständigen Regeln mit allen '
            + 'Entscheidungen stehen in den Spezifikationen des Projekts.',
    },
};

/** @typedef {keyof typeof TEXTS} TextId */

const KEY = 'tafel.lang';

/** @type {Lang | null} read once: a change of language reloads the page */
let current = null;

/** The language: the stored choice, else the browser's, else English. @returns {Lang} */
export function lang() {
    if (current)
        return current;
    let stored = null;
    try {
        stored = globalThis.localStorage?.getItem(KEY) ?? null;
    } catch {
        stored = null;
    }
    if (stored === 'en' || stored === 'de')
        return (current = stored);
    const nav = globalThis.navigator?.language ?? 'en';
    return (current = nav.toLowerCase().startsWith('de') ? 'de' : 'en');
}

/** Remember a language choice. @param {Lang} l */
export function setLang(l) {
    current = l;
    try {
        globalThis.localStorage?.setItem(KEY, l);
    } catch {
        // private mode: the choice holds for this page only
    }
}

/**
 * A text in the current language, its {name} placeholders filled from params.
 * @param {TextId} id @param {Record<string, string | number>} [params]
 */
export function t(id, params = {}) {
    const text = TEXTS[id][lang()];
    return text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/** "player 2" in the current language. @param {number} p */
export const who = (p) => t('player', { p });

/** A phase name of a game's view in words; one the table does not know stays as sent.
 * @param {string} name */
export function phase(name) {
    const id = `ph_${name}`;
    return id in TEXTS ? t(/** @type {TextId} */ (id)) : name;
}
