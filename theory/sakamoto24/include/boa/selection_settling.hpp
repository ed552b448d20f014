#pragma once
// When a token-selection run's selection settles: [S] Thm 4.2 concludes "for all time steps τ
// after a certain step T₀" (the [S] discussion), so the strict reading of a run asks from which
// step on nothing the conclusion reads changes any more.
//
// Over the observed steps k = 0 … H of a run (H = steps; the observer sees θ_k for every k):
//   last_change — the last k ≥ 1 at which some sample's most-attended token differs from step
//                 k − 1 (−1 if none ever changes);
//   last_unfit  — the last k at which some sample is not fitted, y_i f_i ≤ 0 (−1 if none);
//   settled_from = max(last_change, last_unfit + 1, 0): the first step from which, up to H, every
//                 sample keeps its final token and every sample is fitted; H + 1 when the final
//                 step leaves a sample unfitted (never settled within the run).
#include "boa/token_selection_run.hpp"

namespace boa {

struct SelectionSettling {
  int last_step = -1;  // the last step observed (H once the run is over)
  int last_change = -1;
  int last_unfit = -1;
  int changes = 0;            // how many (step, sample) pairs switched token over the run
  std::vector<int> selected;  // the most-attended token of every sample at last_step

  int SettledFrom() const;
};

// An observer that keeps `out` up to date (out must outlive the run). It reads labels, outputs
// and attention only, so it runs on either engine.
AttentionObserver SelectionSettlingTracker(SelectionSettling& out);

}  // namespace boa
