#pragma once
// Writes through a sibling temporary file and renames it into place, so that a failure never
// leaves half a file behind.
#include <filesystem>
#include <string>

namespace boa::report {

void WriteAtomically(const std::filesystem::path& path, const std::string& text);

}  // namespace boa::report
