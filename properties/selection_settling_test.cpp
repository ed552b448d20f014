// When a run's selection settles (selection_settling.hpp): the tracker, fed one step at a time,
// agrees with the definition read off the whole history at once.
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "boa/selection_settling.hpp"

namespace boa {
namespace selection_settling_test {

struct Step {
  std::vector<int> token;    // each sample's most-attended token
  std::vector<bool> fitted;  // y_i f_i > 0
};

// Feeds the history to the tracker: attention puts 0.9 on the selected token, f = ±1 by fit.
SelectionSettling Track(const std::vector<Step>& history, int T) {
  const int n = static_cast<int>(history.front().token.size());
  SampleLabels labels;
  labels.n = n;
  labels.T = T;
  labels.y = Vector::Ones(n);
  SelectionSettling out;
  const AttentionObserver observe = SelectionSettlingTracker(out);
  for (std::size_t k = 0; k < history.size(); ++k) {
    RowMatrix attention = RowMatrix::Constant(n, T, 0.1 / (T - 1));
    Vector f(n);
    for (int i = 0; i < n; ++i) {
      attention(i, history[k].token[i]) = 0.9;
      f(i) = history[k].fitted[i] ? 1 : -1;
    }
    observe(static_cast<int>(k), labels, f, attention);
  }
  return out;
}

// The definition: the first step k from which every later step has the final tokens and every
// sample fitted (H + 1 if the last step leaves one unfitted).
int SettledFromByDefinition(const std::vector<Step>& history) {
  const int H = static_cast<int>(history.size()) - 1;
  int k = H + 1;
  while (k > 0) {
    const Step& step = history[k - 1];
    bool all_fitted = true;
    for (const bool fit : step.fitted) all_fitted = all_fitted && fit;
    if (!all_fitted || step.token != history.back().token) break;
    --k;
  }
  return k;
}

TEST(SelectionSettling, ByHand) {
  // Two samples, four steps: sample 1 switches at step 2, sample 0 is unfitted at step 1.
  const std::vector<Step> history = {{{0, 1}, {true, true}},
                                     {{0, 1}, {false, true}},
                                     {{0, 2}, {true, true}},
                                     {{0, 2}, {true, true}}};
  const SelectionSettling s = Track(history, 3);
  EXPECT_EQ(s.last_step, 3);
  EXPECT_EQ(s.last_change, 2);
  EXPECT_EQ(s.last_unfit, 1);
  EXPECT_EQ(s.changes, 1);
  EXPECT_EQ(s.SettledFrom(), 2);
  // Unfitted at the horizon: never settled inside the run.
  std::vector<Step> late = history;
  late.back().fitted[1] = false;
  EXPECT_EQ(Track(late, 3).SettledFrom(), 4);
}

RC_GTEST_PROP(SelectionSettling, TrackerAgreesWithTheDefinition, ()) {
  const int n = *rc::gen::inRange(1, 5);
  const int T = *rc::gen::inRange(2, 5);
  const int steps = *rc::gen::inRange(1, 30);
  std::vector<Step> history;
  for (int k = 0; k < steps; ++k) {
    // Each sample keeps its token with probability 3/4, so that settled histories are common.
    Step step;
    step.token = *rc::gen::container<std::vector<int>>(n, rc::gen::inRange(0, T));
    for (int i = 0; i < n && k > 0; ++i)
      if (*rc::gen::inRange(0, 4) > 0) step.token[i] = history.back().token[i];
    // Mostly fitted, for the same reason.
    step.fitted = *rc::gen::container<std::vector<bool>>(
        n, rc::gen::map(rc::gen::inRange(0, 8), [](int x) { return x > 0; }));
    history.push_back(step);
  }
  RC_ASSERT(Track(history, T).SettledFrom() == SettledFromByDefinition(history));
}

}  // namespace selection_settling_test
}  // namespace boa
