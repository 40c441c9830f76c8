/* term_help.c: what `tafel play` tells a player who asks: the notation of the game at hand with
 * examples taken from his legal moves, the current phase, a short summary of the rules (in our
 * words, from ../shared/specs) and the expansions that are on. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* Phase names of the views (view_json "phase", Targi's "stage" and "pending") for people;
 * the same name can mean different things in two games. */
static const char *const term_phases[][3] = {
    {"carcassonne", "start", "choosing the start player"},
    {"carcassonne", "draw", "drawing a tile"},
    {"carcassonne", "place", "placing the tile you drew: a square and a rotation"},
    {"carcassonne", "follow", "deploying a follower on the tile just placed, or none"},
    {"carcassonne", "tatan", "a Tatan tile: move a tile, draw two, or keep it"},
    {"carcassonne", "move", "placing the tile you picked up (Tatan option 1)"},
    {"carcassonne", "end", "the end phase: fill a gap with Tatan tiles, or pass"},
    {"carcassonne", "choose", "choosing which of the drawn tiles to play next"},
    {"", "setup", "setting up"},
    {"tafelrunde2", "deal", "dealing cards"},
    {"tafelrunde2", "reveal", "phase 1: chests are revealed"},
    {"tafelrunde2", "play", "phase 2: play a card or pass"},
    {"tafelrunde2", "zork", "Zork: secure face-up chests (at most 6 gems in all)"},
    {"tafelrunde2", "secure", "phase 4: turn one face-up chest face down"},
    {"targi", "raid", "a raid: pay goods, VP or gold"},
    {"targi", "actions", "phase 4: use your Targi and tribe markers"},
    {"targi", "o8", "end of the action phase: card abilities"},
    {"targi", "limit", "end of the action phase: return goods over the limit"},
    {"", "over", "the game is over"},
    {"targi", "pay", "paying for a card"},
    {"targi", "row", "choosing the row of your display for the card"},
    {"targi", "tribe", "a tribe card: play it, take it in hand or discard it"},
    {"targi", "trade", "trading at the Trader"},
    {"targi", "silver", "exchanging goods at the Silversmith"},
    {"targi", "swap", "Fata Morgana: moving a Targi"},
    {"targi", "a9", "choosing the reward of A9"},
    {"targi", "place", "phase 2: place a Targi on a border card"},
    {"tafelrunde2", "draw", "phase 5: drawing cards"},
    {"tafelrunde2", "end", "the game is over"},
};

static const char *term_phase_text(const char *game, const char *name)
{
    for (size_t i = 0; i < sizeof term_phases / sizeof *term_phases; i++)
        if ((!*term_phases[i][0] || !strcmp(term_phases[i][0], game)) &&
            !strcmp(term_phases[i][1], name))
            return term_phases[i][2];
    return name;
}

static void term_notation(FILE *out, const char *game)
{
    if (!strcmp(game, "carcassonne"))
        fputs("Notation:\n"
              "  place a tile: the square's letter from the board and a rotation (\"b r1\"), or\n"
              "    x,y and rotation (\"1,0 r3\"); r0 is the tile as printed, r1..r3 quarter turns\n"
              "    clockwise. North is up, y grows downwards.\n"
              "  follower: the feature as it lies on the board: \"city:N\", \"road:EW\",\n"
              "    \"field:Ne,En\" (half-sides: Ne = east half of the north side), \"cloister\";\n"
              "    a lone \"road\" when the tile has one road; \"L road\" for the large follower;\n"
              "    \"none\" to deploy nothing.\n"
              "  Tatan: \"move x,y\" (option 1), \"draw2\" (option 2), \"keep\"; \"play KIND\" picks\n"
              "    the held tile to play next; end phase: \"fill x,y\", \"fill L x,y\", \"pass\".\n"
              "Board (a small terminal shows a window of it; < > ^ v: more board that way):\n"
              "  # city (* pennant, C cathedral); caps with no # between them are apart\n"
              "  . field  | - road, + bend, o road end, X crossing, I inn  M cloister  T Tatan\n"
              "  r/R a follower (small/large; each player's letters are in his score line)\n"
              "  a b .. squares where the tile fits (listed with x,y and rotations)\n",
              out);
    else if (!strcmp(game, "targi"))
        fputs("Notation:\n"
              "  \"targi N\" places a Targi on border card N (1..16, clockwise from top left).\n"
              "  \"use N\" resolves your Targi on border card N; \"take R,C\" takes the centre card\n"
              "    in row R, column C (rows and columns 1..3 as labelled on the grid).\n"
              "  \"buy CARD\", \"pay GOODS\" (D dates, S salt, P pepper, G gold: \"pay DDS\"),\n"
              "    \"row N\" for the display row, \"hand CARD\", \"discard CARD\", \"choose salt\",\n"
              "    \"raid pay ...\", \"return pepper\", \"end\" ends your action phase.\n"
              "Cards: a tribe card's letter is its symbol (O Oasis, C Camel rider, W Well,\n"
              "  T Tent, A Targia; 'T2 T 3vp': Tent, 3 VP); a goods card shows what it gives\n"
              "  (D dates, S salt, P pepper: 'G6 PP').\n",
              out);
    else if (!strcmp(game, "tafelrunde2"))
        fputs("Notation:\n"
              "  \"play red4/blue3 as red\": a two-colour card and the colour it counts for;\n"
              "    \"play blue7\" for a one-colour card; \"play feierabend\" etc. for a special;\n"
              "  \"pass\"; \"secure red3\" turns a face-up chest face down.\n"
              "Screen: [red3] a chest of 3 gems; played \"blue5 blue4 +chest3 =12\": the cards\n"
              "  of a colour, the best face-up chest's bonus, the strength.\n",
              out);
}

