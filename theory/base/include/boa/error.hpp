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

// A numerical failure — a diverging run, a loss or gradient that became non-finite — is an
// outcome of the experiment, not the caller's mistake: a claim instance that throws it fails and
// is reported with its replay line (runner.hpp); a command that meets it elsewhere prints one
// `boa: numerical failure:` line and exits 1.
class NumericalFailure : public std::runtime_error {
 public:
  explicit NumericalFailure(const std::string& what) : std::runtime_error(what) {}
};

// Throws NumericalFailure(message) unless condition holds.
inline void RequireFinite(bool condition, const std::string& message) {
  if (!condition) throw NumericalFailure(message);
}

}  // namespace boa
