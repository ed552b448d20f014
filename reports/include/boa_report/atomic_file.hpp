#pragma once
// Files the boa program reads and writes, safely: every path is checked before any work (bad
// input, exit 2), and output goes through a hidden sibling (a partial, partial_output.hpp) renamed
// into place, so that neither a failure nor an interruption leaves half an output behind — not at
// the target, not next to it.
#include <filesystem>
#include <string>

#include "boa_report/partial_output.hpp"

namespace boa::report {

// Throws InvalidInput (naming `flag`) unless `file` can be created or replaced: not empty, not a
// directory, inside an existing, writable folder.
void RequireWritableFile(const std::string& flag, const std::filesystem::path& file);
// Throws InvalidInput unless `folder` is a directory or can be created as one: it is not a file,
// and its nearest existing ancestor is a writable directory.
void RequireWritableFolder(const std::string& flag, const std::filesystem::path& folder);
// Throws InvalidInput unless `file` is an existing, readable regular file.
void RequireReadableFile(const std::string& what, const std::filesystem::path& file);

// Writes `text` to `path` through its partial, in one guarded step (an interruption waits for
// it); on any failure the partial is removed and InvalidInput names the path. Stale partials in
// the folder go first.
void WriteAtomically(const std::filesystem::path& path, const std::string& text);

// A folder written whole (a report): its contents go into the partial of `target`, which
// MoveIntoPlace puts in place of `target` in one guarded step. Until then the staging folder and
// any folder created to hold it are pending output: removed on an interruption or when this
// object dies unmoved (an error), so that the previous `target` stays as it was, with nothing
// beside it. Stale partials beside `target` go first.
class StagingFolder {
 public:
  explicit StagingFolder(const std::filesystem::path& target);
  const std::filesystem::path& path() const { return staging_; }
  void MoveIntoPlace();

 private:
  std::filesystem::path target_, staging_;
  PendingOutput pending_;
};

}  // namespace boa::report
