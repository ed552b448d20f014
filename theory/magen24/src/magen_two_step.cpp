#include "boa/magen_two_step.hpp"

#include "boa/error.hpp"
#include "boa/numerics.hpp"

namespace boa {

Vector MagenStepOneValue(const Dataset& data, double beta_v1) {
  Vector sum = Vector::Zero(data.d);
  for (int i = 0; i < data.n; ++i) sum += data.y(i) * data.Tokens(i).colwise().sum().transpose();
  return beta_v1 / (2.0 * data.n * data.T) * sum;
}

MagenStepTwo MagenStepTwoClosedForm(const Dataset& data, double beta_v1, double beta_v2,
                                    double beta_p2) {
  Require(data.T == 2, "the step-2 closed form is for two tokens (signal and noise)");
  MagenStepTwo s;
  s.v1 = MagenStepOneValue(data, beta_v1);
  Vector value_sum = Vector::Zero(data.d), query_sum = Vector::Zero(data.d);
  for (int i = 0; i < data.n; ++i) {
    const int signal = data.Role(i, 0) == TokenRole::kSignal ? 0 : 1;
    const auto u = data.Tokens(i).row(signal).transpose();
    const auto xi = data.Tokens(i).row(1 - signal).transpose();
    const double f = 0.5 * s.v1.dot(u + xi);
    const double g = LogisticWeight(data.y(i) * f);
    const double c = s.v1.dot(u - xi);
    value_sum += g * data.y(i) * (u + xi);
    query_sum += g * data.y(i) * c * (u - xi);
  }
  s.v2 = s.v1 + beta_v2 / (2.0 * data.n) * value_sum;
  s.p2 = beta_p2 / (4.0 * data.n) * query_sum;
  return s;
}

}  // namespace boa
