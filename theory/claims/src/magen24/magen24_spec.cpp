#include "magen24_spec.hpp"

#include <cmath>

#include "boa/error.hpp"
#include "boa/gram_sampling.hpp"
#include "boa/joint_max_margin.hpp"
#include "boa/linearized_thresholds.hpp"

namespace boa::claims {

SignalNoiseSpec SignalNoiseSpecFromParams(const Params& params) {
  SignalNoiseSpec spec;
  spec.n = IntParam(params, "n");
  spec.d = IntParam(params, "d");
  spec.snr = RealParam(params, "snr");
  spec.eta = RealParam(params, "eta");
  if (params.count("T")) spec.T = IntParam(params, "T");
  if (params.count("random_position") && IntParam(params, "random_position")) {
    spec.position = SignalPosition::kRandom;
  }
  return spec;
}

int SizeFromParams(double value, const std::string& what) {
  Require(value >= -2147483647.0 && value <= 2147483647.0 && value == std::floor(value),
          what + " = " + FormatNumber(value) + " is not a representable integer size");
  return static_cast<int>(value);
}

MaxMarginInstance MaxMarginInstanceFromParams(const Params& params) {
  MaxMarginInstance m;
  m.spec.n = IntParam(params, "n");
  m.spec.d =
      SizeFromParams(IntParam(params, "d_over_n2") * static_cast<double>(m.spec.n) * m.spec.n, "d");
  m.spec.eta = IntParam(params, "eta_percent") / 100.0;
  m.spec.flips = FlipRule::kExact;
  m.ratio = std::exp2((IntParam(params, "above") ? 1 : -1) * RealParam(params, "log2_ratio"));
  m.snr_squared = m.ratio * MaxMarginSnrSquaredThreshold(m.spec.n, m.spec.eta);
  m.spec.snr = std::sqrt(m.snr_squared);
  return m;
}

MaxMarginInstance AntipodalInstance(MaxMarginInstance instance) {
  instance.spec.antipodal = true;
  instance.snr_squared /= 2;
  instance.spec.snr = std::sqrt(instance.snr_squared);
  return instance;
}

Regime MaxMarginJointRegime(int above_lo, int above_hi) {
  return {{"n", 6, kMaxEnumeratedSamples},
          {"d_over_n2", 2, 4},
          {"eta_percent", 0, 20},
          {"above", above_lo, above_hi},
          {"log2_ratio", 4, 20, 0.1}};
}

GramInstance MaxMarginGram(const SignalNoiseSpec& spec, std::uint64_t seed, Engine engine) {
  if (engine == Engine::kGram) return SampleSignalNoiseGram(spec, 0, seed);
  return GramFromDataset(GenerateSignalNoise(spec, seed), spec.sigma).gram;
}

std::string DirectionFailure(const std::vector<double>& cosines, const std::string& what) {
  Require(cosines.size() == kDirectionCheckpoints.size(), "one cosine per checkpoint is needed");
  for (std::size_t k = 1; k < cosines.size(); ++k) {
    if (cosines[k] < cosines[k - 1] - kDirectionCosineSlack) {
      return what + " falls from " + std::to_string(cosines[k - 1]) + " to " +
             std::to_string(cosines[k]) + " at step " + std::to_string(kDirectionCheckpoints[k]);
    }
  }
  if (cosines.back() < kDirectionFinalCosine) {
    return what + " ends at " + std::to_string(cosines.back()) + " < " +
           std::to_string(kDirectionFinalCosine) + " after " +
           std::to_string(kDirectionCheckpoints.back()) + " steps";
  }
  return "";
}

}  // namespace boa::claims
