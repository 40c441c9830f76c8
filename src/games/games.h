/* games.h: the game types the registry knows. A new game adds one line here and one in
 * src/core/registry.c. */
#ifndef TAFEL_GAMES_H
#define TAFEL_GAMES_H

#include "tafel/game.h"

extern const tafel_game_type tafel_game_tafelrunde2;
extern const tafel_game_type tafel_game_carcassonne;
extern const tafel_game_type tafel_game_targi;

#endif
