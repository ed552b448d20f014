// Hostile input for the boa program (issues 7 and 11): random command lines for every subcommand
// — list, check, instance, report, threshold, constant, search, explore, replay, sweep
// list/run/merge and an unknown one — built from these input classes:
//   numbers: malformed, NaN/Inf, negative, zero, out of range, integer overflow;
//   names:   unknown ids, parameters, sweeps, engines and budgets; repeated parameters, sweep
//            values, corpus entries and sweep parts;
//   paths:   a missing folder, a directory where a file is expected, a file where a folder is
//            expected, an unwritable place (/proc), an empty name, unreadable or corrupt inputs;
//   sizes:   instances above the memory budget (--max-memory-mb, BOA_MAX_MEMORY_MB), in `instance`
//            and through --params in the claim commands; malformed BOA_THREADS.
// Whatever the input: the program exits 0, 1 or 2 — never an internal error (3), a crash or a
// hang; a refusal (2) is exactly one line starting "boa: error:" and leaves the folder exactly as
// it was; any run leaves no partial file anywhere in the folder, and writes nothing but its
// named output.
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
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

// Every value is drawn valid with probability 5/6, else from its hostile classes, so that a
// command meets hostile input in one or two places while getting past its other checks.
using Pool = std::vector<std::string>;
std::string Pick(const Pool& valid, const Pool& hostile) {
  return *rc::gen::weightedOneOf<std::string>(
      {{5, rc::gen::elementOf(valid)}, {1, rc::gen::elementOf(hostile)}});
}

// Numbers: malformed, NaN/Inf, negative, zero, beyond double or integer range.
const Pool kHostileNumbers = {"nan",
                              "NaN",
                              "inf",
                              "-inf",
                              "1e309",
                              "-1",
                              "0",
                              "abc",
                              "",
                              "0x10",
                              "1e-400",
                              "-0",
                              "99999999999999999999",
                              "2.5",
                              "4294967296"};
const Pool kHostileCounts = {"0", "-1", "abc", "2.5", "1e99", "99999999999", "nan", ""};
const Pool kHostileEngines = {"fast", "", "GRAM"};
const Pool kHostileBudgets = {"enormous", "", "QUICK", "nan"};
// Claims whose instances take milliseconds; names that are no claim.
const Pool kIds = {"core.softmax.stable", "core.output.convex_combination", "core.gd.frozen_query"};
const Pool kHostileIds = {"no.such", "", "core.", "core.softmax.stable.x"};
// --params: malformed, non-finite, unknown or repeated names, and sizes far above the memory
// budget (n·T·d tokens, a dense d×d W) or beyond int.
// shift=308.3 makes core.softmax.stable fail (its corpus entry): exit 1, with a counterexample.
const Pool kParams = {"T=2,magnitude=1,shift=1", "n=6,d=10,T=3", "magnitude=2", "shift=308.3"};
const Pool kHostileParams = {"T=nan",
                             "bogus=1",
                             "T",
                             "=3",
                             "T=1e309",
                             "T=2,,shift=1",
                             "T=2,T=3",
                             "n=100000,d=100000",
                             "d=90000000",
                             "model=4,d=50000",
                             "n=2147483647,d=2147483647",
                             "magnitude=400"};

// The folder layout every case starts from.
struct Layout {
  fs::path dir;
  fs::path Path(const std::string& name) const { return dir / name; }
};

// Output paths by class: fine, in a missing folder, a directory where a file is expected (or a
// file where a folder is), below a file, unwritable even for root (/proc), empty.
std::string DrawFileOutput(const Layout& l) {
  return Pick({l.Path("out.csv").string(), l.Path("adir/out.csv").string()},
              {l.Path("missing/out.csv").string(), l.dir.string(), l.Path("adir").string(),
               l.Path("file.txt/out.csv").string(), "/proc/boa-fuzz-out.csv", ""});
}
std::string DrawFolderOutput(const Layout& l) {
  return Pick(
      {l.Path("outdir").string(), l.Path("new/deeper").string(), l.Path("adir").string()},
      {l.Path("file.txt").string(), l.Path("file.txt/sub").string(), "/proc/boa-fuzz-dir", ""});
}

