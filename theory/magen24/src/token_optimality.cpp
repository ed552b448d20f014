#include "boa/token_optimality.hpp"

#include <algorithm>
#include <limits>

#include "boa/error.hpp"

namespace boa {

double MaxUnselectedScore(const SampleLabels& labels, const RowMatrix& token_gram,
                          const SelectionSvms& s) {
  Require(labels.T == 2 && s.v_coef.rows() == labels.n, "token optimality needs a T = 2 selection");
  const RowMatrix scores = ProjectOnto(token_gram, s.v_coef);  // vᵀx_it
  double worst = -std::numeric_limits<double>::infinity();
  for (int i = 0; i < labels.n; ++i)
    worst = std::max(worst, labels.y(i) * scores(i, 1 - s.choice[i]));
  return worst;
}

}  // namespace boa
