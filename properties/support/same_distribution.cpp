#include "same_distribution.hpp"

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

namespace boa::testing {

void ExpectSameDistribution(std::vector<double> a, std::vector<double> b, const std::string& what,
                            double alpha) {
  ASSERT_EQ(a.size(), b.size());
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  const double n = static_cast<double>(a.size());
  double largest = 0;
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    const double x = std::min(a[i], b[j]);  // step both empirical CDFs past every tie at x
    while (i < a.size() && a[i] == x) ++i;
    while (j < b.size() && b[j] == x) ++j;
    largest = std::max(largest, std::fabs(static_cast<double>(i) - static_cast<double>(j)) / n);
  }
  const double c = std::sqrt(std::log(2 / alpha) / 2);
  EXPECT_LE(largest, c * std::sqrt(2 / n)) << what << ": KS distance " << largest;
}

}  // namespace boa::testing
