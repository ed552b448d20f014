#include "boa/metrics.hpp"

#include "boa/stats.hpp"

namespace boa {

double TrainAccuracy(const Evaluation& evaluation, const Dataset& data) {
  int correct = 0;
  for (int i = 0; i < data.n; ++i) correct += data.y(i) * evaluation.f(i) > 0;
  return static_cast<double>(correct) / data.n;
}

int SelectedToken(const RowMatrix& attention, int i) {
  Eigen::Index selected = 0;
  attention.row(i).maxCoeff(&selected);
  return static_cast<int>(selected);
}

ErrorEstimate CleanTestError(const Model& model, const Dataset& test, double level) {
  const Evaluation e = model.Evaluate(test, false);
  ErrorEstimate out;
  out.trials = test.n;
  for (int i = 0; i < test.n; ++i) out.errors += test.y_true(i) * e.f(i) <= 0;
  out.rate = static_cast<double>(out.errors) / out.trials;
  const double alpha = (1 - level) / 2;
  out.lower = ClopperPearsonLower(out.errors, out.trials, alpha);
  out.upper = ClopperPearsonUpper(out.errors, out.trials, alpha);
  out.level = level;
  return out;
}

double NoisyLabelError(double clean_error, double eta) { return eta + (1 - 2 * eta) * clean_error; }

std::map<std::string, double> MeanAttentionByRole(const RowMatrix& attention, const Dataset& data,
                                                  const std::vector<bool>& include) {
  std::map<std::string, double> total;
  int count = 0;
  for (int i = 0; i < data.n; ++i) {
    if (!include[i]) continue;
    ++count;
    for (int t = 0; t < data.T; ++t)
      total[std::string(RoleName(data.Role(i, t)))] += attention(i, t);
  }
  if (count == 0) return {};
  for (auto& [role, mass] : total) mass /= count;
  return total;
}

}  // namespace boa
