#include "boa_report/partial_output.hpp"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <string>
#include <system_error>
#include <thread>
#include <utility>

namespace boa::report {

namespace fs = std::filesystem;

namespace {

// The guard's mutex and the pending paths with their owners, in the order added. Never
// destroyed: the interruption may come while static objects are being destroyed at exit.
struct Registry {
  std::recursive_mutex mutex;
  std::vector<std::pair<const PendingOutput*, fs::path>> entries;
};

Registry& Pending() {
  static Registry* registry = new Registry;
  return *registry;
}

// Renamed first (see the header), then removed; errors are ignored: there is nothing left to
// tell them to.
void RemovePartial(const fs::path& path) {
  std::error_code ec;
  const fs::path moved = PartialPath(path);
  fs::rename(path, moved, ec);
  fs::remove_all(ec ? path : moved, ec);
}

[[noreturn]] void EndInterrupted(int signal) {
  Registry& registry = Pending();
  registry.mutex.lock();  // waits for a guarded step; never unlocked: the process ends here
  for (auto it = registry.entries.rbegin(); it != registry.entries.rend(); ++it) {
    RemovePartial(it->second);
  }
  const char* line =
      signal == SIGINT ? "boa: interrupted by SIGINT\n" : "boa: interrupted by SIGTERM\n";
  [[maybe_unused]] const auto written = write(STDERR_FILENO, line, std::strlen(line));
  _exit(128 + signal);
}

bool StartedIgnored(int signal) {
  struct sigaction action {};
  return sigaction(signal, nullptr, &action) == 0 && action.sa_handler == SIG_IGN;
}

// Whether process `pid` exists on this machine (EPERM: it does, as another user's).
bool ProcessExists(pid_t pid) { return kill(pid, 0) == 0 || errno == EPERM; }

}  // namespace

void HandleInterruptions() {
  sigset_t signals;
  sigemptyset(&signals);
  for (int signal : {SIGINT, SIGTERM}) {
    if (!StartedIgnored(signal)) sigaddset(&signals, signal);
  }
  if (sigisemptyset(&signals)) return;
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::thread([signals] {
    int signal = 0;
    if (sigwait(&signals, &signal) == 0) EndInterrupted(signal);
  }).detach();
}

InterruptionGuard::InterruptionGuard() : lock_(Pending().mutex) {}

PendingOutput::~PendingOutput() {
  const InterruptionGuard guard;
  auto& entries = Pending().entries;
  for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
    if (it->first == this) RemovePartial(it->second);
  }
  Keep();
}

void PendingOutput::Add(const fs::path& path) {
  const InterruptionGuard guard;
  Pending().entries.emplace_back(this, path);
}

void PendingOutput::Keep() {
  const InterruptionGuard guard;
  std::erase_if(Pending().entries, [this](const auto& entry) { return entry.first == this; });
}

fs::path PartialPath(const fs::path& target) {
  return target.parent_path() /
         ("." + target.filename().string() + ".partial-" + std::to_string(getpid()));
}

void RemoveStalePartials(const fs::path& folder) {
  std::error_code ec;
  for (fs::directory_iterator it(folder.empty() ? "." : folder, ec), end; !ec && it != end;
       it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const auto mark = name.rfind(".partial-");
    if (name.front() != '.' || mark == std::string::npos) continue;
    const char* first = name.data() + mark + std::strlen(".partial-");
    const char* last = name.data() + name.size();
    pid_t pid = 0;
    const auto read = std::from_chars(first, last, pid);
    if (read.ec != std::errc() || read.ptr != last || pid <= 0 || ProcessExists(pid)) continue;
    std::error_code ignored;
    fs::remove_all(it->path(), ignored);
  }
}

}  // namespace boa::report
