// Fixed small workloads for the performance gate (benchmarks/perf_gate.sh). Each run does one
// workload; only boa_gate_measured() is counted by callgrind (--toggle-collect), so set-up and
// process start-up do not blur the instruction count.
//
//   perf_gate_workload kernel|kernel_reference|prompt_attention_gd|token_selection_wp
//
// BOA_PERF_GATE_SLOWDOWN=<k> repeats the measured work k times: the injected slowdown the gate
// must catch. (Swapping in the reference kernel is no slowdown in instructions at this in-cache
// size: it reads X four times but from cache, and Eigen's matrix–vector products are lean.)
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <string>

#include "boa/attention_kernel.hpp"
#include "boa/rng.hpp"
#include "boa/token_selection_data.hpp"
#include "boa/train.hpp"

extern "C" __attribute__((noinline)) void boa_gate_measured(const std::function<void()>& work) {
  work();
}

namespace boa {
namespace {

RowMatrix Gaussian(Eigen::Index rows, Eigen::Index cols, Rng& rng, double scale) {
  return RowMatrix::NullaryExpr(rows, cols, [&] { return scale * rng.Normal(); });
}

int Run(const std::string& workload, int repeats) {
  Rng rng(20261130);
  if (workload == "kernel" || workload == "kernel_reference") {
    const int n = 16, T = 4, d = 256;
    const RowMatrix X = Gaussian(n * T, d, rng, 1);
    const Vector y = Vector::NullaryExpr(n, [&] { return rng.Bernoulli(0.5) ? 1.0 : -1.0; });
    const Vector q = Gaussian(d, 1, rng, 0.0625), u = Gaussian(d, 1, rng, 0.0625);
    const bool reference = workload == "kernel_reference";
    KernelOutput out;
    boa_gate_measured([&] {
      for (int r = 0; r < 10 * repeats; ++r) {
        if (reference) {
          out = ReferenceAttentionKernel(X, T, y, q, u);
        } else {
          FusedAttentionKernel(X, T, y, q, u, true, out);
        }
      }
    });
    return out.grad_q.allFinite() ? 0 : 1;
  }
  TokenSelectionSpec spec;
  spec.n = 8;
  spec.T = 4;
  spec.d = 128;
  const Dataset data = GenerateTokenSelection(spec, 1);
  if (workload == "prompt_attention_gd") {
    PromptAttention model(data.d);
    model.Block("p") = Gaussian(data.d, 1, rng, 0.1);
    model.Block("v") = Gaussian(data.d, 1, rng, 0.1);
    boa_gate_measured([&] {
      GradientDescent(model, data, {10 * repeats, ConstantSchedule({{"p", 0.1}, {"v", 0.1}}), 0});
    });
    return std::isfinite(model.Evaluate(data, false).loss) ? 0 : 1;
  }
  if (workload == "token_selection_wp") {  // the factored W+p path: start plus 300 steps
    TokenSelection model(data.d, DefaultHead(data), true);
    InitTokenSelectionW(model, 1);
    boa_gate_measured([&] {
      for (int r = 0; r < repeats; ++r) {
        TokenSelection fresh = model;
        GradientDescent(fresh, data, {300, ConstantSchedule({{"p", 5e-3}, {"W", 5e-3}}), 0});
      }
    });
    return 0;
  }
  std::cerr << "unknown workload '" << workload << "'\n";
  return 2;
}

}  // namespace
}  // namespace boa

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr
        << "usage: perf_gate_workload kernel|kernel_reference|prompt_attention_gd|token_selection_wp\n";
    return 2;
  }
  const char* slowdown = std::getenv("BOA_PERF_GATE_SLOWDOWN");
  const int repeats = slowdown != nullptr ? std::max(1, std::atoi(slowdown)) : 1;
  return boa::Run(argv[1], repeats);
}
