// The SIMD target switch (boa/simd.hpp): BOA_SIMD names a target or fails with one error line,
// the process reports the target it runs, and a scoped target restores the process-wide one.
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "boa/error.hpp"
#include "boa/simd.hpp"
#include "paths.hpp"

namespace boa {
namespace simd_test {

// Runs the boa program with BOA_SIMD=value in its environment.
testing::CommandResult RunBoaWithSimd(const std::string& value, const std::string& arguments) {
  setenv("BOA_SIMD", value.c_str(), 1);
  const testing::CommandResult r = testing::RunBoa(arguments);
  unsetenv("BOA_SIMD");
  return r;
}

TEST(Simd, TheBaselineTargetIsAlwaysSupportedAndListedLast) {
  const std::vector<std::string> targets = SupportedSimdTargets();
  ASSERT_FALSE(targets.empty());
  const ScopedSimdTarget on("baseline");
  EXPECT_EQ(SimdTargetName(), targets.back());
}

TEST(Simd, AScopedTargetIsUsedAndThenRestored) {
  const std::string before = SimdTargetName();
  for (const std::string& target : SupportedSimdTargets()) {
    {
      const ScopedSimdTarget on(target);
      EXPECT_EQ(SimdTargetName(), target);
    }
    EXPECT_EQ(SimdTargetName(), before);
  }
}

TEST(Simd, UnknownTargetIsInvalidInput) {
  EXPECT_THROW(ScopedSimdTarget("avx9"), InvalidInput);
  EXPECT_THROW(ScopedSimdTarget(""), InvalidInput);
  EXPECT_THROW(ScopedSimdTarget("AVX2"), InvalidInput);  // names are lowercase
}

TEST(Simd, TargetsAgreeExactlyWhenTheyShareTheMultiplyAdd) {
  EXPECT_TRUE(SimdTargetsAgree("avx2", "avx3"));
  EXPECT_TRUE(SimdTargetsAgree("scalar", "sse4"));
  EXPECT_TRUE(SimdTargetsAgree("ssse3", "sse4"));
  EXPECT_FALSE(SimdTargetsAgree("scalar", "avx2"));
  EXPECT_FALSE(SimdTargetsAgree("sse4", "avx3"));
}

TEST(Simd, BoaRejectsABadBoaSimdWithOneErrorLine) {
  const testing::CommandResult r = RunBoaWithSimd("avx9", "list");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.err.find("boa: error: BOA_SIMD must be one of auto, baseline"), 0u) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(Simd, BoaRunsOnTheBaselineWhenAsked) {
  const testing::CommandResult r =
      RunBoaWithSimd("baseline", "check core.kernel.fused_matches_reference --instances 3 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["simd"], SupportedSimdTargets().back()) << r.out;
}

}  // namespace simd_test
}  // namespace boa
