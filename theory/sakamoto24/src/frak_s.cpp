#include "boa/frak_s.hpp"

#include <limits>

namespace boa {
namespace {

double Ratio(double clean, double noisy) {
  return noisy > 0 ? clean / noisy : std::numeric_limits<double>::infinity();
}

}  // namespace

double FrakS::RPlus() const { return Ratio(clean_plus, noisy_plus); }
double FrakS::RMinus() const { return Ratio(clean_minus, noisy_minus); }

AttentionObserver FrakSAccumulator(FrakS& out) {
  return [&out](int, const SampleLabels& data, const Vector&, const RowMatrix& attention) {
    for (int i = 0; i < data.n; ++i) {
      double s = 0;
      for (int t = 0; t < data.T; ++t)
        s += data.Role(i, t) == TokenRole::kRelevant ? attention(i, t) : 0;
      const double frak = s * (1 - s);
      if (data.noisy[i]) {
        (data.y_true(i) > 0 ? out.noisy_plus : out.noisy_minus) += frak;
      } else {
        (data.y(i) > 0 ? out.clean_plus : out.clean_minus) += frak;
      }
    }
  };
}

TokenSelectionRun FrakSRun(const TokenSelectionSpec& spec, double lr, int steps, std::uint64_t seed,
                           FrakS& frak, Engine engine) {
  TokenSelectionRunOptions options;
  options.train_W = false;
  options.lr = lr;
  options.steps = steps;
  options.attention_observer = FrakSAccumulator(frak);
  options.engine = engine;
  return RunTokenSelection(spec, options, seed);
}

}  // namespace boa
