#pragma once
// Claims judged per cell (issue 30; THEORY.md §4, "Cells"; README § Verdicts).
//
// A statement "for every (n, d) in the range, P[fail] ≤ δ" tested at the failure rate averaged
// over its whole regime misses a violation confined to part of the range: the rest dilutes it.
// Such a claim declares cells (Claim::cells), boxes that partition its regime along the parameter
// the statement's limit runs along, and each cell is judged as a claim of its own:
//
//   id        "<claim id>@<cell name>" (`boa check <id>@<cell>` runs one cell; replay lines name
//   it) regime    the cell's box α         the claim's α / K, so P_δ[some cell fails] ≤ Σ α/K = α
//   (a union bound: the cells
//             share the seeds S + i, so they are not independent, and no bound here assumes it)
//   β, cap    the cap rule per cell at its own error budget 2α/K; power ≥ 0.9 at δ₁ in every
//             cell, so a breakage δ₁ confined to ONE cell fails the claim with probability ≥ 0.9
//   expected  the cell's own (a finding's failing cell), planned at its own rate record
//
// The claim's verdict: fails if any cell fails, holds only if every cell holds, otherwise
// inconclusive; unhealthy if any cell is.
#include <string>
#include <vector>

#include "boa/claim.hpp"

namespace boa {

// A cell's range along one regime parameter: grid indices lo … hi of `param`.
struct CellRange {
  std::string name;
  int lo = 0, hi = 0;
};
// Cells that split `regime` along `param` into the given ranges (the other parameters whole).
std::vector<Cell> CellsAlong(const Regime& regime, const std::string& param,
                             const std::vector<CellRange>& ranges);

// "<claim id>@<cell name>".
std::string CellId(const Claim& claim, const Cell& cell);
// "d 3 … 40, n 2 … 64": a cell's box in parameter values, as titles and summaries print it.
std::string CellBox(const Regime& regime);

// The units a probabilistic claim is judged on: one claim per cell (id, regime, α/K, expected
// and rate record the cell's; no cells of its own), or the claim itself when it has none.
std::vector<Claim> JudgedUnits(const Claim& claim);
// The units a finding is expected to fail in: its failing cells, or the claim itself when it has
// none (empty for a claim that is not a finding).
std::vector<Claim> FailingUnits(const Claim& claim);
// One cell as a claim (as JudgedUnits lists it).
Claim CellClaim(const Claim& claim, const Cell& cell);

// Throws std::logic_error unless a probabilistic claim declares its range kind with a note, has
// cells iff the kind is kCells, and its cells partition its regime (boxes with the claim's
// parameters in order, inside its ranges, pairwise disjoint, covering it), carry distinct names
// of [a-z0-9_], and make the claim a finding iff one of them is. Non-probabilistic claims must
// declare neither.
void RequireCellsValid(const Claim& claim);

}  // namespace boa
