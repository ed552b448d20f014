#include "boa/numerics.hpp"

#include <algorithm>
#include <cassert>

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

}  // namespace boa