std::vector<std::string> DrawCommand(const Layout& l, const Pool& commands) {
  using rc::gen::element;
  std::vector<std::string> args;
  auto add = [&](const std::string& flag, const std::string& value) {
    args.push_back(flag);
    args.push_back(value);
  };
  // Up to three optional flags, each with its valid and hostile values.
  struct Flag {
    std::string name;
    Pool valid, hostile;
  };
  auto optional = [&](const std::vector<Flag>& pool) {
    const int count = *rc::gen::inRange(0, 4);
    for (int k = 0; k < count; ++k) {
      const Flag& f = pool[*rc::gen::inRange<std::size_t>(0, pool.size())];
      add(f.name, Pick(f.valid, f.hostile));
    }
  };
  const Flag seed{"--seed", {"1", "7", "123456789"}, kHostileNumbers};
  const Flag engine{"--engine", {"auto", "direct", "gram"}, kHostileEngines};
  const Flag budget{"--budget", {"quick"}, kHostileBudgets};
  const Flag params{"--params", kParams, kHostileParams};
  const std::string command = *rc::gen::elementOf(commands);
  args.push_back(command);
  if (command == "check") {
    args.push_back(Pick(kIds, kHostileIds));
    add("--instances", Pick({"1", "2"}, kHostileCounts));
    optional({seed,
              params,
              budget,
              engine,
              {"--note", {"kept"}, {""}},
              {"--save-counterexample", {"fuzz-entry"}, {"../escape", "", "a/b", ".."}},
              {"--corpus", {DrawFolderOutput(l)}, {DrawFolderOutput(l)}}});
  } else if (command == "instance") {
    optional({{"--n", {"2", "5"}, kHostileNumbers},
              {"--d", {"3", "20"}, kHostileNumbers},
              {"--T", {"2", "3"}, kHostileNumbers},
              {"--eta", {"0", "0.2"}, kHostileNumbers},
              {"--snr", {"0.5", "2"}, kHostileNumbers},
              {"--mu-norm", {"1"}, kHostileNumbers},
              {"--omega", {"0", "0.01"}, kHostileNumbers},
              {"--lr", {"0.1"}, kHostileNumbers},
              {"--weight-decay", {"0", "0.001"}, kHostileNumbers},
              {"--rho", {"0.5"}, kHostileNumbers},
              {"--d", {"3"}, {"1000000", "1e9", "2147483647"}},  // sizes above the budget
              {"--model", {"m1", "m2", "m2w", "m3"}, {"m9", ""}},
              {"--data", {"signal-noise", "token-selection"}, {"x", ""}},
              {"--steps", {"0", "2"}, {"-1", "abc", "nan", "1e9", "100001"}},
              {"--flips", {"exact", "bernoulli"}, {"no"}},
              {"--schedule", {"sa", "sb", "constant"}, {"zz"}},
              {"--position", {"first", "random"}, {"middle"}},
              {"--labels", {"balanced", "random"}, {"x"}}});
    add("--out", DrawFileOutput(l));
  } else if (command == "report") {
    // Never a valid budget: a whole report takes minutes. Every other check still runs first.
    add("--budget", *rc::gen::elementOf(kHostileBudgets));
    add("--out", DrawFolderOutput(l));
    optional({engine, seed});
  } else if (command == "threshold" || command == "constant") {
    args.push_back(Pick({"core.softmax.stable"}, kHostileIds));
    add(command == "threshold" ? "--vary" : "--param", Pick({"shift"}, {"bogus", "", "T"}));
    add("--lo", Pick({"1", "2"}, kHostileNumbers));
    add("--hi", Pick({"400", "3"}, {"1", "nan", "-inf", "abc", "1e309"}));
    add("--instances", Pick({"2"}, kHostileCounts));
    add("--steps", Pick({"2"}, {"-1", "99", "1e9", "abc"}));
    if (command == "threshold") {
      add("--over", Pick({"T=2,4", "magnitude=0,1"}, {"T=", "x", "T=a,b", "T=2,2", "shift=1,2"}));
      add("--out", DrawFolderOutput(l));
    }
    optional({{"--params", {"magnitude=1"}, kHostileParams}, engine, budget, seed});
  } else if (command == "search") {
    args.push_back(Pick(kIds, kHostileIds));
    add("--evaluations", Pick({"3", "10"}, {"0", "-5", "abc", "1e99", "99999999999"}));
    optional({params, engine, budget, seed});
  } else if (command == "explore") {
    add("--minutes", Pick({"0.0005"}, {"nan", "-1", "0", "abc", "1e9", "inf"}));
    add("--budget", Pick({"quick"}, kHostileBudgets));
    optional({engine, seed, {"--corpus", {DrawFolderOutput(l)}, {DrawFolderOutput(l)}}});
    if (*rc::gen::arbitrary<bool>()) args.push_back("--save-counterexamples");
  } else if (command == "replay") {
    // Inputs by class: fine, truncated, NaN, empty, not an object, missing, a directory, the
    // Gram engine on a claim without one, an unknown parameter; the same file twice.
    const int count = *rc::gen::inRange(1, 3);
    for (int k = 0; k < count; ++k) {
      args.push_back(l.Path(Pick({"holds.json", "mismatch.json"},
                                 {"truncated.json", "nan.json", "empty.json", "missing.json",
                                  "array.json", "gram.json", "unknown-param.json", "adir"}))
                         .string());
    }
  } else if (command == "sweep") {
    const std::string word = Pick({"list", "merge"}, {"magen24_dimension", "bogus", ""});
    args.push_back(word);
    if (word == "merge") {
      // Parts by class: the two halves, corrupt, beyond int, from a SIMD target with other bits,
      // missing, a directory; repeats.
      const int count = *rc::gen::inRange(0, 4);
      for (int k = 0; k < count; ++k) {
        args.push_back(l.Path(Pick({"part0.csv", "part1.csv"}, {"corrupt.csv", "overflow.csv",
                                                                "fma.csv", "missing.csv", "adir"}))
                           .string());
      }
    } else if (word != "list") {
      // Never a valid budget: a sweep takes seconds to minutes. Every other check still runs.
      add("--budget", *rc::gen::elementOf(kHostileBudgets));
      optional({{"--shard", {"0/1", "1/2"}, {"0/0", "2/1", "abc", "1/9999999", "-1/2"}},
                {"--threads", {"0", "2"}, {"-1", "2000", "abc"}}});
    }
    if (word != "list" || *rc::gen::arbitrary<bool>()) add("--out", DrawFileOutput(l));
  } else if (command == "list") {
    if (*rc::gen::arbitrary<bool>()) args.push_back(Pick({"--markdown"}, {"--bogus"}));
  }
  // The memory budget belongs to every subcommand.
  if (*rc::gen::inRange(0, 4) == 0) {
    add("--max-memory-mb", Pick({"64", "4096"}, {"1e-300", "0", "-5", "nan", "abc", "inf"}));
  }
  return args;
}

