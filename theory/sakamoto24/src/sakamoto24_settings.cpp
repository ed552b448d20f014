#include "boa/sakamoto24_settings.hpp"

#include <cmath>

#include "boa/error.hpp"
#include "boa/rng.hpp"

namespace boa {

const std::vector<Sakamoto24Setting>& Sakamoto24Settings() {
  static const std::vector<Sakamoto24Setting> all = {
      {"balanced", 2000, 20}, {"large_noise", 4500, 5}, {"large_signal", 1000, 80}};
  return all;
}

Vector RotatedHead(const TokenSelectionSpec& spec, double angle, std::uint64_t seed) {
  Require(spec.d >= 3 && spec.mu_norm > 0, "a rotated head needs d ≥ 3 and ‖μ‖ > 0");
  Rng rng(seed, kDirection);
  Vector r(spec.d);
  for (int j = 0; j < spec.d; ++j) r(j) = rng.Normal();
  r(0) = r(1) = 0;  // r ⟂ e₁, e₂, so that r carries no class signal
  r.normalize();
  Vector u = Vector::Zero(spec.d);
  u(0) = 1 / std::sqrt(2.0);
  u(1) = -1 / std::sqrt(2.0);
  return (std::cos(angle) * u + std::sin(angle) * r) / spec.mu_norm;
}

Vector RandomGaussianHead(const TokenSelectionSpec& spec, std::uint64_t seed) {
  Require(spec.d >= 1 && spec.mu_norm > 0, "a random head needs d ≥ 1 and ‖μ‖ > 0");
  Rng rng(seed, kDirection);
  Vector g(spec.d);
  for (int j = 0; j < spec.d; ++j) g(j) = rng.Normal();
  return g / (g.norm() * spec.mu_norm);
}

double HeadSignalCosine(const Vector& head) {
  Require(head.size() >= 2 && head.norm() > 0, "the cosine needs a non-zero head of size ≥ 2");
  return (head(0) - head(1)) / (head.norm() * std::sqrt(2.0));
}

double RelevantTokenAccuracy(const TokenSelectionSpec& spec, const Vector& head) {
  const auto Phi = [](double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); };
  const double noise_sd = spec.sigma * head.norm();
  const double plus = spec.mu_norm * head(0), minus = spec.mu_norm * head(1);  // νᵀμ₊, νᵀμ₋
  return 0.5 * Phi(plus / noise_sd) + 0.5 * Phi(-minus / noise_sd);
}

const std::vector<double>& RotatedHeadAngles() {
  static const std::vector<double> degrees = {0, 15, 30, 45, 60, 75, 80, 85, 90};
  return degrees;
}

int HeatmapGridPoints(int stride) {
  Require(stride >= 1, "the heatmap stride must be positive");
  return 38 / stride + 1;
}

HeatmapGridPoint HeatmapGridPointAt(int cell, int stride) {
  const int points = HeatmapGridPoints(stride);
  Require(cell >= 0 && cell < points * points, "heatmap cell out of range");
  return {250 + 125 * stride * (cell / points), 5 + 2.5 * stride * (cell % points)};
}

TokenSelectionSpec Sakamoto24Spec(int d, double mu_norm) {
  TokenSelectionSpec spec;
  spec.n = 20;
  spec.T = 8;
  spec.d = d;
  spec.mu_norm = mu_norm;
  spec.rho = 0.1;
  spec.eta = 0.2;
  return spec;
}

TokenSelectionSpec VariableTokensSpec(int d, double mu_norm) {
  TokenSelectionSpec spec = Sakamoto24Spec(d, mu_norm);
  spec.T_min = 6;
  spec.T = 10;
  spec.relevant = 2;
  spec.weak_same = 2;
  spec.weak_opposite = 2;
  return spec;
}

TokenSelectionRunOptions Sakamoto24Protocol(Budget) {
  TokenSelectionRunOptions options;
  options.train_W = true;
  options.lr = 5e-3;
  options.steps = 1000;
  options.n_test = 2000;
  return options;
}

TokenSelectionRunOptions Sakamoto24FigureProtocol(Budget budget) {
  TokenSelectionRunOptions options = Sakamoto24Protocol(budget);
  if (budget == Budget::kQuick) options.steps = 300;
  return options;
}

TokenSelectionRunOptions Sakamoto24POnlyProtocol() {
  TokenSelectionRunOptions options;
  options.train_W = false;
  options.lr = 1e-3;
  options.steps = 1500;
  options.n_test = 2000;
  return options;
}

const std::vector<int>& HeadOnlyTokenCounts() {
  static const std::vector<int> counts = {4, 8, 16, 32};
  return counts;
}

TokenSelectionSpec HeadOnlySpec(int T) {
  const Sakamoto24Setting& balanced = Sakamoto24Settings()[0];
  TokenSelectionSpec spec = Sakamoto24Spec(balanced.d, balanced.mu_norm);
  spec.T = T;
  return spec;
}

TokenSelectionRunOptions HeadOnlyProtocol(Engine engine) {
  TokenSelectionRunOptions options;
  options.train_W = false;
  options.lr = 5e-3;
  options.steps = 1000;
  options.n_test = 2000;
  options.engine = engine;
  return options;
}

double AveragedNoiseToSignal(const TokenSelectionSpec& spec) {
  const TokenMeanSignal m = TokenMeanSignalOf(spec);
  return spec.sigma * std::sqrt(static_cast<double>(spec.d) / spec.T) /
         (spec.mu_norm * std::hypot(m.same, m.opposite));
}

const std::vector<int>& KClassCounts() {
  static const std::vector<int> counts = {2, 3, 5};
  return counts;
}

TokenSelectionSpec KClassSpec(int K, double eta) {
  TokenSelectionSpec spec = Sakamoto24Spec(2000, 20);
  spec.n = 30;
  spec.classes = K;
  spec.eta = eta;
  spec.flips = FlipRule::kBernoulli;
  return spec;
}

TokenSelectionRunOptions KClassProtocol(Budget budget) {
  TokenSelectionRunOptions options = Sakamoto24FigureProtocol(budget);
  options.train_W = false;
  options.n_test = 400;
  return options;
}

TokenSelectionSpec FrakSSpec(int setting, double eta) {
  struct Point {
    int d;
    double mu_norm;
  };
  constexpr Point kPoints[kFrakSSettings] = {{6000, 20}, {6000, 60}, {6000, 100}, {12000, 120}};
  Require(setting >= 0 && setting < kFrakSSettings, "the 𝔖 setting index must be in 0..3");
  TokenSelectionSpec spec;
  spec.n = 40;
  spec.T = 8;
  spec.d = kPoints[setting].d;
  spec.mu_norm = kPoints[setting].mu_norm;
  spec.rho = 0.1;
  spec.eta = eta;
  spec.relevant = spec.weak_same = spec.weak_opposite = 2;
  return spec;
}

FrakSSweep FrakSSweepAt(Budget budget) {
  switch (budget) {
    case Budget::kQuick: return {1e-3, 600, {0.1, 0.5, 0.9}};
    case Budget::kDefault: return {1e-3, 1500, {0.1, 0.5, 0.7, 0.9}};
    case Budget::kFull: break;
  }
  return {1e-3, 1500, {0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9}};
}

}  // namespace boa
