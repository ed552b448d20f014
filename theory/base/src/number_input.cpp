#include "boa/number_input.hpp"

#include <charconv>
#include <cmath>
#include <system_error>

#include "boa/error.hpp"
#include "boa/format.hpp"

namespace boa {
namespace {

// from_chars reads the plain decimal form only (no leading space or "+"; no "-" into an unsigned
// type; base 10, so no "0x"); the whole text must be the number, and a value out of the type's
// range (a double's too: 1e400, 1e-400) is an error, not a wrap or a rounding to 0 or inf.
template <typename T>
std::errc ReadWhole(std::string_view text, T& value) {
  const char* end = text.data() + text.size();
  const auto result = std::from_chars(text.data(), end, value);
  if (text.empty() || (result.ec == std::errc() && result.ptr != end)) {
    return std::errc::invalid_argument;
  }
  return result.ec;
}

std::string Given(std::string_view text) { return " (got '" + std::string(text) + "')"; }

std::string End(double x) { return std::isinf(x) ? (x > 0 ? "inf" : "-inf") : FormatNumber(x); }

}  // namespace

std::string ToString(const RealRange& r) {
  if (std::isinf(r.lo) && std::isinf(r.hi)) return "";
  // Only finite values are accepted, so an infinite end is always open.
  return std::string(r.lo_open || std::isinf(r.lo) ? "(" : "[") + End(r.lo) + ", " + End(r.hi) +
         (r.hi_open || std::isinf(r.hi) ? ")" : "]");
}

bool Contains(const RealRange& r, double x) {
  return std::isfinite(x) && (r.lo_open ? x > r.lo : x >= r.lo) &&
         (r.hi_open ? x < r.hi : x <= r.hi);
}

std::uint64_t ParseUnsigned(std::string_view text, const std::string& what) {
  std::uint64_t value = 0;
  Require(ReadWhole(text, value) == std::errc(),
          what + " must be an unsigned integer in [0, " +
              std::to_string(std::numeric_limits<std::uint64_t>::max()) + "]" + Given(text));
  return value;
}

std::int64_t ParseInteger(std::string_view text, const std::string& what, std::int64_t lo,
                          std::int64_t hi) {
  std::int64_t value = 0;
  Require(ReadWhole(text, value) == std::errc() && value >= lo && value <= hi,
          what + " must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]" +
              Given(text));
  return value;
}

double ParseReal(std::string_view text, const std::string& what, const RealRange& range) {
  double value = 0;
  const std::errc read = ReadWhole(text, value);
  Require(read != std::errc::result_out_of_range,
          what + " is beyond the range of a double" + Given(text));
  const std::string within = ToString(range);
  Require(
      read == std::errc() && Contains(range, value),
      what + " must be a finite number" + (within.empty() ? "" : " in " + within) + Given(text));
  return value;
}

std::vector<std::string_view> ListItems(std::string_view text) {
  std::vector<std::string_view> items;
  if (text.empty()) return items;
  for (std::size_t start = 0;;) {
    const std::size_t comma = text.find(',', start);
    items.push_back(text.substr(start, comma - start));
    if (comma == std::string_view::npos) return items;
    start = comma + 1;
  }
}

}  // namespace boa