void WriteLayout(const Layout& l) {
  const std::string holds =
      R"({"claim": "core.softmax.stable", "params": {"T": 2, "magnitude": 0, "shift": 1}, "seed": 1, "expected": "holds"})";
  std::ofstream(l.Path("holds.json")) << holds;
  std::ofstream(l.Path("mismatch.json"))  // holds, but expects to fail: exit 1
      << R"({"claim": "core.softmax.stable", "params": {"T": 2, "magnitude": 0, "shift": 1}, "seed": 1, "expected": "fails"})";
  std::ofstream(l.Path("truncated.json")) << holds.substr(0, holds.size() - 7);
  std::ofstream(l.Path("nan.json"))
      << R"({"claim": "core.softmax.stable", "params": {"T": NaN}, "seed": 1, "expected": "holds"})";
  std::ofstream(l.Path("empty.json")) << "";
  std::ofstream(l.Path("array.json")) << "[1, 2, 3]";
  std::ofstream(l.Path("gram.json"))
      << R"({"claim": "core.softmax.stable", "params": {"T": 2, "magnitude": 0, "shift": 1}, "seed": 1, "expected": "holds", "engine": "gram"})";
  std::ofstream(l.Path("unknown-param.json"))
      << R"({"claim": "core.softmax.stable", "params": {"T": 2, "magnitude": 0, "shift": 1, "bogus": 3}, "seed": 1, "expected": "holds"})";
  std::ofstream(l.Path("part0.csv"))
      << "# boa sweep toy budget=quick engine=gram simd=scalar shard=0/2 cells=2\ncell,x\n0,1\n";
  std::ofstream(l.Path("part1.csv"))
      << "# boa sweep toy budget=quick engine=gram simd=scalar shard=1/2 cells=2\ncell,x\n1,2\n";
  std::ofstream(l.Path("fma.csv"))
      << "# boa sweep toy budget=quick engine=gram simd=avx2 shard=1/2 cells=2\ncell,x\n1,2\n";
  std::ofstream(l.Path("corrupt.csv"))
      << "# boa sweep toy budget=quick engine=gram simd=scalar shard=1/2 cells=2\ncell,x\nx1,2\n";
  std::ofstream(l.Path("overflow.csv"))
      << "# boa sweep toy budget=quick engine=gram simd=scalar shard=1/2 cells=99999999999999\ncell,x\n99999999999999,2\n";
  std::ofstream(l.Path("file.txt")) << "a file, not a folder\n";
  fs::create_directories(l.Path("adir"));
}

