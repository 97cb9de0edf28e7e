// Time order from the key's order (time_order.cpp): index scans of a uuid key offered to the
// planner as sorted by the key's time.
#pragma once

namespace uuidx::pg {

// Puts the hook in front of the planner's paths of each table (chaining the previous hook).
void install_time_order_paths();

}  // namespace uuidx::pg
