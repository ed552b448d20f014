#pragma once
// The PyTorch peer in the report (issue 28 item 4). `./boa report` runs the peer's ctest driver
// (benchmarks/peers/autograd_check.sh) before the report and passes what it checked —
// peer_summary.py's JSON, schema 1 — to `boa report --peer-summary FILE`; the report's section
// "Independent check" states, per group of quantities, how many checks ran, the largest
// difference and the bound it was held to.
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

namespace boa::report {

// The summary in `file`; nothing when `file` is empty (the peer did not run for this report).
// Throws InvalidInput (naming the file) when it is not a peer summary of schema 1.
std::optional<nlohmann::json> ReadPeerSummary(const std::filesystem::path& file);
// `peer` when it is a peer summary of schema 1; InvalidInput naming `where` otherwise.
nlohmann::json CheckedPeerSummary(const nlohmann::json& peer, const std::string& where);

// The report's "Independent check (PyTorch peer)" section, or how to get it.
void WritePeerMarkdown(std::ostream& md, const std::optional<nlohmann::json>& peer);

}  // namespace boa::report
