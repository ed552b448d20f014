#pragma once
// Two-sample Kolmogorov–Smirnov test of equal distributions, for the tests that check a sampler
// against the law it stands for (gram_sampling_test, cnn_gram_sampling_test).
#include <string>
#include <vector>

namespace boa::testing {

// Expects (EXPECT_LE) that samples a and b of equal size N come from one distribution: fails
// when the KS distance exceeds the DKW-type bound √(ln(2/α)/2)·√(2/N), whose false-alarm
// probability is at most α.
void ExpectSameDistribution(std::vector<double> a, std::vector<double> b, const std::string& what,
                            double alpha);

}  // namespace boa::testing
