#pragma once
// Token selection with a fixed head on real images (THEORY.md §4.4, "Real data"; issue 16 item
// 11): M2 (q = Wᵀp, fixed head ν) trained by GD on two classes of the 8×8 digits, the four
// quadrants as tokens (digits_data.hpp), under balanced-exact label noise. Reports what [S]
// asks of the synthetic runs: train fit (noisy samples separately), clean test accuracy on the
// held-out images, and which token — here which quadrant — each sample attends to most.
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "boa/budget.hpp"
#include "boa/digits_data.hpp"
#include "boa/digits_token_roles.hpp"
#include "boa/token_selection_run.hpp"

namespace boa {

// The quadrants in token order, for column names and captions.
inline constexpr std::array<std::string_view, kDigitsTokens> kQuadrantNames = {
    "top_left", "top_right", "bottom_left", "bottom_right"};

// The label-noise rates of the real-data claim and figure: 0, 0.1, 0.2, 0.3.
const std::vector<double>& DigitsNoiseRates();

// The setting of §4.4 at label noise η: digits 0 (ỹ = +1) and 1 (ỹ = −1), n = 50, d = 2000,
// σ = 1.
DigitsSpec DigitsSpecAt(double eta);

struct DigitsRun {
  double train_accuracy = 0;
  double noisy_fitted = 1;   // among noisy training samples (1 if none)
  double test_accuracy = 0;  // on every held-out image of the two classes, clean labels
  int test_count = 0;
  // Per quadrant t, the fraction of clean / noisy training samples and of test samples whose
  // most-attended token is t (noisy: all 0 when there are none).
  std::array<double, kDigitsTokens> clean_selects{}, noisy_selects{}, test_selects{};
  // Per training sample, its most-attended quadrant (argmax_t s_it, the first on ties).
  std::vector<int> train_selected;
  // Per role (kDigitsRoleOrder), the fraction of clean / noisy training samples whose
  // most-attended quadrant has that role for their true class (DigitsRoles(spec); noisy: all 0
  // when there are none).
  std::array<double, 4> clean_roles{}, noisy_roles{};
};

// options: train_W, lr and steps are used (direct engine; the data are not D2, so there is no
// Gram form); W₀ as in RunTokenSelection (InitTokenSelectionW).
DigitsRun RunDigitsTokenSelection(const DigitsSpec& spec, const TokenSelectionRunOptions& options,
                                  std::uint64_t seed);

}  // namespace boa
