#include "boa/signal_noise_data.hpp"

#include <cmath>
#include <string>

#include "boa/error.hpp"
#include "boa/label_noise.hpp"
#include "boa/memory_budget.hpp"
#include "boa/rng.hpp"

namespace boa {
namespace {

Dataset Generate(const SignalNoiseSpec& spec, int n, double eta, std::uint64_t seed,
                 std::uint64_t stream) {
  Validate(spec);
  const int T = spec.T, d = spec.d;
  RequireMemory(static_cast<double>(n) * T * d,
                "a signal-noise data set of n·T·d = " + std::to_string(n) + "·" +
                    std::to_string(T) + "·" + std::to_string(d) + " numbers");
  Rng rng(seed, stream);
  Dataset data;
  data.n = n;
  data.T = T;
  data.d = d;
  const double mu_norm = spec.snr * spec.sigma * std::sqrt(static_cast<double>(d));
  data.mu_plus = Vector::Zero(d);
  data.mu_minus = Vector::Zero(d);
  data.mu_plus(0) = mu_norm;
  if (spec.antipodal) {
    data.mu_minus(0) = -mu_norm;
  } else {
    data.mu_minus(1) = mu_norm;
  }
  const int first_noise = spec.antipodal ? 1 : 2;  // the coordinates the signals leave free
  data.X = RowMatrix::Zero(static_cast<Eigen::Index>(n) * T, d);
  data.y.resize(n);
  data.y_true.resize(n);
  data.roles.assign(static_cast<std::size_t>(n) * T, TokenRole::kNoise);
  for (int i = 0; i < n; ++i) {
    const double label = rng.Bernoulli(0.5) ? 1.0 : -1.0;
    data.y_true(i) = label;
    const int signal_at = spec.position == SignalPosition::kFirst ? 0 : rng.UniformInt(0, T - 1);
    int rank = 0;  // noise tokens of this sample so far
    for (int t = 0; t < T; ++t) {
      auto row = data.X.row(static_cast<Eigen::Index>(i) * T + t);
      if (t == signal_at) {
        row = label > 0 ? data.mu_plus.transpose() : data.mu_minus.transpose();
        data.roles[static_cast<std::size_t>(i) * T + t] = TokenRole::kSignal;
      } else {
        const double scale = NoiseTokenScale(spec, rank++);
        for (int j = first_noise; j < d; ++j) row(j) = scale * rng.Normal();
      }
    }
  }
  const std::vector<bool> flip = DrawFlips(spec.flips, n, eta, rng);
  data.noisy = flip;
  for (int i = 0; i < n; ++i) data.y(i) = flip[i] ? -data.y_true(i) : data.y_true(i);
  return data;
}

}  // namespace

double NoiseTokenScale(const SignalNoiseSpec& spec, int rank) {
  return rank == 0 ? spec.sigma : spec.sigma / spec.dominant_ratio;
}

void Validate(const SignalNoiseSpec& spec) {
  Require(spec.n >= 2, "n must be at least 2 (got " + std::to_string(spec.n) + ")");
  Require(spec.d >= 3,
          "d must be at least 3 for signal-noise data (got " + std::to_string(spec.d) + ")");
  Require(spec.T >= 2, "T must be at least 2 (got " + std::to_string(spec.T) + ")");
  Require(std::isfinite(spec.eta) && spec.eta >= 0 && spec.eta < 1,
          "eta must be in [0, 1) (got " + std::to_string(spec.eta) + ")");
  Require(std::isfinite(spec.snr) && spec.snr >= 0,
          "snr must be finite and non-negative (got " + std::to_string(spec.snr) + ")");
  Require(std::isfinite(spec.sigma) && spec.sigma > 0,
          "sigma must be finite and positive (got " + std::to_string(spec.sigma) + ")");
  Require(std::isfinite(spec.dominant_ratio) && spec.dominant_ratio >= 1,
          "dominant_ratio must be finite and at least 1 (got " +
              std::to_string(spec.dominant_ratio) + ")");
  Require(spec.flips == FlipRule::kBernoulli || spec.flips == FlipRule::kExact,
          "signal-noise flips must be 'bernoulli' or 'exact'");
}

Dataset GenerateSignalNoise(const SignalNoiseSpec& spec, std::uint64_t seed) {
  return Generate(spec, spec.n, spec.eta, seed, kTrainData);
}

Dataset GenerateSignalNoiseTest(const SignalNoiseSpec& spec, int n_test, std::uint64_t seed) {
  Require(n_test >= 2, "the test set needs at least two samples");
  SignalNoiseSpec clean = spec;
  clean.eta = 0;
  clean.n = n_test;
  return Generate(clean, n_test, 0.0, seed, kTestData);
}

}  // namespace boa
