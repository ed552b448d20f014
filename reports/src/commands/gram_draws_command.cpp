// boa gram-draws --n N --d D --snr S --eta E --replicates R [--engine gram|direct] --seed S --out F
// One experiment — [M]'s two-step schedule SA on M1 from zero, D1 with T = 2, the signal first and
// exact flips — on R seeds, each run summarised by five numbers, as JSON. The PyTorch peer draws
// the same experiment on ambient vectors and compares the two samples in distribution
// (benchmarks/peers/peer_gram.py): the Gram engine is equal to the direct one in law, not draw for
// draw (THEORY.md §2), so a two-sample test is the check an independent peer can make of it.
#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>

#include <nlohmann/json.hpp>

#include "boa/engine.hpp"
#include "boa/prompt_attention_run.hpp"
#include "boa/train.hpp"
#include "boa_report/atomic_file.hpp"
#include "boa_report/commands.hpp"

namespace boa::report {
namespace {

struct GramDrawsArgs {
  SignalNoiseSpec spec{.n = 10, .d = 400, .snr = 0.8, .eta = 0.2, .flips = FlipRule::kExact};
  int replicates = 1000;
  std::uint64_t seed = 1;
  EngineChoice engine = EngineChoice::kAuto;  // auto: Gram
  std::string out;
};

// The mean of `values` over the samples with noisy[i] == noisy_group (NaN when there is none).
double GroupMean(const std::vector<double>& values, const std::vector<bool>& noisy,
                 bool noisy_group) {
  double total = 0;
  int count = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (noisy[i] != noisy_group) continue;
    total += values[i];
    ++count;
  }
  return count == 0 ? std::numeric_limits<double>::quiet_NaN() : total / count;
}

int RunGramDraws(const GramDrawsArgs& a) {
  RequireWritableFile("--out", a.out);
  Validate(a.spec);
  PromptAttentionRunOptions options;
  options.schedule = MagenScheduleSA(a.spec.n, a.spec.d);
  options.steps = 2;
  options.n_test = 2;  // the test error is not summarised; the peer checks it on instances
  options.engine = a.engine;
  nlohmann::json runs = nlohmann::json::array();
  for (int r = 0; r < a.replicates; ++r) {
    const std::uint64_t seed = a.seed + static_cast<std::uint64_t>(r);
    const PromptAttentionRun run = RunPromptAttention(a.spec, options, seed);
    const std::vector<bool>& noisy = run.labels.noisy;
    const double count = static_cast<double>(run.margins.size());
    double margin = 0, square = 0;
    for (const double m : run.margins) {
      margin += m / count;
      square += m * m / count;
    }
    runs.push_back({{"seed", seed},
                    {"train_accuracy", run.train_accuracy},
                    {"clean_signal_attention", GroupMean(run.signal_attention, noisy, false)},
                    {"noisy_signal_attention", GroupMean(run.signal_attention, noisy, true)},
                    {"mean_margin", margin},
                    // The margins' spread within the run: the noise tokens' geometry (their
                    // Gram matrix) shows here more than in any mean.
                    {"margin_spread", std::sqrt(std::max(0.0, square - margin * margin))}});
  }
  const nlohmann::json out = {
      {"schema", 1},
      {"experiment",
       "M1 from zero, two steps of schedule SA (THEORY.md §3), on D1 with T = 2, the signal token "
       "first, exact flips, sigma = 1"},
      {"engine", ToString(ResolveEngine(a.engine))},
      {"spec", {{"n", a.spec.n}, {"d", a.spec.d}, {"snr", a.spec.snr}, {"eta", a.spec.eta}}},
      {"runs", runs}};
  WriteAtomically(a.out, out.dump() + "\n");
  std::cout << "wrote " << a.out << " (" << a.replicates << " runs, engine "
            << ToString(ResolveEngine(a.engine)) << ")\n";
  return 0;
}

}  // namespace

void AddGramDrawsCommand(CLI::App& app, Action& action) {
  auto a = std::make_shared<GramDrawsArgs>();
  auto* cmd = app.add_subcommand(
      "gram-draws",
      "Run [M]'s two-step SA experiment on many seeds; write per-run summaries as JSON (the "
      "peer's two-sample test of the Gram engine)");
  constexpr int kMaxInt = std::numeric_limits<int>::max();
  AddIntegerOption(*cmd, "--n", a->spec.n, 2, kMaxInt, "Samples (default 10)");
  AddIntegerOption(*cmd, "--d", a->spec.d, 3, kMaxInt, "Dimension (default 400)");
  AddRealOption(*cmd, "--snr", a->spec.snr, {0}, "‖μ‖/(σ√d) (default 0.8)");
  AddRealOption(*cmd, "--eta", a->spec.eta, {0, 1, false, true},
                "Label-flip rate, exact flips (default 0.2)");
  AddIntegerOption(*cmd, "--replicates", a->replicates, 1, 1000000, "Runs (default 1000)");
  AddUnsignedOption(*cmd, "--seed", a->seed, "Seed of the first run; run r uses seed + r");
  AddEngineOption(*cmd, a->engine);
  cmd->add_option("--out", a->out, "Output JSON file")->required();
  cmd->callback([&action, a] { action = [a] { return RunGramDraws(*a); }; });
}

}  // namespace boa::report
