#include "boa_report/atomic_file.hpp"

#include <fstream>

#include "boa/error.hpp"

namespace boa::report {

void WriteAtomically(const std::filesystem::path& path, const std::string& text) {
  const std::filesystem::path tmp = path.string() + ".partial";
  {
    std::ofstream out(tmp);
    Require(static_cast<bool>(out), "cannot write " + path.string());
    out << text;
    out.close();
    if (!out) {
      std::filesystem::remove(tmp);
      throw InvalidInput("cannot write " + path.string());
    }
  }
  std::filesystem::rename(tmp, path);
}

}  // namespace boa::report
