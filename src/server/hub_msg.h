/* hub_msg.h: the messages a connection receives about a position and its log, built from a
 * game, a state and the viewer's seat only (never from a match or a connection), so that the
 * leak test can build them for any state a seat cannot tell from the true one. */
#ifndef TAFEL_SERVER_HUB_MSG_H
#define TAFEL_SERVER_HUB_MSG_H

#include <stddef.h>
#include <stdint.h>

#include "tafel/game.h"

/* The log entry of `action` by `player` (TAFEL_CHANCE for an outcome) taking before to after,
 * as viewer (-1: a spectator) sees it: index, player, text, action only when he may know it,
 * events. */
json_t *hub_msg_entry(const tafel_game *g, size_t index, int player, int32_t action,
                      const void *before, const void *after, int viewer);
/* index, view, to_move, and legal (only when viewer is to_move) of state s into msg. to_move is
 * the match's (TAFEL_TERMINAL after a resignation), index the next action's. */
void hub_msg_position(json_t *msg, const tafel_game *g, const void *s, size_t index,
                      int to_move, int viewer);
/* {"type":"action"}: the entry of action number index and the position after it. */
json_t *hub_msg_action(const tafel_game *g, size_t index, int player, int32_t action,
                       const void *before, const void *after, int to_move, int viewer);
/* A JSON string of text made valid UTF-8 (tafel_utf8_repair): error messages quote what a user
 * sent, cut to the size of a buffer, possibly inside a character, which jansson would refuse. */
json_t *hub_msg_text(const char *text);
/* {"type":"state"}: the log of actions[0..n) from the initial state as viewer sees it, and the
 * position of s (the state after them). */
json_t *hub_msg_state(const tafel_game *g, const int32_t *actions, size_t n, const void *s,
                      int to_move, int viewer);

#endif
