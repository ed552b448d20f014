// boa ledger [--markdown | --json]: the papers' statements (boa/ledger.hpp), each with its quote,
// its status and the claims that test it, judged on the verdicts CI asserts (each claim's
// expected verdict; a report judges them on its own run's).
#include <iostream>

#include "boa/catalog.hpp"
#include "boa/ledger.hpp"
#include "boa_report/commands.hpp"
#include "boa_report/ledger_view.hpp"

namespace boa::report {

void AddLedgerCommand(CLI::App& app, Action& action) {
  auto markdown = std::make_shared<bool>(false);
  auto json = std::make_shared<bool>(false);
  auto* cmd = app.add_subcommand(
      "ledger",
      "List the papers' statements: quote, status and the claims that test each (expected "
      "verdicts)");
  cmd->add_flag("--markdown", *markdown, "Print Markdown tables, one per paper");
  cmd->add_flag("--json", *json, "Print JSON: every row with its links, verdicts and status")
      ->excludes(cmd->get_option("--markdown"));
  cmd->callback([&action, markdown, json] {
    action = [markdown, json] {
      const VerdictOf expected = [](const std::string& id) {
        return ExpectedLinkVerdict(FindClaim(id));
      };
      if (*json) {
        std::cout << LedgerJson(expected).dump(2) << '\n';
      } else if (*markdown) {
        WriteLedgerMarkdown(std::cout, expected, "##");
        std::cout << "## Tensions with the papers\n\n";
        WriteTensions(std::cout, expected);
      } else {
        WriteLedgerText(std::cout, expected);
      }
      return 0;
    };
  });
}

}  // namespace boa::report
