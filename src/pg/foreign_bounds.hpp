// Time windows relative to now() made shippable to foreign tables' servers (foreign_bounds.cpp).
#pragma once

namespace uuidx::pg {

// Puts the hook in front of the planner (chaining the previous hook).
void install_foreign_bounds_planner();

}  // namespace uuidx::pg
