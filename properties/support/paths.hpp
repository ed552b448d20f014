#pragma once
// Paths the build tells the tests about: the boa program and the source tree.
#include <filesystem>
#include <set>
#include <string>

namespace boa::testing {

inline std::filesystem::path BoaProgram() { return BOA_PROGRAM_PATH; }
inline std::filesystem::path SourceDir() { return BOA_SOURCE_DIR; }

// A fresh empty folder under the system temp dir, removed when the object dies.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

struct CommandResult {
  int exit_code = -1;
  std::string out;    // stdout
  std::string err;    // stderr
  int killed_by = 0;  // the signal that ended it without an exit (BoaProcess), else 0
};
// Runs a shell command line, capturing both streams.
CommandResult RunCommand(const std::string& command);
// Runs the boa program with `arguments` (already shell-quoted), capturing both streams.
CommandResult RunBoa(const std::string& arguments);

// The whole content of `file` ("" if it cannot be read).
std::string Slurp(const std::filesystem::path& file);
// Every path under `dir`, relative to it (hidden ones included).
std::set<std::string> Tree(const std::filesystem::path& dir);
// Whether a path (as Tree gives it) is or lies in a partial output: .NAME.partial-PID.
bool IsPartial(const std::string& path);

}  // namespace boa::testing