/* Lines longer than 80 columns broken between words, continued indented by two more than
 * the line they came from: the texts below are written for 80 columns, the examples taken
 * from the moves are not. */
static void term_fit(FILE *out, const char *text)
{
    while (*text) {
        size_t len = strcspn(text, "\n");
        int indent = (int)strspn(text, " "), pad = 0;
        const char *t = text;
        /* t and len: what is left of the line; pad: its indent once continued */
        while ((size_t)pad + len > 80) {
            size_t room = (size_t)(80 - pad), cut = room;
            while (cut > 0 && t[cut] != ' ')
                cut--;
            if (cut == 0 || (pad == 0 && cut <= (size_t)indent))
                cut = room; /* one word longer than the line: cut it */
            fprintf(out, "%*s%.*s\n", pad, "", (int)cut, t);
            t += cut;
            len -= cut;
            while (len && *t == ' ') {
                t++;
                len--;
            }
            pad = indent + 2;
        }
        fprintf(out, "%*s%.*s\n", pad, "", (int)len, t);
        text = t + len + (t[len] == '\n');
    }
}

static void term_help_text(FILE *out, const tafel_game *g, const void *state, int player,
                           const int32_t *legal, int n)
{
    term_notation(out, g->type->name);
    json_t *view = g->type->view_json(g, state, player);
    const char *phase = json_string_value(json_object_get(view, "phase"));
    if (!phase)
        phase = json_string_value(json_object_get(view, "stage"));
    const char *pend =
        json_string_value(json_object_get(json_object_get(view, "pending"), "kind"));
    if (phase)
        fprintf(out, "Now: %s", term_phase_text(g->type->name, phase));
    if (pend && strcmp(pend, "none"))
        fprintf(out, "; %s", term_phase_text(g->type->name, pend));
    if (phase)
        fputc('\n', out);
    json_decref(view);
    fprintf(out, "Your %d legal move%s now, e.g.:", n, n == 1 ? "" : "s");
    char text[TAFEL_TEXT_LEN];
    for (int i = 0; i < n && i < 3; i++) {
        g->type->action_to_text(g, state, legal[i * (n > 3 ? (n - 1) / 2 : 1) % n], text,
                                sizeof text);
        fprintf(out, "%s \"%s\"", i ? "," : "", text);
    }
    fputs("\nAlso: a move's number from the list; 'moves' lists them all; 'board' draws all\n"
          "of it, also what a small terminal leaves out; 'log' repeats what happened since\n"
          "your last move; 'rules' sums up the rules; 'quit' abandons the game (the record\n"
          "is kept).\n",
          out);
}

void cli_term_help(FILE *out, const tafel_game *g, const void *state, int player,
                   const int32_t *legal, int n)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem)
        abort();
    term_help_text(mem, g, state, player, legal, n);
    if (fclose(mem))
        abort();
    term_fit(out, text);
    free(text);
}

