#include "boa/token_selection_run.hpp"

#include "boa/error.hpp"
#include "boa/gram_descent.hpp"
#include "boa/gram_sampling.hpp"
#include "boa/metrics.hpp"
#include "boa/model.hpp"

namespace boa {
namespace {

constexpr TokenRole kD2Roles[] = {TokenRole::kRelevant, TokenRole::kWeakSame,
                                  TokenRole::kWeakOpposite, TokenRole::kIrrelevant};

double FittedFraction(const SampleLabels& labels, const Vector& f) {
  return boa::FittedFraction(labels.y, f,
                             std::vector<bool>(static_cast<std::size_t>(labels.n), true));
}

double NoisyFittedFraction(const SampleLabels& labels, const Vector& f) {
  return boa::FittedFraction(labels.y, f, labels.noisy);
}

double SelectedTokenHasLabelSign(const SampleLabels& labels, const RowMatrix& attention,
                                 const RowMatrix& head_scores) {
  int count = 0, agree = 0;
  for (int i = 0; i < labels.n; ++i) {
    if (!labels.noisy[i]) continue;
    ++count;
    agree += labels.y(i) * head_scores(i, SelectedToken(attention, i)) > 0;
  }
  return count == 0 ? 1.0 : static_cast<double>(agree) / count;
}

void RequireGramOptions(const TokenSelectionRunOptions& options) {
  Require(!options.train_W,
          "the Gram engine trains p only (W = I): training W moves q = Wᵀp out of the span of the "
          "tokens; use the direct engine for the W-and-p protocol");
  Require(
      options.head.size() == 0,
      "the Gram engine runs the default head ν ∈ span{e₁, e₂}: use the direct engine for another "
      "head");
  Require(
      !options.observer,
      "the Gram engine has no ambient model to observe: use attention_observer (or the direct engine)");
}

bool Recorded(const TokenSelectionRunOptions& options, int step) {
  return options.record_every > 0 && (step % options.record_every == 0 || step == options.steps);
}

TokenSelectionRun RunDirect(const TokenSelectionSpec& spec, const TokenSelectionRunOptions& options,
                            std::uint64_t seed) {
  TokenSelectionRun run;
  run.data = GenerateTokenSelection(spec, seed);
  run.labels = LabelsOf(run.data);
  Require(options.head.size() == 0 || options.head.size() == spec.d,
          "a fixed head must have d entries (or none, for the default head)");
  TokenSelection model(spec.d, options.head.size() == 0 ? DefaultHead(run.data) : options.head,
                       options.train_W);
  if (options.train_W) InitTokenSelectionW(model, seed);
  std::map<std::string, double> lr = {{"p", options.lr}};
  if (options.train_W) lr["W"] = options.lr;
  const Observer observer = [&](int step, const Model& m, const Evaluation& e) {
    if (Recorded(options, step)) {
      run.trace.push_back(
          {step, FittedFraction(run.labels, e.f),
           ProjectedCleanTestAccuracy(static_cast<const TokenSelection&>(m).Query(), m.Block("nu"),
                                      spec, options.n_test_trace, seed)});
    }
    if (options.observer) options.observer(step, run.data, m, e);
    if (options.attention_observer) options.attention_observer(step, run.labels, e.f, e.attention);
  };
  GradientDescent(model, run.data, {options.steps, ConstantSchedule(lr), 0}, observer);
  // Read-only from here: a non-const Block() would form the dense W (O(nT·d²)) for nothing.
  const TokenSelection& trained = model;
  const Evaluation e = trained.Evaluate(run.data, false);
  SummarizeFit(run.labels, e.f, e.attention, HeadScores(run.data, trained.Block("nu")), run);
  run.query = trained.Query();
  run.test = ProjectedCleanTestError(run.query, trained.Block("nu"), spec, options.n_test, seed);
  run.test_accuracy = 1 - run.test.error.rate;
  return run;
}

}  // namespace

std::map<std::string, double> SelectionByRole(const RowMatrix& attention,
                                              const SampleLabels& labels,
                                              const std::vector<bool>& include) {
  std::map<std::string, double> fraction;
  for (const TokenRole role : kD2Roles) fraction[std::string(RoleName(role))] = 0;
  int count = 0;
  for (int i = 0; i < labels.n; ++i) {
    if (!include[i]) continue;
    ++count;
    fraction[std::string(RoleName(labels.Role(i, SelectedToken(attention, i))))] += 1;
  }
  if (count == 0) return {};
  for (auto& [role, f] : fraction) f /= count;
  return fraction;
}

double FittedFraction(const Vector& y, const Vector& f, const std::vector<bool>& include) {
  int count = 0, fitted = 0;
  for (Eigen::Index i = 0; i < y.size(); ++i) {
    if (!include[static_cast<std::size_t>(i)]) continue;
    ++count;
    fitted += y(i) * f(i) > 0;
  }
  return count == 0 ? 1.0 : static_cast<double>(fitted) / count;
}

std::vector<bool> CleanSamples(const SampleLabels& labels) {
  std::vector<bool> clean(labels.n);
  for (int i = 0; i < labels.n; ++i) clean[i] = !labels.noisy[i];
  return clean;
}

double ProjectedCleanTestAccuracy(const Vector& q, const Vector& head,
                                  const TokenSelectionSpec& spec, int n_test, std::uint64_t seed) {
  return 1 - ProjectedCleanTestError(q, head, spec, n_test, seed).error.rate;
}

RowMatrix HeadScores(const Dataset& data, const Vector& head) {
  const Vector scores = data.X * head;
  return Eigen::Map<const RowMatrix>(scores.data(), data.n, data.T);
}

void SummarizeFit(const SampleLabels& labels, const Vector& f, const RowMatrix& attention,
                  const RowMatrix& head_scores, TokenSelectionRun& run) {
  run.train_accuracy = FittedFraction(labels, f);
  run.noisy_fitted = NoisyFittedFraction(labels, f);
  run.clean_selects = SelectionByRole(attention, labels, CleanSamples(labels));
  run.noisy_selects = SelectionByRole(attention, labels, labels.noisy);
  run.noisy_select_label_sign = SelectedTokenHasLabelSign(labels, attention, head_scores);
}

TokenSelectionRun RunTokenSelection(const TokenSelectionSpec& spec,
                                    const TokenSelectionRunOptions& options, std::uint64_t seed) {
  Require(options.lr > 0 && options.steps >= 0, "a token-selection run needs lr > 0, steps ≥ 0");
  if (options.engine == Engine::kDirect) return RunDirect(spec, options, seed);
  RequireGramOptions(options);  // before sampling, so that a refused run costs nothing
  return RunTokenSelectionOnGram(SampleTokenSelectionGram(spec, 0, seed), spec, options, seed);
}

TokenSelectionRun RunTokenSelectionOnGram(const GramInstance& gram, const TokenSelectionSpec& spec,
                                          const TokenSelectionRunOptions& options,
                                          std::uint64_t seed) {
  Require(options.lr > 0 && options.steps >= 0, "a token-selection run needs lr > 0, steps ≥ 0");
  RequireGramOptions(options);
  Require(gram.n == spec.n && gram.T == spec.T && gram.d == spec.d && gram.sigma == spec.sigma &&
              gram.noise_in_signal_plane,
          "the Gram instance is not a D2 training set of this spec's n, T, d and σ");
  TokenSelectionRun run;
  run.labels = LabelsOf(gram);
  GramModel model = GramTokenSelection(gram);
  const GramObserver observer = [&](int step, const GramModel& m, const ProjectedAttention& a) {
    if (Recorded(options, step)) {
      const TestProjections projections = ProjectionsOf(m.query, m.head, gram);
      run.trace.push_back(
          {step, FittedFraction(run.labels, a.f),
           1 - ProjectedCleanTestError(projections, spec, options.n_test_trace, seed).error.rate});
    }
    if (options.attention_observer) options.attention_observer(step, run.labels, a.f, a.attention);
  };
  const bool observed = options.record_every > 0 || static_cast<bool>(options.attention_observer);
  GramGradientDescent(gram, model, {options.steps, ConstantSchedule({{"p", options.lr}}), 0},
                      observed ? observer : GramObserver{});
  const GramEvaluation e = EvaluateGram(gram, model);
  SummarizeFit(run.labels, e.attention.f, e.attention.attention, gram.Project(model.head), run);
  run.test = ProjectedCleanTestError(ProjectionsOf(model.query, model.head, gram), spec,
                                     options.n_test, seed);
  run.test_accuracy = 1 - run.test.error.rate;
  return run;
}

namespace {

void RequireHeadOnly(const TokenSelectionSpec& spec, const TokenSelectionRunOptions& options) {
  Require(options.lr > 0 && options.steps >= 0, "a head-only run needs lr > 0, steps ≥ 0");
  Require(spec.T_min == 0, "a head-only run takes constant token counts (T_min = 0)");
  Require(!options.train_W && !options.observer && !options.attention_observer,
          "a head-only run trains the head v alone: no W, no observers");
}

TrainOptions HeadOnlyTraining(const TokenSelectionRunOptions& options) {
  return {options.steps, ConstantSchedule({{"v", options.lr}}), 0};
}

// Fills the fit and the clean test accuracy from the training outputs f and the final
// projections.
void SummarizeHeadOnly(const Vector& f, const TestProjections& projections,
                       const TokenSelectionSpec& spec, const TokenSelectionRunOptions& options,
                       std::uint64_t seed, TokenSelectionRun& run) {
  run.train_accuracy = FittedFraction(run.labels, f);
  run.noisy_fitted = NoisyFittedFraction(run.labels, f);
  run.test = ProjectedCleanTestError(projections, spec, options.n_test, seed);
  run.test_accuracy = 1 - run.test.error.rate;
}

}  // namespace

TokenSelectionRun RunHeadOnlyOnGram(const GramInstance& gram, const TokenSelectionSpec& spec,
                                    const TokenSelectionRunOptions& options, std::uint64_t seed) {
  RequireHeadOnly(spec, options);
  GramModel model = GramPromptAttention(gram);
  model.train_query = false;
  GramGradientDescent(gram, model, HeadOnlyTraining(options));
  TokenSelectionRun run;
  run.labels = LabelsOf(gram);
  SummarizeHeadOnly(EvaluateGram(gram, model).attention.f,
                    ProjectionsOf(model.query, model.head, gram), spec, options, seed, run);
  return run;
}

TokenSelectionRun RunHeadOnly(const TokenSelectionSpec& spec,
                              const TokenSelectionRunOptions& options, std::uint64_t seed) {
  RequireHeadOnly(spec, options);
  if (options.engine == Engine::kGram) {
    return RunHeadOnlyOnGram(SampleTokenSelectionGram(spec, 0, seed), spec, options, seed);
  }
  TokenSelectionRun run;
  run.data = GenerateTokenSelection(spec, seed);
  PromptAttention model(spec.d);
  model.Blocks()[0].trained = false;  // block 0 is p
  GradientDescent(model, run.data, HeadOnlyTraining(options));
  run.labels = LabelsOf(run.data);
  run.head = model.Block("v");
  SummarizeHeadOnly(
      model.Evaluate(run.data, false).f,
      ProjectionsOf(model.Block("p"), model.Block("v"), spec.mu_norm, spec.sigma, true), spec,
      options, seed, run);
  return run;
}

TokenSelectionRun RunTokenSelectionK(const TokenSelectionSpec& spec,
                                     const TokenSelectionRunOptions& options, std::uint64_t seed) {
  Require(options.lr > 0 && options.steps >= 0, "a K-class run needs lr > 0, steps ≥ 0");
  Require(spec.T_min == 0, "a K-class run takes constant token counts (T_min = 0)");
  Require(!options.train_W && options.head.size() == 0 && options.engine == Engine::kDirect &&
              !options.observer && !options.attention_observer && options.record_every == 0,
          "a K-class run trains p alone (W = I) with the heads DefaultHeadsK on the direct engine, "
          "without observers");
  TokenSelectionRun run;
  run.data = GenerateTokenSelection(spec, seed);
  run.labels = LabelsOf(run.data);
  TokenSelectionK model(spec.d, DefaultHeadsK(run.data));
  GradientDescent(model, run.data, {options.steps, ConstantSchedule({{"p", options.lr}}), 0});
  const Evaluation e = model.Evaluate(run.data, false);
  const Vector fitted_if_positive = Vector::Ones(spec.n);  // f is the margin
  const std::vector<bool> all(static_cast<std::size_t>(spec.n), true);
  run.train_accuracy = boa::FittedFraction(fitted_if_positive, e.f, all);
  run.noisy_fitted = boa::FittedFraction(fitted_if_positive, e.f, run.labels.noisy);
  run.clean_selects = SelectionByRole(e.attention, run.labels, CleanSamples(run.labels));
  run.noisy_selects = SelectionByRole(e.attention, run.labels, run.labels.noisy);
  run.noisy_selects_label_class = NoisySelectsLabelClass(run.data, e.attention, spec.rho);
  run.query = model.Block("p");
  const Dataset test = GenerateTokenSelectionTest(spec, options.n_test, seed);
  const Vector margins = model.Evaluate(test, false).f;
  run.test_accuracy = boa::FittedFraction(Vector::Ones(options.n_test), margins,
                                          std::vector<bool>(options.n_test, true));
  return run;
}

double NoisySelectsLabelClass(const Dataset& data, const RowMatrix& attention, double rho) {
  int noisy = 0, label_class = 0;
  for (int i = 0; i < data.n; ++i) {
    if (!data.noisy[static_cast<std::size_t>(i)]) continue;
    const Vector signal = TokenSignal(data, i, SelectedToken(attention, i), rho);
    ++noisy;
    label_class += signal(ClassIndex(data, data.y(i))) > 0;
  }
  return noisy > 0 ? static_cast<double>(label_class) / noisy : 1;
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

int FirstStepReaching(const std::vector<AccuracyPoint>& trace, bool train, double threshold,
                      int never) {
  for (const AccuracyPoint& p : trace) {
    if ((train ? p.train_accuracy : p.test_accuracy) >= threshold) return p.step;
  }
  return never;
}

}  // namespace boa
