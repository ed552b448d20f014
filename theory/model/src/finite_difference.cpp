#include "boa/finite_difference.hpp"

#include <algorithm>
#include <cmath>

#include "boa/rng.hpp"
#include "boa/tolerances.hpp"

namespace boa {
namespace {

double LossAt(const Model& model, const Dataset& data) { return model.Evaluate(data, false).loss; }

void Record(GradientCheck& check, double fd, double analytic, double allowed,
            const std::string& where) {
  const double error = std::fabs(fd - analytic);
  const double ratio = error / allowed;
  ++check.checks;
  if (ratio > check.worst_ratio || check.checks == 1) {
    check.worst_ratio = ratio;
    check.worst_error = error;
    check.worst_analytic = analytic;
    check.worst_fd = fd;
    check.worst_where = where;
  }
  check.ok = check.ok && ratio <= 1.0;
}

}  // namespace

GradientCheck CheckGradientByFiniteDifference(const Model& model, const Dataset& data, double rtol,
                                              double step, std::uint64_t direction_seed) {
  const Evaluation e = model.Evaluate(data, true);
  const double floor_numerator = 8 * kEpsilon * (std::fabs(e.loss) + 1);
  double gradient_max = 0;
  for (std::size_t b = 0; b < e.gradient.size(); ++b) {
    if (e.gradient[b].size() > 0)
      gradient_max = std::max(gradient_max, e.gradient[b].cwiseAbs().maxCoeff());
  }
  GradientCheck check;
  std::unique_ptr<Model> probe = model.Clone();
  const auto& blocks = model.Blocks();
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    if (!blocks[b].trained) continue;
    Vector& theta = probe->Blocks()[b].value;
    for (Eigen::Index j = 0; j < theta.size(); ++j) {
      const double original = theta(j);
      const double h = step * std::max(1.0, std::fabs(original));
      theta(j) = original + h;
      const double up = LossAt(*probe, data);
      theta(j) = original - h;
      const double down = LossAt(*probe, data);
      theta(j) = original;
      const double analytic = e.gradient[b](j);
      const double allowed =
          rtol * std::max(std::fabs(analytic), gradient_max) + floor_numerator / h;
      Record(check, (up - down) / (2 * h), analytic, allowed,
             blocks[b].name + "[" + std::to_string(j) + "]");
    }
  }
  // One random direction through all trained blocks at once.
  Rng rng(direction_seed, kDirection);
  std::vector<Vector> direction(blocks.size());
  double norm2 = 0;
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    if (!blocks[b].trained) continue;
    direction[b] = Vector::NullaryExpr(blocks[b].value.size(), [&] { return rng.Normal(); });
    norm2 += direction[b].squaredNorm();
  }
  if (norm2 == 0) return check;
  double analytic = 0, gradient_norm2 = 0;
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    if (!blocks[b].trained) continue;
    direction[b] /= std::sqrt(norm2);
    analytic += e.gradient[b].dot(direction[b]);
    gradient_norm2 += e.gradient[b].squaredNorm();
  }
  const double h = step;
  auto shifted = [&](double sign) {
    for (std::size_t b = 0; b < blocks.size(); ++b) {
      if (blocks[b].trained) probe->Blocks()[b].value = blocks[b].value + sign * h * direction[b];
    }
    return LossAt(*probe, data);
  };
  const double fd = (shifted(1) - shifted(-1)) / (2 * h);
  const double allowed =
      rtol * std::max(std::fabs(analytic), std::sqrt(gradient_norm2)) + floor_numerator / h;
  Record(check, fd, analytic, allowed, "direction");
  return check;
}

}  // namespace boa
