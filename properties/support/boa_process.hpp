#pragma once
// The boa program started in the background — its arguments as given (no shell), in a folder of
// the test's choosing — so that a test can interrupt it: signal it after a seeded delay, or at
// the moment it creates a path (a deterministic signal point, CreationWatch).
#include <sys/types.h>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "paths.hpp"

namespace boa::testing {

class BoaProcess {
 public:
  // Starts boa with `args` in `folder`, stdin empty, stdout and stderr captured, SIGINT and
  // SIGTERM at their default disposition whatever the test was started with.
  BoaProcess(const std::vector<std::string>& args, const std::filesystem::path& folder);
  ~BoaProcess();  // kills a program still running, and reaps it
  BoaProcess(const BoaProcess&) = delete;
  BoaProcess& operator=(const BoaProcess&) = delete;

  pid_t pid() const { return pid_; }
  void Signal(int signal) const;
  // Waits for the end. exit_code is the program's, or 128 + the signal that killed it, as a shell
  // reports it (killed_by says which).
  CommandResult Wait();

 private:
  TempDir capture_;
  pid_t pid_ = -1;
};

// Whether `result` is the end of a run interrupted by `signal`: boa's own (128 + the signal, one
// line `boa: interrupted by SIG…` on stderr), or, when the signal came before boa could take it
// over (the process was still starting), the signal's default end, having written nothing.
bool EndedByInterruption(const CommandResult& result, int signal);

// Watches `folder` for entries created in it, from construction on (so construct it before the
// process starts, and no creation is missed).
class CreationWatch {
 public:
  explicit CreationWatch(const std::filesystem::path& folder);
  ~CreationWatch();
  CreationWatch(const CreationWatch&) = delete;
  CreationWatch& operator=(const CreationWatch&) = delete;

  // Blocks until an entry whose name satisfies `matches` is created, and returns true; returns
  // false if `process` ends first.
  bool WaitFor(const std::function<bool(const std::string& name)>& matches,
               const BoaProcess& process);

 private:
  int fd_ = -1;
};

}  // namespace boa::testing
