#pragma once
// The two engines of an experiment, and which one runs (issue 6).
//
//   kDirect draws the n·T·d token matrix and runs GradientDescent on ambient parameters;
//   kGram draws the training set in Gram form (gram_sampling.hpp) and runs GramGradientDescent
//   on span coordinates (gram_descent.hpp), O((nT)²) per step whatever d is.
// They are equal in distribution, not draw for draw.
//
// Experiments that have a Gram form (M1 on D1, p-only M2 on D2, from zero or Gaussian
// initialisation, with no ambient vector needed afterwards) take an EngineChoice:
//   kDirect — draw the n·T·d tokens;  kGram — Gram-space sampling and GD;
//   kAuto   — the default: Gram wherever the experiment has a Gram form — equal in
//             distribution and, once d exceeds a few n·T, much cheaper (O((nT)²) per step
//             against O(nTd); benchmarks/README.md has the per-cell times).
// Experiments without a Gram form always run direct, whatever the choice.
// There is no process-wide choice: the engine travels with the run's options (RunOptions, the
// claim's check arguments). The two engines draw different random numbers, so a (parameters,
// seed) result is reproducible per engine: replay lines of claims with a Gram form always name
// the engine (claim.hpp).
#include <string>

namespace boa {

enum class Engine { kDirect, kGram };
std::string ToString(Engine engine);

enum class EngineChoice { kAuto, kDirect, kGram };
std::string ToString(EngineChoice choice);
EngineChoice ParseEngineChoice(const std::string& text);  // "auto" | "direct" | "gram"

// The engine an experiment with (has_gram_form) runs on under `choice`.
Engine ResolveEngine(EngineChoice choice, bool has_gram_form = true);
// The choice that runs exactly `engine` (e.g. an instance replayed on its recorded engine).
EngineChoice ChoiceOf(Engine engine);

}  // namespace boa
