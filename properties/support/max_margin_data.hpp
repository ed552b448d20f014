#pragma once
// Training sets shared by the max-margin suites (max_margin_selection_test, w_svm_test).
#include <cmath>

#include <rapidcheck.h>

#include "boa/dataset.hpp"
#include "boa/signal_noise_data.hpp"

namespace boa::test_support {

// n samples, sample i: signal μ_{ỹ_i} (coordinate 0 or 1) and noise ξ_i = ‖ξ‖·e_{2+i}.
// Classes alternate; the last `noisy` samples of each class have flipped labels.
inline Dataset OrthogonalSignalNoise(int n, int noisy_per_class, double mu, double xi) {
  Dataset data;
  data.n = n;
  data.T = 2;
  data.d = n + 2;
  data.X = RowMatrix::Zero(2 * n, data.d);
  data.y.resize(n);
  data.y_true.resize(n);
  data.mu_plus = Vector::Zero(data.d);
  data.mu_minus = Vector::Zero(data.d);
  data.mu_plus(0) = mu;
  data.mu_minus(1) = mu;
  for (int i = 0; i < n; ++i) {
    const bool plus = i % 2 == 0;
    data.y_true(i) = plus ? 1 : -1;
    data.X(2 * i, plus ? 0 : 1) = mu;
    data.X(2 * i + 1, 2 + i) = xi;
    data.roles.push_back(TokenRole::kSignal);
    data.roles.push_back(TokenRole::kNoise);
    const bool flipped = i / 2 >= n / 2 - noisy_per_class;
    data.noisy.push_back(flipped);
    data.y(i) = flipped ? -data.y_true(i) : data.y_true(i);
  }
  return data;
}

// A RapidCheck-drawn D1 spec with exact flips: n ∈ [n_lo, n_hi), d = k·n² with k ∈ [k_lo, k_hi),
// η ∈ [0, eta_end) percent, SNR² ∈ [0.1, 6)/n.
inline SignalNoiseSpec ArbitraryMaxMarginSpec(int n_lo, int n_hi, int k_lo, int k_hi, int eta_end) {
  SignalNoiseSpec spec;
  spec.n = *rc::gen::inRange(n_lo, n_hi);
  spec.d = spec.n * spec.n * *rc::gen::inRange(k_lo, k_hi);
  spec.eta = *rc::gen::inRange(0, eta_end) / 100.0;
  spec.snr = std::sqrt(*rc::gen::inRange(1, 60) / 10.0 / spec.n);
  spec.flips = FlipRule::kExact;
  return spec;
}

}  // namespace boa::test_support
