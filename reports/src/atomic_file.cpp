#include "boa_report/atomic_file.hpp"

#include <unistd.h>
#include <fstream>
#include <system_error>
#include <vector>

#include "boa/error.hpp"

namespace boa::report {

namespace fs = std::filesystem;

namespace {

// Whether a file can be created in `dir`, by creating and removing a probe: permission bits
// alone would not do (root passes access(2) even where nothing can be created, e.g. /proc). The
// probe is a partial, made and removed in one guarded step: an interruption never leaves it.
bool WritableDirectory(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return false;
  const InterruptionGuard guard;
  const fs::path probe = PartialPath(dir / "boa-probe");
  if (!fs::create_directory(probe, ec)) return false;
  fs::remove(probe, ec);
  return true;
}

}  // namespace

void RequireWritableFile(const std::string& flag, const fs::path& file) {
  Require(!file.empty(), flag + " needs a file name");
  std::error_code ec;
  Require(!fs::is_directory(file, ec), flag + " " + file.string() + " is a directory, not a file");
  const fs::path folder = file.has_parent_path() ? file.parent_path() : fs::path(".");
  Require(fs::is_directory(folder, ec),
          flag + " " + file.string() + ": folder " + folder.string() + " does not exist");
  Require(WritableDirectory(folder),
          flag + " " + file.string() + ": folder " + folder.string() + " is not writable");
  Require(!fs::exists(file, ec) || access(file.c_str(), W_OK) == 0,
          flag + " " + file.string() + " is not writable");
}

void RequireWritableFolder(const std::string& flag, const fs::path& folder) {
  Require(!folder.empty(), flag + " needs a folder name");
  std::error_code ec;
  const fs::path absolute = fs::absolute(folder, ec).lexically_normal();
  Require(!fs::exists(absolute, ec) || fs::is_directory(absolute, ec),
          flag + " " + folder.string() + " is a file, not a folder");
  fs::path existing = absolute;
  while (!fs::exists(existing, ec) && existing.has_parent_path() &&
         existing != existing.parent_path()) {
    existing = existing.parent_path();
  }
  Require(fs::is_directory(existing, ec),
          flag + " " + folder.string() + ": " + existing.string() + " is not a folder");
  Require(WritableDirectory(existing),
          flag + " " + folder.string() + ": " + existing.string() + " is not writable");
}

void RequireReadableFile(const std::string& what, const fs::path& file) {
  std::error_code ec;
  Require(fs::exists(file, ec), what + " " + file.string() + " does not exist");
  Require(fs::is_regular_file(file, ec), what + " " + file.string() + " is not a regular file");
  Require(access(file.c_str(), R_OK) == 0, what + " " + file.string() + " is not readable");
}

void WriteAtomically(const fs::path& path, const std::string& text) {
  RemoveStalePartials(path.parent_path());
  const fs::path tmp = PartialPath(path);
  const InterruptionGuard guard;
  std::error_code ec;
  {
    std::ofstream out(tmp);
    Require(static_cast<bool>(out), "cannot write " + path.string());
    out << text;
    out.close();
    if (!out) {
      fs::remove(tmp, ec);
      throw InvalidInput("cannot write " + path.string());
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw InvalidInput("cannot write " + path.string() + " (e.g. a directory is in the way)");
  }
}

StagingFolder::StagingFolder(const fs::path& target)
    : target_(fs::absolute(target).lexically_normal()), staging_(PartialPath(target_)) {
  RemoveStalePartials(target_.parent_path());
  const InterruptionGuard guard;
  fs::remove_all(staging_);  // a namesake's, left by a dead process with this PID
  // Every folder this creates is pending, from the outermost missing one in.
  std::vector<fs::path> missing;
  for (fs::path p = staging_; !fs::exists(p); p = p.parent_path()) missing.push_back(p);
  for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
    pending_.Add(*it);
    fs::create_directory(*it);
  }
}

void StagingFolder::MoveIntoPlace() {
  const InterruptionGuard guard;
  fs::remove_all(target_);
  fs::rename(staging_, target_);
  pending_.Keep();
}

}  // namespace boa::report
