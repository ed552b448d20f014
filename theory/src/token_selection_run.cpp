#include "boa/token_selection_run.hpp"

#include "boa/error.hpp"
#include "boa/metrics.hpp"
#include "boa/model.hpp"

namespace boa {
namespace {

constexpr TokenRole kD2Roles[] = {TokenRole::kRelevant, TokenRole::kWeakSame,
                                  TokenRole::kWeakOpposite, TokenRole::kIrrelevant};

double NoisyFittedFraction(const Evaluation& e, const Dataset& data) {
  int count = 0, fitted = 0;
  for (int i = 0; i < data.n; ++i) {
    if (!data.noisy[i]) continue;
    ++count;
    fitted += data.y(i) * e.f(i) > 0;
  }
  return count == 0 ? 1.0 : static_cast<double>(fitted) / count;
}

double SelectedTokenHasLabelSign(const Evaluation& e, const Dataset& data, const Vector& head) {
  int count = 0, agree = 0;
  for (int i = 0; i < data.n; ++i) {
    if (!data.noisy[i]) continue;
    ++count;
    Eigen::Index selected = 0;
    e.attention.row(i).maxCoeff(&selected);
    agree += data.y(i) * head.dot(data.Tokens(i).row(selected)) > 0;
  }
  return count == 0 ? 1.0 : static_cast<double>(agree) / count;
}

}  // namespace

std::map<std::string, double> SelectionByRole(const RowMatrix& attention, const Dataset& data,
                                              const std::vector<bool>& include) {
  std::map<std::string, double> fraction;
  for (const TokenRole role : kD2Roles) fraction[std::string(RoleName(role))] = 0;
  int count = 0;
  for (int i = 0; i < data.n; ++i) {
    if (!include[i]) continue;
    ++count;
    Eigen::Index selected = 0;
    attention.row(i).maxCoeff(&selected);
    fraction[std::string(RoleName(data.Role(i, static_cast<int>(selected))))] += 1;
  }
  if (count == 0) return {};
  for (auto& [role, f] : fraction) f /= count;
  return fraction;
}

std::vector<bool> CleanSamples(const Dataset& data) {
  std::vector<bool> clean(data.n);
  for (int i = 0; i < data.n; ++i) clean[i] = !data.noisy[i];
  return clean;
}

double ProjectedCleanTestAccuracy(const Vector& q, const Vector& head,
                                  const TokenSelectionSpec& spec, int n_test, std::uint64_t seed) {
  return 1 - ProjectedCleanTestError(q, head, spec, n_test, seed).error.rate;
}

void SummarizeFit(const Evaluation& e, const Dataset& data, const Vector& head,
                  TokenSelectionRun& run) {
  run.train_accuracy = TrainAccuracy(e, data);
  run.noisy_fitted = NoisyFittedFraction(e, data);
  run.clean_selects = SelectionByRole(e.attention, data, CleanSamples(data));
  run.noisy_selects = SelectionByRole(e.attention, data, data.noisy);
  run.noisy_select_label_sign = SelectedTokenHasLabelSign(e, data, head);
}

TokenSelectionRun RunTokenSelection(const TokenSelectionSpec& spec,
                                    const TokenSelectionRunOptions& options, std::uint64_t seed) {
  Require(options.lr > 0 && options.steps >= 0, "a token-selection run needs lr > 0, steps ≥ 0");
  TokenSelectionRun run;
  run.data = GenerateTokenSelection(spec, seed);
  TokenSelection model(spec.d, DefaultHead(run.data), options.train_W);
  if (options.train_W) InitTokenSelectionW(model, seed);
  std::map<std::string, double> lr = {{"p", options.lr}};
  if (options.train_W) lr["W"] = options.lr;
  const Observer observer = [&](int step, const Model& m, const Evaluation& e) {
    if (options.record_every > 0 && (step % options.record_every == 0 || step == options.steps)) {
      run.trace.push_back({step, TrainAccuracy(e, run.data),
                           ProjectedCleanTestAccuracy(static_cast<const TokenSelection&>(m).Query(),
                                                      m.Block("nu"), spec, options.n_test_trace, seed)});
    }
    if (options.observer) options.observer(step, run.data, m, e);
  };
  GradientDescent(model, run.data, {options.steps, ConstantSchedule(lr), 0}, observer);
  SummarizeFit(model.Evaluate(run.data, false), run.data, model.Block("nu"), run);
  run.query = model.Query();
  run.test = ProjectedCleanTestError(run.query, model.Block("nu"), spec, options.n_test, seed);
  run.test_accuracy = 1 - run.test.error.rate;
  return run;
}

void AddRunMeasures(const std::string& prefix, const TokenSelectionRun& run,
                    std::map<std::string, double>& measured) {
  measured[prefix + "train_accuracy"] = run.train_accuracy;
  measured[prefix + "test_accuracy"] = run.test_accuracy;
  measured[prefix + "noisy_fitted"] = run.noisy_fitted;
  measured[prefix + "noisy_select_label_sign"] = run.noisy_select_label_sign;
  for (const auto& [role, f] : run.clean_selects) measured[prefix + "clean_selects_" + role] = f;
  for (const auto& [role, f] : run.noisy_selects) measured[prefix + "noisy_selects_" + role] = f;
}

}  // namespace boa
