#pragma once
// Files the boa program reads and writes, safely: every path is checked before any work (bad
// input, exit 2), and output goes through a sibling temporary file renamed into place, so that a
// failure never leaves half a file behind — not at the target, not next to it.
#include <filesystem>
#include <string>

namespace boa::report {

// Throws InvalidInput (naming `flag`) unless `file` can be created or replaced: not empty, not a
// directory, inside an existing, writable folder.
void RequireWritableFile(const std::string& flag, const std::filesystem::path& file);
// Throws InvalidInput unless `folder` is a directory or can be created as one: it is not a file,
// and its nearest existing ancestor is a writable directory.
void RequireWritableFolder(const std::string& flag, const std::filesystem::path& folder);
// Throws InvalidInput unless `file` is an existing, readable regular file.
void RequireReadableFile(const std::string& what, const std::filesystem::path& file);

// Writes `text` to `path` through `path`.partial; on any failure the temporary file is removed
// and InvalidInput names the path.
void WriteAtomically(const std::filesystem::path& path, const std::string& text);

}  // namespace boa::report
