// One [S] experiment: the bookkeeping on hand-made attention (which token each sample selects, by
// role, and the 𝔖 sums, where the right answer is known by construction); the Gram engine's run
// on the Gram form of directly generated data is the direct engine's run (every step's outputs
// and attention to rtol 1e-10, every summary, the trace and the test result); and what the Gram
// engine refuses. (That the two engines agree in distribution on their own draws is in
// gram_sampling_test.cpp.) [S] Section F: the K-output M2 (TokenSelectionK) is the binary M2 at
// K = 2, its gradient matches finite differences at K = 3, 5, and a K-class run fills its
// summaries.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/error.hpp"
#include "boa/finite_difference.hpp"
#include "boa/frak_s.hpp"
#include "boa/gram_instance.hpp"
#include "boa/model.hpp"
#include "boa/projected_test_error.hpp"
#include "boa/rng.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa/token_selection_data.hpp"
#include "boa/token_selection_run.hpp"
#include "boa/tolerances.hpp"

namespace boa {
namespace token_selection_run_test {

// Three samples of T = 3 tokens (relevant, weak opposite, irrelevant); sample 1 is noisy.
Dataset ThreeSamples() {
  Dataset data;
  data.n = 3;
  data.T = 3;
  data.d = 3;
  data.X = RowMatrix::Zero(9, 3);
  data.y = Vector::Ones(3);
  data.y_true = Vector::Ones(3);
  data.y(1) = -1;
  data.y_true(2) = data.y(2) = -1;
  data.noisy = {false, true, false};
  for (int i = 0; i < 3; ++i) {
    data.roles.insert(data.roles.end(),
                      {TokenRole::kRelevant, TokenRole::kWeakOpposite, TokenRole::kIrrelevant});
  }
  return data;
}

TEST(TokenSelectionRun, SelectionByRoleCountsTheArgmaxTokenOfEachIncludedSample) {
  const SampleLabels data = LabelsOf(ThreeSamples());
  RowMatrix attention(3, 3);
  attention << 0.7, 0.2, 0.1,  // clean → relevant
      0.1, 0.6, 0.3,           // noisy → weak opposite
      0.2, 0.3, 0.5;           // clean → irrelevant
  const auto clean = SelectionByRole(attention, data, CleanSamples(data));
  EXPECT_DOUBLE_EQ(clean.at("relevant"), 0.5);
  EXPECT_DOUBLE_EQ(clean.at("irrelevant"), 0.5);
  EXPECT_DOUBLE_EQ(clean.at("weak_opposite"), 0.0);
  EXPECT_DOUBLE_EQ(clean.at("weak_same"), 0.0);  // every D2 role is reported
  const auto noisy = SelectionByRole(attention, data, data.noisy);
  EXPECT_DOUBLE_EQ(noisy.at("weak_opposite"), 1.0);
  EXPECT_TRUE(SelectionByRole(attention, data, {false, false, false}).empty());
}

TEST(TokenSelectionRun, FrakSAddsRelevantAttentionTimesItsComplementPerGroup) {
  const SampleLabels data = LabelsOf(ThreeSamples());
  FrakS frak;
  const AttentionObserver observe = FrakSAccumulator(frak);
  RowMatrix attention(3, 3);
  attention << 0.5, 0.25, 0.25,  // clean, y = +1: 𝔖 = 0.25
      0.2, 0.4, 0.4,             // noisy, ỹ = +1: 𝔖 = 0.16
      0.9, 0.05, 0.05;           // clean, y = −1: 𝔖 = 0.09
  observe(0, data, Vector::Zero(3), attention);
  observe(1, data, Vector::Zero(3), attention);  // two steps: sums double
  EXPECT_DOUBLE_EQ(frak.clean_plus, 0.5);
  EXPECT_DOUBLE_EQ(frak.noisy_plus, 0.32);
  EXPECT_DOUBLE_EQ(frak.clean_minus, 0.18);
  EXPECT_DOUBLE_EQ(frak.RPlus(), 0.5 / 0.32);
  EXPECT_TRUE(std::isinf(frak.RMinus()));  // no noisy sample of true class −1
}

struct Step {
  Vector f;
  RowMatrix attention;
};

// max |a − b| / (rtol · max(|a|, |b|, tiny)) over the entries; ≤ 1 passes.
double Gap(const Eigen::Ref<const Eigen::MatrixXd>& a, const Eigen::Ref<const Eigen::MatrixXd>& b) {
  const double scale = std::max(a.cwiseAbs().maxCoeff(), b.cwiseAbs().maxCoeff()) + 1e-300;
  return (a - b).cwiseAbs().maxCoeff() / (kTolerances.equivalence * scale);
}

RC_GTEST_PROP(TokenSelectionRun, GramEngineOnTheSameDataIsTheDirectRun, ()) {
  TokenSelectionSpec spec;
  spec.n = *rc::gen::inRange(2, 9);
  spec.T = *rc::gen::inRange(2, 6);
  spec.d = *rc::gen::inRange(3, 40);  // d − 2 < nT too: the Gram matrix is then singular
  spec.mu_norm = *rc::gen::inRange(1, 40) * 0.25;
  spec.rho = *rc::gen::inRange(0, 8) * 0.1;
  spec.eta = *rc::gen::inRange(0, 5) * 0.1;
  spec.sigma = *rc::gen::element(0.5, 1.0, 2.0);
  spec.weak_same = spec.T >= 3 ? 1 : 0;
  spec.weak_opposite = spec.T >= 4 ? 1 : 0;
  spec.labels = *rc::gen::element(LabelRule::kBalanced, LabelRule::kRandom);
  spec.flips = *rc::gen::element(FlipRule::kBalancedExact, FlipRule::kBernoulli);
  const std::uint64_t seed = *rc::gen::inRange<std::uint64_t>(1, 1u << 30);
  TokenSelectionRunOptions options;
  options.train_W = false;
  options.lr = *rc::gen::inRange(1, 40) * 0.05;
  options.steps = *rc::gen::inRange(0, 30);
  options.record_every = *rc::gen::inRange(0, 4);
  options.n_test = 400;
  options.n_test_trace = 100;
  std::vector<Step> direct_steps, gram_steps;
  auto recorder = [](std::vector<Step>& into) {
    return [&into](int, const SampleLabels&, const Vector& f, const RowMatrix& a) {
      into.push_back({f, a});
    };
  };
  options.attention_observer = recorder(direct_steps);
  const TokenSelectionRun direct = RunTokenSelection(spec, options, seed);
  options.attention_observer = recorder(gram_steps);
  const GramFromData gram = GramFromDataset(GenerateTokenSelection(spec, seed), spec.sigma);
  const TokenSelectionRun spanned = RunTokenSelectionOnGram(gram.gram, spec, options, seed);

  // Every step: the same outputs and attention.
  RC_ASSERT(gram_steps.size() == direct_steps.size());
  RC_ASSERT(direct_steps.size() == static_cast<std::size_t>(options.steps) + 1);
  for (std::size_t k = 0; k < direct_steps.size(); ++k) {
    RC_ASSERT(Gap(gram_steps[k].f, direct_steps[k].f) <= 1);
    RC_ASSERT(Gap(gram_steps[k].attention, direct_steps[k].attention) <= 1);
  }
  // The summaries (discrete: equal unless an output sits within rounding of a tie, which has
  // probability ~1e-10 per comparison for continuous data).
  RC_ASSERT(spanned.train_accuracy == direct.train_accuracy);
  RC_ASSERT(spanned.noisy_fitted == direct.noisy_fitted);
  RC_ASSERT(spanned.noisy_select_label_sign == direct.noisy_select_label_sign);
  RC_ASSERT(spanned.clean_selects == direct.clean_selects);
  RC_ASSERT(spanned.noisy_selects == direct.noisy_selects);
  RC_ASSERT(spanned.trace.size() == direct.trace.size());
  for (std::size_t k = 0; k < direct.trace.size(); ++k) {
    RC_ASSERT(spanned.trace[k].step == direct.trace[k].step);
    RC_ASSERT(spanned.trace[k].train_accuracy == direct.trace[k].train_accuracy);
    RC_ASSERT(spanned.trace[k].test_accuracy == direct.trace[k].test_accuracy);
  }
  // The test result: the same sufficient statistics, so the same test samples and errors.
  RC_ASSERT(spanned.test.error.errors == direct.test.error.errors);
  RC_ASSERT(spanned.test_accuracy == direct.test_accuracy);
  RC_ASSERT(std::fabs(spanned.test.mean_signal_attention - direct.test.mean_signal_attention) <=
            kTolerances.equivalence);
  // Labels, flips and roles are the training set's; ambient vectors are not kept.
  RC_ASSERT(spanned.labels.y == direct.data.y);
  RC_ASSERT(spanned.labels.y_true == direct.data.y_true);
  RC_ASSERT(spanned.labels.noisy == direct.data.noisy);
  RC_ASSERT(spanned.labels.roles == direct.data.roles);
  RC_ASSERT(spanned.data.X.size() == 0);
  RC_ASSERT(spanned.query.size() == 0);
}

TokenSelectionSpec SmallSpec() {
  TokenSelectionSpec spec;
  spec.n = 6;
  spec.T = 4;
  spec.d = 50;
  spec.mu_norm = 4;
  return spec;
}

TEST(TokenSelectionRun, GramEngineRefusesWTrainingAndTheAmbientObserver) {
  TokenSelectionRunOptions options;
  options.steps = 5;
  options.engine = Engine::kGram;
  options.train_W = true;
  EXPECT_THROW(RunTokenSelection(SmallSpec(), options, 1), InvalidInput);
  options.train_W = false;
  options.observer = [](int, const Dataset&, const Model&, const Evaluation&) {};
  EXPECT_THROW(RunTokenSelection(SmallSpec(), options, 1), InvalidInput);
  options.observer = {};
  EXPECT_NO_THROW(RunTokenSelection(SmallSpec(), options, 1));
}

TEST(TokenSelectionRun, GramEngineFillsEverySummaryAndTheTrace) {
  TokenSelectionRunOptions options;
  options.train_W = false;
  options.lr = 0.5;
  options.steps = 10;
  options.record_every = 4;
  options.engine = Engine::kGram;
  int observed = 0;
  options.attention_observer = [&](int step, const SampleLabels& labels, const Vector& f,
                                   const RowMatrix& a) {
    EXPECT_EQ(step, observed++);
    EXPECT_EQ(labels.y.size(), 6);
    EXPECT_EQ(f.size(), 6);
    EXPECT_EQ(a.rows(), 6);
    EXPECT_EQ(a.cols(), 4);
  };
  const TokenSelectionRun run = RunTokenSelection(SmallSpec(), options, 3);
  EXPECT_EQ(observed, 11);
  ASSERT_EQ(run.trace.size(), 4u);  // steps 0, 4, 8 and the last
  EXPECT_EQ(run.trace.back().step, 10);
  EXPECT_EQ(run.trace.back().train_accuracy, run.train_accuracy);
  EXPECT_EQ(run.clean_selects.size(), 4u);
  EXPECT_EQ(run.noisy_selects.size(), 4u);  // η = 0.2, n = 6: two flips
  EXPECT_EQ(run.test.error.trials, options.n_test);
  EXPECT_EQ(run.test_accuracy, 1 - run.test.error.rate);
  EXPECT_EQ(run.labels.noisy.size(), 6u);
  EXPECT_EQ(run.data.X.size(), 0);
}

// [S] Section F heads: the rotated head keeps the default norm 1/‖μ‖ and scores the class
// signals ±cos θ/√2 exactly (its random part is ⟂ e₁, e₂); θ = 0 is the default head; the
// Gaussian head has the default norm; and a given head reaches the model (Gram refuses it).
TEST(FixedHeads, RotatedHeadScoresTheSignalsByTheCosineOfItsAngle) {
  TokenSelectionSpec spec;
  spec.d = 50;
  spec.n = 4;
  for (const double angle : {0.0, 0.3, 1.0, std::numbers::pi / 2}) {
    const Vector nu = RotatedHead(spec, angle, 9);
    EXPECT_NEAR(nu.norm(), 1 / spec.mu_norm, 1e-15) << angle;
    EXPECT_NEAR(spec.mu_norm * nu(0), std::cos(angle) / std::sqrt(2.0), 1e-15) << angle;
    EXPECT_NEAR(spec.mu_norm * nu(1), -std::cos(angle) / std::sqrt(2.0), 1e-15) << angle;
  }
  const Dataset data = GenerateTokenSelection(spec, 9);
  EXPECT_LT((RotatedHead(spec, 0, 9) - DefaultHead(data)).norm(), 1e-15);
  EXPECT_NE(RotatedHead(spec, 1, 9), RotatedHead(spec, 1, 10));
  EXPECT_NEAR(RandomGaussianHead(spec, 9).norm(), 1 / spec.mu_norm, 1e-15);
  // The relevant-token reference Φ(cos θ·‖μ‖/(√2σ)): Φ(1) = 0.8413447460685429 where
  // cos θ = √2σ/‖μ‖, and ½ for a head with no class signal.
  EXPECT_NEAR(RelevantTokenAccuracy(spec, RotatedHead(spec, std::acos(std::sqrt(2.0) / 20), 9)),
              0.8413447460685429, 1e-14);
  EXPECT_NEAR(RelevantTokenAccuracy(spec, RotatedHead(spec, std::numbers::pi / 2, 9)), 0.5, 1e-15);
}

// The first step reaching an accuracy (delayed_generalization's fit and generalisation steps).
TEST(TokenSelectionRun, FirstStepReachingByHand) {
  const std::vector<AccuracyPoint> trace = {{0, 0.5, 0.9}, {10, 0.95, 0.94}, {20, 1, 0.96}};
  EXPECT_EQ(FirstStepReaching(trace, true, 1.0, 31), 20);
  EXPECT_EQ(FirstStepReaching(trace, true, 0.9, 31), 10);
  EXPECT_EQ(FirstStepReaching(trace, false, 0.95, 31), 20);
  EXPECT_EQ(FirstStepReaching(trace, false, 0.9, 31), 0);
  EXPECT_EQ(FirstStepReaching(trace, false, 0.99, 31), 31);
}

// The head-only figure's noise-to-signal ratio σ√(d/T) / (‖μ‖√(a² + b²)) by hand for Fig. 3a's
// data (d = 2000, ‖μ‖ = 20, σ = 1, ρ = 0.1, one relevant and one weak token of each kind):
// a = 1.1/T, b = 0.1/T, so the ratio is √(2000·T)/(20·√1.22) — 4.049 at T = 4, √8 times that at 32.
TEST(HeadOnly, AveragedNoiseToSignalByHand) {
  for (const int T : {4, 32}) {
    EXPECT_NEAR(AveragedNoiseToSignal(HeadOnlySpec(T)),
                std::sqrt(2000.0 * T) / (20 * std::sqrt(1.22)), 1e-12)
        << T;
  }
  EXPECT_NEAR(AveragedNoiseToSignal(HeadOnlySpec(32)) / AveragedNoiseToSignal(HeadOnlySpec(4)),
              std::sqrt(8.0), 1e-12);
}

TEST(FixedHeads, AGivenHeadIsTheModelsHead) {
  TokenSelectionSpec spec;
  spec.d = 40;
  spec.n = 6;
  TokenSelectionRunOptions options;
  options.train_W = false;
  options.steps = 3;
  options.n_test = 50;
  const TokenSelectionRun plain = RunTokenSelection(spec, options, 2);
  options.head = RotatedHead(spec, 0, 2);  // the default head, given explicitly
  const TokenSelectionRun given = RunTokenSelection(spec, options, 2);
  EXPECT_LT((plain.query - given.query).norm(), 1e-12 * (1 + plain.query.norm()));
  options.head = RotatedHead(spec, 1.2, 2);
  const TokenSelectionRun rotated = RunTokenSelection(spec, options, 2);
  EXPECT_GT((plain.query - rotated.query).norm(), 1e-6);
  options.engine = Engine::kGram;
  EXPECT_THROW(RunTokenSelection(spec, options, 2), InvalidInput);
  options.engine = Engine::kDirect;
  options.head = Vector::Ones(spec.d - 1);
  EXPECT_THROW(RunTokenSelection(spec, options, 2), InvalidInput);
}

// K = 2: the cross-entropy of (z₁, z₂) is ℓ(y(z₁ − z₂)) and z₁ − z₂ = (ν₁ − ν₂)ᵀXᵀS(Xp), so
// TokenSelectionK with heads ν₁, ν₂ is TokenSelection with head ν₁ − ν₂: loss, ∇_p L, attention and
// margin y·f, up to rounding (log-sum-exp against the logistic loss). Both the class-signal heads
// DefaultHeadsK and the split heads ±ν/2 of the default head ν.
RC_GTEST_PROP(TokenSelectionK, TwoClassesIsTheBinaryModel, ()) {
  TokenSelectionSpec spec;
  spec.n = *rc::gen::inRange(2, 12);
  spec.T = *rc::gen::inRange(3, 7);
  spec.d = *rc::gen::inRange(3, 15);
  spec.mu_norm = *rc::gen::inRange(1, 30);
  spec.eta = *rc::gen::inRange(0, 50) / 100.0;
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  const Dataset data = GenerateTokenSelection(spec, seed);
  const Vector nu = DefaultHead(data);
  TokenSelection binary(spec.d, nu, false);
  Rng rng(seed, kInit);
  for (double& x : binary.Block("p")) x = rng.Normal() / spec.mu_norm;
  const Evaluation b = binary.Evaluate(data, true);
  Eigen::MatrixXd split(spec.d, 2);
  split << nu / 2, -nu / 2;
  for (const Eigen::MatrixXd& heads : {DefaultHeadsK(data), split}) {
    RC_ASSERT((heads.col(0) - heads.col(1) - nu).norm() <= 1e-15 * nu.norm());
    TokenSelectionK k_class(spec.d, heads);
    k_class.Block("p") = binary.Block("p");
    const Evaluation k = k_class.Evaluate(data, true);
    RC_ASSERT(std::fabs(k.loss - b.loss) <= 1e-13 * (1 + b.loss));
    RC_ASSERT((k.gradient[0] - b.gradient[0]).cwiseAbs().maxCoeff() <=
              1e-12 * (1e-3 + b.gradient[0].cwiseAbs().maxCoeff()));
    RC_ASSERT((k.attention - b.attention).cwiseAbs().maxCoeff() <= 1e-13);
    RC_ASSERT((k.f - data.y.cwiseProduct(b.f)).cwiseAbs().maxCoeff() <=
              1e-13 * (1 + b.f.cwiseAbs().maxCoeff()));
  }
}

TEST(TokenSelectionK, GradientMatchesFiniteDifferencesAtThreeAndFiveClasses) {
  for (const int K : {3, 5}) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      TokenSelectionSpec spec;
      spec.classes = K;
      spec.flips = FlipRule::kBernoulli;
      spec.n = 7;
      spec.d = 9;
      spec.mu_norm = 3;
      spec.rho = 0.5;
      spec.eta = 0.4;
      const Dataset data = GenerateTokenSelection(spec, seed);
      TokenSelectionK model(spec.d, DefaultHeadsK(data));
      Rng rng(seed, kInit);
      for (double& x : model.Block("p")) x = rng.Normal();
      const GradientCheck check = CheckGradientByFiniteDifference(model, data, kTolerances.fd_rtol,
                                                                  kTolerances.fd_step, seed);
      EXPECT_TRUE(check.ok) << "K = " << K << ", seed " << seed << ": at " << check.worst_where
                            << " analytic " << check.worst_analytic << ", finite difference "
                            << check.worst_fd;
    }
  }
}

