// theory/claims/include/boa/shared_runs.hpp: a shared computation runs once per key and process,
// and its key tells apart every input it names.
#include <gtest/gtest.h>

#include "boa/shared_runs.hpp"

namespace boa {
namespace shared_runs_test {

TEST(SharedRun, ComputesOncePerKeyAndHandsTheKeptResultAfter) {
  int computed = 0;
  const auto compute = [&computed] { return ++computed * 10; };
  const std::string key = SharedRunKey("SharedRunTest/a", {{"n", 8}}, 3);
  EXPECT_EQ(SharedRun<int>(key, compute), 10);
  EXPECT_EQ(SharedRun<int>(key, compute), 10);
  EXPECT_EQ(computed, 1);
  EXPECT_EQ(SharedRun<int>(SharedRunKey("SharedRunTest/a", {{"n", 8}}, 4), compute), 20);
  EXPECT_EQ(computed, 2);
}

TEST(SharedRun, TheKeyTellsApartTheNameEveryParameterAndTheSeed) {
  const std::string key = SharedRunKey("f/cnn", {{"d", 16384}, {"n", 8}}, 5);
  EXPECT_NE(key, SharedRunKey("f/max_margin", {{"d", 16384}, {"n", 8}}, 5));
  EXPECT_NE(key, SharedRunKey("f/cnn", {{"d", 16384}, {"n", 8.000000000000002}}, 5));
  EXPECT_NE(key, SharedRunKey("f/cnn", {{"d", 16384}, {"n", 8}, {"seeds", 16}}, 5));
  EXPECT_NE(key, SharedRunKey("f/cnn", {{"d", 16384}, {"n", 8}}, 6));
}

}  // namespace shared_runs_test
}  // namespace boa
