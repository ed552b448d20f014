#include "boa/digits_token_roles.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "boa/error.hpp"

namespace boa {

int DigitsClassIndex(double y_true) { return y_true > 0 ? 0 : 1; }

DigitsQuadrantRoles DigitsRoles(const DigitsSpec& spec) {
  const Vector head = DigitsHead(spec);
  const RowMatrix E = DigitsEmbedding(spec.d);
  const Vector head_in_pixels = E.transpose() * head;  // νᵀE, so a_ct = ỹ_c (Eᵀν)ᵀz̄_ct
  DigitsQuadrantRoles roles;
  roles.noise_sd = spec.sigma * head.norm();
  const int labels[2] = {spec.class_plus, spec.class_minus};
  const double signs[2] = {1.0, -1.0};
  for (std::size_t c = 0; c < 2; ++c) {
    for (int t = 0; t < kDigitsTokens; ++t) {
      roles.score[c][static_cast<std::size_t>(t)] =
          signs[c] * head_in_pixels.dot(MeanQuadrantPixels(labels[c], t));
    }
    const double top = *std::max_element(roles.score[c].begin(), roles.score[c].end());
    Require(top > 0, "no quadrant of digit " + std::to_string(labels[c]) +
                         " scores toward its class: the roles are undefined");
    for (std::size_t t = 0; t < kDigitsTokens; ++t) {
      const double a = roles.score[c][t];
      roles.role[c][t] = a >= kDigitsRelevantShare * top ? TokenRole::kRelevant
                         : std::fabs(a) < roles.noise_sd ? TokenRole::kIrrelevant
                         : a > 0                         ? TokenRole::kWeakSame
                                                         : TokenRole::kWeakOpposite;
    }
  }
  return roles;
}

std::array<double, 4> SelectedRoleShares(const Vector& y_true, const std::vector<int>& selected,
                                         const DigitsQuadrantRoles& roles,
                                         const std::vector<bool>& include) {
  Require(static_cast<std::size_t>(y_true.size()) == selected.size() &&
              selected.size() == include.size(),
          "one true label, selected quadrant and flag per sample");
  std::array<double, 4> share{};
  int count = 0;
  for (std::size_t i = 0; i < selected.size(); ++i) {
    if (!include[i]) continue;
    ++count;
    const auto c = static_cast<std::size_t>(DigitsClassIndex(y_true(static_cast<Eigen::Index>(i))));
    const TokenRole role = roles.role[c][static_cast<std::size_t>(selected[i])];
    const auto k = std::find(kDigitsRoleOrder.begin(), kDigitsRoleOrder.end(), role);
    share[static_cast<std::size_t>(k - kDigitsRoleOrder.begin())] += 1;
  }
  for (double& f : share) f = count == 0 ? 0 : f / count;
  return share;
}

}  // namespace boa
