// The one Generator of this process, on the system clock and OpenSSL, with its order
// cells in process memory until the PostgreSQL layer points them at shared memory.
#pragma once
#include "cpp_only.hpp"

#include "generator.hpp"

namespace uuidx {

// Built on first use; registers a fork handler that makes each child forget the parent's
// random bytes and v1 identity (see random.hpp).
Generator& process_generator() noexcept;

}  // namespace uuidx
