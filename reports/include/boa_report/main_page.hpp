#pragma once
// REPORT.md, the page a theorist reads first (issue 52), in this order: a header (commit, budget,
// seed base, time, partial or not); per paper the ledger with every statement's status, each
// claim linked to its page; three pictures ([M] accuracy over SNR × n with its boundaries, [S]
// accuracy over (‖μ‖, η) with the R = 1 contour, every finding against δ); the tensions with the
// papers; the encoding notes; one compact verdict table; and, after the science, the regression
// status. Methods are in METHODS.md, each claim's detail on claims/<id>.md, every figure in
// FIGURES.md. A test holds it to kMainPageLines for the whole catalog.
#include <cstddef>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "boa/error_budget.hpp"
#include "boa_report/figure.hpp"
#include "boa_report/flake_audit.hpp"
#include "boa_report/mutation_score.hpp"
#include "boa_report/report.hpp"
#include "boa_report/report_rows.hpp"

namespace boa::report {

inline constexpr int kMainPageLines = 400;

struct MainPage {
  const std::vector<Row>& rows;
  const FlakeAudit& audit;
  const std::optional<MutationResults>& mutation;
  const std::optional<nlohmann::json>& peer;
  std::size_t figures;                    // rendered from the figure catalog
  const std::set<std::string>& rendered;  // every figure this report drew, by name
  const ErrorBudget& budget;
  const ReportOptions& options;
  double seconds;  // measuring time, summed over the shards
  int shards;      // 1: one run; N: merged from N shards (report_part.hpp)
  std::string commit;
  bool partial;
};

void WriteMainPage(std::ostream& md, const MainPage& page);

// FIGURES.md: every figure with its title, engine, caption and data.
void WriteFiguresPage(std::ostream& md, const std::vector<Figure>& figures,
                      const ReportOptions& options);

}  // namespace boa::report
