// The planner hook of the time predicates (time_planner.cpp) and its setting.
#pragma once

struct Node;

namespace uuidx::pg {

// Defines uuidx.time_predicates: before anything reserves the "uuidx." prefix.
void define_time_predicates();

// Puts the hook in front of the planner (chaining the previous hook).
void install_time_predicates_planner();

// Whether an expression is fixed for a scan, so that a key's time can be compared with it
// from the key's index: no Var of any level, sublink, aggregate, window or set-returning
// function, and no volatile function (a Const, a Param, now() - interval '1 day').
bool is_usable_comparand(Node* node);

// Whether uuidx.time_predicates is on: the planner's use of a key's time, in conditions and in order.
bool time_predicates_on();

}  // namespace uuidx::pg
