/* tafelrunde2.c: Die Tafelrunde 2 (not implemented yet: the registry refuses to load a type without init). */
#include "games/games.h"

const tafel_game_type tafel_game_tafelrunde2 = {
    .name = "tafelrunde2",
    .long_name = "Die Tafelrunde 2",
    .min_players = 2,
    .max_players = 4,
    .default_players = 2,
};
