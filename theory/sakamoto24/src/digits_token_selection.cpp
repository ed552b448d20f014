#include "boa/digits_token_selection.hpp"

#include "boa/error.hpp"
#include "boa/model.hpp"
#include "boa/train.hpp"

namespace boa {
namespace {

// Sample i's most-attended token (the first on ties).
int MostAttended(const RowMatrix& attention, Eigen::Index i) {
  Eigen::Index selected = 0;
  attention.row(i).maxCoeff(&selected);
  return static_cast<int>(selected);
}

// Fraction of the samples with include[i] whose most-attended token is t, per t.
std::array<double, kDigitsTokens> QuadrantSelection(const RowMatrix& attention,
                                                    const std::vector<bool>& include) {
  std::array<double, kDigitsTokens> fraction{};
  int count = 0;
  for (Eigen::Index i = 0; i < attention.rows(); ++i) {
    if (!include[static_cast<std::size_t>(i)]) continue;
    ++count;
    fraction[static_cast<std::size_t>(MostAttended(attention, i))] += 1;
  }
  for (double& f : fraction) f = count == 0 ? 0 : f / count;
  return fraction;
}

}  // namespace

const std::vector<double>& DigitsNoiseRates() {
  static const std::vector<double> rates = {0, 0.1, 0.2, 0.3};
  return rates;
}

DigitsSpec DigitsSpecAt(double eta) {
  DigitsSpec spec;
  spec.eta = eta;
  return spec;
}

DigitsRun RunDigitsTokenSelection(const DigitsSpec& spec, const TokenSelectionRunOptions& options,
                                  std::uint64_t seed) {
  Require(options.lr > 0 && options.steps >= 0, "a token-selection run needs lr > 0, steps ≥ 0");
  Require(options.engine == Engine::kDirect,
          "the digits data have no Gram form: run them on the direct engine");
  const DigitsData data = GenerateDigits(spec, seed);
  TokenSelection model(spec.d, data.head, options.train_W);
  if (options.train_W) InitTokenSelectionW(model, seed);
  std::map<std::string, double> lr = {{"p", options.lr}};
  if (options.train_W) lr["W"] = options.lr;
  GradientDescent(model, data.train, {options.steps, ConstantSchedule(lr), 0});

  DigitsRun run;
  const Evaluation train = model.Evaluate(data.train, false);
  const std::vector<bool> all(static_cast<std::size_t>(data.train.n), true);
  std::vector<bool> clean(all.size());
  for (std::size_t i = 0; i < clean.size(); ++i) clean[i] = !data.train.noisy[i];
  run.train_accuracy = FittedFraction(data.train.y, train.f, all);
  run.noisy_fitted = FittedFraction(data.train.y, train.f, data.train.noisy);
  run.clean_selects = QuadrantSelection(train.attention, clean);
  run.noisy_selects = QuadrantSelection(train.attention, data.train.noisy);
  for (Eigen::Index i = 0; i < train.attention.rows(); ++i) {
    run.train_selected.push_back(MostAttended(train.attention, i));
  }
  const DigitsQuadrantRoles roles = DigitsRoles(spec);
  run.clean_roles = SelectedRoleShares(data.train.y_true, run.train_selected, roles, clean);
  run.noisy_roles =
      SelectedRoleShares(data.train.y_true, run.train_selected, roles, data.train.noisy);

  const Evaluation test = model.Evaluate(data.test, false);
  const std::vector<bool> every_test(static_cast<std::size_t>(data.test.n), true);
  run.test_accuracy = FittedFraction(data.test.y, test.f, every_test);
  run.test_count = data.test.n;
  run.test_selects = QuadrantSelection(test.attention, every_test);
  return run;
}

}  // namespace boa
