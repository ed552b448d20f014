// The boa program: exit codes (0 holds, 1 fails, 2 bad input), one clear error line on bad input,
// nothing half-written, and instance JSON that matches the library.
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "paths.hpp"

namespace boa::testing {
namespace cli_test {

namespace fs = std::filesystem;

int Lines(const std::string& text) {
  int lines = 0;
  for (char c : text) lines += c == '\n';
  return lines;
}

void ExpectBadInput(const std::string& arguments) {
  const CommandResult r = RunBoa(arguments);
  EXPECT_EQ(r.exit_code, 2) << arguments << "\n" << r.err;
  EXPECT_EQ(Lines(r.err), 1) << arguments << "\n" << r.err;
  EXPECT_NE(r.err.find("boa: error:"), std::string::npos) << r.err;
}

TEST(Cli, CheckExitsZeroWhenTheClaimHolds) {
  const CommandResult r = RunBoa("check core.gradient.finite_difference --instances 20");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("holds"), std::string::npos);
}

TEST(Cli, CheckReplaysAFixedInstance) {
  const CommandResult r = RunBoa(
      "check core.rotation.equivariance --params model=3,n=3,T=4,d=5,scale=1.2 --seed 77 "
      "--instances 1 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["verdict"], "holds");
  EXPECT_EQ(json["instances"], 1);
}

TEST(Cli, BadInputGetsOneLineAndExitCodeTwo) {
  ExpectBadInput("check no.such.claim");
  ExpectBadInput("check core.softmax.stable --params T=4,bogus=1");
  ExpectBadInput("check core.softmax.stable --params T=nan");
  ExpectBadInput("check core.softmax.stable --params T");
  ExpectBadInput("check core.softmax.stable --instances -3");
  ExpectBadInput("check core.softmax.stable --seed banana");
  ExpectBadInput("frobnicate");
  ExpectBadInput("");
  ExpectBadInput("report --budget enormous --out /nonexistent/never");
  // Numbers that overflow a double on the way (10^400) or an integer, repeated names, sizes
  // above the memory budget through --params, outputs nobody can create.
  ExpectBadInput("check core.softmax.stable --params magnitude=400 --instances 1");
  ExpectBadInput("check core.softmax.stable --params T=2,T=3");
  ExpectBadInput("check core.output.convex_combination --params n=100000,d=100000 --instances 1");
  ExpectBadInput(
      "check core.output.convex_combination --params n=6,d=4000 --instances 1 --max-memory-mb 0.1");
  ExpectBadInput("search core.output.convex_combination --params d=90000000 --evaluations 3");
  ExpectBadInput(
      "threshold core.softmax.stable --vary shift --lo 1 --hi 2 --over T=2,4 --out /proc/boa-never");
  ExpectBadInput("instance --out /proc/boa-never.json");
}

TEST(Cli, MistypesGetTheNearestName) {
  const auto hint = [](const std::string& arguments) { return RunBoa(arguments).err; };
  EXPECT_NE(hint("check magen42.gd.two_step_benign").find("'magen24.gd.two_step_benign'"),
            std::string::npos);
  EXPECT_NE(hint("check two_step_benign").find("'magen24.gd.two_step_benign'"), std::string::npos);
  EXPECT_NE(hint("check Core.softmax.stable").find("'core.softmax.stable'"), std::string::npos);
  EXPECT_NE(hint("check core.softmax.stable --sed 3").find("'--seed'"), std::string::npos);
  EXPECT_NE(hint("chek core.softmax.stable").find("'check'"), std::string::npos);
  EXPECT_NE(hint("check core.softmax.stable --params TT=3").find("'T'"), std::string::npos);
}

// One front door: `./boa --help` and `./boa help` list the wrapper's commands and every command
// of the program.
TEST(Cli, WrapperHelpListsEveryCommandOfTheProgram) {
  const CommandResult program = RunBoa("--help");
  std::vector<std::string> commands;
  std::istringstream lines(program.out.substr(program.out.find("Subcommands:")));
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("  ", 0) == 0) commands.push_back(line.substr(2, line.find(' ', 2) - 2));
  }
  ASSERT_GE(commands.size(), 10u) << program.out;
  for (const char* door : {"--help", "help"}) {
    TempDir scratch;
    const std::string command = "BOA_PROGRAM='" + BoaProgram().string() + "' '" +
                                (SourceDir() / "boa").string() + "' " + door + " >'" +
                                (scratch.path() / "out").string() + "' 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << door;
    const std::string help = Slurp(scratch.path() / "out");
    for (const char* wrapper : {"./boa test", "./boa report", "./boa bench", "./boa sanitize"}) {
      EXPECT_NE(help.find(wrapper), std::string::npos) << door << " lacks " << wrapper;
    }
    for (const std::string& c : commands) {
      EXPECT_NE(help.find("  " + c + " "), std::string::npos) << door << " lacks " << c;
    }
  }
}

