// boa list [--markdown | --json]: id, kind, provenance, expected verdict ("fails": a finding)
// and title of every claim; --json adds the source, each element's provenance and, for a
// probabilistic or scaling claim, its plan fingerprint (PlanFingerprint).
#include <cstdio>
#include <iostream>
#include <string>

#include "boa/catalog.hpp"
#include "boa/error.hpp"
#include "boa/runner.hpp"
#include "boa_report/commands.hpp"
#include "boa_report/verdict_json.hpp"

namespace boa::report {
namespace {

// A table cell's text: a '|' would end the cell.
std::string MarkdownCell(const std::string& text) {
  std::string cell;
  for (const char c : text) {
    if (c == '|') cell += '\\';
    cell += c;
  }
  return cell;
}

}  // namespace

void AddListCommand(CLI::App& app, Action& action) {
  auto markdown = std::make_shared<bool>(false);
  auto json = std::make_shared<bool>(false);
  auto* cmd =
      app.add_subcommand("list", "List every claim: id, kind, provenance, expected verdict, title");
  cmd->add_flag("--markdown", *markdown, "Print a Markdown table (the README's claim list)");
  cmd->add_flag("--json", *json,
                "Print JSON: every claim with its source, per-element provenance and plan")
      ->excludes(cmd->get_option("--markdown"));
  cmd->callback([&action, markdown, json] {
    action = [markdown, json] {
      if (*json) {
        nlohmann::json claims = nlohmann::json::array();
        for (const Claim& c : Catalog()) {
          nlohmann::json entry = {{"id", c.id},
                                  {"kind", ToString(c.kind)},
                                  {"provenance", ToString(c.provenance)},
                                  {"expected", ToString(ExpectedStatus(c))},
                                  {"title", c.title},
                                  {"source", c.source},
                                  {"elements", ElementsJson(c)},
                                  {"rejection", ToString(*c.rejection)},
                                  {"rejection_note", c.rejection_note},
                                  {"health_draws_per_instance", HealthDrawsPerInstance(c)}};
          // What decides its CI run (the flake audit's record stores it, measure_audit.py); null
          // for a new finding, whose plan needs the rate record `boa measure rates` makes first.
          if (c.kind == ClaimKind::kProbabilistic || c.kind == ClaimKind::kScaling) {
            try {
              entry["plan"] = PlanFingerprint(c);
            } catch (const InvalidInput&) {
              if (c.expected != Expectation::kFails) throw;
              entry["plan"] = nullptr;
            }
          }
          // How it ranges over its regime, and its cells (cells.hpp; measure_rates.py and
          // measure_audit.py record per cell).
          if (c.range) {
            entry["range"] = ToString(*c.range);
            entry["range_note"] = c.range_note;
            nlohmann::json cells = nlohmann::json::array();
            for (const Cell& cell : c.cells) cells.push_back(cell.name);
            entry["cells"] = cells;
          }
          // The stamp of the inputs its rate record is measured under (measure_rates.py).
          if (c.kind == ClaimKind::kProbabilistic) {
            entry["rate_inputs"] = RecordStamp(c, RecordKind::kRates);
          }
          // A scaling claim's σ record: its stamp (measure_sigma.py), or the claim it reads.
          if (c.kind == ClaimKind::kScaling) {
            if (c.sigma_from.empty()) {
              entry["sigma_inputs"] = RecordStamp(c, RecordKind::kSigma);
            } else {
              entry["sigma_from"] = c.sigma_from;
            }
          }
          // A finding's limit path (measure_paths.py measures along it).
          if (c.limit_path) {
            entry["limit_path"] = {{"param", c.limit_path->param},
                                   {"values", c.limit_path->values},
                                   {"why", c.limit_path->why},
                                   {"inputs", RecordStamp(c, RecordKind::kPath)}};
          }
          // The scans of its constants (measure_scans.py measures them).
          if (!c.scans.empty()) {
            nlohmann::json scans = nlohmann::json::array();
            for (const ConstantScan& s : c.scans) {
              scans.push_back({{"element", s.element},
                               {"param", s.param},
                               {"values", s.values},
                               {"why", s.why},
                               {"inputs", RecordStamp(c, RecordKind::kScan, s.param)}});
            }
            entry["scans"] = scans;
          }
          claims.push_back(entry);
        }
        std::cout << claims.dump(2) << '\n';
        return 0;
      }
      if (*markdown) {
        std::cout << "| id | kind | provenance | expected | title |\n|---|---|---|---|---|\n";
      }
      for (const Claim& c : Catalog()) {
        if (*markdown) {
          const std::string expected = ToString(ExpectedStatus(c));
          std::cout << "| `" << c.id << "` | " << ToString(c.kind) << " | "
                    << ToString(c.provenance) << " | "
                    << (c.expected == Expectation::kFails ? "**fails** (finding)" : expected)
                    << " | " << MarkdownCell(c.title) << " |\n";
        } else {
          std::printf("%-44s %-13s %-11s %-8s %s\n", c.id.c_str(), ToString(c.kind).c_str(),
                      ToString(c.provenance).c_str(), ToString(ExpectedStatus(c)).c_str(),
                      c.title.c_str());
        }
      }
      return 0;
    };
  });
}

}  // namespace boa::report
