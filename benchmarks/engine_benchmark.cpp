// Cost of one [M] heatmap cell (D1, n = 40, T = 2, schedule SA, two steps, 4000 projected test
// samples) and of one p-only [S] run (a cell of the [S] heatmap: D2 as [S] Fig. 3, n = 20, T = 8,
// ‖μ‖ = 20, Sakamoto24POnlyProtocol: W = I, lr 1e-3, 1500 steps, 2000 projected test samples)
// against d, for the direct engine (n·T·d Gaussians, O(nTd) per step) and the Gram engine
// (Bartlett-sampled Gram form, O((nT)²) per step, independent of d).
#include <cmath>
#include <vector>

#include "boa/prompt_attention_run.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa/token_selection_run.hpp"
#include "support/benchmark_support.hpp"

namespace boa::bench {
namespace {

void RunCell(benchmark::State& state, EngineChoice engine) {
  SignalNoiseSpec spec;
  spec.n = 40;
  spec.d = static_cast<int>(state.range(0));
  spec.snr = std::sqrt(4.0 / spec.n);  // r = n·SNR² = 4: inside the benign window at η = 0.1
  spec.eta = 0.1;
  spec.flips = FlipRule::kExact;
  PromptAttentionRunOptions options;
  options.schedule = MagenScheduleSA(spec.n, spec.d);
  options.engine = engine;
  std::uint64_t seed = 1;
  for (auto _ : state) {
    const PromptAttentionRun run = RunPromptAttention(spec, options, seed++);
    benchmark::DoNotOptimize(run.test.error.rate);
  }
  state.counters["d"] = static_cast<double>(spec.d);
}

void BM_HeatmapCellDirect(benchmark::State& state) { RunCell(state, EngineChoice::kDirect); }
void BM_HeatmapCellGram(benchmark::State& state) { RunCell(state, EngineChoice::kGram); }

void RunTokenSelectionCell(benchmark::State& state, Engine engine, bool smoke) {
  const TokenSelectionSpec spec = Sakamoto24Spec(static_cast<int>(state.range(0)), 20);
  TokenSelectionRunOptions options = Sakamoto24POnlyProtocol();
  options.engine = engine;
  if (smoke) options.steps = 10;
  std::uint64_t seed = 1;
  for (auto _ : state) {
    const TokenSelectionRun run = RunTokenSelection(spec, options, seed++);
    benchmark::DoNotOptimize(run.test_accuracy);
  }
  state.counters["d"] = static_cast<double>(spec.d);
}

}  // namespace

void RegisterBenchmarks(bool smoke) {
  const std::vector<int> direct =
      smoke ? std::vector<int>{100} : std::vector<int>{1000, 10000, 100000};
  const std::vector<int> gram =
      smoke ? std::vector<int>{100} : std::vector<int>{1000, 10000, 100000, 1000000};
  for (int d : direct) {
    benchmark::RegisterBenchmark("BM_HeatmapCellDirect", BM_HeatmapCellDirect)
        ->ArgName("d")
        ->Arg(d)
        ->Unit(benchmark::kMillisecond);
  }
  for (int d : gram) {
    benchmark::RegisterBenchmark("BM_HeatmapCellGram", BM_HeatmapCellGram)
        ->ArgName("d")
        ->Arg(d)
        ->Unit(benchmark::kMillisecond);
  }
  // [S] p-only runs: the heatmap's d range (250..5000) and beyond.
  const std::vector<int> s_direct =
      smoke ? std::vector<int>{100} : std::vector<int>{250, 1000, 5000, 20000};
  const std::vector<int> s_gram =
      smoke ? std::vector<int>{100} : std::vector<int>{250, 1000, 5000, 20000, 1000000};
  for (int d : s_direct) {
    benchmark::RegisterBenchmark(
        "BM_TokenSelectionPOnlyRunDirect",
        [smoke](benchmark::State& s) { RunTokenSelectionCell(s, Engine::kDirect, smoke); })
        ->ArgName("d")
        ->Arg(d)
        ->Unit(benchmark::kMillisecond);
  }
  for (int d : s_gram) {
    benchmark::RegisterBenchmark(
        "BM_TokenSelectionPOnlyRunGram",
        [smoke](benchmark::State& s) { RunTokenSelectionCell(s, Engine::kGram, smoke); })
        ->ArgName("d")
        ->Arg(d)
        ->Unit(benchmark::kMillisecond);
  }
}

}  // namespace boa::bench
