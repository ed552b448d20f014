#include "boa/format.hpp"

#include <charconv>
#include <sstream>

namespace boa {

std::string FormatNumber(double value) {
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

std::string FormatSignificant(double value, int digits) {
  std::ostringstream s;
  s.precision(digits);
  s << value;
  return s.str();
}

}  // namespace boa
