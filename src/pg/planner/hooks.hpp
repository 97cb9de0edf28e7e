// Where uuidx's planner code meets PostgreSQL's planner: the setting uuidx.time_predicates and
// every planner hook, installed and chained in one place (hooks.cpp). What each hook does is
// a row of docs/planner.md.
#pragma once

#include <cstdint>

namespace uuidx::pg {

// The number of the planning under way: from the outermost planner() call to its end (a
// planning nested in it, such as a function's query run while folding constants, is part of
// it). What the planner code learns once, per query level or per partitioned table, it keeps
// for the rest of that planning only.
std::uint64_t current_planning();

// Defines uuidx.time_predicates: before anything reserves the "uuidx." prefix.
void define_time_predicates_setting();

// Puts uuidx's hooks in front of the planner's, each chaining the one it replaces.
void install_planner_hooks();

}  // namespace uuidx::pg
