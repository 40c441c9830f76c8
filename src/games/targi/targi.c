/* targi.c: Targi (not implemented yet: the registry refuses to load a type without init). */
#include "games/games.h"

const tafel_game_type tafel_game_targi = {
    .name = "targi",
    .long_name = "Targi",
    .min_players = 2,
    .max_players = 2,
    .default_players = 2,
};
