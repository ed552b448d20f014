#pragma once
// Bad input (a parameter outside a model's domain, an unknown claim id, a malformed flag) is
// reported by throwing InvalidInput with one line that says what was wrong and what is allowed.
// The command line turns it into that line on stderr and exit code 2.
#include <stdexcept>
#include <string>

namespace boa {

class InvalidInput : public std::invalid_argument {
 public:
  explicit InvalidInput(const std::string& what) : std::invalid_argument(what) {}
};

// Throws InvalidInput(message) unless condition holds.
inline void Require(bool condition, const std::string& message) {
  if (!condition) throw InvalidInput(message);
}

}  // namespace boa
