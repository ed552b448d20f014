#pragma once
// The labels and token roles of a training set: everything a run's summaries (fit of clean and
// noisy samples, attention on the signal token, realised per-class flip rates) need to know about
// the data, whichever engine drew it — a Dataset (direct) or a GramInstance / CnnGramInstance
// (Gram).
#include <vector>

#include "boa/cnn_gram.hpp"
#include "boa/dataset.hpp"
#include "boa/gram_instance.hpp"

namespace boa {

struct SampleLabels {
  int n = 0;
  int T = 0;
  Vector y;                      // observed labels ±1
  Vector y_true;                 // true labels ỹ ±1
  std::vector<bool> noisy;       // y_i = −ỹ_i
  std::vector<TokenRole> roles;  // n·T entries, row-major like Dataset::roles

  TokenRole Role(int i, int t) const { return roles[static_cast<std::size_t>(i) * T + t]; }
};

SampleLabels LabelsOf(const Dataset& data);
SampleLabels LabelsOf(const GramInstance& gram);
SampleLabels LabelsOf(const CnnGramInstance& gram);

}  // namespace boa
