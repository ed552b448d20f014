#pragma once
// Output that is not yet in place — a file being written, a report's staging folder, the folders
// created to hold them — never outlives the run that made it, however the run ends.
//
// Naming: the partial of TARGET is its hidden sibling .TARGET.partial-PID. A run killed outright
// (SIGKILL, a power cut) cannot clean up after itself, so a later run that writes into the same
// folder removes every partial there whose PID names no process on this machine.
//
// Interruption: SIGINT and SIGTERM end the program at once, with exit status 128 + the signal
// (130, 143) and one line `boa: interrupted by SIGINT` on stderr, after removing every pending
// output, newest first. No code runs in a signal handler: HandleInterruptions blocks both signals
// before any other thread starts (threads inherit the mask), and one thread waits for them with
// sigwait and then runs ordinary code. Two rules keep it from racing the threads still at work:
//   - a step that creates output, writes it whole or moves it into place holds an
//     InterruptionGuard; the interruption waits for that step to end, and then exits while
//     holding the guard, so no step starts after the cleanup;
//   - a PendingOutput is registered in the guarded step that creates it, and the cleanup first
//     renames it, so a thread still writing into it by its path (a report filling its staging
//     folder) fails instead of adding files behind the removal's back.
#include <filesystem>
#include <mutex>
#include <vector>

namespace boa::report {

// Blocks SIGINT and SIGTERM and starts the thread that waits for them. Call it first thing in
// main, before any other thread exists. A signal the program was started with ignored (a
// background job of a non-interactive shell ignores SIGINT) stays ignored.
void HandleInterruptions();

// Holds an interruption off while alive (recursive: guarded steps may nest).
class InterruptionGuard {
 public:
  InterruptionGuard();

 private:
  std::unique_lock<std::recursive_mutex> lock_;
};

// Paths (files or folders) that are not yet output. Each is removed if the program is
// interrupted, or when this object dies (an error unwinding), unless Keep() declared them in
// place first. Add a path in the guarded step that creates it.
class PendingOutput {
 public:
  PendingOutput() = default;
  ~PendingOutput();
  PendingOutput(const PendingOutput&) = delete;
  PendingOutput& operator=(const PendingOutput&) = delete;

  void Add(const std::filesystem::path& path);
  // The paths are output now: nothing is removed.
  void Keep();
};

// .TARGET.partial-PID, beside `target`.
std::filesystem::path PartialPath(const std::filesystem::path& target);
// Removes the partials in `folder` of processes that no longer exist (see above).
void RemoveStalePartials(const std::filesystem::path& folder);

}  // namespace boa::report
