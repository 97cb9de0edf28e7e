// The expressions uuidx's planner code builds and reads, shared by its rewrites
// (time_conditions.cpp, foreign_bounds.cpp) and the window operator's support
// (window_operator.cpp).
#pragma once

#include "../../core/uuid.hpp"
#include "../postgres.hpp"
#include "time_catalog.hpp"

namespace uuidx::pg {

// A uuid Const for the planner.
Const* uuid_const(const Uuid& u);

// A bound that excludes no key: nil as a minimum, max as a maximum.
inline bool is_nil(const Uuid& u) { return u == kNilUuid; }
inline bool is_max(const Uuid& u) { return u == kMaxUuid; }

// `key >= min` and `key <= max` with the standard uuid operators `uuid` (a copy of `key` in
// each), or `key > min` and `key < max` when `strict`; a null `min` or `max` is left out.
List* key_bound_conditions(const UuidComparison& uuid, const Expr* key, Expr* min, Expr* max, bool strict = false);

// `(SELECT expr)`: a sub-select the planner turns into an initplan, its value a parameter.
Node* as_sub_select(Node* expr);

// Whether an expression is fixed for a scan, so that a key's time can be compared with it
// from the key's index: no Var of any level, sublink, aggregate, window or set-returning
// function, and no volatile function (a Const, a Param, now() - interval '1 day').
bool is_usable_comparand(Node* node);

// Whether an expression reads a Param the executor sets (PARAM_EXEC: an outer row's value in
// a correlated or LATERAL subquery, an initplan's or a nestloop's), rather than a constant or
// a parameter of the statement (PARAM_EXTERN), which every process of a parallel plan has.
bool reads_executor_param(Node* node);

}  // namespace uuidx::pg
