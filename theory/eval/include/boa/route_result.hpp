#pragma once
// What the [M] threshold and extension claims measure about one trained model on one D1 draw:
// train accuracy, clean test accuracy, and the mean softmax weight on the signal token over the
// clean and over the noisy training samples.
#include <vector>

#include "boa/sample_labels.hpp"

namespace boa {

struct RouteResult {
  double train_accuracy = 0;
  double clean_test_accuracy = 0;
  double clean_signal_attention = 0;  // mean over clean training samples (0 if none)
  double noisy_signal_attention = 0;  // mean over noisy training samples (0 if none)
};

// signal_attention[i]: the weight sample i puts on its signal token.
RouteResult SummarizeRoute(const SampleLabels& labels, const std::vector<double>& signal_attention,
                           double train_accuracy, double clean_test_accuracy);

// Per sample, the attention weight on its signal token (attention: n×T, as in Evaluation).
std::vector<double> SignalAttention(const SampleLabels& labels, const RowMatrix& attention);

}  // namespace boa
