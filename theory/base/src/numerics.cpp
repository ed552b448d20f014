#include "boa/numerics.hpp"

#include <algorithm>
#include <cassert>
#include <vector>

namespace boa {

void StableSoftmax(std::span<const double> z, std::span<double> out) {
  assert(z.size() == out.size() && !z.empty());
  const double top = *std::max_element(z.begin(), z.end());
  double total = 0;
  for (std::size_t t = 0; t < z.size(); ++t) {
    out[t] = std::exp(z[t] - top);
    total += out[t];
  }
  for (double& s : out) s /= total;  // total ≥ 1: the max term is exp(0)
}

double NormalisedSoftmaxEntropy(std::span<const double> z) {
  assert(z.size() >= 2);
  std::vector<double> s(z.size());
  StableSoftmax(z, s);
  double entropy = 0;
  for (const double w : s) {
    if (w > 0) entropy -= w * std::log(w);
  }
  return entropy / std::log(static_cast<double>(z.size()));
}

}  // namespace boa
