// Strategies as players (docs/solve.md, "A strategy as a player"). Python's Strategy
// registers its solution once per process, and its token "strategy:<n>" then goes wherever
// a built-in policy's name goes: cc.simulate, VectorEnv's opponents, play, policy_action and
// the search's rollouts, whose choosers resolve it here (search.hpp, player_policy).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "cardcore/solve/strategy.hpp"
#include "common.hpp"

namespace cardcore::bindings {

inline constexpr std::string_view kStrategyPrefix = "strategy:";

inline bool is_strategy_policy(std::string_view name) { return name.starts_with(kStrategyPrefix); }

// The strategy registered as `token`, else std::invalid_argument (a token of another
// process, or of a strategy since deleted).
std::shared_ptr<const solve::StrategyTable> registered_strategy(std::string_view token);

// Binds register_strategy(solution) -> token and forget_strategy(token) into `m`.
void bind_strategy_registry(py::module_& m);

}  // namespace cardcore::bindings