// Every path under `dir`, relative to it.
std::set<std::string> Tree(const fs::path& dir) {
  std::set<std::string> paths;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    paths.insert(fs::relative(entry.path(), dir).string());
  }
  return paths;
}

// The outputs a command may create: the value of --out, --corpus (and the first folder it had to
// create), and for `check --save-counterexample`, `explore --save-counterexamples` the corpus.
bool MayCreate(const std::vector<std::string>& args, const fs::path& dir, const std::string& path) {
  const fs::path created = dir / path;
  for (std::size_t k = 0; k + 1 < args.size(); ++k) {
    if (args[k] != "--out" && args[k] != "--corpus") continue;
    for (fs::path target = args[k + 1]; !target.empty() && target != dir;
         target = target.parent_path()) {
      const auto [a, b] =
          std::mismatch(target.begin(), target.end(), created.begin(), created.end());
      if (a == target.end()) return true;  // `created` is the target or lies below it
      if (target == target.parent_path()) break;
    }
  }
  return false;
}

void RunHostileCommand(const std::vector<std::string>& commands) {
  TempDir temp;
  const Layout layout{temp.path()};
  WriteLayout(layout);
  const std::set<std::string> before = Tree(layout.dir);
  const std::vector<std::string> args = DrawCommand(layout, commands);
  std::string line;
  for (const auto& a : args) line += Quote(a) + " ";
  // Mostly valid, so that the commands also get past these checks.
  const std::string memory = *rc::gen::weightedElement<std::string>(
      {{36, "64"}, {1, "0"}, {1, "-1"}, {1, "abc"}, {1, "1e400"}});
  const std::string threads = *rc::gen::weightedElement<std::string>(
      {{30, "1"}, {6, "2"}, {1, ""}, {1, "0"}, {1, "-2"}, {1, "abc"}, {1, "99999"}});
  ::setenv("BOA_MAX_MEMORY_MB", memory.c_str(), 1);
  ::setenv("BOA_THREADS", threads.c_str(), 1);
  const CommandResult r = RunBoa(line);
  RC_LOG() << "BOA_MAX_MEMORY_MB=" << memory << " BOA_THREADS=" << threads << " boa " << line
           << "\nexit " << r.exit_code << "\n"
           << r.err;
  RC_TAG(args.front(), r.exit_code);  // the distribution is printed: each path is exercised
  RC_ASSERT(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 2);
  const std::set<std::string> after = Tree(layout.dir);
  for (const std::string& path : after) {
    RC_ASSERT(path.find(".partial") == std::string::npos);  // nothing half-written, anywhere
    if (before.count(path) == 0) RC_ASSERT(MayCreate(args, layout.dir, path));
  }
  if (r.exit_code == 2) {
    RC_ASSERT(r.err.rfind("boa: error:", 0) == 0);
    RC_ASSERT(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    RC_ASSERT(after == before);  // a refusal writes nothing, not even a partial file
  }
  RC_ASSERT(r.err.find("internal error") == std::string::npos);
}

// One property per group of subcommands, so that each subcommand meets about 30 of CI's cases.
RC_GTEST_PROP(CliFuzz, ClaimCommandsExitZeroOneOrTwoWithOneErrorLineAndNoPartialFiles, ()) {
  RunHostileCommand({"check", "search", "threshold", "constant", "explore"});
}

RC_GTEST_PROP(CliFuzz, FileCommandsExitZeroOneOrTwoWithOneErrorLineAndNoPartialFiles, ()) {
  RunHostileCommand({"instance", "report", "replay"});
}

RC_GTEST_PROP(CliFuzz, SweepListAndUnknownCommandsExitZeroOneOrTwoWithOneErrorLine, ()) {
  RunHostileCommand({"sweep", "list", "bogus"});
}

}  // namespace
}  // namespace boa::testing
