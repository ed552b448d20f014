#pragma once
// A progress bar on stderr: redrawn in place on a terminal, one line per task otherwise (so CI
// logs stay readable).
#include <chrono>
#include <mutex>
#include <string>

namespace boa::report {

class Progress {
 public:
  Progress(int total_tasks, bool enabled);
  void Start(const std::string& task);
  void Update(int done, int total);  // within the current task
  void Finish(const std::string& result);
  // For tasks run in parallel (no bar, no current task): counts one more task as finished and
  // prints its line, as Finish does. Safe to call from any thread.
  void Done(const std::string& task, const std::string& result, double seconds);

 private:
  int total_;
  int index_ = 0;
  bool enabled_;
  bool terminal_;
  std::string task_;
  std::chrono::steady_clock::time_point started_;
  std::mutex lines_;  // Done's lines, one at a time
  void Line(const std::string& task, const std::string& result, double seconds) const;
};

}  // namespace boa::report
