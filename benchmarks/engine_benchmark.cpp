// Cost of one [M] heatmap cell (D1, n = 40, T = 2, schedule SA, two steps, 4000 projected test
// samples) against d, for the direct engine (n·T·d Gaussians, O(nTd) per step) and the Gram
// engine (Bartlett-sampled Gram form, O((nT)²) per step, independent of d).
#include <cmath>
#include <vector>

#include "boa/prompt_attention_run.hpp"
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

}  // namespace

void RegisterBenchmarks(bool smoke) {
  const std::vector<int> direct = smoke ? std::vector<int>{100} : std::vector<int>{1000, 10000, 100000};
  const std::vector<int> gram =
      smoke ? std::vector<int>{100} : std::vector<int>{1000, 10000, 100000, 1000000};
  for (int d : direct) {
    benchmark::RegisterBenchmark("BM_HeatmapCellDirect", BM_HeatmapCellDirect)
        ->ArgName("d")->Arg(d)->Unit(benchmark::kMillisecond);
  }
  for (int d : gram) {
    benchmark::RegisterBenchmark("BM_HeatmapCellGram", BM_HeatmapCellGram)
        ->ArgName("d")->Arg(d)->Unit(benchmark::kMillisecond);
  }
}

}  // namespace boa::bench
