#pragma once
// One [S] experiment: draw D2 (token-selection) data, train M2 (fixed head ν) by gradient descent
// on the attention weights, and measure what the Sakamoto & Sato claims talk about — training fit
// (of clean and of noisy samples separately), which token each sample selects (its argmax
// attention) by role, and the clean test accuracy (projected: O(T) per test sample, whatever d).
//
// Protocols (THEORY.md §3): W and p trained from W₀ ~ U(−1/√d, 1/√d), p₀ = 0, lr 5e-3 ([S] v3);
// or p only with W = I ([S] v1). Only the public model/trainer API is used, so a faster
// W-gradient inside TokenSelection speeds this up without changes here.
//
// Engines (engine.hpp): kDirect draws the n·T·d tokens and runs GradientDescent (any protocol);
// kGram — p only — samples the training set in Gram form (SampleTokenSelectionGram) and runs
// GramGradientDescent, O((nT)²) per step whatever d is. Training W leaves the span of the tokens,
// so kGram with train_W is refused. The engines are equal in distribution, not draw for draw
// (properties/gram_sampling_test.cpp); on the same data (RunTokenSelectionOnGram of
// GramFromDataset) they give the same run up to rounding (properties/token_selection_run_test.cpp).
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "boa/dataset.hpp"
#include "boa/engine.hpp"
#include "boa/gram_instance.hpp"
#include "boa/linalg.hpp"
#include "boa/projected_test_error.hpp"
#include "boa/sample_labels.hpp"
#include "boa/token_selection_data.hpp"
#include "boa/train.hpp"

