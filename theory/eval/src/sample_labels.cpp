#include "boa/sample_labels.hpp"

namespace boa {

SampleLabels LabelsOf(const Dataset& data) {
  return {data.n, data.T, data.y, data.y_true, data.noisy, data.roles};
}

SampleLabels LabelsOf(const GramInstance& gram) {
  return {gram.n, gram.T, gram.y, gram.y_true, gram.noisy, gram.roles};
}

SampleLabels LabelsOf(const CnnGramInstance& gram) {
  return {gram.n, gram.T, gram.y, gram.y_true, gram.noisy, gram.roles};
}

}  // namespace boa
