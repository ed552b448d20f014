#include "boa/route_result.hpp"

namespace boa {

RouteResult SummarizeRoute(const SampleLabels& labels, const std::vector<double>& signal_attention,
                           double train_accuracy, double clean_test_accuracy) {
  RouteResult result;
  result.train_accuracy = train_accuracy;
  result.clean_test_accuracy = clean_test_accuracy;
  int clean = 0, noisy = 0;
  for (int i = 0; i < labels.n; ++i) {
    if (labels.noisy[i]) {
      result.noisy_signal_attention += signal_attention[i];
      ++noisy;
    } else {
      result.clean_signal_attention += signal_attention[i];
      ++clean;
    }
  }
  if (clean > 0) result.clean_signal_attention /= clean;
  if (noisy > 0) result.noisy_signal_attention /= noisy;
  return result;
}

std::vector<double> SignalAttention(const SampleLabels& labels, const RowMatrix& attention) {
  std::vector<double> weight(labels.n, 0.0);
  for (int i = 0; i < labels.n; ++i) {
    for (int t = 0; t < labels.T; ++t) {
      if (labels.Role(i, t) == TokenRole::kSignal) weight[i] += attention(i, t);
    }
  }
  return weight;
}

}  // namespace boa
