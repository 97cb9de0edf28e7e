// Where uuidx's planner code meets PostgreSQL's planner: the setting uuidx.time_predicates and
// every planner hook, installed and chained in one place (hooks.cpp). What each hook does is
// a row of docs/planner.md.
#pragma once

namespace uuidx::pg {

// Defines uuidx.time_predicates: before anything reserves the "uuidx." prefix.
void define_time_predicates_setting();

// Puts uuidx's hooks in front of the planner's, each chaining the one it replaces, and
// registers the custom scan that its plans may hold (row 7Z's zone-checked order).
void install_planner();

}  // namespace uuidx::pg
