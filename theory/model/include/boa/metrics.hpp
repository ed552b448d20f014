#pragma once
// Accuracy, test error and attention summaries.
#include <map>
#include <string>
#include <vector>

#include "boa/dataset.hpp"
#include "boa/model.hpp"

namespace boa {

// Fraction of samples with y_i f_i > 0 (observed labels).
double TrainAccuracy(const Evaluation& evaluation, const Dataset& data);

// The token sample i selects: argmax_t s_it of the n×T attention, the first one on ties.
int SelectedToken(const RowMatrix& attention, int i);

struct ErrorEstimate {
  int errors = 0;
  int trials = 0;
  double rate = 0;
  double lower = 0;  // two-sided Clopper–Pearson interval at `level`
  double upper = 1;
  double level = 0.95;
};

// Clean-label test error P[ỹ f(X) ≤ 0], estimated on an independent clean draw.
ErrorEstimate CleanTestError(const Model& model, const Dataset& test, double level = 0.95);

// Noisy-label error of a classifier with the given clean error: η + (1 − 2η)·clean.
double NoisyLabelError(double clean_error, double eta);

// Mean, over the samples i with include[i], of the attention mass Σ_{t: role(i,t)=r} s_it,
// for every role present. Roles absent from the data are omitted.
std::map<std::string, double> MeanAttentionByRole(const RowMatrix& attention, const Dataset& data,
                                                  const std::vector<bool>& include);

}  // namespace boa
