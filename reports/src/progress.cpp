#include "boa_report/progress.hpp"

#include <unistd.h>
#include <cstdio>
#include <string>

namespace boa::report {

Progress::Progress(int total_tasks, bool enabled)
    : total_(total_tasks), enabled_(enabled), terminal_(isatty(fileno(stderr)) != 0) {}

void Progress::Start(const std::string& task) {
  ++index_;
  task_ = task;
  started_ = std::chrono::steady_clock::now();
  Update(0, 1);
}

void Progress::Update(int done, int total) {
  if (!enabled_ || !terminal_) return;
  constexpr int kWidth = 24;
  const int filled = total > 0 ? done * kWidth / total : 0;
  const int digits = static_cast<int>(std::to_string(total_).size());
  std::fprintf(stderr, "\r[%*d/%d] [%-*s] %s %d/%d\033[K", digits, index_, total_, kWidth,
               std::string(filled, '#').c_str(), task_.c_str(), done, total);
  std::fflush(stderr);
}

void Progress::Finish(const std::string& result) {
  if (!enabled_) return;
  Line(task_, result,
       std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count());
}

void Progress::Done(const std::string& task, const std::string& result, double seconds) {
  const std::lock_guard<std::mutex> lock(lines_);
  ++index_;
  if (enabled_) Line(task, result, seconds);
}

void Progress::Line(const std::string& task, const std::string& result, double seconds) const {
  // Aligned columns for any total and for the longest claim id (44 characters) with its prefix.
  const int digits = static_cast<int>(std::to_string(total_).size());
  std::fprintf(stderr, "%s[%*d/%d] %-52s %-16s %6.1f s\n", terminal_ ? "\r\033[K" : "", digits,
               index_, total_, task.c_str(), result.c_str(), seconds);
}

}  // namespace boa::report
