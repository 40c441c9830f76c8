/* carcassonne.c: Carcassonne with Inns & Cathedrals and Tatan (not implemented yet: the registry refuses to load a type without init). */
#include "games/games.h"

const tafel_game_type tafel_game_carcassonne = {
    .name = "carcassonne",
    .long_name = "Carcassonne with Inns & Cathedrals and Tatan",
    .min_players = 2,
    .max_players = 6,
    .default_players = 2,
};
