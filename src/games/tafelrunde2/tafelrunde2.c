/* tafelrunde2.c: the Die Tafelrunde 2 game type: parameters and the API table. */
#include "games/games.h"
#include "games/tafelrunde2/tr2.h"

/* Order must match TR2_ZORK_* in tr2.h. */
static const char *const tr2_zork_readings[] = {"budget_in_scoring", "budget_after_scoring",
                                                "extra_after_scoring", "extra_before_scoring",
                                                NULL};

/* Order must match TR2_P_* in tr2.h. */
static const tafel_param_def tr2_params[] = {
    {"bonus_needs_card", TAFEL_PARAM_BOOL, 1, 0, 0, NULL,
     "D-4: the strength bonus of face-up chests counts only with a card of that colour"},
    {"warning_protects_tie", TAFEL_PARAM_BOOL, 1, 0, 0, NULL,
     "D-5: Letzte Warnung also keeps the chests when the colour is tied"},
    {"zork", TAFEL_PARAM_ENUM, TR2_ZORK_BUDGET_IN, 0, 0, tr2_zork_readings,
     "D-7: Zork's 6 gems: in scoring or after it instead of the phase-4 chest, or extra to it"},
};

/* The earlier reading of D-7 was the parameter zork_timing: records that name it replay as they
 * were played. */
static const tafel_param_alias tr2_aliases[] = {
    {"zork_timing", "after_scoring", "zork", "extra_after_scoring"},
    {"zork_timing", "before_scoring", "zork", "extra_before_scoring"},
};

int tr2_observation_tensor(const tafel_game *g, const void *state, int viewer, float *out,
                           int *shape);

/* tafel_random_games' hook: the generic loop with direct calls. */
static long long tr2_random_games(const tafel_game *g, uint64_t first_seed, long games)
{
    tr2_state s;
    int32_t legal[TR2_MAX_LEGAL];
    return tafel_random_games_with(g, first_seed, games, &s, legal, tr2_init, tr2_legal_actions,
                                   tr2_current_player, tr2_apply, tr2_sample_chance, NULL);
}

const tafel_game_type tafel_game_tafelrunde2 = {
    .name = "tafelrunde2",
    .long_name = "Die Tafelrunde 2",
    .min_players = 2,
    .max_players = 4,
    .default_players = 2,
    .params = tr2_params,
    .num_params = 3,
    .aliases = tr2_aliases,
    .num_aliases = 2,
    .state_size = sizeof(tr2_state),
    .num_actions = TR2_NUM_ACTIONS,
    .max_legal = TR2_MAX_LEGAL,
    .init = tr2_init,
    .current_player = tr2_current_player,
    .legal_actions = tr2_legal_actions,
    .chance_outcomes = tr2_chance_outcomes,
    .apply = tr2_apply,
    .returns = tr2_returns,
    .scores = tr2_scores,
    .view_json = tr2_view_json,
    .info_hash = tr2_info_hash,
    .resample = tr2_resample,
    .action_to_text = tr2_action_to_text,
    .text_to_action = tr2_text_to_action,
    .render = tr2_render,
    .evaluate = tr2_evaluate,
    .action_seen = tr2_action_seen,
    .events_json = tr2_events_json,
    .observation_tensor = tr2_observation_tensor,
    .sample_chance = tr2_sample_chance,
    .random_games = tr2_random_games,
};
