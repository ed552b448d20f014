// Training costs: one gradient-descent step of M1 (p, v), M2 with p only (W = I) and M2 with W
// and p (factored, and the dense update it replaces); the [M] two-step pipeline
// (RunPromptAttention); and a whole [S] run, 1000 steps of W and p at n = 20, T = 8.
#include "support/benchmark_support.hpp"

#include <utility>

#include "boa/prompt_attention_run.hpp"
#include "boa/token_selection_data.hpp"
#include "boa/train.hpp"

namespace boa::bench {
namespace {

Shape ShapeOf(const benchmark::State& state) {
  return {static_cast<int>(state.range(0)), static_cast<int>(state.range(1)),
          static_cast<int>(state.range(2))};
}

Dataset TokenData(const Shape& s) {
  TokenSelectionSpec spec;
  spec.n = s.n;
  spec.T = s.T;
  spec.d = s.d;
  if (s.T < 3) spec.weak_same = spec.weak_opposite = 0;
  return GenerateTokenSelection(spec, 1);
}

// [S] v3: W₀ with entries U(−1/√d, 1/√d), p₀ = 0, learning rate 5e-3 on both.
TokenSelection SakamotoModel(const Dataset& data) {
  TokenSelection model(data.d, DefaultHead(data), true);
  InitTokenSelectionW(model, 1);
  return model;
}
const StepSchedule kSakamotoRate = ConstantSchedule({{"p", 5e-3}, {"W", 5e-3}});

void BM_PromptAttentionStep(benchmark::State& state) {
  const Problem p = RandomProblem(ShapeOf(state));
  Dataset data;
  data.n = static_cast<int>(p.y.size());
  data.T = p.T;
  data.d = static_cast<int>(p.X.cols());
  data.X = p.X;
  data.y = p.y;
  PromptAttention model(data.d);
  model.Block("p") = p.q;
  model.Block("v") = p.u;
  const TrainOptions one_step{1, ConstantSchedule({{"p", 1e-3}, {"v", 1e-3}}), 0};
  for (auto _ : state) GradientDescent(model, data, one_step);
  SetThroughputCounters(state, static_cast<double>(p.X.size()));
}

void BM_TokenSelectionPStep(benchmark::State& state) {
  const Dataset data = TokenData(ShapeOf(state));
  TokenSelection model(data.d, DefaultHead(data), false);
  const TrainOptions one_step{1, ConstantSchedule({{"p", 1e-4}}), 0};
  for (auto _ : state) GradientDescent(model, data, one_step);
  SetThroughputCounters(state, static_cast<double>(data.X.size()));
}

// Steady state of the factored W+p step: the first call pays the O(nT·d²) start.
void BM_TokenSelectionWPStep(benchmark::State& state) {
  const Dataset data = TokenData(ShapeOf(state));
  TokenSelection model = SakamotoModel(data);
  const TrainOptions one_step{1, kSakamotoRate, 0};
  GradientDescent(model, data, one_step);
  for (auto _ : state) GradientDescent(model, data, one_step);
  SetThroughputCounters(state, static_cast<double>(data.X.size()));
}

// The dense update W ← W − β p∇_qᵀ the factored form replaces (O(d²) per step): "before".
void BM_TokenSelectionWPDenseStep(benchmark::State& state) {
  const Dataset data = TokenData(ShapeOf(state));
  TokenSelection model = SakamotoModel(data);
  for (auto _ : state) {
    const Evaluation e = model.Evaluate(data, true);
    model.Block("p") -= 5e-3 * e.gradient[0];
    model.Block("W") -= 5e-3 * e.gradient[1];
  }
  SetThroughputCounters(state, static_cast<double>(data.X.size()));
}

// [M]: D1 data, M1 trained two steps by schedule SA, fit, attention, projected test error.
void BM_PromptAttentionRun(benchmark::State& state) {
  const Shape s = ShapeOf(state);
  SignalNoiseSpec spec;
  spec.n = s.n;
  spec.T = s.T;
  spec.d = s.d;
  const PromptAttentionRunOptions options{MagenScheduleSA(s.n, s.d), 2, 0, 0, 4000};
  for (auto _ : state) benchmark::DoNotOptimize(RunPromptAttention(spec, options, 1));
  SetThroughputCounters(state, static_cast<double>(s.n) * s.T * s.d);
}

// [S]: 1000 steps of W and p from the [S] v3 start (data and W₀ drawn outside the timing).
void BM_TokenSelectionRun(benchmark::State& state) {
  const Dataset data = TokenData(ShapeOf(state));
  const TokenSelection start = SakamotoModel(data);
  const int steps = static_cast<int>(state.range(3));
  for (auto _ : state) {
    state.PauseTiming();
    TokenSelection model = start;
    state.ResumeTiming();
    GradientDescent(model, data, {steps, kSakamotoRate, 0});
    benchmark::DoNotOptimize(model.Query().data());
  }
  SetThroughputCounters(state, static_cast<double>(data.X.size()) * steps);
}

}  // namespace

void RegisterBenchmarks(bool smoke) {
  const std::vector<Shape> shapes = smoke ? std::vector<Shape>{kSmokeShape} : kKernelShapes;
  const std::vector<Shape> run_shapes =
      smoke ? std::vector<Shape>{{4, 2, 64}} : std::vector<Shape>{{20, 8, 2000}, {20, 8, 4500}};
  auto shape_args = [](benchmark::internal::Benchmark* b, const Shape& s) {
    b->ArgNames({"n", "T", "d"})->Args({s.n, s.T, s.d});
  };
  for (const Shape& s : shapes) {
    shape_args(benchmark::RegisterBenchmark("BM_PromptAttentionStep", BM_PromptAttentionStep), s);
    shape_args(benchmark::RegisterBenchmark("BM_TokenSelectionPStep", BM_TokenSelectionPStep), s);
  }
  for (const Shape& s : run_shapes) {
    shape_args(benchmark::RegisterBenchmark("BM_TokenSelectionWPStep", BM_TokenSelectionWPStep), s);
    shape_args(
        benchmark::RegisterBenchmark("BM_TokenSelectionWPDenseStep", BM_TokenSelectionWPDenseStep),
        s);
    benchmark::RegisterBenchmark("BM_TokenSelectionRun", BM_TokenSelectionRun)
        ->ArgNames({"n", "T", "d", "steps"})
        ->Args({s.n, s.T, s.d, 1000})
        ->Unit(benchmark::kMillisecond);
  }
  const std::vector<Shape> m_shapes =
      smoke ? std::vector<Shape>{{4, 2, 64}} : std::vector<Shape>{{20, 2, 2000}, {100, 2, 10000}};
  for (const Shape& s : m_shapes) {
    shape_args(benchmark::RegisterBenchmark("BM_PromptAttentionRun", BM_PromptAttentionRun), s);
  }
}

}  // namespace boa::bench
