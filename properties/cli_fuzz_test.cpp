// Hostile input for the boa program (issues 7, 11 and 29), in a temporary folder that is also the
// program's working folder and its corpus (BOA_CORPUS_DIR): nothing is written into the checkout.
//
// Numbers by type: every number a user types — each numeric option of every subcommand, --params
// and --over values, the two halves of --shard k/N, BOA_THREADS and BOA_MAX_MEMORY_MB (kInputs) —
// is drawn by its declared type, from values of the type and from the type's hostile neighbours:
// a sign on an unsigned, 2⁶³ and 2⁶⁴, one past either end of the range, fractions and exponents
// for integers, 1e400, NaN, Inf, empty text, spaces, signs and junk; given twice; at a random place
// in a huge list. A value outside its type is refused with exit 2 and one `boa: error:` line naming
// the input; a value of the type gets past it (to a later check that refuses the command, so that
// nothing runs). A test checks kInputs against every subcommand's --help: a numeric option missing
// from the table, or one read by CLI11's own conversions, fails it.
//
// Random command lines for every subcommand — list, check, instance, report, threshold, constant,
// search, explore, replay, sweep list/run/merge and an unknown one — built from these classes:
//   numbers: the hostile neighbours of each option's type (as above);
//   names:   unknown ids, parameters, sweeps, engines and budgets; repeated parameters, sweep
//            values, corpus entries and sweep parts;
//   paths:   a missing folder, a directory where a file is expected, a file where a folder is
//            expected, an unwritable place (/proc), an empty name, unreadable or corrupt inputs;
//   sizes:   instances above the memory budget (--max-memory-mb, BOA_MAX_MEMORY_MB), in `instance`
//            and through --params in the claim commands; malformed BOA_THREADS;
// and one run in four is interrupted, by SIGINT or SIGTERM, after a seeded random delay.
// Whatever the input and the moment: the program exits 0, 1 or 2 — or 130/143 after the signal,
// with the one line `boa: interrupted by SIG…` — never an internal error (3), a crash or a hang; a
// refusal (2) is exactly one line starting "boa: error:" and leaves the folder exactly as it was;
// no run leaves a partial file anywhere in the folder, and none writes anything but its named
// output.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/format.hpp"
#include "boa_process.hpp"
#include "paths.hpp"

