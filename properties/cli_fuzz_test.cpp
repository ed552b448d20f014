// Hostile input for the boa program (issue 7): random command lines built from malformed numbers,
// NaN/Inf, out-of-domain values (η ≥ 1, n < 2, d < 3, T < 2), huge sizes, unknown ids and
// truncated or malformed JSON files. Whatever the input: the program exits 0, 1 or 2 — never an
// internal error, a crash or a hang; a refusal (2) is exactly one line starting "boa: error:";
// and a refusal leaves no file behind. BOA_MAX_MEMORY_MB=64 keeps every accepted instance small.
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "paths.hpp"

namespace boa::testing {
namespace {

namespace fs = std::filesystem;

std::string Quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

const std::vector<std::string> kNumbers = {"nan", "NaN", "inf", "-inf", "1e309", "-1", "0", "1",
                                           "2", "2.5", "abc", "", "0x10", "1e-400", "-0",
                                           "99999999999999999999", "3"};
const std::vector<std::string> kSizes = {"1", "2", "5", "-3", "abc", "1e9", "1000000", "nan", "3"};

std::vector<std::string> DrawCommand(const fs::path& dir) {
  using rc::gen::element;
  const std::string out = (dir / "out.json").string();
  std::vector<std::string> args;
  auto flags = [&](const std::vector<std::pair<std::string, std::vector<std::string>>>& pool) {
    const int count = *rc::gen::inRange(0, 4);
    for (int k = 0; k < count; ++k) {
      const auto& [flag, values] = pool[*rc::gen::inRange<std::size_t>(0, pool.size())];
      args.push_back(flag);
      args.push_back(*rc::gen::elementOf(values));
    }
  };
  const std::string command = *element<std::string>("check", "instance", "report", "threshold",
                                                     "constant", "search", "replay", "list", "bogus");
  args.push_back(command);
  const std::vector<std::string> ids = {"core.softmax.stable", "core.gd.frozen_query", "no.such",
                                        "", "core."};
  const std::vector<std::string> params = {"T=nan", "T=2,magnitude=1,shift=1", "bogus=1", "T",
                                           "=3", "T=1e309", "magnitude=400", "T=2,,shift=1"};
  if (command == "check") {
    args.push_back(*rc::gen::elementOf(ids));
    flags({{"--seed", kNumbers}, {"--instances", {"nan", "-1", "0", "1", "2", "abc", "2.5"}},
           {"--params", params}, {"--budget", {"quick", "enormous", "", "full"}}});
  } else if (command == "instance") {
    flags({{"--n", kSizes}, {"--d", kSizes}, {"--T", kSizes}, {"--eta", kNumbers},
           {"--snr", kNumbers}, {"--mu-norm", kNumbers}, {"--omega", kNumbers},
           {"--model", {"m1", "m2", "m2w", "m3", "m9", ""}},
           {"--data", {"signal-noise", "token-selection", "x"}},
           {"--steps", {"-1", "0", "2", "abc", "nan"}}, {"--flips", {"exact", "bernoulli", "no"}},
           {"--schedule", {"sa", "sb", "constant", "zz"}}});
    args.push_back("--out");
    args.push_back(out);
  } else if (command == "report") {
    args.push_back("--budget");
    args.push_back(*element<std::string>("enormous", "nan", "", "QUICK"));
    args.push_back("--out");
    args.push_back((dir / "report").string());
  } else if (command == "threshold" || command == "constant") {
    args.push_back(*rc::gen::elementOf(ids));
    flags({{command == "threshold" ? "--vary" : "--param", {"shift", "bogus", ""}},
           {"--lo", kNumbers}, {"--hi", kNumbers}, {"--over", {"T=2,4", "T=", "x", "T=a,b"}},
           {"--steps", {"-1", "2", "99"}}, {"--instances", {"0", "-1", "abc", "2"}},
           {"--out", {(dir / "thr").string()}}});
  } else if (command == "search") {
    args.push_back(*rc::gen::elementOf(ids));
    flags({{"--evaluations", {"0", "-5", "abc", "3", "1e99"}}, {"--params", params}});
  } else if (command == "replay") {
    args.push_back((dir / *element<std::string>("truncated.json", "nan.json", "empty.json",
                                                "missing.json", "array.json"))
                       .string());
  }
  return args;
}

void WriteHostileFiles(const fs::path& dir) {
  const std::string valid =
      R"({"claim": "core.softmax.stable", "params": {"T": 2, "magnitude": 0, "shift": 1}, "seed": 1, "expected": "holds"})";
  std::ofstream(dir / "truncated.json") << valid.substr(0, valid.size() - 7);
  std::ofstream(dir / "nan.json") << R"({"claim": "core.softmax.stable", "params": {"T": NaN}, "seed": 1, "expected": "holds"})";
  std::ofstream(dir / "empty.json") << "";
  std::ofstream(dir / "array.json") << "[1, 2, 3]";
}

RC_GTEST_PROP(CliFuzz, HostileInputGetsOneErrorLineExitTwoAndNoPartialFiles, ()) {
  TempDir dir;
  WriteHostileFiles(dir.path());
  const auto before = std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator{});
  const std::vector<std::string> args = DrawCommand(dir.path());
  std::string line;
  for (const auto& a : args) line += Quote(a) + " ";
  ::setenv("BOA_MAX_MEMORY_MB", "64", 1);
  const CommandResult r = RunBoa(line);
  RC_LOG() << "boa " << line << "\nexit " << r.exit_code << "\n" << r.err;
  RC_TAG(args.front(), r.exit_code);  // the distribution is printed: each path is exercised
  RC_ASSERT(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 2);
  if (r.exit_code == 2) {
    RC_ASSERT(r.err.rfind("boa: error:", 0) == 0);
    RC_ASSERT(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    const auto after = std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator{});
    RC_ASSERT(after == before);  // nothing written, not even a partial file
  }
}

}  // namespace
}  // namespace boa::testing
