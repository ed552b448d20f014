// Cost of one [M] heatmap cell (D1, n = 40, T = 2, schedule SA, two steps, 4000 projected test
// samples) and of one p-only [S] run (a cell of the [S] heatmap: D2 as [S] Fig. 3, n = 20, T = 8,
// ‖μ‖ = 20, Sakamoto24POnlyProtocol: W = I, lr 1e-3, 1500 steps, 2000 projected test samples)
// against d, for the direct engine (n·T·d Gaussians, O(nTd) per step) and the Gram engine
// (Bartlett-sampled Gram form, O((nT)²) per step, independent of d).
// The two-layer CNN (issue 31): one GD step on Kou et al.'s data (n = 40, T = 2, m = 10 filters
// per bank), direct (O(nT·m·d)) against span coordinates (O((nT)²·m)), and the cost of drawing
// the span engine's inputs (training set, filters, 2000 test samples) without d-vectors; and one
// whole CNN run (RunCnn: draw, 100 GD steps with m = 10, 2000 clean test samples) on each engine.
#include <cmath>
#include <vector>

#include "boa/cnn_gram.hpp"
#include "boa/cnn_gram_sampling.hpp"
#include "boa/cnn_run.hpp"
#include "boa/train.hpp"
#include "boa/two_layer_cnn.hpp"

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

SignalNoiseSpec CnnSpec(int d, bool smoke) {
  SignalNoiseSpec spec;
  spec.n = smoke ? 6 : 40;
  spec.T = 2;
  spec.d = d;
  spec.snr = 0.3;
  spec.eta = 0.1;
  spec.antipodal = true;
  return spec;
}

constexpr double kCnnOmega = 0.01;

TrainOptions CnnStep() {
  TrainOptions options;
  options.steps = 1;
  options.step_size = ConstantSchedule({{"w_plus", 0.5}, {"w_minus", 0.5}});
  return options;
}

int CnnWidth(bool smoke) { return smoke ? 2 : 10; }

void BM_CnnStepDirect(benchmark::State& state, bool smoke) {
  const SignalNoiseSpec spec = CnnSpec(static_cast<int>(state.range(0)), smoke);
  const Dataset data = GenerateSignalNoise(spec, 1);
  TwoLayerCnn cnn(spec.d, CnnWidth(smoke));
  InitGaussian(cnn, kCnnOmega, 1);
  const TrainOptions options = CnnStep();
  for (auto _ : state) {
    GradientDescent(cnn, data, options);
    benchmark::DoNotOptimize(cnn.Block("w_plus").data());
  }
  state.counters["d"] = static_cast<double>(spec.d);
}

void BM_CnnStepGram(benchmark::State& state, bool smoke) {
  const SignalNoiseSpec spec = CnnSpec(static_cast<int>(state.range(0)), smoke);
  const CnnGramDraw draw = SampleSignalNoiseCnnGram(spec, CnnWidth(smoke), kCnnOmega, 0, 1);
  CnnSpanState span = CnnSpanStart(draw.train);
  const TrainOptions options = CnnStep();
  for (auto _ : state) {
    CnnGramGradientDescent(draw.train, span, options);
    benchmark::DoNotOptimize(span.C.data());
  }
  state.counters["d"] = static_cast<double>(spec.d);
}

void BM_CnnGramDraw(benchmark::State& state, bool smoke) {
  const SignalNoiseSpec spec = CnnSpec(static_cast<int>(state.range(0)), smoke);
  std::uint64_t seed = 1;
  for (auto _ : state) {
    const CnnGramDraw draw =
        SampleSignalNoiseCnnGram(spec, CnnWidth(smoke), kCnnOmega, smoke ? 10 : 2000, seed++);
    benchmark::DoNotOptimize(draw.test.cross.data());
  }
  state.counters["d"] = static_cast<double>(spec.d);
}

// One whole CNN run (RunCnn's default options: m = 10, σ₀ = 0.01, step 0.5, 100 steps, 2000 test
// samples), data drawn inside the timing, a fresh seed per iteration.
void BM_CnnRun(benchmark::State& state, Engine engine, bool smoke) {
  const SignalNoiseSpec spec = CnnSpec(static_cast<int>(state.range(0)), smoke);
  CnnRunOptions options;
  options.width = CnnWidth(smoke);
  options.engine = engine;
  if (smoke) {
    options.steps = 10;
    options.n_test = 10;
  }
  std::uint64_t seed = 1;
  for (auto _ : state) {
    const CnnRun run = RunCnn(spec, options, seed++);
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
  // The CNN: one GD step, direct against span coordinates, and the span inputs' draw.
  const std::vector<int> cnn_d = smoke ? std::vector<int>{50} : std::vector<int>{500, 2000, 8000};
  for (int d : cnn_d) {
    benchmark::RegisterBenchmark("BM_CnnStepDirect",
                                 [smoke](benchmark::State& s) { BM_CnnStepDirect(s, smoke); })
        ->ArgName("d")
        ->Arg(d)
        ->Unit(benchmark::kMicrosecond);
  }
  for (int d : cnn_d) {
    benchmark::RegisterBenchmark("BM_CnnStepGram",
                                 [smoke](benchmark::State& s) { BM_CnnStepGram(s, smoke); })
        ->ArgName("d")
        ->Arg(d)
        ->Unit(benchmark::kMicrosecond);
  }
  benchmark::RegisterBenchmark("BM_CnnGramDraw",
                               [smoke](benchmark::State& s) { BM_CnnGramDraw(s, smoke); })
      ->ArgName("d")
      ->Arg(smoke ? 50 : 2000)
      ->Unit(benchmark::kMillisecond);
  for (const Engine engine : {Engine::kDirect, Engine::kGram}) {
    benchmark::RegisterBenchmark(
        engine == Engine::kDirect ? "BM_CnnRunDirect" : "BM_CnnRunGram",
        [engine, smoke](benchmark::State& s) { BM_CnnRun(s, engine, smoke); })
        ->ArgName("d")
        ->Arg(smoke ? 50 : 2000)
        ->Unit(benchmark::kMillisecond);
  }
}

}  // namespace boa::bench
