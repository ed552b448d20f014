#include "boa/threads.hpp"

#include <atomic>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <string>

#include "boa/error.hpp"

namespace boa {
namespace {

// Unset or empty: 1. Anything but an integer in [1, kMaxKernelThreads] is bad input.
int ThreadsFromEnvironment() {
  const char* value = std::getenv("BOA_THREADS");
  if (value == nullptr || *value == '\0') return 1;
  int threads = 0;
  const char* end = value + std::strlen(value);
  const auto result = std::from_chars(value, end, threads);
  Require(
      result.ec == std::errc() && result.ptr == end && threads >= 1 && threads <= kMaxKernelThreads,
      "BOA_THREADS must be an integer in [1, " + std::to_string(kMaxKernelThreads) + "] (got '" +
          value + "')");
  return threads;
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