TEST(Cli, EnvironmentInputsAreCheckedBeforeAnyWork) {
  ::setenv("BOA_THREADS", "abc", 1);
  ExpectBadInput("list");
  ::setenv("BOA_THREADS", "0", 1);
  ExpectBadInput("list");
  ::unsetenv("BOA_THREADS");
  ::setenv("BOA_MAX_MEMORY_MB", "-3", 1);
  ExpectBadInput("list");
  EXPECT_EQ(RunBoa("list --max-memory-mb 64").exit_code, 0);  // the flag wins
  ::unsetenv("BOA_MAX_MEMORY_MB");
}

// A numerical failure inside a claim's instance — here gradient descent diverging at a step size
// far beyond the stable range — is a failing instance with its replay line: exit 1, not bad
// input (2) and not an internal error (3). The replay line names the engine, and replays it.
TEST(Cli, ADivergingInstanceFailsWithItsReplayLine) {
  const std::string check =
      "check sakamoto24.frak_s.criterion --params setting=0,lr=1e308,steps=3 --seed 1 --instances 1";
  const CommandResult r = RunBoa(check);
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_EQ(r.err.find("boa:"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("numerical failure: the loss became non-finite"), std::string::npos)
      << r.out;
  const auto replay = r.out.find("replay: ./boa check sakamoto24.frak_s.criterion --params ");
  ASSERT_NE(replay, std::string::npos) << r.out;
  const std::string line = r.out.substr(replay + 8, r.out.find('\n', replay) - replay - 8);
  EXPECT_NE(line.find(" --engine gram"), std::string::npos) << line;
  const CommandResult again = RunBoa(line.substr(std::string("./boa ").size()));
  EXPECT_EQ(again.exit_code, 1) << again.out << again.err;
  EXPECT_NE(again.out.find("non-finite"), std::string::npos) << again.out;
}

// A replay line runs one instance: it reports that instance (exit 1 fails, 0 holds), not an
// "inconclusive" verdict of a one-instance sequential test.
TEST(Cli, AOneInstanceReplayReportsThatInstance) {
  const CommandResult finding = RunBoa("check magen24.gd.gaussian_init --seed 1 --instances 1");
  EXPECT_EQ(finding.exit_code, 1) << finding.out << finding.err;
  EXPECT_NE(finding.out.find("this instance fails"), std::string::npos) << finding.out;
  EXPECT_EQ(finding.out.find("inconclusive"), std::string::npos) << finding.out;
  const CommandResult holding =
      RunBoa("check magen24.noise.near_orthogonality --seed 1 --instances 1");
  EXPECT_EQ(holding.exit_code, 0) << holding.out << holding.err;
  EXPECT_NE(holding.out.find("this instance holds"), std::string::npos) << holding.out;
}

// --engine: auto (Gram) by default on claims with a Gram form, named in the output, reproducible
// per engine, refused where a claim has no Gram form.
TEST(Cli, EngineIsChosenNamedAndRefusedWhereThereIsNoGramForm) {
  const std::string check = "check magen24.maxmargin.selection --instances 40 --seed 9 --json";
  const CommandResult by_default = RunBoa(check);
  const CommandResult gram = RunBoa(check + " --engine gram");
  const CommandResult direct = RunBoa(check + " --engine direct");
  ASSERT_EQ(by_default.exit_code, 0) << by_default.err;
  ASSERT_EQ(direct.exit_code, 0) << direct.err;
  EXPECT_EQ(nlohmann::json::parse(by_default.out)["engine"], "gram");
  EXPECT_EQ(nlohmann::json::parse(direct.out)["engine"], "direct");
  EXPECT_EQ(by_default.out, gram.out);  // same engine, same seed: the same numbers
  EXPECT_NE(direct.out, gram.out);      // another engine draws other numbers
  ExpectBadInput("check core.softmax.stable --engine gram");
  ExpectBadInput("check magen24.maxmargin.selection --engine fast");
}

TEST(Cli, InstanceRejectsBadParametersWithoutWritingAFile) {
  TempDir dir;
  const fs::path out = dir.path() / "instance.json";
  const std::string target = " --out '" + out.string() + "'";
  ExpectBadInput("instance --eta 1.0" + target);
  ExpectBadInput("instance --eta nan" + target);
  ExpectBadInput("instance --n 1" + target);
  ExpectBadInput("instance --d 2" + target);
  ExpectBadInput("instance --T 1" + target);
  ExpectBadInput("instance --model m9" + target);
  ExpectBadInput("instance --model m2 --schedule sa" + target);
  ExpectBadInput("instance --n 100000 --d 100000" + target);
  EXPECT_TRUE(fs::is_empty(dir.path()));
}

TEST(Cli, InstanceSaysWhatItWrote) {
  TempDir dir;
  const fs::path file = dir.path() / "m1.json";
  const CommandResult r = RunBoa("instance --model m1 --n 4 --d 10 --out '" + file.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("wrote " + file.string()), std::string::npos) << r.out;
}

TEST(Cli, InstanceJsonHasDataModelAndTrajectory) {
  TempDir dir;
  const fs::path out = dir.path() / "m1.json";
  const CommandResult r = RunBoa(
      "instance --model m1 --data signal-noise --n 6 --d 12 --snr 0.8 "
      "--steps 3 --schedule sb --seed 5 --out '" +
      out.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::ifstream in(out);
  const auto json = nlohmann::json::parse(in);
  EXPECT_EQ(json["schema"], 2);
  EXPECT_EQ(json["data"]["X"].size(), 12u);  // n·T rows
  EXPECT_EQ(json["data"]["X"][0].size(), 12u);
  EXPECT_EQ(json["training"]["trajectory"].size(), 4u);
  EXPECT_EQ(json["training"]["step_sizes"].size(), 3u);
  EXPECT_EQ(json["final"]["gradient"]["p"].size(), 12u);
}

TEST(Cli, ListShowsEveryCoreClaim) {
  const CommandResult r = RunBoa("list");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("core.softmax.stable"), std::string::npos);
  EXPECT_NE(r.out.find("core.growth_function"), std::string::npos);
}

}  // namespace cli_test
}  // namespace boa::testing

