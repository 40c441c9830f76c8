/* targi.c: the Targi game type: parameters and the API table. */
#include "games/games.h"
#include "targi_state.h"

static const char *const targi_tribe_rules[] = {"author", "kosmos", NULL};

static const tafel_param_def targi_params[TG_NPARAMS] = {
    {"tribe_rule", TAFEL_PARAM_ENUM, TG_RULE_AUTHOR, 0, 0, targi_tribe_rules,
     "marked tribe card: author (play/hand/discard) or kosmos (discard only with a full hand)"},
    {"trade_mixed_goods", TAFEL_PARAM_BOOL, 0, 0, 0, NULL,
     "Trader/Silversmith exchanges may mix kinds of goods"},
    {"raid_shortfall_to_opponent", TAFEL_PARAM_BOOL, 0, 0, 0, NULL,
     "VP a player cannot pay at a raid go to the opponent"},
};

int targi_observation_tensor(const tafel_game *g, const void *state, int viewer, float *out,
                             int *shape);

const tafel_game_type tafel_game_targi = {
    .name = "targi",
    .long_name = "Targi",
    .min_players = 2,
    .max_players = 2,
    .default_players = 2,
    .params = targi_params,
    .num_params = TG_NPARAMS,
    .state_size = sizeof(targi_state),
    .num_actions = TG_NUM_ACTIONS,
    .max_legal = TG_MAX_LEGAL,
    .init = targi_init,
    .current_player = targi_current_player,
    .legal_actions = targi_legal_actions,
    .chance_outcomes = targi_chance_outcomes,
    .apply = targi_apply,
    .returns = targi_returns,
    .scores = targi_scores,
    .view_json = targi_view_json,
    .info_hash = targi_info_hash,
    .resample = targi_resample,
    .action_to_text = targi_action_to_text,
    .text_to_action = targi_text_to_action,
    .render = targi_render,
    .evaluate = targi_evaluate,
    .action_seen = targi_action_seen,
    .events_json = targi_events_json,
    .observation_tensor = targi_observation_tensor,
    .sample_chance = targi_sample_chance,
    .random_games = targi_random_games,
};
