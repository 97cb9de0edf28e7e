#include "process.hpp"

#include <pthread.h>

namespace uuidx {

namespace {

struct ProcessState {
    SystemClock clock;
    OpenSslRandom source;
    RandomPool pool{source};
    OrderCell v7_cell{0};
    OrderCell gregorian_cell{0};
    Generator generator{clock, pool, &v7_cell, &gregorian_cell};

    ProcessState() noexcept { pthread_atfork(nullptr, nullptr, &child_after_fork); }

    static void child_after_fork() noexcept;
};

ProcessState& state() noexcept {
    static ProcessState instance;
    return instance;
}

void ProcessState::child_after_fork() noexcept { state().generator.after_fork_in_child(); }

}  // namespace

Generator& process_generator() noexcept { return state().generator; }

}  // namespace uuidx
