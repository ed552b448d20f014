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
//   kAuto   — the process-wide choice (the command line's --engine), which itself defaults to
//             Gram: equal in distribution and, once d exceeds a few n·T, much cheaper
//             (O((nT)²) per step against O(nTd); benchmarks/README.md has the per-cell times).
// Experiments without a Gram form always run direct, whatever the choice.
// The two engines draw different random numbers, so a (parameters, seed) result is reproducible
// per engine: replay lines name the engine whenever it is not the default (claim.hpp).
#include <string>

namespace boa {

enum class Engine { kDirect, kGram };
std::string ToString(Engine engine);

enum class EngineChoice { kAuto, kDirect, kGram };
std::string ToString(EngineChoice choice);
EngineChoice ParseEngineChoice(const std::string& text);  // "auto" | "direct" | "gram"

// The process-wide choice that kAuto defers to (kAuto: Gram wherever possible). Set once by the
// command line before any experiment runs; read concurrently afterwards.
EngineChoice ProcessEngineChoice();
void SetProcessEngineChoice(EngineChoice choice);

// Sets the process-wide choice for one scope (e.g. replaying a corpus entry on its recorded
// engine) and restores the previous one when the scope ends.
class ScopedEngineChoice {
 public:
  explicit ScopedEngineChoice(EngineChoice choice) : before_(ProcessEngineChoice()) {
    SetProcessEngineChoice(choice);
  }
  ~ScopedEngineChoice() { SetProcessEngineChoice(before_); }
  ScopedEngineChoice(const ScopedEngineChoice&) = delete;
  ScopedEngineChoice& operator=(const ScopedEngineChoice&) = delete;

 private:
  EngineChoice before_;
};

// The engine an experiment with (has_gram_form) runs on under `choice`.
Engine ResolveEngine(EngineChoice choice, bool has_gram_form = true);

}  // namespace boa
