// Claims judged per cell (cells.hpp).
#include "boa/cells.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace boa {
namespace {

[[noreturn]] void Invalid(const Claim& claim, const std::string& what) {
  throw std::logic_error("claim " + claim.id + ": " + what);
}

// The number of grid points of a regime (1 for an empty one).
long long Points(const Regime& regime) {
  long long points = 1;
  for (const GridParam& p : regime) points *= p.hi - p.lo + 1;
  return points;
}

bool Overlap(const Regime& a, const Regime& b) {
  for (std::size_t j = 0; j < a.size(); ++j) {
    if (a[j].hi < b[j].lo || b[j].hi < a[j].lo) return false;
  }
  return true;
}

}  // namespace

std::vector<Cell> CellsAlong(const Regime& regime, const std::string& param,
                             const std::vector<CellRange>& ranges) {
  const auto it = std::find_if(regime.begin(), regime.end(),
                               [&](const GridParam& p) { return p.name == param; });
  if (it == regime.end()) throw std::logic_error("no regime parameter '" + param + "' to split");
  std::vector<Cell> cells;
  for (const CellRange& r : ranges) {
    Cell cell;
    cell.name = r.name;
    cell.regime = regime;
    GridParam& p = cell.regime[static_cast<std::size_t>(it - regime.begin())];
    p.lo = r.lo;
    p.hi = r.hi;
    cells.push_back(std::move(cell));
  }
  return cells;
}

std::string CellId(const Claim& claim, const Cell& cell) { return claim.id + "@" + cell.name; }

std::string CellBox(const Regime& regime) {
  std::string box;
  for (const GridParam& p : regime) {
    box += (box.empty() ? "" : ", ") + p.name + " " + FormatSignificant(p.lo * p.unit, 12) + " … " +
           FormatSignificant(p.hi * p.unit, 12);
  }
  return box;
}

Claim CellClaim(const Claim& claim, const Cell& cell) {
  Claim c = claim;
  c.id = CellId(claim, cell);
  c.title = claim.title + " [cell " + cell.name + ": " + CellBox(cell.regime) + "]";
  c.regime = cell.regime;
  c.alpha = claim.alpha / static_cast<double>(claim.cells.size());
  c.expected = cell.expected;
  c.rate_record = cell.rate_record;
  c.scan_record = cell.scan_record;
  if (cell.expected == Expectation::kHolds) {
    c.finding.clear();
    c.limit_path.reset();
    c.finding_class = FindingClass::kUndetermined;
    c.class_note.clear();
    c.encoding_sensitive.clear();
    c.path_record.clear();
  }
  c.range_note = "cell " + cell.name + " of " + claim.id;
  c.cells.clear();
  return c;
}

std::vector<Claim> JudgedUnits(const Claim& claim) {
  if (claim.cells.empty()) return {claim};
  std::vector<Claim> units;
  for (const Cell& cell : claim.cells) units.push_back(CellClaim(claim, cell));
  return units;
}

std::vector<Claim> FailingUnits(const Claim& claim) {
  std::vector<Claim> units = JudgedUnits(claim);
  std::erase_if(units, [](const Claim& unit) { return unit.expected != Expectation::kFails; });
  return units;
}

void RequireCellsValid(const Claim& claim) {
  if (claim.kind != ClaimKind::kProbabilistic) {
    if (claim.range || !claim.cells.empty()) Invalid(claim, "only a probabilistic claim has cells");
    return;
  }
  if (!claim.range) Invalid(claim, "does not declare its range kind (Claim::range)");
  if (claim.range_note.empty()) Invalid(claim, "does not say why its range kind (range_note)");
  if ((*claim.range == RangeKind::kCells) != !claim.cells.empty()) {
    Invalid(claim, "has cells iff its range kind is `cells`");
  }
  if (*claim.range == RangeKind::kRangeFinding && claim.expected != Expectation::kFails) {
    Invalid(claim,
            "a range refuted on its average must be a finding; a claim that holds over a "
            "range is judged per cell");
  }
  if (claim.cells.empty()) return;
  if (claim.cells.size() < 2) Invalid(claim, "a claim judged per cell has at least two cells");
  std::set<std::string> names;
  long long points = 0;
  bool failing_cell = false;
  for (std::size_t i = 0; i < claim.cells.size(); ++i) {
    const Cell& cell = claim.cells[i];
    if (cell.name.empty() ||
        cell.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") != std::string::npos ||
        !names.insert(cell.name).second) {
      Invalid(claim, "cell name '" + cell.name + "' is empty, repeated or not [a-z0-9_]");
    }
    if (cell.regime.size() != claim.regime.size())
      Invalid(claim, "cell " + cell.name + "'s regime");
    for (std::size_t j = 0; j < cell.regime.size(); ++j) {
      const GridParam &p = cell.regime[j], &q = claim.regime[j];
      if (p.name != q.name || p.unit != q.unit || p.lo > p.hi || p.lo < q.lo || p.hi > q.hi) {
        Invalid(claim, "cell " + cell.name + "'s " + p.name + " is no sub-range of the regime's");
      }
    }
    for (std::size_t k = 0; k < i; ++k) {
      if (Overlap(cell.regime, claim.cells[k].regime)) {
        Invalid(claim, "cells " + claim.cells[k].name + " and " + cell.name + " overlap");
      }
    }
    points += Points(cell.regime);
    failing_cell = failing_cell || cell.expected == Expectation::kFails;
  }
  if (points != Points(claim.regime)) Invalid(claim, "its cells do not cover its regime");
  if (failing_cell != (claim.expected == Expectation::kFails)) {
    Invalid(claim, "is a finding iff one of its cells is expected to fail");
  }
}

}  // namespace boa
