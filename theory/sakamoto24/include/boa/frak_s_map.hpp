#pragma once
// The 2-D 𝔖 maps of [S] Eqs. (11), (13) (THEORY.md §4.3, `sakamoto24.frak_s.map_boundary` and
// `.rho_shift`): R₊, R₋ and the clean test accuracy on the η grid 0.05, 0.15, …, 0.95 at each
// column of a map, where a column fixes the input noise:
//   ‖μ‖ map: ‖μ‖ = 10, 20, …, 120 at d = 6000;   d map: d = 1000, 2000, …, 12000 at ‖μ‖ = 20.
// The rest is the 𝔖 settings' data (FrakSSpec: n = 40, T = 8, 2 + 2 + 2 relevant/weak tokens)
// at a given ρ, and the 𝔖 protocol (p only, lr 1e-3) with the steps of FrakSMapAt. The seed
// says the boundary moves left as ρ decreases, so every column is run at ρ = 0.1 (the 𝔖
// settings) and at the seed's ρ = 0.05.
#include <cstdint>
#include <vector>

#include "boa/budget.hpp"
#include "boa/engine.hpp"
#include "boa/frak_s.hpp"
#include "boa/token_selection_data.hpp"

namespace boa {

enum class FrakSMapAxis { kMuNorm = 0, kDimension = 1 };

constexpr int kFrakSMapColumns = 12;
constexpr double kFrakSMapRho = 0.1;        // the 𝔖 settings' ρ
constexpr double kFrakSMapSmallRho = 0.05;  // the seed's ρ ("shifts further left as ρ decreases")
constexpr int kFrakSMapEtas = 10;           // η = 0.05 + 0.1·k, k = 0 … 9
// The ‖μ‖ map's column ‖μ‖ = 100 (d = 6000): with ρ = 0.05, the one column the [S] discussion
// reports (reply on Weakness 2).
constexpr int kFrakSReportedMuColumn = 9;

// Per budget: the GD horizon and which columns the figures draw (every column_stride-th: quick
// the first and last, default every 3rd, full all). Quick and default run 600 steps (the 𝔖 sweep's
// quick horizon: a map column is 10 runs, and the claims and figures share the report's ≈ 30 s),
// full the 𝔖 sweep's 1500 steps and every column.
struct FrakSMapPlan {
  double lr;
  int steps;
  int column_stride;
};
FrakSMapPlan FrakSMapAt(Budget budget);

// ‖μ‖ = 10(column + 1) on the ‖μ‖ map, d = 1000(column + 1) on the d map.
double FrakSMapX(FrakSMapAxis axis, int column);
TokenSelectionSpec FrakSMapSpec(FrakSMapAxis axis, int column, double rho, double eta);

struct FrakSMapPoint {
  double eta = 0, r_plus = 0, r_minus = 0, train_accuracy = 0, test_accuracy = 0;
  // The fraction of the clean training samples whose most-attended token is a relevant one at the
  // last step: where the seed's "relevant tokens in the training data" are selected or suppressed.
  double clean_selects_relevant = 0;
};

struct FrakSMapColumn {
  std::vector<FrakSMapPoint> points;  // one per η of the grid, ascending
  // The first grid η with clean test accuracy < 0.95; −1 when there is none.
  double drop_eta = -1;
  // Where the R = 1 contour crosses the column: the first η at which log min(R₊, R₋) changes sign,
  // linearly interpolated in η between the two grid points around it; the first grid η when R < 1
  // there already; 1 (above the grid) when R ≥ 1 along the whole column.
  double contour_eta = 1;
};

// The R = 1 contour of a column from its points' η and log min(R₊, R₋) (ascending η): the first η
// at which the log turns negative, linearly interpolated between it and the point before; that η
// when the first point is already negative; 1 when none is. Throws NumericalFailure when the
// interpolation is not finite (R = +∞, an empty noisy group, just before the crossing).
double ContourCrossing(const std::vector<double>& etas, const std::vector<double>& log_r);

// A run's point: its 𝔖 ratios, accuracies and clean relevant-token selection at label noise η.
FrakSMapPoint MapPointOf(double eta, const FrakS& frak, const TokenSelectionRun& run);

// The first η of `points` (ascending η) with min(R₊, R₋) < c, the equations' constant; −1 when
// there is none.
double FirstEtaWithRatioBelow(const std::vector<FrakSMapPoint>& points, double c);

// The first η of `points` (ascending η) at which the relevant tokens of the training data are
// suppressed: fewer than `selected_fraction` of the clean training samples attend most to a
// relevant token; −1 when there is none.
double FirstEtaRelevantSuppressed(const std::vector<FrakSMapPoint>& points,
                                  double selected_fraction);

// The maps' η grid, 0.05, 0.15, …, 0.95 (kFrakSMapEtas points), exactly as written.
std::vector<double> FrakSMapEtaGrid();

// The [S] discussion's resolution: η = k/20 from `from` (a multiple of 0.05) to 0.95, each exactly
// as written (the reported column's jump lies between adjacent η 0.70 and 0.75).
std::vector<double> FrakSFineEtaGrid(double from = 0.05);

// One column of a map: a FrakSRun per η of `etas` (ascending; the maps' grid unless given) at seed
// `seed`. With `contour_only`, the column stops at the first η where R < 1 (the contour is then
// known) or after the first η ≥ `eta_limit`, whichever comes first; drop_eta covers only the η
// run.
FrakSMapColumn RunFrakSMapColumn(FrakSMapAxis axis, int column, double rho, double lr, int steps,
                                 std::uint64_t seed, Engine engine, bool contour_only = false,
                                 double eta_limit = 1,
                                 const std::vector<double>& etas = FrakSMapEtaGrid());

}  // namespace boa
