#pragma once
// Numbers as text, one rule for the whole project.
#include <string>

namespace boa {

// Shortest decimal that reads back as the same double ("0.1", "1e-07", "3"): for explanations,
// replay lines and CSV cells alike.
std::string FormatNumber(double value);

}  // namespace boa