TEST(TokenSelectionK, RunFillsItsSummariesAndRefusesWhatItDoesNotTrain) {
  TokenSelectionSpec spec;
  spec.classes = 3;
  spec.flips = FlipRule::kBernoulli;
  spec.n = 12;
  spec.d = 60;
  spec.eta = 0.3;
  TokenSelectionRunOptions options;
  options.train_W = false;
  options.steps = 20;
  options.n_test = 30;
  const TokenSelectionRun run = RunTokenSelectionK(spec, options, 4);
  EXPECT_EQ(run.data.classes, 3);
  EXPECT_EQ(run.clean_selects.size(), 4u);
  EXPECT_GE(run.test_accuracy, 0);
  EXPECT_LE(run.test_accuracy, 1);
  EXPECT_EQ(run.test_accuracy * options.n_test, std::round(run.test_accuracy * options.n_test));
  EXPECT_GT(run.query.norm(), 0);
  options.train_W = true;
  EXPECT_THROW(RunTokenSelectionK(spec, options, 4), InvalidInput);
  options.train_W = false;
  options.head = Vector::Ones(spec.d);
  EXPECT_THROW(RunTokenSelectionK(spec, options, 4), InvalidInput);
}

// noisy_selects_label_class on hand-made attention over K = 3 class data: a noisy sample of true
// class c has one weak-opposite token per other class, in ascending class order (token_selection_
// data.hpp), and the one of its observed class carries that class's signal. Attending to it
// counts; attending to the relevant token (class c's signal) or to the other weak-opposite token
// does not.
TEST(TokenSelectionK, NoisySelectsLabelClassReadsTheObservedClassesWeakToken) {
  TokenSelectionSpec spec;
  spec.classes = 3;
  spec.flips = FlipRule::kBernoulli;
  spec.n = 30;
  spec.d = 60;
  spec.eta = 0.4;
  const Dataset data = GenerateTokenSelection(spec, 5);
  // Per sample: its relevant token, and its weak-opposite token of each class (−1: none).
  std::vector<int> relevant(spec.n, -1);
  std::vector<std::vector<int>> weak(spec.n, std::vector<int>(spec.classes, -1));
  int noisy = 0;
  for (int i = 0; i < spec.n; ++i) {
    noisy += data.noisy[static_cast<std::size_t>(i)];
    const int c = ClassIndex(data, data.y_true(i));
    int other = c == 0 ? 1 : 0;
    for (int t = 0; t < spec.T; ++t) {
      if (data.Role(i, t) == TokenRole::kRelevant) relevant[i] = t;
      if (data.Role(i, t) != TokenRole::kWeakOpposite) continue;
      weak[i][other] = t;
      other = other + 1 == c ? other + 2 : other + 1;
    }
  }
  ASSERT_GE(noisy, 4);
  // Attention on token `to[i]` of sample i (uniform elsewhere would do: it is the argmax).
  const auto attending = [&](const std::vector<int>& to) {
    RowMatrix attention = RowMatrix::Constant(spec.n, spec.T, 0.1);
    for (int i = 0; i < spec.n; ++i) attention(i, to[i]) = 0.9;
    return attention;
  };
  std::vector<int> observed_weak(spec.n), other_weak(spec.n), half(spec.n);
  int counted = 0;
  for (int i = 0; i < spec.n; ++i) {
    const int c = ClassIndex(data, data.y_true(i)), o = ClassIndex(data, data.y(i));
    const int third = 3 - c - o;  // the class neither true nor observed (noisy samples only)
    observed_weak[i] = data.noisy[i] ? weak[i][o] : relevant[i];
    other_weak[i] = data.noisy[i] ? weak[i][third] : relevant[i];
    half[i] = data.noisy[i] && counted++ % 2 == 0 ? weak[i][o] : relevant[i];
  }
  EXPECT_EQ(NoisySelectsLabelClass(data, attending(observed_weak), spec.rho), 1.0);
  EXPECT_EQ(NoisySelectsLabelClass(data, attending(other_weak), spec.rho), 0.0);
  EXPECT_EQ(NoisySelectsLabelClass(data, attending(relevant), spec.rho), 0.0);
  EXPECT_DOUBLE_EQ(NoisySelectsLabelClass(data, attending(half), spec.rho),
                   static_cast<double>((noisy + 1) / 2) / noisy);
}

