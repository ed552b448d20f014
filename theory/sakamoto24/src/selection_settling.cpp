#include "boa/selection_settling.hpp"

#include <algorithm>

#include "boa/metrics.hpp"

namespace boa {

int SelectionSettling::SettledFrom() const { return std::max({last_change, last_unfit + 1, 0}); }

AttentionObserver SelectionSettlingTracker(SelectionSettling& out) {
  return [&out](int step, const SampleLabels& labels, const Vector& f, const RowMatrix& attention) {
    const bool first = out.selected.empty();
    if (first) out.selected.assign(static_cast<std::size_t>(labels.n), -1);
    for (int i = 0; i < labels.n; ++i) {
      const int token = SelectedToken(attention, i);
      int& kept = out.selected[static_cast<std::size_t>(i)];
      if (!first && token != kept) {
        out.last_change = step;
        ++out.changes;
      }
      kept = token;
      if (labels.y(i) * f(i) <= 0) out.last_unfit = step;
    }
    out.last_step = step;
  };
}

}  // namespace boa
