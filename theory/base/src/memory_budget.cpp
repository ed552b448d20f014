#include "boa/memory_budget.hpp"

#include <atomic>
#include <cmath>
#include <cstdlib>

#include "boa/error.hpp"
#include "boa/format.hpp"
#include "boa/number_input.hpp"

namespace boa {
namespace {

double FromEnvironment() {
  const char* value = std::getenv("BOA_MAX_MEMORY_MB");
  if (value == nullptr || *value == '\0') return kDefaultMemoryBudgetMb;
  return ParseReal(value, "BOA_MAX_MEMORY_MB (in MB)", kPositive);
}

// 0: not set yet, read from the environment on first use (a flag set first wins over it).
std::atomic<double> budget_mb{0};

}  // namespace

double MemoryBudgetMb() {
  double mb = budget_mb.load(std::memory_order_relaxed);
  if (mb == 0) {
    mb = FromEnvironment();
    budget_mb.store(mb, std::memory_order_relaxed);
  }
  return mb;
}

void SetMemoryBudgetMb(double mb) {
  Require(std::isfinite(mb) && mb > 0, "--max-memory-mb must be a positive number of MB");
  budget_mb.store(mb, std::memory_order_relaxed);
}

void RequireMemory(double numbers, const std::string& what) {
  const double mb = numbers * sizeof(double) / 1048576;
  const double budget = MemoryBudgetMb();
  if (mb <= budget) return;
  throw InvalidInput(what + " needs about " + FormatNumber(std::ceil(mb)) +
                     " MB, above the memory budget of " + FormatNumber(budget) +
                     " MB; raise it with --max-memory-mb or BOA_MAX_MEMORY_MB");
}

}  // namespace boa
