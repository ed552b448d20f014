#include "boa/label_noise.hpp"

#include <cmath>
#include <numeric>

namespace boa {

std::vector<bool> DrawFlips(FlipRule rule, int n, double eta, Rng& rng) {
  std::vector<bool> flip(n, false);
  const int m = static_cast<int>(std::ceil(eta * n));
  switch (rule) {
    case FlipRule::kBernoulli:
      for (int i = 0; i < n; ++i) flip[i] = rng.Bernoulli(eta);
      break;
    case FlipRule::kExact: {
      std::vector<int> index(n);
      std::iota(index.begin(), index.end(), 0);
      for (int k = 0; k < m; ++k) {
        std::swap(index[k], index[rng.UniformInt(k, n - 1)]);
        flip[index[k]] = true;
      }
      break;
    }
    case FlipRule::kBalancedExact:
      for (int k = 0; k < m / 2; ++k) {
        flip[k] = true;
        flip[n / 2 + k] = true;
      }
      break;
  }
  return flip;
}

}  // namespace boa