namespace boa::testing {
namespace cli_test {

TEST(Cli, ThresholdConstantSearchAndExploreRunEndToEnd) {
  TempDir dir;
  const CommandResult threshold = RunBoa(
      "threshold core.softmax.stable --vary shift --lo 300 --hi 320 --over T=2,3,4 --instances 5 "
      "--steps 8 --out '" +
      dir.path().string() + "'");
  ASSERT_EQ(threshold.exit_code, 0) << threshold.err;
  EXPECT_NE(threshold.out.find("log-log slope"), std::string::npos) << threshold.out;
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "threshold.svg"));
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "threshold.csv"));

  const CommandResult constant = RunBoa(
      "constant core.softmax.stable --param shift --lo 300 --hi 320 --instances 10 "
      "--params T=3,magnitude=0");
  ASSERT_EQ(constant.exit_code, 0) << constant.err;
  EXPECT_NE(constant.out.find("308.2"), std::string::npos) << constant.out;  // DBL_MAX ≈ 10^308.25

  const CommandResult found =
      RunBoa("search core.softmax.stable --evaluations 50 --params shift=308.3");
  EXPECT_EQ(found.exit_code, 1) << found.out;
  EXPECT_NE(found.out.find("replay: ./boa check core.softmax.stable"), std::string::npos);

  const CommandResult explore = RunBoa("explore --minutes 0.01 --seed 5");
  EXPECT_EQ(explore.exit_code, 0) << explore.out;
  EXPECT_NE(explore.out.find("claim runs, 0 unexpected"), std::string::npos) << explore.out;
}

