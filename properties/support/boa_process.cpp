#include "boa_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/inotify.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <csignal>
#include <stdexcept>

namespace boa::testing {

namespace fs = std::filesystem;

namespace {

void Check(bool ok, const std::string& what) {
  if (!ok) throw std::runtime_error(what);
}

}  // namespace

BoaProcess::BoaProcess(const std::vector<std::string>& args, const fs::path& folder) {
  const std::string out = (capture_.path() / "out").string();
  const std::string err = (capture_.path() / "err").string();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addchdir_np(&actions, folder.c_str());
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t none, interruptions;
  sigemptyset(&none);
  sigemptyset(&interruptions);
  sigaddset(&interruptions, SIGINT);
  sigaddset(&interruptions, SIGTERM);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setsigdefault(&attributes, &interruptions);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  const std::string program = BoaProgram().string();
  std::vector<char*> argv{const_cast<char*>(program.c_str())};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const int spawned =
      posix_spawn(&pid_, program.c_str(), &actions, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  Check(spawned == 0, "could not start " + program);
}

BoaProcess::~BoaProcess() {
  if (pid_ <= 0) return;
  kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
}

void BoaProcess::Signal(int signal) const { Check(kill(pid_, signal) == 0, "kill failed"); }

CommandResult BoaProcess::Wait() {
  int status = 0;
  Check(waitpid(pid_, &status, 0) == pid_, "waitpid failed");
  pid_ = -1;
  CommandResult r;
  r.out = Slurp(capture_.path() / "out");
  r.err = Slurp(capture_.path() / "err");
  if (WIFSIGNALED(status)) {
    r.killed_by = WTERMSIG(status);
    r.exit_code = 128 + r.killed_by;
  } else {
    r.exit_code = WEXITSTATUS(status);
  }
  return r;
}

bool EndedByInterruption(const CommandResult& r, int signal) {
  if (r.exit_code != 128 + signal) return false;
  if (r.killed_by != 0) return r.killed_by == signal && r.out.empty() && r.err.empty();
  return r.err ==
         std::string("boa: interrupted by ") + (signal == SIGINT ? "SIGINT" : "SIGTERM") + "\n";
}

CreationWatch::CreationWatch(const fs::path& folder)
    : fd_(inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) {
  Check(fd_ >= 0 && inotify_add_watch(fd_, folder.c_str(), IN_CREATE | IN_MOVED_TO) >= 0,
        "cannot watch " + folder.string());
}

CreationWatch::~CreationWatch() { close(fd_); }

bool CreationWatch::WaitFor(const std::function<bool(const std::string&)>& matches,
                            const BoaProcess& process) {
  // A pidfd turns readable when the process ends: poll waits for either, with no timeout.
  const int ended = static_cast<int>(syscall(SYS_pidfd_open, process.pid(), 0));
  Check(ended >= 0, "pidfd_open failed");
  alignas(inotify_event) char buffer[4096];
  bool found = false, over = false;
  while (!found && !over) {
    pollfd fds[] = {{fd_, POLLIN, 0}, {ended, POLLIN, 0}};
    Check(poll(fds, 2, -1) > 0, "poll failed");
    over = (fds[1].revents & POLLIN) != 0;
    // Events already queued count even when the process has ended meanwhile.
    for (ssize_t n; !found && (n = read(fd_, buffer, sizeof buffer)) > 0;) {
      for (ssize_t at = 0; at < n && !found;) {
        const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
        found = event->len > 0 && matches(event->name);
        at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
      }
    }
  }
  close(ended);
  return found;
}

}  // namespace boa::testing
