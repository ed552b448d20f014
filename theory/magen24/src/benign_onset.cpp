#include "boa/benign_onset.hpp"

#include <algorithm>
#include <cmath>

#include <boost/math/distributions/normal.hpp>

#include "boa/error.hpp"
#include "boa/fit_regime.hpp"
#include "boa/linearized_thresholds.hpp"
#include "boa/prompt_attention_run.hpp"

namespace boa {
namespace {

class Evaluator {
 public:
  Evaluator(const BenignOnsetOptions& o, std::uint64_t seed) : o_(o), seed_(seed) {
    const LinearizedThresholds t = MagenLinearizedThresholds(o.eta);
    r_ = o.r > 0 ? o.r : (std::max(t.clean, t.test) + t.noisy) / 2;
  }

  bool BenignAt(int d) {
    SignalNoiseSpec spec;
    spec.n = o_.n;
    spec.d = d;
    spec.eta = o_.eta;
    spec.flips = FlipRule::kExact;
    spec.snr = std::sqrt(r_ / o_.n);  // r = n·SNR² held fixed as d changes
    PromptAttentionRunOptions options;
    options.schedule = MagenScheduleSA(spec.n, spec.d);
    options.n_test = o_.n_test;
    options.engine = o_.engine;
    const PromptAttentionRun run = RunPromptAttention(spec, options, seed_);
    ++evaluations;
    return ClassifyFit(run.train_accuracy, 1 - run.test.error.rate) == FitRegime::kBenign;
  }

  int evaluations = 0;

 private:
  BenignOnsetOptions o_;
  std::uint64_t seed_;
  double r_ = 0;
};

}  // namespace

BenignOnset LocateBenignOnset(const BenignOnsetOptions& o) {
  Require(o.n >= 2 && o.seeds >= 1 && o.top_over_n2 >= 1 && o.bottom_over_n > 0 && o.resolution > 0,
          "the benign onset needs n ≥ 2, a seed, d_top/n² ≥ 1, d_bottom/n > 0 and a positive "
          "resolution");
  const int top = o.top_over_n2 * o.n * o.n;
  const int bottom = std::max(3, static_cast<int>(std::lround(o.bottom_over_n * o.n)));
  BenignOnset result;
  for (int k = 0; k < o.seeds; ++k) {
    Evaluator evaluate(o, o.seed_base + static_cast<std::uint64_t>(k));
    const bool benign_at_top = evaluate.BenignAt(top);
    double onset = top;
    if (benign_at_top) {
      int lo = bottom, hi = top;  // lo: not benign (checked below), hi: benign
      if (evaluate.BenignAt(lo)) {
        onset = lo;
      } else {
        while (hi > (1 + o.resolution) * lo && hi - lo > 1) {
          const int mid = static_cast<int>(std::lround(std::sqrt(double(lo) * hi)));
          (evaluate.BenignAt(mid) ? hi : lo) = mid;
        }
        onset = hi;
      }
    }
    result.evaluations += evaluate.evaluations;
    if (!benign_at_top) continue;
    result.per_seed.push_back(onset);
  }
  std::sort(result.per_seed.begin(), result.per_seed.end());
  result.seeds_benign_at_top = static_cast<int>(result.per_seed.size());
  result.found = 2 * result.seeds_benign_at_top >= o.seeds;
  double log_sum = 0;
  for (const double d : result.per_seed) log_sum += std::log(d);
  if (!result.per_seed.empty()) {
    result.d_onset = std::exp(log_sum / static_cast<double>(result.per_seed.size()));
  }
  return result;
}

BenignOnsetSweepSize BenignOnsetSweepAt(Budget budget) {
  BenignOnsetSweepSize size;
  if (budget == Budget::kFull) {
    size.doublings = 4;
    size.seeds = 32;
  }
  return size;
}

double SignedSumOnsetLaw(int n) {
  const double z = quantile(boost::math::normal(), (1 + std::exp2(-1.0 / n)) / 2);
  return n * z * z;
}

}  // namespace boa
