#pragma once
// A progress bar on stderr: redrawn in place on a terminal, one line per task otherwise (so CI
// logs stay readable).
#include <chrono>
#include <string>

namespace boa::report {

class Progress {
 public:
  Progress(int total_tasks, bool enabled);
  void Start(const std::string& task);
  void Update(int done, int total);  // within the current task
  void Finish(const std::string& result);

 private:
  int total_;
  int index_ = 0;
  bool enabled_;
  bool terminal_;
  std::string task_;
  std::chrono::steady_clock::time_point started_;
};

}  // namespace boa::report
