#pragma once
// Numbers a user types — command-line flags, --params values, sweep lists, BOA_THREADS and
// BOA_MAX_MEMORY_MB — read by one parser per type. The text must be the plain decimal form of a
// value of the type, inside its range: no sign on an unsigned integer, no fraction or exponent on
// an integer, no NaN or Inf, nothing that overflows (no wrap-around), no empty text, nothing
// before or after the number (spaces, "+", "0x", units). Anything else throws InvalidInput: one
// line naming `what` (the flag or parameter), the type and range, and the text given.
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace boa {

// The values a real-valued input may take: finite, in [lo, hi], either end optionally open.
struct RealRange {
  double lo = -std::numeric_limits<double>::infinity();
  double hi = std::numeric_limits<double>::infinity();
  bool lo_open = false;
  bool hi_open = false;
};
inline constexpr RealRange kAnyFinite{};
inline constexpr RealRange kPositive{0, std::numeric_limits<double>::infinity(), true, false};
inline constexpr RealRange kProbability{0, 1};  // [0, 1]
// "[0, 1)", "(0, inf)"; empty for kAnyFinite.
std::string ToString(const RealRange& range);
bool Contains(const RealRange& range, double x);  // x is finite and in the range

std::uint64_t ParseUnsigned(std::string_view text, const std::string& what);
std::int64_t ParseInteger(std::string_view text, const std::string& what, std::int64_t lo,
                          std::int64_t hi);
double ParseReal(std::string_view text, const std::string& what,
                 const RealRange& range = kAnyFinite);

// The items of a comma-separated list ("n=2,d=3", "10,20,40"), empty ones included: "1,,2" and
// "1,2," have an empty item, which its parser refuses, rather than a typo passing unseen.
// Empty text has no items.
std::vector<std::string_view> ListItems(std::string_view text);

}  // namespace boa
