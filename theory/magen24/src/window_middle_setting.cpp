#include "boa/window_middle_setting.hpp"

#include <algorithm>
#include <cmath>

#include "boa/linearized_thresholds.hpp"

namespace boa {

SignalNoiseSpec WindowMiddleSpec() {
  SignalNoiseSpec spec;
  spec.n = 40;
  spec.d = 4 * spec.n * spec.n;
  spec.eta = 0.1;
  const LinearizedThresholds t = MagenLinearizedThresholds(spec.eta);
  spec.snr = std::sqrt((std::max(t.clean, t.test) + t.noisy) / 2 / spec.n);
  return spec;
}

}  // namespace boa
