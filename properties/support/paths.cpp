#include "paths.hpp"

#include <sys/wait.h>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>

namespace boa::testing {

namespace fs = std::filesystem;

TempDir::TempDir() {
  std::random_device entropy;
  path_ = fs::temp_directory_path() / ("boa-test-" + std::to_string(entropy()));
  fs::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ignored;
  fs::remove_all(path_, ignored);
}

std::string Slurp(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

CommandResult RunCommand(const std::string& command) {
  TempDir scratch;
  const fs::path out = scratch.path() / "out", err = scratch.path() / "err";
  const std::string line = command + " >'" + out.string() + "' 2>'" + err.string() + "' </dev/null";
  const int status = std::system(line.c_str());
  if (status == -1 || !WIFEXITED(status)) throw std::runtime_error("could not run: " + line);
  return {WEXITSTATUS(status), Slurp(out), Slurp(err)};
}

CommandResult RunBoa(const std::string& arguments) {
  return RunCommand("'" + BoaProgram().string() + "' " + arguments);
}

std::set<std::string> Tree(const fs::path& dir) {
  std::set<std::string> paths;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    paths.insert(fs::relative(entry.path(), dir).string());
  }
  return paths;
}

bool IsPartial(const std::string& path) { return path.find(".partial") != std::string::npos; }

}  // namespace boa::testing
