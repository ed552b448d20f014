#pragma once
// Full-batch gradient descent (THEORY.md §3).
//
//   θ_b ← θ_b − β_b(k) (∇_b L + λ θ_b)     for every trained block b, step k = 1, 2, ...
//
// Step sizes are per block and per step (a schedule); λ is the weight decay.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "boa/dataset.hpp"
#include "boa/model.hpp"

namespace boa {

// Step sizes: StepSchedule β_b(k) (boa/model.hpp).
StepSchedule ConstantSchedule(std::map<std::string, double> step_sizes);

// [M] schedule SA (attention selection): step 1 β_v = 1e-3·n/d, β_p = 0; step 2 onward
// β_v = 8n/d, β_p = 80n/(B·d) with B = (1e-3·n/d)·d/(4n). The small first step keeps g_i ≈ 1/2,
// the large second step lets the softmax select. Steps after the second reuse the step-2 sizes.
StepSchedule MagenScheduleSA(int n, int d);

// [M] schedule SB: β_v = β_p = c·n/d at every step.
StepSchedule MagenScheduleSB(int n, int d, double c = 4.0);

// Called with the model and its evaluation at θ_k for k = 0 (before any step) .. steps. The
// evaluation always has loss, f and attention; its gradient vectors are left out when the model
// steps in factored form (TokenSelection training W, see Model::DescentStep).
using Observer = std::function<void(int step, const Model& model, const Evaluation& evaluation)>;

struct TrainOptions {
  int steps = 1;
  StepSchedule step_size;
  double weight_decay = 0;
};

// Runs `steps` steps in place. Throws InvalidInput if a loss or gradient becomes non-finite:
// no NaN reaches a verdict silently.
void GradientDescent(Model& model, const Dataset& data, const TrainOptions& options,
                     const Observer& observer = {});

// Gaussian initialisation N(0, ω²) of every trained block (seeded, init stream).
void InitGaussian(Model& model, double omega, std::uint64_t seed);

// The [S] v3 initialisation of W: entries U(−1/√d, 1/√d).
void InitTokenSelectionW(TokenSelection& model, std::uint64_t seed);

// Per-step record: loss, train accuracy, and mean attention per token role, separately over
// clean and noisy samples.
struct StepRecord {
  int step = 0;
  double loss = 0;
  double train_accuracy = 0;
  std::map<std::string, double> clean_attention;  // role name → mean attention mass
  std::map<std::string, double> noisy_attention;
};

struct Trajectory {
  std::vector<StepRecord> steps;
  Observer Recorder(const Dataset& data);  // an observer that appends to `steps`
};

}  // namespace boa