static void term_rules_carcassonne(FILE *out, const tafel_game *g)
{
    fputs("Carcassonne. Each turn: draw a tile and place it so that every side matches its\n"
          "neighbours; then you may put one follower from your supply on a feature of that\n"
          "tile that nobody occupies yet. A completed road scores 1 per tile, a city 2 per\n"
          "tile and per pennant, a cloister 9 (itself and its 8 neighbours); the followers\n"
          "on it return.\n"
          "Most followers on a feature wins it; a tie scores all tied players in full.\n"
          "At the end, unfinished features score 1 per tile/pennant (cloister 1+neighbours)\n"
          "and each farmer's field 3 per completed city it touches. Most points wins.\n",
          out);
    int ic = tafel_game_param(g, "inns_cathedrals");
    if (ic == 0)
        fputs("Inns & Cathedrals (on): more tiles, a large follower (counts 2 in majorities).\n"
              "  A road with an inn: 2 per tile if complete, 0 if not; a city with a cathedral:\n"
              "  3 per tile and pennant when complete, 0 if not.\n",
              out);
    else if (ic == 1)
        fputs("Inns & Cathedrals: only the large follower (counts 2 in majorities).\n", out);
    if (tafel_game_param(g, "tatan") == 0)
        fputs("Tatan (on): one Tatan tile per player is in the stack. Drawing one, you keep it\n"
              "  and either move a tile without followers and not in a finished feature to\n"
              "  another legal square, or draw two tiles and play both. After the last tile, in\n"
              "  turn, a player with k Tatan tiles may fill a gap of k empty squares and put a\n"
              "  follower on it: 2 points (4 for large ones) per follower of anyone on an open\n"
              "  feature next to it. Tatan tiles never complete a feature.\n",
              out);
}

static void term_rules_text(FILE *out, const tafel_game *g)
{
    const char *name = g->type->name;
    if (!strcmp(name, "carcassonne"))
        term_rules_carcassonne(out, g);
    else if (!strcmp(name, "targi"))
        fputs("Targi (2 players, 12 rounds). A 4x4 ring of border cards surrounds a 3x3 grid of\n"
              "goods and tribe cards. Each round the robber moves on (raids at rounds 4, 7, 10,\n"
              "13: pay goods or VP; the last raid asks gold and ends the game); players take\n"
              "turns placing 3 Targi on border cards (not corners or the robber's, not opposite\n"
              "the opponent's Targi). Where your column and row Targi cross you get a tribe\n"
              "marker. Then each uses his Targi (the border card's action) and markers (take a\n"
              "centre card). Tribe cards are bought with goods into a display of 3 rows of 4.\n"
              "Score: VP tokens + card VP + abilities + full rows (4 alike 4 VP, 4 unlike 2).\n"
              "The game ends after raid 4 or when a display has 12 cards. Tie: more gold, then\n"
              "more goods.\n",
              out);
    else if (!strcmp(name, "tafelrunde2"))
        fputs("Die Tafelrunde 2. Each raid: chests are revealed until all three colours lie\n"
              "face up; players in turn play a card (counting for one of its colours) or pass.\n"
              "Per colour, strength = your cards of that colour + your best face-up chest of it\n"
              "the strongest takes all face-up chests of the colour, a tie sends them to the\n"
              "centre. Then each player turns a face-up chest face down (secures it), draws 2.\n"
              "Specials: Feierabend ends the playing, Letzte Warnung protects your chests of a\n"
              "colour, Wiederbelebung takes back a card from your discards, Zork secures up to\n"
              "6 gems during scoring. The game ends when three colours cannot be shown again:\n"
              "the gems in face-down chests count; a tie goes to more hand cards.\n",
              out);
}

void cli_term_rules(FILE *out, const tafel_game *g)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem)
        abort();
    term_rules_text(mem, g);
    if (fclose(mem))
        abort();
    term_fit(out, text);
    free(text);
}

void cli_term_expansions(FILE *out, const tafel_game *g)
{
    if (strcmp(g->type->name, "carcassonne"))
        return;
    int ic = tafel_game_param(g, "inns_cathedrals"), tatan = tafel_game_param(g, "tatan") == 0;
    if (ic == 2 && !tatan) {
        fputs("Expansions: none (the base game).\n", out);
        return;
    }
    fprintf(out, "Expansions: %s%s%s ('rules' sums them up).\n",
            ic == 0   ? "Inns & Cathedrals"
            : ic == 1 ? "the large follower of Inns & Cathedrals"
                      : "",
            ic != 2 && tatan ? " and " : "", tatan ? "Tatan (fan expansion)" : "");
}
