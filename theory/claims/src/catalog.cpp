// The claim registry: each claim file registers its claims (BOA_REGISTER_CLAIM, catalog.hpp);
// Catalog() builds them once, in id order.
#include "boa/catalog.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>

#include <boost/math/distributions/normal.hpp>

#include "boa/cells.hpp"
#include "boa/error.hpp"
#include "boa/format.hpp"
#include "boa/ledger.hpp"
#include "boa/rate_records.hpp"
#include "boa/suggest.hpp"

namespace boa {

namespace {

// A function-local static, so a registrar running before this file's own statics finds it.
std::vector<Claim (*)()>& Factories() {
  static std::vector<Claim (*)()> factories;
  return factories;
}

// Every registered claim, sorted by id (registration order is the link order: no order at all).
std::vector<Claim> Registered() {
  std::vector<Claim> claims;
  claims.reserve(Factories().size());
  for (Claim (*factory)() : Factories()) {
    claims.push_back(factory());
    RequireRejectionDeclared(claims.back());
    RequireCellsValid(claims.back());
    RequireScansValid(claims.back());
  }
  std::sort(claims.begin(), claims.end(),
            [](const Claim& a, const Claim& b) { return a.id < b.id; });
  for (std::size_t i = 1; i < claims.size(); ++i) {
    if (claims[i].id == claims[i - 1].id) {
      throw std::logic_error("claim " + claims[i].id + " is registered twice");
    }
  }
  return claims;
}

// A scaling claim's σ and where it comes from, from its σ row (its sigma_from's, when named).
void AttachSigma(Claim& claim) {
  const std::string from = claim.sigma_from.empty() ? claim.id : claim.sigma_from;
  const auto row = SigmaRecords().find(from);
  if (row == SigmaRecords().end()) return;
  const SigmaRecord& r = row->second;
  claim.sigma_record = r;
  claim.exponent_sd = r.sd;
  claim.exponent_sd_replicates = r.replicates;
  const std::string n = std::to_string(r.replicates);
  claim.exponent_sd_source =
      "`theory/claims/records/sigma.csv`, commit " + r.commit + ": `./boa check " + from +
      " --seed " + std::to_string(r.seed_base) + " --instances " + n +
      " --budget quick --json`, exponent_standard_error × √" + n + " over " + n +
      " replicate sweeps (mean exponent " + FormatNumber(r.mean) +
      (r.rejected > 0 ? "; " + std::to_string(r.rejected) + " draws rejected" : "") + ")";
  // A scaling finding's plan must still fail it at the exponent nearest the band that the same
  // measurement allows: the mean's one-sided 95% end on the band's side (z = 1.645).
  if (claim.expected == Expectation::kFails) {
    const double band =
        claim.predicted_exponent - (claim.exponent_below ? claim.exponent_tolerance : 0);
    const double z = boost::math::quantile(boost::math::normal(), 0.95);
    const double end = z * r.sd / std::sqrt(static_cast<double>(r.replicates));
    claim.finding_exponent_bound = band > r.mean ? r.mean + end : r.mean - end;
  }
}

// Each probabilistic claim carries its row of the committed rate record, each scaling claim its
// σ row.
std::vector<Claim> WithRateRecords(std::vector<Claim> claims) {
  for (Claim& claim : claims) {
    if (claim.kind == ClaimKind::kScaling) AttachSigma(claim);
    const auto it = RateRecords().find(claim.id);
    if (it != RateRecords().end()) claim.rate_record = it->second;
    for (Cell& cell : claim.cells) {
      const auto row = RateRecords().find(CellId(claim, cell));
      if (row != RateRecords().end()) cell.rate_record = row->second;
      const auto scans = ScanRecords().find(CellId(claim, cell));
      if (scans != ScanRecords().end()) cell.scan_record = scans->second;
    }
    const auto path = PathRecords().find(claim.id);
    if (path != PathRecords().end()) claim.path_record = path->second;
    const auto scans = ScanRecords().find(claim.id);
    if (scans != ScanRecords().end()) claim.scan_record = scans->second;
  }
  return claims;
}

}  // namespace

ClaimRegistrar::ClaimRegistrar(Claim (*factory)()) { Factories().push_back(factory); }

const std::vector<Claim>& Catalog() {
  static const std::vector<Claim> all = WithRateRecords(Registered());
  return all;
}

const std::vector<Claim>& CatalogCells() {
  static const std::vector<Claim> cells = [] {
    std::vector<Claim> all;
    for (const Claim& claim : Catalog()) {
      if (claim.cells.empty()) continue;
      for (Claim& cell : JudgedUnits(claim)) all.push_back(std::move(cell));
    }
    return all;
  }();
  return cells;
}

const Claim& FindClaim(const std::string& id) {
  for (const Claim& claim : Catalog()) {
    if (claim.id == id) return claim;
  }
  for (const Claim& cell : CatalogCells()) {
    if (cell.id == id) return cell;
  }
  std::vector<std::string> ids;
  for (const Claim& claim : Catalog()) ids.push_back(claim.id);
  for (const Claim& cell : CatalogCells()) ids.push_back(cell.id);
  throw InvalidInput("unknown claim id '" + id + "'" + DidYouMean(id, ids) +
                     "; `boa list` shows every id");
}

}  // namespace boa
