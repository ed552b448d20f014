#include "boa/growth_function.hpp"

#include <array>
#include <cmath>
#include <cstdint>

#include <boost/math/tools/roots.hpp>
#include <boost/numeric/odeint.hpp>

namespace boa {

double GrowthFunction(double x, int T) { return 2 * x + 2 * std::sinh(x - std::log(T)); }

double GrowthDerivative(double x, int T) { return 2 + 2 * std::cosh(x - std::log(T)); }

double SelectedAttention(double x, int T) { return 1 / (1 + T * std::exp(-x)); }

double IntegrateAttentionGap(double lambda0, double c, int T, double tau) {
  namespace odeint = boost::numeric::odeint;
  using State = std::array<double, 1>;
  State state{lambda0};
  auto rhs = [c, T](const State& x, State& dxdt, double) {
    const double s = SelectedAttention(x[0], T);
    dxdt[0] = c * s * (1 - s);
  };
  odeint::integrate_adaptive(
      odeint::make_controlled(1e-12, 1e-12, odeint::runge_kutta_dopri5<State>()), rhs, state, 0.0,
      tau, tau * 1e-6);
  return state[0];
}

double AttentionGapClosedForm(double lambda0, double c, int T, double tau) {
  const double target = GrowthFunction(lambda0, T) + c * tau;
  // g(x) ≥ 2x + 2 sinh(x − log T) is increasing; bracket from Λ(0) upward.
  double hi = lambda0 + 1;
  while (GrowthFunction(hi, T) < target) hi = lambda0 + 2 * (hi - lambda0);
  std::uintmax_t iterations = 200;
  const auto root = boost::math::tools::toms748_solve(
      [&](double x) { return GrowthFunction(x, T) - target; }, lambda0, hi,
      boost::math::tools::eps_tolerance<double>(50), iterations);
  return (root.first + root.second) / 2;
}

}  // namespace boa
