#include "boa/threads.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

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

void ParallelFor(std::size_t count, int threads, const std::function<void(std::size_t)>& task) {
  Require(threads >= 0, "the thread count must be non-negative");
  const std::size_t asked =
      threads > 0 ? static_cast<std::size_t>(threads) : std::thread::hardware_concurrency();
  const std::size_t workers = std::clamp<std::size_t>(asked, 1, std::max<std::size_t>(count, 1));
  std::atomic<std::size_t> next{0};
  std::mutex failure_lock;
  std::exception_ptr failure;
  auto work = [&] {
    for (std::size_t k = next++; k < count; k = next++) {
      try {
        task(k);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(failure_lock);
        if (!failure) failure = std::current_exception();
        next = count;  // no task starts after the first error
      }
    }
  };
  std::vector<std::thread> pool;
  for (std::size_t w = 1; w < workers; ++w) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace boa