TEST(Cli, SweepShardsMergeToTheUnshardedFile) {
  TempDir dir;
  const std::string d = dir.path().string();
  ASSERT_EQ(RunBoa("sweep magen24_dimension --budget quick --out '" + d + "/all.csv'").exit_code,
            0);
  for (int k = 0; k < 3; ++k) {
    const std::string shard = std::to_string(k);
    ASSERT_EQ(RunBoa("sweep magen24_dimension --budget quick --threads 1 --shard " + shard +
                     "/3 --out '" + d + "/p" + shard + ".csv'")
                  .exit_code,
              0);
  }
  ASSERT_EQ(RunBoa("sweep merge '" + d + "/p2.csv' '" + d + "/p0.csv' '" + d + "/p1.csv' --out '" +
                   d + "/merged.csv'")
                .exit_code,
            0);
  std::ifstream a(dir.path() / "all.csv"), b(dir.path() / "merged.csv");
  const std::string whole((std::istreambuf_iterator<char>(a)), {}),
      merged((std::istreambuf_iterator<char>(b)), {});
  EXPECT_EQ(whole, merged);
  // Missing parts are named by their shards.
  const CommandResult partial = RunBoa("sweep merge '" + d + "/p0.csv' --out '" + d + "/x.csv'");
  EXPECT_EQ(partial.exit_code, 2);
  EXPECT_NE(partial.err.find("run the missing shards: 1/3, 2/3"), std::string::npos) << partial.err;
  // A corrupt part is bad input that names the file and the line, not an internal error.
  { std::ofstream(dir.path() / "p1.csv", std::ios::app) << "x7,1\n"; }
  const CommandResult corrupt = RunBoa("sweep merge '" + d + "/p0.csv' '" + d + "/p1.csv' '" + d +
                                       "/p2.csv' --out '" + d + "/x.csv'");
  EXPECT_EQ(corrupt.exit_code, 2) << corrupt.err;
  EXPECT_NE(corrupt.err.find("p1.csv:"), std::string::npos) << corrupt.err;
  EXPECT_FALSE(fs::exists(dir.path() / "x.csv"));
  for (const std::string& path : Tree(dir.path())) EXPECT_FALSE(IsPartial(path)) << path;
}

// Parts of one sweep run on different engines or budgets are not one run: merge says so on one
// `boa: error:` line, exits 2 and writes nothing.
TEST(Cli, SweepMergeRefusesPartsOfAnotherEngineOrBudget) {
  TempDir dir;
  const std::string d = dir.path().string();
  for (const std::string& run :
       {"--budget quick --engine gram --shard 0/2 --out '" + d + "/g0.csv'",
        "--budget quick --engine direct --shard 1/2 --out '" + d + "/d1.csv'",
        "--budget default --engine gram --shard 1/2 --out '" + d + "/b1.csv'"}) {
    ASSERT_EQ(RunBoa("sweep run sakamoto24_frak_s --threads 1 " + run).exit_code, 0) << run;
  }
  for (const std::string other : {"d1.csv", "b1.csv"}) {
    const CommandResult merge =
        RunBoa("sweep merge '" + d + "/g0.csv' '" + d + "/" + other + "' --out '" + d + "/m.csv'");
    EXPECT_EQ(merge.exit_code, 2) << other;
    EXPECT_EQ(merge.err.rfind("boa: error:", 0), 0u) << merge.err;
    EXPECT_EQ(std::count(merge.err.begin(), merge.err.end(), '\n'), 1) << merge.err;
    EXPECT_NE(merge.err.find(other == "d1.csv" ? "engine" : "budget"), std::string::npos)
        << merge.err;
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "m.csv"));
  }
}

}  // namespace cli_test
}  // namespace boa::testing
