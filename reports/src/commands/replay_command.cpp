// boa replay FILE... : replays counterexample-corpus entries; exit 0 when every outcome is the
// expected one, 1 when one is not, 2 on a malformed entry (every entry is read and checked
// before any is replayed).
#include <cstdio>
#include <filesystem>
#include <set>

#include "boa/error.hpp"

#include "boa_report/commands.hpp"
#include "boa_report/corpus.hpp"

namespace boa::report {

void AddReplayCommand(CLI::App& app, Action& action) {
  auto files = std::make_shared<std::vector<std::string>>();
  auto* cmd = app.add_subcommand(
      "replay", "Replay counterexample-corpus entries against their expected outcome");
  cmd->add_option("files", *files, "Corpus entries (JSON)")->required();
  cmd->callback([&action, files] {
    action = [files] {
      std::set<std::filesystem::path> seen;
      std::vector<CorpusEntry> entries;
      for (const std::string& file : *files) {
        Require(seen.insert(std::filesystem::weakly_canonical(file)).second,
                "corpus entry " + file + " is given twice");
        entries.push_back(ReadCorpusEntry(file));
        CheckCorpusEntry(entries.back());
      }
      int mismatches = 0;
      for (std::size_t k = 0; k < entries.size(); ++k) {
        const std::string& file = (*files)[k];
        const CorpusEntry& entry = entries[k];
        const ReplayOutcome r = ReplayCorpusEntry(entry);
        std::printf("%s: %s (expected %s)%s%s\n", file.c_str(), r.outcome.holds ? "holds" : "fails",
                    entry.expect_failure ? "fails" : "holds", r.matches ? "" : " — MISMATCH",
                    r.outcome.explanation.empty() ? "" : ("\n  " + r.outcome.explanation).c_str());
        if (!r.matches && !r.simd_note.empty()) std::printf("  %s\n", r.simd_note.c_str());
        mismatches += !r.matches;
      }
      return mismatches > 0 ? 1 : 0;
    };
  });
}

}  // namespace boa::report
