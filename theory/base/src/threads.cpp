#include "boa/threads.hpp"

#include <atomic>
#include <cstdlib>

#include "boa/error.hpp"

namespace boa {
namespace {

int ThreadsFromEnvironment() {
  const char* value = std::getenv("BOA_THREADS");
  if (value == nullptr) return 1;
  const int threads = std::atoi(value);
  return threads >= 1 ? threads : 1;
}

std::atomic<int>& Threads() {
  static std::atomic<int> threads{ThreadsFromEnvironment()};
  return threads;
}

}  // namespace

int KernelThreads() { return Threads().load(std::memory_order_relaxed); }

void SetKernelThreads(int threads) {
  Require(threads >= 1, "the kernel needs at least one thread");
  Threads().store(threads, std::memory_order_relaxed);
}

}  // namespace boa