// The head-only run ([S] Fig. 1 right's contrast, RunHeadOnly) by hand: with p = 0 every sample's
// attention is uniform, so f_i = vᵀx̄_i with x̄_i its token mean, and GD on the mean logistic loss
// from v = 0 is v ← v + (lr/n) Σᵢ yᵢ σ(−yᵢ f_i) x̄_i. The direct run, and the Gram engine's run on
// the same data's Gram form, report that v's train fit, noisy fit and clean test accuracy (the
// test accuracy through ProjectedCleanTestError of (0, v), pinned in projected_test_error_test).
// The direct run's v is the hand-made one.
TEST(HeadOnly, BothEnginesAreGradientDescentOnTheTokenMeansByHand) {
  TokenSelectionSpec spec;
  spec.n = 12;
  spec.T = 4;
  spec.d = 300;
  TokenSelectionRunOptions options;
  options.train_W = false;
  options.lr = 0.05;
  options.steps = 20;
  options.n_test = 400;
  for (const std::uint64_t seed : {1u, 2u}) {
    const Dataset data = GenerateTokenSelection(spec, seed);
    RowMatrix means(spec.n, spec.d);
    for (int i = 0; i < spec.n; ++i) means.row(i) = data.Tokens(i).colwise().mean();
    Vector v = Vector::Zero(spec.d);
    for (int step = 0; step < options.steps; ++step) {
      const Vector f = means * v;
      Vector step_direction = Vector::Zero(spec.d);
      for (int i = 0; i < spec.n; ++i) {
        step_direction += data.y(i) / (1 + std::exp(data.y(i) * f(i))) * means.row(i).transpose();
      }
      v += options.lr / spec.n * step_direction;
    }
    const Vector f = means * v;
    int fitted = 0, noisy = 0, noisy_fitted = 0;
    for (int i = 0; i < spec.n; ++i) {
      const bool fit = data.y(i) * f(i) > 0;
      fitted += fit;
      if (data.noisy[static_cast<std::size_t>(i)]) ++noisy, noisy_fitted += fit;
    }
    ASSERT_GT(noisy, 0);
    ASSERT_GT(f.cwiseAbs().minCoeff(), 1e-6);  // no sample on the boundary
    const double test_accuracy =
        1 - ProjectedCleanTestError(ProjectionsOf(Vector::Zero(spec.d), v, spec.mu_norm, spec.sigma,
                                                  true),
                                    spec, options.n_test, seed)
                .error.rate;
    options.engine = Engine::kDirect;
    const TokenSelectionRun direct = RunHeadOnly(spec, options, seed);
    EXPECT_LE((direct.head - v).norm(), 1e-12 * v.norm());
    options.engine = Engine::kGram;
    const TokenSelectionRun spanned =
        RunHeadOnlyOnGram(GramFromDataset(data, spec.sigma).gram, spec, options, seed);
    for (const TokenSelectionRun* run : {&direct, &spanned}) {
      SCOPED_TRACE(run == &direct ? "direct" : "Gram");
      EXPECT_EQ(run->train_accuracy, static_cast<double>(fitted) / spec.n);
      EXPECT_EQ(run->noisy_fitted, static_cast<double>(noisy_fitted) / noisy);
      EXPECT_EQ(run->test_accuracy, test_accuracy);
    }
  }
}

}  // namespace token_selection_run_test
}  // namespace boa
