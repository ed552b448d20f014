#include "boa/threads.hpp"

#include <atomic>
#include <cstdlib>
#include <string>

#include "boa/error.hpp"
#include "boa/number_input.hpp"

namespace boa {
namespace {

// Unset or empty: 1. Anything but an integer in [1, kMaxKernelThreads] is bad input.
int ThreadsFromEnvironment() {
  const char* value = std::getenv("BOA_THREADS");
  if (value == nullptr || *value == '\0') return 1;
  return static_cast<int>(ParseInteger(value, "BOA_THREADS", 1, kMaxKernelThreads));
}

std::atomic<int>& Threads() {
  static std::atomic<int> threads{ThreadsFromEnvironment()};
  return threads;
}

}  // namespace

int KernelThreads() { return Threads().load(std::memory_order_relaxed); }

void SetKernelThreads(int threads) {
  Require(threads >= 1 && threads <= kMaxKernelThreads,
          "the kernel needs between 1 and " + std::to_string(kMaxKernelThreads) + " threads");
  Threads().store(threads, std::memory_order_relaxed);
}

}  // namespace boa
