#pragma once
// The memory one instance may take: --max-memory-mb on the command line, else $BOA_MAX_MEMORY_MB,
// else 2048 MB. Every allocation whose size the caller chooses — a token matrix n·T·d, a dense
// W (d²), a Gram form ((nT)²) — asks RequireMemory first, so an instance too large is bad input
// (InvalidInput, exit 2) before its memory is touched, whichever command or claim asked for it.
// A resource limit, like BOA_THREADS (threads.hpp): it refuses work, never changes a result.
#include <string>

namespace boa {

inline constexpr double kDefaultMemoryBudgetMb = 2048;

// The budget in MB. Reading $BOA_MAX_MEMORY_MB throws InvalidInput on a malformed, non-finite or
// non-positive value.
double MemoryBudgetMb();
void SetMemoryBudgetMb(double mb);  // finite, > 0; throws InvalidInput otherwise

// Throws InvalidInput ("<what> needs about X MB ... exceeds the budget of Y MB") when `numbers`
// doubles exceed the budget.
void RequireMemory(double numbers, const std::string& what);

}  // namespace boa
