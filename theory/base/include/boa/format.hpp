#pragma once
// Numbers as text, one rule for the whole project.
#include <string>

namespace boa {

// Shortest decimal that reads back as the same double ("0.1", "1e-07", "3"): for explanations,
// replay lines and CSV cells alike.
std::string FormatNumber(double value);

// `digits` significant digits, as a stream prints them ("0.12", "1.2e-05"): for tables and
// summaries meant to be read, not read back.
std::string FormatSignificant(double value, int digits);

}  // namespace boa
