#pragma once
// The papers' ledger (issue 48; README § The ledger): every checkable statement of the two review
// discussions (docs/seeds/), placed by its line and quoted in at most 15 of its own words, with
// what the discussion gives of its setting and what it leaves out, the claims that test it, and
// for each claim whether it runs in the discussion's setting. theory/claims/ledger/<paper>.json
// holds the rows (compiled in, like the records); the status of a statement is not written there
// but follows from its claims' verdicts by one rule (StatusOf).
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "boa/claim.hpp"

namespace boa {

// Whether a claim runs in the setting the discussion states for the statement:
//   yes     every element the discussion gives is kept (what it leaves open is boa's to fill);
//   partly  some element it gives is replaced or approximated by a choice of boa's;
//   no      the claim tests another quantity, event, range, model or data than the statement.
enum class SettingMatch { kYes, kPartly, kNo };
std::string ToString(SettingMatch match);

// A statement's status (StatusOf):
//   consistent       a claim in the discussion's setting (yes) holds, and none there fails;
//   tension          a claim in the discussion's setting, or partly in it with what it replaces
//                    named as elements of boa's (LedgerLink::replaces), fails, and each element of
//                    boa's it rests on has been scanned over a declared range with the failure
//                    across all of it, and its class is not finite-size (a failure that shrinks
//                    along the statement's own limit path is a finite-size deviation, never a
//                    tension);
//   encoding only    tested only in boa's encoding: every claim that tests it holds only with part
//                    of the setting replaced, replaces what no scan can move, tests something
//                    else, only reports, fails where a scan holds somewhere, or fails at constants
//                    of boa's not yet scanned (a tension candidate, "scan pending");
//   not checkable    no claim tests it here, for the reason the row gives.
enum class LedgerStatus { kConsistent, kTension, kEncodingOnly, kNotCheckable };
std::string ToString(LedgerStatus status);

struct LedgerLink {
  std::string claim;
  SettingMatch setting = SettingMatch::kNo;
  std::string why;  // which given elements it keeps, which are boa's, or what it tests instead
  // A partly link's replacements, where each is one of the claim's elements of boa's (by name):
  // what its scans must cover before a failure can be the discussion's. Empty where the link
  // replaces something no element of boa's carries (the data, the model, the authors' code, a
  // reading without a constant): such a failure is never a tension.
  std::vector<std::string> replaces = {};
};

struct LedgerRow {
  std::string paper;  // "magen24" or "sakamoto24"
  std::string id;     // "M01", "S01", … in the seed's order
  std::string kind;   // theorem, lemma, proposition, figure, number, conjecture, comparison, remark
  int line = 0;       // 1-based line of the quote in docs/seeds/<seed>
  std::string section, quote, statement, setting_given, setting_not_given;
  std::vector<LedgerLink> claims;
  std::string not_checkable;  // why no claim can test it here (only when `claims` is empty)
};

// A claim of a paper's namespace that tests no statement of its discussion (a closed form of the
// paper's proof, boa's own extension, …), and why. Every core.* claim is boa's own by rule.
struct OwnClaim {
  std::string claim, why;
};

struct PaperLedger {
  std::string paper;  // the claim-id prefix: "magen24"
  std::string seed;   // the discussion's file, relative to the repository: "docs/seeds/…"
  std::vector<LedgerRow> rows;
  std::vector<OwnClaim> own;
  // The number of rows the file declares ("statements"): a row removed without changing it shows.
  int declared_rows = 0;
};

// The committed ledger, one entry per paper in the order magen24, sakamoto24.
const std::vector<PaperLedger>& PapersLedger();
// Parses one paper's file; throws std::logic_error naming the field on malformed input.
PaperLedger ParseLedger(const std::string& json_text);

// A claim's verdict as the status rule reads it: the expected one (`boa ledger`, what CI
// asserts both ways) or the one a report's run gave (undecided: inconclusive or an unhealthy
// run; not run: outside a partial report's selection).
enum class LinkVerdict { kHolds, kFails, kReported, kUndecided, kNotRun };
std::string ToString(LinkVerdict verdict);
using VerdictOf = std::function<LinkVerdict(const std::string& claim_id)>;
// The verdict CI asserts for a claim: holds, fails (a finding) or reported (exploratory).
LinkVerdict ExpectedLinkVerdict(const Claim& claim);

// The elements of boa's a claim rests on (Origin::kConvention), by name: the "partly" list, and
// what a scan must cover before a failure in the discussion's setting counts as a tension.
std::vector<std::string> BoaElements(const Claim& claim);

// What the committed scans of one of a claim's elements of boa's show (Claim::scans, their record
// in records/scans.csv): pending — no scan declared, or a declared value without its
// kScanInstances counted instances (a scaling claim: kScanReplicates replicate sweeps) in the
// record; fails across — in every scan of the element, at every scanned value the failure rate's
// one-sided 95% Clopper–Pearson lower bound is above δ (a scaling claim: the replicates' mean
// exponent fails the claim's own rule at 95%, a t interval); holds somewhere — otherwise. `text`
// says it: the values, the counts (or mean exponents ± standard errors), and where the evidence
// of a failure ends, one clause per scan.
enum class ScanResult { kPending, kFailsAcross, kHoldsSomewhere };
struct ScanReading {
  ScanResult result = ScanResult::kPending;
  std::string text;
};
ScanReading ReadScan(const Claim& claim, const std::string& element);

// Whether a failure of this claim in the discussion's setting is the discussion's (issue 48's
// rule): every element of boa's it rests on reads "fails across" (none at all: trivially). A
// failing claim with an element still pending or holding somewhere is an encoding note, and at
// most a tension candidate.
bool FailureIsTheDiscussions(const Claim& claim);
// Throws std::logic_error unless each of the claim's scans moves one of its elements of boa's
// through a parameter `boa check --params` can set (its regime's or its budget parameters), each
// parameter once, with at least kScanPoints increasing values and a reason; scans are for
// probabilistic claims (their δ decides each point) and scaling claims (their exponent rule does);
// a limit scan must be one of a scaling finding's scans. Catalog() checks every claim.
void RequireScansValid(const Claim& claim);

// The rule (README § The ledger). Exploratory claims never decide a status; a claim whose verdict
// is undecided (inconclusive) or not run counts as neither holding nor failing. `claim_of` finds a
// linked claim (the catalog's FindClaim; a test passes its own).
using ClaimOf = std::function<const Claim&(const std::string& claim_id)>;
LedgerStatus StatusOf(const LedgerRow& row, const VerdictOf& verdict, const ClaimOf& claim_of);
LedgerStatus StatusOf(const LedgerRow& row, const VerdictOf& verdict);
// A finding whose class the scans do not settle yet (the list CI keeps from growing:
// ledger_test.cpp): an element of boa's is still unscanned and no scanned one holds somewhere.
// One scan that holds somewhere settles it as an encoding note (its flip point is the note's
// text): the failure can no longer be the discussion's, whatever the other scans show. A finding
// no row links so that it can be a tension (every link no: CanBeATension) never becomes one, so
// no scan settles its class: it is pending only until its first scan is measured, the record its
// encoding note rests on. Its unscanned constants stay listed (UnscannedElements).
bool ScanPending(const Claim& claim);
bool ScanPending(const Claim& claim, bool linked_in_the_setting);
// Whether a failure of the linked claim can be the discussion's (issue 48's rule): the link is yes,
// or partly with every replacement named as an element of boa's (LedgerLink::replaces; checked by
// LedgerProblems), whose scans then decide. A claim that tests something else (no), or replaces
// what no element of boa's carries, never makes a tension.
bool CanBeATension(const LedgerLink& link);
// Whether some row of the ledger links the claim so that it CanBeATension.
bool LinkedInTheSetting(const std::string& claim_id);
// A finding's elements of boa's whose scan is pending, settled class or not: what the report
// still lists as unscanned (a second list CI keeps from growing).
std::vector<std::string> UnscannedElements(const Claim& claim);

// Per-paper counts of statuses, for the report's and `boa ledger`'s first lines.
struct LedgerCounts {
  int statements = 0, consistent = 0, tension = 0, encoding_only = 0, not_checkable = 0;
};
LedgerCounts CountStatuses(const PaperLedger& paper, const VerdictOf& verdict);

// Everything that breaks the ledger's agreement with the catalog, one line each (empty: none):
// a row count other than the declared one, rows not numbered M01, M02, … (S01, …) in the seed's
// order, a row without a claim or a reason (or with both), a link's `replaces` outside a partly
// link or naming no element of boa's of its claim, an unknown or repeated id, a kind or
// setting outside its list, a quote over 15 words or not found verbatim on its line of the seed
// (`seeds` maps each PaperLedger::seed to its text; a paper whose seed is absent is not
// quote-checked), a claim of the catalog that belongs to no row and is not boa's own, or one that
// is both.
std::vector<std::string> LedgerProblems(const std::vector<PaperLedger>& ledger,
                                        const std::vector<Claim>& catalog,
                                        const std::map<std::string, std::string>& seeds);

}  // namespace boa
