#pragma once
// One [S] experiment: draw D2 (token-selection) data, train M2 (fixed head ν) by gradient descent
// on the attention weights, and measure what the Sakamoto & Sato claims talk about — training fit
// (of clean and of noisy samples separately), which token each sample selects (its argmax
// attention) by role, and the clean test accuracy (projected: O(T) per test sample, whatever d).
//
// Protocols (THEORY.md §3): W and p trained from W₀ ~ U(−1/√d, 1/√d), p₀ = 0, lr 5e-3 ([S] v3);
// or p only with W = I ([S] v1). Only the public model/trainer API is used, so a faster
// W-gradient inside TokenSelection speeds this up without changes here.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "boa/dataset.hpp"
#include "boa/linalg.hpp"
#include "boa/projected_test_error.hpp"
#include "boa/token_selection_data.hpp"
#include "boa/train.hpp"

namespace boa {

// Train accuracy and projected clean test accuracy of the model at one GD step.
struct AccuracyPoint {
  int step = 0;
  double train_accuracy = 0;
  double test_accuracy = 0;
};

// Called at every GD step (0 = before the first) with the training data, the model and its
// evaluation on the training data.
using RunObserver =
    std::function<void(int step, const Dataset& data, const Model& model, const Evaluation& e)>;

struct TokenSelectionRunOptions {
  bool train_W = true;  // W and p ([S] v3), or p only with W = I ([S] v1)
  double lr = 5e-3;     // the same step size for p and W
  int steps = 1000;
  int n_test = 2000;    // projected clean test samples
  int record_every = 0; // > 0: record an AccuracyPoint every that many steps (and the last)
  int n_test_trace = 500;  // projected test samples per recorded point
  RunObserver observer; // optional
};

// Per role r, the fraction of the samples i with include[i] whose most-attended token
// argmax_t s_it has role r (roles never selected are reported as 0; empty map if no sample).
std::map<std::string, double> SelectionByRole(const RowMatrix& attention, const Dataset& data,
                                              const std::vector<bool>& include);

// The samples of `data` that are clean (y_i = ỹ_i).
std::vector<bool> CleanSamples(const Dataset& data);

struct TokenSelectionRun {
  Dataset data;
  Vector query;                 // final q = Wᵀp
  double train_accuracy = 0;    // fraction with y_i f_i > 0
  double noisy_fitted = 1;      // among noisy samples (1 if none)
  // Among noisy samples (1 if none): the selected token's head score νᵀx has the sign of the
  // observed (flipped) label — the token [S] says a fitted noisy sample attends to.
  double noisy_select_label_sign = 1;
  std::map<std::string, double> clean_selects, noisy_selects;  // SelectionByRole
  ProjectedTestResult test;     // clean test error of the final model
  double test_accuracy = 0;     // 1 − test.error.rate
  // With record_every > 0. A recorded test accuracy costs O(n_test_trace·T) plus one q = Wᵀp.
  std::vector<AccuracyPoint> trace;
};

// Clean test accuracy of the query q with head ν on fresh D2 data (projected, stratified).
double ProjectedCleanTestAccuracy(const Vector& q, const Vector& head,
                                  const TokenSelectionSpec& spec, int n_test, std::uint64_t seed);

// Fills run's train_accuracy, noisy_fitted, clean_selects, noisy_selects and
// noisy_select_label_sign from an evaluation of a model with head ν on `data`.
void SummarizeFit(const Evaluation& e, const Dataset& data, const Vector& head,
                  TokenSelectionRun& run);

TokenSelectionRun RunTokenSelection(const TokenSelectionSpec& spec,
                                    const TokenSelectionRunOptions& options, std::uint64_t seed);

// The key numbers of a run under `prefix` (e.g. "balanced_"): train_accuracy, test_accuracy,
// noisy_fitted, noisy_select_label_sign, and clean_selects_<role> / noisy_selects_<role> for every D2 role.
void AddRunMeasures(const std::string& prefix, const TokenSelectionRun& run,
                    std::map<std::string, double>& measured);

}  // namespace boa