namespace boa {

// Train accuracy and projected clean test accuracy of the model at one GD step.
struct AccuracyPoint {
  int step = 0;
  double train_accuracy = 0;
  double test_accuracy = 0;
};
// The first recorded step whose train (`train`) or clean test accuracy reaches `threshold`;
// `never` when none does (sakamoto24.gd.delayed_generalization's fit and generalisation steps).
int FirstStepReaching(const std::vector<AccuracyPoint>& trace, bool train, double threshold,
                      int never);

// Called at every GD step (0 = before the first) with the training data, the model and its
// evaluation on the training data. Direct engine only (the Gram engine has no ambient model).
using RunObserver =
    std::function<void(int step, const Dataset& data, const Model& model, const Evaluation& e)>;

// Called at every GD step (0 = before the first) by either engine with the training labels, flips
// and roles, the outputs f and the n×T attention.
using AttentionObserver = std::function<void(int step, const SampleLabels& labels, const Vector& f,
                                             const RowMatrix& attention)>;

struct TokenSelectionRunOptions {
  bool train_W = true;  // W and p ([S] v3), or p only with W = I ([S] v1)
  double lr = 5e-3;     // the same step size for p and W
  int steps = 1000;
  int n_test = 2000;       // projected clean test samples
  int record_every = 0;    // > 0: record an AccuracyPoint every that many steps (and the last)
  int n_test_trace = 500;  // projected test samples per recorded point
  RunObserver observer;    // optional; direct engine only
  AttentionObserver attention_observer;  // optional; both engines
  Engine engine = Engine::kDirect;       // kGram needs train_W = false
  // Empty: the default head ν (DefaultHead). Else this fixed head (direct engine only: a head
  // outside span{e₁, e₂} has no Gram form).
  Vector head;
};

// Per role r, the fraction of the samples i with include[i] whose most-attended token
// argmax_t s_it has role r (roles never selected are reported as 0; empty map if no sample).
std::map<std::string, double> SelectionByRole(const RowMatrix& attention,
                                              const SampleLabels& labels,
                                              const std::vector<bool>& include);

// The fraction of the samples i with include[i] that the outputs f fit (y_i f_i > 0); 1 if none.
double FittedFraction(const Vector& y, const Vector& f, const std::vector<bool>& include);

// The samples that are clean (y_i = ỹ_i).
std::vector<bool> CleanSamples(const SampleLabels& labels);

struct TokenSelectionRun {
  SampleLabels labels;        // labels, flips and token roles of the training set
  Dataset data;               // the training set (direct engine only; empty for Gram)
  Vector query;               // final q = Wᵀp (direct engine only)
  Vector head;                // head-only runs: the trained v (direct engine only)
  double train_accuracy = 0;  // fraction with y_i f_i > 0
  double noisy_fitted = 1;    // among noisy samples (1 if none)
  // Among noisy samples (1 if none): the selected token's head score νᵀx has the sign of the
  // observed (flipped) label — the token [S] says a fitted noisy sample attends to.
  double noisy_select_label_sign = 1;
  // K-class runs (RunTokenSelectionK) only, among noisy samples (1 if none): the selected token
  // carries the observed label's class signal (the weak token of that class, as [S] has it).
  double noisy_selects_label_class = 1;
  std::map<std::string, double> clean_selects, noisy_selects;  // SelectionByRole
  ProjectedTestResult test;  // clean test error of the final model
  double test_accuracy = 0;  // 1 − test.error.rate
  // With record_every > 0. A recorded test accuracy costs O(n_test_trace·T) plus one q = Wᵀp
  // (Gram engine: plus the O((nT)²) noise covariance of q).
  std::vector<AccuracyPoint> trace;
};

// Clean test accuracy of the query q with head ν on fresh D2 data (projected, stratified).
double ProjectedCleanTestAccuracy(const Vector& q, const Vector& head,
                                  const TokenSelectionSpec& spec, int n_test, std::uint64_t seed);

// The head scores γ_it = νᵀx_it of every training token, as an n×T matrix (needs data.X).
RowMatrix HeadScores(const Dataset& data, const Vector& head);

// Fills run's train_accuracy, noisy_fitted, clean_selects, noisy_selects and
// noisy_select_label_sign from the outputs f, the n×T attention and the n×T head scores
// γ_it = νᵀx_it of a model with head ν; both engines share it.
void SummarizeFit(const SampleLabels& labels, const Vector& f, const RowMatrix& attention,
                  const RowMatrix& head_scores, TokenSelectionRun& run);

TokenSelectionRun RunTokenSelection(const TokenSelectionSpec& spec,
                                    const TokenSelectionRunOptions& options, std::uint64_t seed);

// The Gram engine's run on a given Gram instance of `spec`'s training set (RunTokenSelection with
// kGram calls it on SampleTokenSelectionGram(spec, 0, seed)); `spec` sets the test distribution
// and `seed` the test samples. On GramFromDataset(GenerateTokenSelection(spec, seed)) it is the
// direct engine's run up to rounding. p only: options.train_W and options.observer are refused.
TokenSelectionRun RunTokenSelectionOnGram(const GramInstance& gram, const TokenSelectionSpec& spec,
                                          const TokenSelectionRunOptions& options,
                                          std::uint64_t seed);

// The contrast of [S] Fig. 1 (right): no token selection, only a head trained. M1 with p frozen
// at 0 (uniform attention, so f = vᵀx̄ with x̄ the token mean) and v trained by GD from 0 on D2
// data with options.lr, steps, n_test and engine (p only, so both engines; train_W and the
// observers are refused). Fills labels, train_accuracy, noisy_fitted, test and test_accuracy
// (and, on the direct engine, data and head).
TokenSelectionRun RunHeadOnly(const TokenSelectionSpec& spec,
                              const TokenSelectionRunOptions& options, std::uint64_t seed);
// The Gram engine's head-only run on a given Gram instance of `spec`'s training set (RunHeadOnly
// with kGram calls it on SampleTokenSelectionGram(spec, 0, seed)); on
// GramFromDataset(GenerateTokenSelection(spec, seed)) it is the direct engine's run.
TokenSelectionRun RunHeadOnlyOnGram(const GramInstance& gram, const TokenSelectionSpec& spec,
                                    const TokenSelectionRunOptions& options, std::uint64_t seed);

// [S] Section F, K classes (spec.classes = K): TokenSelectionK with the heads DefaultHeadsK, p
// trained from 0 by GD with options.lr and options.steps (p only, W = I: train_W, head, the
// engine and the observers are refused). Fills labels, data, query (= p), train_accuracy and
// noisy_fitted (margin > 0), clean_selects / noisy_selects, noisy_selects_label_class (not
// noisy_select_label_sign, a binary measure), and test_accuracy: the fraction of
// options.n_test fresh clean samples (test stream of `seed`, drawn in d dimensions: K heads have
// no two-number projected form) whose true class has the largest logit.
TokenSelectionRun RunTokenSelectionK(const TokenSelectionSpec& spec,
                                     const TokenSelectionRunOptions& options, std::uint64_t seed);

// Among the noisy samples of K-class data (1 if none): the fraction whose most-attended token
// (the first on ties) carries the observed label's class signal (TokenSignal with `rho`).
double NoisySelectsLabelClass(const Dataset& data, const RowMatrix& attention, double rho);

// The key numbers of a run under `prefix` (e.g. "balanced_"): train_accuracy, test_accuracy,
// noisy_fitted, noisy_select_label_sign, and clean_selects_<role> / noisy_selects_<role> for every
// D2 role.
void AddRunMeasures(const std::string& prefix, const TokenSelectionRun& run,
                    std::map<std::string, double>& measured);

}  // namespace boa
