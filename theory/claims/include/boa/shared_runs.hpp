#pragma once
// One computation that several claims' instances share — the same replicate sweeps judged by
// another rule (magen24.cnn.threshold_n and its _as_quoted form, the threshold-over-d routes and
// their gap, the 𝔖 runs read on test accuracy and on the training tokens, ...) — run once per
// process and handed to every claim that asks for it again. A
// `boa report` checks the sharing claims one after another in one process, and so does the one
// CI test that checks them together (Claim::ci_test_with, properties/claims_test.cpp).
//
// A result is kept for the life of the process, so only small results are shared: a sweep's
// Outcome, a located dimension, never a trained model or its data. The key names the function
// and every input it reads; the computation must be deterministic in those inputs.
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "boa/claim.hpp"

namespace boa {

// "name | params | seed", the key of one shared computation; `name` carries every other input
// (the function, its route, the engine).
std::string SharedRunKey(const std::string& name, const Params& params, std::uint64_t seed);

// compute() on the key's first request in this process; the kept result on every later one.
// Two threads asking for a new key at once may both compute it (the same result either way).
template <class T, class Compute>
T SharedRun(const std::string& key, Compute&& compute) {
  static std::mutex mutex;
  static std::map<std::string, T> kept;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    if (const auto found = kept.find(key); found != kept.end()) return found->second;
  }
  T result = std::forward<Compute>(compute)();
  const std::lock_guard<std::mutex> lock(mutex);
  kept.emplace(key, result);
  return result;
}

}  // namespace boa