namespace boa::testing {
namespace cli_fuzz_test {

namespace fs = std::filesystem;

// Every value is drawn valid with probability 5/6, else from its hostile classes, so that a
// command meets hostile input in one or two places while getting past its other checks.
using Pool = std::vector<std::string>;
std::string Pick(const Pool& valid, const Pool& hostile) {
  return *rc::gen::weightedOneOf<std::string>(
      {{5, rc::gen::elementOf(valid)}, {1, rc::gen::elementOf(hostile)}});
}

// Uniform in [lo, hi): a draw RapidCheck does not scale down with the size of the case (its
// inRange does), for choices whose odds must not change over the run.
template <typename T>
T Uniform(T lo, T hi) {
  return *rc::gen::resize(rc::kNominalSize, rc::gen::inRange<T>(lo, hi));
}

// A number's declared type, as AddUnsignedOption, AddIntegerOption and AddRealOption declare it
// (boa/number_input.hpp): an unsigned 64-bit integer, an integer in [lo, hi], or a finite real
// in a range whose ends may be open.
constexpr double kInf = std::numeric_limits<double>::infinity();
struct NumberType {
  enum Kind { kUnsigned, kInteger, kReal } kind = kReal;
  double lo = -kInf, hi = kInf;
  bool lo_open = false, hi_open = false;
};
const NumberType kUnsigned{NumberType::kUnsigned};
NumberType Integer(double lo, double hi) { return {NumberType::kInteger, lo, hi}; }
NumberType Real(double lo = -kInf, double hi = kInf, bool lo_open = false, bool hi_open = false) {
  return {NumberType::kReal, lo, hi, lo_open, hi_open};
}
constexpr double kMaxInt = std::numeric_limits<int>::max();

std::string Integral(double x) { return std::to_string(static_cast<long long>(x)); }

// Values of the type: its ends (where closed), the values just inside them, and values between.
Pool ValidOf(const NumberType& t) {
  switch (t.kind) {
    case NumberType::kUnsigned:
      return {"0",
              "1",
              "007",
              "9223372036854775808",
              "18446744073709551615",
              std::to_string(*rc::gen::arbitrary<std::uint64_t>())};
    case NumberType::kInteger:
      return {Integral(t.lo), Integral(t.hi),
              Integral(static_cast<double>(Uniform<long long>(static_cast<long long>(t.lo),
                                                              static_cast<long long>(t.hi) + 1)))};
    case NumberType::kReal: {
      const double lo = std::isinf(t.lo) ? -1e300 : t.lo, hi = std::isinf(t.hi) ? 1e300 : t.hi;
      Pool valid = {FormatNumber(std::nextafter(lo, kInf)), FormatNumber(std::nextafter(hi, -kInf)),
                    FormatNumber(lo + (hi - lo) * Uniform(1, 1000) / 1000)};
      if (!t.lo_open) valid.push_back(FormatNumber(lo));
      if (!t.hi_open) valid.push_back(FormatNumber(hi));
      return valid;
    }
  }
  return {};
}

// The type's hostile neighbours: text that is no number or no plain decimal (NaN, Inf, empty,
// spaces, a sign, hex, junk), a number beyond a double, and per type: a sign on an unsigned,
// fractions and exponents for integers, 2⁶³ and 2⁶⁴, one past either end of the range.
Pool HostileOf(const NumberType& t) {
  Pool hostile = {"",    " 1",  "1 ",  "+1",   "abc",      "1,2",   "1_000", "0x10",
                  "nan", "NaN", "inf", "-inf", "infinity", "1e400", "-1e400"};
  if (t.kind == NumberType::kReal) {
    hostile.push_back("1e-400");  // beyond a double too: it would round to 0
    if (!std::isinf(t.lo)) hostile.push_back(FormatNumber(std::nextafter(t.lo, -kInf)));
    if (!std::isinf(t.hi)) hostile.push_back(FormatNumber(std::nextafter(t.hi, kInf)));
    if (t.lo_open) hostile.push_back(FormatNumber(t.lo));
    if (t.hi_open) hostile.push_back(FormatNumber(t.hi));
    return hostile;
  }
  for (const char* text : {"1.5", "2.0", "1e3", "18446744073709551616", "99999999999999999999"})
    hostile.push_back(text);
  if (t.kind == NumberType::kUnsigned) {
    hostile.insert(hostile.end(), {"-1", "-0", "-18446744073709551615"});
  } else {
    hostile.insert(hostile.end(), {Integral(t.lo - 1), Integral(t.hi + 1), Integral(t.lo) + ".5",
                                   "9223372036854775808", "-9223372036854775809"});
  }
  return hostile;
}

struct Drawn {
  std::string text;
  bool valid = true;
};

// Replaces the value of `flag` in `args`, or appends flag and value.
std::vector<std::string> WithFlag(std::vector<std::string> args, const std::string& flag,
                                  const std::string& value) {
  const auto it = std::find(args.begin(), args.end(), flag);
  if (it == args.end()) {
    args.insert(args.end(), {flag, value});
  } else {
    *(it + 1) = value;
  }
  return args;
}

// One number a user types and a command line that reads it: args(value) puts the text where it
// goes (or env names the variable that carries it). A value of the type reaches `poison`, a
// later check that refuses the command before any work; without one, the command is cheap and
// runs. `option` is the subcommand and option as --help lists them, for options.
struct Input {
  std::string name;  // how a refusal names it
  NumberType type;
  std::function<std::vector<std::string>(const std::string& value)> args;
  std::string poison;
  std::pair<std::string, std::string> option;
  std::string env;
  bool list = false;  // the value is an item of a comma-separated list (--params, --over)
};

std::vector<Input> Inputs() {
  std::vector<Input> inputs;
  // Options, each on a command poisoned by a later check.
  const std::vector<std::string> bisection = {"--lo", "1", "--hi", "2"};
  struct Options {
    std::string command;
    std::vector<std::string> base;
    std::string poison;
    std::vector<std::pair<std::string, NumberType>> options;
  };
  const std::vector<std::pair<std::string, NumberType>> bisection_options = {
      {"--lo", Real()},
      {"--hi", Real()},
      {"--steps", Integer(0, 60)},
      {"--instances", Integer(1, 1000000)},
      {"--seed", kUnsigned}};
  const std::vector<Options> commands = {
      {"", {"list"}, "", {{"--max-memory-mb", Real(0, kInf, true)}}},
      {"check",
       {"check", "no.such.claim"},
       "unknown claim id",
       {{"--seed", kUnsigned}, {"--instances", Integer(0, 10000000)}}},
      {"threshold",
       {"threshold", "no.such.claim", "--vary", "shift", "--lo", "1", "--hi", "2", "--over", "T=2"},
       "unknown claim id",
       bisection_options},
      {"constant",
       {"constant", "no.such.claim", "--param", "shift", "--lo", "1", "--hi", "2"},
       "unknown claim id",
       bisection_options},
      {"search",
       {"search", "no.such.claim"},
       "unknown claim id",
       {{"--evaluations", Integer(1, 10000000)}, {"--seed", kUnsigned}}},
      {"explore",
       {"explore", "--budget", "enormous"},
       "unknown budget",
       {{"--minutes", Real(0, 1440, true)}, {"--seed", kUnsigned}}},
      {"instance",
       {"instance", "--out", "missing/x.json"},
       "does not exist",
       {{"--layers", Integer(1, 8)},
        {"--width", Integer(1, 4096)},
        {"--n", Integer(2, kMaxInt)},
        {"--d", Integer(3, kMaxInt)},
        {"--T", Integer(2, kMaxInt)},
        {"--eta", Real(0, 1, false, true)},
        {"--snr", Real(0)},
        {"--dominant-ratio", Real(1)},
        {"--mu-norm", Real(0)},
        {"--rho", Real(0)},
        {"--classes", Integer(2, 64)},
        {"--relevant", Integer(0, kMaxInt)},
        {"--weak-same", Integer(0, kMaxInt)},
        {"--weak-opposite", Integer(0, kMaxInt)},
        {"--T-min", Integer(0, kMaxInt)},
        {"--steps", Integer(0, 100000)},
        {"--lr", Real()},
        {"--weight-decay", Real(0)},
        {"--omega", Real(0)},
        {"--n-test", Integer(2, 1000000)},
        {"--seed", kUnsigned}}},
      {"report",
       {"report", "--budget", "enormous", "--out", "r"},
       "unknown budget",
       {{"--seed", kUnsigned}}},
      {"sweep",
       {"sweep", "run", "magen24_dimension", "--budget", "enormous", "--out", "s.csv"},
       "unknown budget",
       {{"--threads", Integer(0, 1024)}}},
  };
  for (const Options& c : commands) {
    for (const auto& [flag, type] : c.options) {
      inputs.push_back({.name = flag,
                        .type = type,
                        .args = [base = c.base, flag = flag](
                                    const std::string& v) { return WithFlag(base, flag, v); },
                        .poison = c.poison,
                        .option = {c.command, flag},
                        .env = "",
                        .list = false});
    }
  }
  // Values inside other text: a parameter, a swept value, either half of --shard k/N.
  inputs.push_back({.name = "parameter shift",
                    .type = Real(),
                    .args =
                        [](const std::string& v) {
                          return std::vector<std::string>{"check",       "core.softmax.stable",
                                                          "--instances", "1",
                                                          "--params",    "T=2,shift=" + v};
                        },
                    .poison = "",
                    .option = {},
                    .env = "",
                    .list = true});
  inputs.push_back({.name = "--over value of T",
                    .type = Real(),
                    .args =
                        [](const std::string& v) {
                          return std::vector<std::string>{"threshold", "core.softmax.stable",
                                                          "--vary",    "shift",
                                                          "--lo",      "1",
                                                          "--hi",      "2",
                                                          "--over",    "T=" + v,
                                                          "--budget",  "enormous"};
                        },
                    .poison = "unknown budget",
                    .option = {},
                    .env = "",
                    .list = true});
  const std::vector<std::string> sweep = {
      "sweep", "run", "magen24_dimension", "--budget", "enormous", "--out", "s.csv"};
  inputs.push_back(
      {.name = "--shard's k",
       .type = Integer(0, 3),
       .args = [sweep](const std::string& v) { return WithFlag(sweep, "--shard", v + "/4"); },
       .poison = "unknown budget",
       .option = {},
       .env = "",
       .list = false});
  inputs.push_back(
      {.name = "--shard's N",
       .type = Integer(1, 1000000),
       .args = [sweep](const std::string& v) { return WithFlag(sweep, "--shard", "0/" + v); },
       .poison = "unknown budget",
       .option = {},
       .env = "",
       .list = false});
  // The environment: read before any work, by every subcommand (empty means unset).
  for (const auto& [variable, type] : {std::pair{"BOA_THREADS", Integer(1, 1024)},
                                       std::pair{"BOA_MAX_MEMORY_MB", Real(0, kInf, true)}}) {
    inputs.push_back({.name = variable,
                      .type = type,
                      .args = [](const std::string&) { return std::vector<std::string>{"list"}; },
                      .poison = "",
                      .option = {},
                      .env = variable,
                      .list = false});
  }
  return inputs;
}

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
                             "T=2,",
                             "shift=+1",
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

// The hostile neighbours of an option's declared type (kInputs).
Pool Hostile(const std::string& command, const std::string& option) {
  static const std::vector<Input> inputs = Inputs();
  for (const Input& input : inputs) {
    if (input.option == std::pair{command, option}) return HostileOf(input.type);
  }
  throw std::logic_error("no declared type for " + command + " " + option);
}

std::vector<std::string> DrawCommand(const Layout& l, const Pool& commands) {
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
  const std::string command = *rc::gen::elementOf(commands);
  const auto seed = [&] {
    return Flag{"--seed", {"1", "7", "123456789"}, Hostile(command, "--seed")};
  };
  const Flag engine{"--engine", {"auto", "direct", "gram"}, kHostileEngines};
  const Flag budget{"--budget", {"quick"}, kHostileBudgets};
  const Flag params{"--params", kParams, kHostileParams};
  args.push_back(command);
  if (command == "check") {
    args.push_back(Pick(kIds, kHostileIds));
    add("--instances", Pick({"1", "2"}, Hostile(command, "--instances")));
    optional({seed(),
              params,
              budget,
              engine,
              {"--note", {"kept"}, {""}},
              {"--save-counterexample", {"fuzz-entry"}, {"../escape", "", "a/b", ".."}},
              {"--corpus", {DrawFolderOutput(l)}, {DrawFolderOutput(l)}}});
  } else if (command == "instance") {
    const auto number = [&](const std::string& option, const Pool& valid) {
      return Flag{option, valid, Hostile(command, option)};
    };
    optional({number("--n", {"2", "5"}),
              number("--d", {"3", "20"}),
              number("--T", {"2", "3"}),
              number("--eta", {"0", "0.2"}),
              number("--snr", {"0.5", "2"}),
              number("--dominant-ratio", {"1", "4"}),
              number("--mu-norm", {"1"}),
              number("--omega", {"0", "0.01"}),
              number("--lr", {"0.1"}),
              number("--weight-decay", {"0", "0.001"}),
              number("--rho", {"0.5"}),
              number("--layers", {"2", "3"}),
              number("--width", {"1", "4"}),
              number("--classes", {"2", "3"}),
              number("--relevant", {"1"}),
              number("--weak-same", {"1"}),
              number("--weak-opposite", {"0", "1"}),
              number("--T-min", {"0"}),
              number("--n-test", {"2", "100"}),
              number("--steps", {"0", "2"}),
              {"--d", {"3"}, {"1000000", "1e9", "2147483647"}},  // sizes above the budget
              {"--model", {"m1", "m2", "m2w", "m2k", "m2e", "m3", "cnn"}, {"m9", ""}},
              {"--data", {"signal-noise", "token-selection"}, {"x", ""}},
              {"--flips", {"exact", "bernoulli"}, {"no"}},
              {"--schedule", {"sa", "sb", "constant"}, {"zz"}},
              {"--position", {"first", "random"}, {"middle"}},
              {"--labels", {"balanced", "random"}, {"x"}}});
    add("--out", DrawFileOutput(l));
  } else if (command == "report") {
    // Never a valid budget: a whole report takes minutes. Every other check still runs first.
    add("--budget", *rc::gen::elementOf(kHostileBudgets));
    add("--out", DrawFolderOutput(l));
    optional({engine, seed()});
  } else if (command == "threshold" || command == "constant") {
    args.push_back(Pick({"core.softmax.stable"}, kHostileIds));
    add(command == "threshold" ? "--vary" : "--param", Pick({"shift"}, {"bogus", "", "T"}));
    add("--lo", Pick({"1", "2"}, Hostile(command, "--lo")));
    add("--hi", Pick({"400", "3"}, Hostile(command, "--hi")));
    add("--instances", Pick({"2"}, Hostile(command, "--instances")));
    add("--steps", Pick({"2"}, Hostile(command, "--steps")));
    if (command == "threshold") {
      add("--over", Pick({"T=2,4", "magnitude=0,1"}, {"T=", "x", "T=a,b", "T=2,2", "shift=1,2"}));
      add("--out", DrawFolderOutput(l));
    }
    optional({{"--params", {"magnitude=1"}, kHostileParams}, engine, budget, seed()});
  } else if (command == "search") {
    args.push_back(Pick(kIds, kHostileIds));
    add("--evaluations", Pick({"3", "10"}, Hostile(command, "--evaluations")));
    optional({params, engine, budget, seed()});
  } else if (command == "explore") {
    // 0.6 ms: the arguments are what is fuzzed, not the claims (cli_test runs explore end to
    // end); a longer window reaches a scaling claim whose first sweep alone takes seconds.
    add("--minutes", Pick({"0.00001"}, Hostile(command, "--minutes")));
    add("--budget", Pick({"quick"}, kHostileBudgets));
    optional({engine, seed(), {"--corpus", {DrawFolderOutput(l)}, {DrawFolderOutput(l)}}});
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
                {"--threads", {"0", "2"}, Hostile(command, "--threads")}});
    }
    if (word != "list" || *rc::gen::arbitrary<bool>()) add("--out", DrawFileOutput(l));
  } else if (command == "list") {
    if (*rc::gen::arbitrary<bool>()) args.push_back(Pick({"--markdown"}, {"--bogus"}));
  }
  // The memory budget belongs to every subcommand.
  if (*rc::gen::inRange(0, 4) == 0) {
    add("--max-memory-mb", Pick({"64", "4096"}, Hostile("", "--max-memory-mb")));
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

// The outputs a command may create: the value of --out, --corpus (and the first folder it had to
// create), and for `check --save-counterexample`, `explore --save-counterexamples` the corpus.
bool MayCreate(const std::vector<std::string>& args, const fs::path& dir, const std::string& path) {
  const fs::path created = dir / path;
  std::vector<std::string> outputs;
  for (std::size_t k = 0; k + 1 < args.size(); ++k) {
    if (args[k] == "--out" || args[k] == "--corpus") outputs.push_back(args[k + 1]);
    if (args[k].rfind("--save-counterexample", 0) == 0)
      outputs.push_back((dir / "corpus").string());
  }
  for (const std::string& output : outputs) {
    for (fs::path target = output; !target.empty() && target != dir;
         target = target.parent_path()) {
      const auto [a, b] =
          std::mismatch(target.begin(), target.end(), created.begin(), created.end());
      if (a == target.end()) return true;  // `created` is the target or lies below it
      if (target == target.parent_path()) break;
    }
  }
  return false;
}

// Runs boa in `folder`, which is also its corpus (BOA_CORPUS_DIR). One run in four is interrupted
// by SIGINT or SIGTERM after a seeded delay of up to 40 ms — these runs take 5 to 50 ms — so that
// the signal meets the program at any stage: starting, parsing, working, writing or exiting.
struct Outcome {
  int signal = 0;  // the signal sent, if any
  CommandResult result;
};
Outcome RunMaybeInterrupted(const std::vector<std::string>& args, const fs::path& folder) {
  ::setenv("BOA_CORPUS_DIR", (folder / "corpus").c_str(), 1);
  Outcome o;
  if (Uniform(0, 4) == 0) o.signal = *rc::gen::element(SIGINT, SIGTERM);
  const auto delay = std::chrono::microseconds(Uniform(0, 40000));
  BoaProcess boa(args, folder);
  if (o.signal != 0) {
    std::this_thread::sleep_for(delay);
    boa.Signal(o.signal);
  }
  o.result = boa.Wait();
  RC_CLASSIFY(o.signal != 0 && o.result.exit_code == 128 + o.signal,
              o.result.killed_by != 0 ? "interrupted while starting" : "interrupted");
  return o;
}

void RunHostileCommand(const std::vector<std::string>& commands) {
  TempDir temp;
  const Layout layout{temp.path()};
  WriteLayout(layout);
  const std::set<std::string> before = Tree(layout.dir);
  const std::vector<std::string> args = DrawCommand(layout, commands);
  std::string line;
  for (const auto& a : args) line += "'" + a + "' ";
  // Mostly valid, so that the commands also get past these checks.
  const std::string memory = *rc::gen::weightedElement<std::string>(
      {{36, "64"}, {1, "0"}, {1, "-1"}, {1, "abc"}, {1, "1e400"}});
  const std::string threads = *rc::gen::weightedElement<std::string>(
      {{30, "1"}, {6, "2"}, {1, ""}, {1, "0"}, {1, "-2"}, {1, "abc"}, {1, "99999"}});
  ::setenv("BOA_MAX_MEMORY_MB", memory.c_str(), 1);
  ::setenv("BOA_THREADS", threads.c_str(), 1);
  const Outcome o = RunMaybeInterrupted(args, layout.dir);
  const CommandResult& r = o.result;
  const std::string run = "BOA_MAX_MEMORY_MB=" + memory + " BOA_THREADS=" + threads + " boa " +
                          line + (o.signal ? "(signal " + std::to_string(o.signal) + ")" : "") +
                          "\nexit " + std::to_string(r.exit_code) + "\n" + r.err;
  // A failure is reported at once: RapidCheck runs a failing case again to show it, and one that
  // depends on when the signal came need not recur.
  const auto check = [&](bool ok, const std::string& what) {
    if (!ok) ADD_FAILURE() << what << ": " << run;
    RC_ASSERT(ok);
  };
  RC_TAG(args.front(), r.exit_code);  // the distribution is printed: each path is exercised
  const bool interrupted = o.signal != 0 && r.exit_code == 128 + o.signal;
  check(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 2 || interrupted, "exit code");
  if (interrupted) check(EndedByInterruption(r, o.signal), "the end of an interrupted run");
  const std::set<std::string> after = Tree(layout.dir);
  for (const std::string& path : after) {
    check(!IsPartial(path), "a partial output left: " + path);  // nothing half-written
    if (before.count(path) == 0) {
      check(MayCreate(args, layout.dir, path), "written beside the named output: " + path);
    }
  }
  if (r.exit_code == 2) {
    check(r.err.rfind("boa: error:", 0) == 0 && std::count(r.err.begin(), r.err.end(), '\n') == 1,
          "one error line");
    check(after == before, "a refusal wrote");  // not even a partial file
  }
  check(r.err.find("internal error") == std::string::npos, "an internal error");
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

// --- Numbers by type ---

// The type as the program's --help shows it (AddNumberOption's type names).
std::string HelpType(const NumberType& t) {
  switch (t.kind) {
    case NumberType::kUnsigned: return "UINT64";
    case NumberType::kInteger: return "INT[" + Integral(t.lo) + "," + Integral(t.hi) + "]";
    case NumberType::kReal: {
      if (std::isinf(t.lo) && std::isinf(t.hi)) return "REAL";
      const auto end = [](double x) {
        return std::isinf(x) ? std::string("inf") : FormatNumber(x);
      };
      return std::string("REAL") + (t.lo_open || std::isinf(t.lo) ? "(" : "[") + end(t.lo) + "," +
             end(t.hi) + (t.hi_open || std::isinf(t.hi) ? ")" : "]");
    }
  }
  return "";
}

TEST(CliFuzz, EveryNumericOptionIsDeclaredWithTheTypeAndRangeItIsFuzzedWith) {
  std::map<std::pair<std::string, std::string>, std::string> fuzzed;
  for (const Input& input : Inputs()) {
    if (!input.option.second.empty()) fuzzed[input.option] = HelpType(input.type);
  }
  std::map<std::pair<std::string, std::string>, std::string> declared;
  const std::regex option(R"(^\s+(?:-\w,)?(--[A-Za-z][\w-]*) ([^\s=]+))");
  const std::regex typed(R"(^(UINT64|INT\[.*|REAL.*)$)");
  const std::regex untyped(R"(^(INT|UINT|FLOAT|DOUBLE|NUMBER)$)");  // CLI11's own conversions
  for (const std::string command : {"", "list", "check", "instance", "report", "threshold",
                                    "constant", "search", "explore", "replay", "sweep"}) {
    const CommandResult help = RunBoa(command + " --help");
    ASSERT_EQ(help.exit_code, 0) << command << help.err;
    std::stringstream lines(help.out);
    std::smatch m;
    for (std::string line; std::getline(lines, line);) {
      if (!std::regex_search(line, m, option)) continue;
      const std::string type = m[2];
      if (std::regex_match(type, typed)) declared[{command, m[1]}] = type;
      EXPECT_FALSE(std::regex_match(type, untyped))
          << "boa " << command << " " << m[1] << " is read by CLI11's own conversion (" << type
          << "); use AddUnsignedOption, AddIntegerOption or AddRealOption";
    }
  }
  EXPECT_EQ(declared, fuzzed);
}

// Draws a value of the input's type or a hostile neighbour; in a list the comma separates items
// (so "1,2" is two items there), and an empty environment variable means "unset".
Drawn DrawFor(const Input& input) {
  const bool valid = *rc::gen::arbitrary<bool>();
  Pool pool = valid ? ValidOf(input.type) : HostileOf(input.type);
  std::erase_if(pool, [&](const std::string& text) {
    return (input.list && text.find(',') != std::string::npos) ||
           (!input.env.empty() && text.empty());
  });
  return {*rc::gen::elementOf(pool), valid};
}

// What a run of an input should show: its refusal (exit 2 and one `boa: error:` line naming it),
// that the value passed to the command's poison (or ran: exit 0 or 1), or, in a list or command
// line with other faults, only that the value was not refused.
enum class Expect { kRefused, kPassed, kNotRefused };

// Runs the input with `text` (in `args`, or in its environment variable): nothing may be written,
// and the run must show `expect`. Returns what went wrong, or nothing.
std::string TypedRunFailure(const Input& input, const std::vector<std::string>& args,
                            const std::string& text, Expect expect) {
  TempDir temp;
  ::unsetenv("BOA_THREADS");
  ::unsetenv("BOA_MAX_MEMORY_MB");
  ::setenv("BOA_CORPUS_DIR", (temp.path() / "corpus").c_str(), 1);
  if (!input.env.empty()) ::setenv(input.env.c_str(), text.c_str(), 1);
  BoaProcess boa(args, temp.path());
  const CommandResult r = boa.Wait();
  if (!input.env.empty()) ::unsetenv(input.env.c_str());
  const bool one_error_line = r.exit_code == 2 && r.err.rfind("boa: error:", 0) == 0 &&
                              std::count(r.err.begin(), r.err.end(), '\n') == 1;
  const bool named_as_mistyped = r.err.find(input.name + " must be") != std::string::npos ||
                                 r.err.find(input.name + " is beyond") != std::string::npos;
  const bool passed = input.poison.empty()
                          ? r.exit_code == 0 || r.exit_code == 1
                          : one_error_line && r.err.find(input.poison) != std::string::npos;
  const bool shown = expect == Expect::kRefused
                         ? one_error_line && r.err.find(input.name) != std::string::npos
                         : !named_as_mistyped && r.exit_code >= 0 && r.exit_code <= 2 &&
                               (expect == Expect::kNotRefused || passed);
  if (Tree(temp.path()).empty() && r.killed_by == 0 && shown) return "";
  std::string line = input.env.empty() ? "" : input.env + "='" + text + "' ";
  for (const auto& a : args) line += "'" + a.substr(0, 100) + (a.size() > 100 ? "…" : "") + "' ";
  return "boa " + line + (expect == Expect::kRefused ? "(outside its type)" : "(of its type)") +
         "\nexit " + std::to_string(r.exit_code) + "\n" + r.err;
}

// Every input at the edges of its type: the values at the ends of its range are read (refused
// where the end is open), the values just outside are refused. The property below draws from the
// whole classes; this covers every input on every run.
TEST(CliFuzz, EveryNumberAtTheEdgesOfItsTypeIsReadOrRefusedAsItsTypeSays) {
  for (const Input& input : Inputs()) {
    const NumberType& t = input.type;
    std::vector<std::pair<std::string, bool>> edges;  // text, refused
    if (t.kind == NumberType::kUnsigned) {
      edges = {{"0", false},
               {"18446744073709551615", false},
               {"-1", true},
               {"18446744073709551616", true}};
    } else if (t.kind == NumberType::kInteger) {
      edges = {{Integral(t.lo), false},
               {Integral(t.hi), false},
               {Integral(t.lo - 1), true},
               {Integral(t.hi + 1), true},
               {Integral(t.lo) + ".5", true}};
    } else {
      for (const auto& [end, open, outward] :
           {std::tuple{t.lo, t.lo_open, -kInf}, std::tuple{t.hi, t.hi_open, kInf}}) {
        if (std::isinf(end)) continue;
        edges.push_back({FormatNumber(end), open});
        edges.push_back({FormatNumber(std::nextafter(end, outward)), true});
      }
      edges.insert(edges.end(), {{"nan", true}, {"1e400", true}});
    }
    for (const auto& [text, refused] : edges) {
      EXPECT_EQ(TypedRunFailure(input, input.args(text), text,
                                refused ? Expect::kRefused : Expect::kPassed),
                "");
    }
  }
}

// Any input, any value of its type or a hostile neighbour; an option may be given twice, and a
// list item may sit in a list of thousands.
RC_GTEST_PROP(CliFuzz, ANumberOutsideItsTypeIsRefusedNamingItAndOneInsidePasses, ()) {
  static const std::vector<Input> inputs = Inputs();
  const Input& input = *rc::gen::elementOf(inputs);
  const Drawn value = DrawFor(input);
  std::string text = value.text;
  const bool huge = input.list && Uniform(0, 4) == 0;
  if (huge) {
    // The drawn item first, then 4000 others of the type (names no claim has, for --params).
    for (int k = 0; k < 4000; ++k) {
      text += "," + (input.name == "parameter shift" ? "p" + std::to_string(k) + "=1"
                                                     : std::to_string(1000000 + k));
    }
  }
  std::vector<std::string> args = input.args(text);
  const bool twice = !input.option.second.empty() && Uniform(0, 4) == 0;
  if (twice)
    args.insert(args.end(), {input.option.second, *rc::gen::elementOf(ValidOf(input.type))});
  RC_TAG(input.name, value.valid ? "valid" : "hostile");
  const Expect expect = !value.valid || twice ? Expect::kRefused
                        : huge                ? Expect::kNotRefused
                                              : Expect::kPassed;
  const std::string failure = TypedRunFailure(input, args, value.text, expect);
  RC_LOG() << failure;
  RC_ASSERT(failure.empty());
}

}  // namespace cli_fuzz_test
}  // namespace boa::testing
