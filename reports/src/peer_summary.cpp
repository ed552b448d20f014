#include "boa_report/peer_summary.hpp"

#include <fstream>

#include "boa/error.hpp"
#include "boa/format.hpp"

namespace boa::report {

using json = nlohmann::json;

namespace {
std::string Short(double x) { return FormatSignificant(x, 2); }
}  // namespace

std::optional<json> ReadPeerSummary(const std::filesystem::path& file) {
  if (file.empty()) return std::nullopt;
  std::ifstream in(file);
  Require(in.good(), "--peer-summary: cannot read " + file.string());
  return CheckedPeerSummary(json::parse(in, nullptr, /*allow_exceptions=*/false),
                            "--peer-summary: " + file.string());
}

json CheckedPeerSummary(const json& peer, const std::string& where) {
  Require(peer.is_object() && peer.value("schema", 0) == 1 && peer.contains("groups") &&
              peer["groups"].is_array(),
          where + " is not a peer summary of schema 1");
  return peer;
}

void WritePeerMarkdown(std::ostream& md, const std::optional<json>& peer) {
  md << "## Independent check (PyTorch peer)\n\n";
  if (!peer) {
    md << "The peer did not run for this report: `./boa report` runs it (a partial report or "
       << "a direct `boa report` does not). It recomputes, in PyTorch from THEORY.md's "
       << "formulas, every quantity a verdict reads (README § Instance JSON); ctest runs it too "
       << "(label `peer`).\n\n";
    return;
  }
  const int checked = peer->value("checked", 0), failed = peer->value("failed", 0);
  md << "Run for this report by `benchmarks/peers/autograd_check.sh` (its random instances from "
     << "`BOA_PEER_SEED=" << (*peer)["peer_seed"].dump() << "`): **" << checked - failed << " of "
     << checked << " instances and draws agree** with boa. Each row is one group of quantities, "
     << "the peer's recomputation against boa's, with the largest difference seen and the "
     << "bound it was held to (pre-registered in the peer's files); ratio = the largest "
     << "difference / bound over the group's checks, below 1 when they agree.\n\n"
     << "| quantities | checks | largest difference | its bound | worst ratio |\n"
     << "|---|---:|---:|---:|---:|\n";
  for (const json& g : (*peer)["groups"]) {
    const bool exact = g["bound"].is_null();
    md << "| " << g.value("quantity", g.value("group", "")) << " | " << g.value("checks", 0)
       << " | "
       << (exact ? FormatNumber(g.value("largest", 0.0)) + " mismatch(es)"
                 : Short(g.value("largest", 0.0)))
       << " | " << (exact ? "exact" : Short(g["bound"].get<double>())) << " | "
       << (exact ? "—" : Short(g.value("worst_ratio", 0.0))) << " |\n";
  }
  md << '\n';
}

}  // namespace boa::report
