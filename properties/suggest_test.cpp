// "Did you mean" (boa/suggest.hpp): the mistypes a new user makes find their name, and a word
// near nothing gets no suggestion.
#include <gtest/gtest.h>

#include "boa/suggest.hpp"

namespace boa {
namespace suggest_test {

const std::vector<std::string> kIds = {"magen24.noise.orthogonal", "magen24.gd.two_step_benign",
                                       "core.softmax.stable", "sakamoto24.gd.token_selection"};

TEST(Suggest, EditDistanceCountsEditsAndTranspositions) {
  EXPECT_EQ(EditDistance("seed", "seed"), 0);
  EXPECT_EQ(EditDistance("sed", "seed"), 1);
  EXPECT_EQ(EditDistance("magen42", "magen24"), 1);  // one transposition
  EXPECT_EQ(EditDistance("Core", "core"), 0);        // case-insensitive
  EXPECT_EQ(EditDistance("", "abc"), 3);
}

TEST(Suggest, MistypedIdsFindTheirClaim) {
  EXPECT_EQ(NearestName("magen42.gd.two_step_benign", kIds), "magen24.gd.two_step_benign");
  EXPECT_EQ(NearestName("two_step_benign", kIds), "magen24.gd.two_step_benign");
  EXPECT_EQ(NearestName("Core.softmax.stable", kIds), "core.softmax.stable");
  EXPECT_EQ(NearestName("gd.token_selection", kIds), "sakamoto24.gd.token_selection");
}

TEST(Suggest, FlagsFindTheirFlag) {
  EXPECT_EQ(NearestName("--sed", {"--seed", "--instances", "--budget"}), "--seed");
  EXPECT_EQ(NearestName("--budgte", {"--seed", "--instances", "--budget"}), "--budget");
}

TEST(Suggest, AWordNearNothingGetsNoSuggestion) {
  EXPECT_FALSE(NearestName("frobnicate", kIds).has_value());
  EXPECT_EQ(DidYouMean("frobnicate", kIds), "");
  EXPECT_EQ(DidYouMean("--sed", {"--seed"}), " (did you mean '--seed'?)");
}

}  // namespace suggest_test
}  // namespace boa
