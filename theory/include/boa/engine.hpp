#pragma once
// The two engines an experiment can run on (README § Sweeps, engines and running past one
// machine): kDirect draws the n·T·d token matrix and runs GradientDescent, O(nTd) per step;
// kGram draws the training set in Gram form (gram_sampling.hpp) and runs GramGradientDescent,
// O((nT)²) per step whatever d is. The two are equal in distribution, not draw for draw: a
// (spec, seed) result is reproducible for a given engine. Used by RunPromptAttention ([M]) and
// RunTokenSelection ([S], p only).
#include <string>

namespace boa {

enum class Engine { kDirect, kGram };
std::string ToString(Engine engine);
Engine ParseEngine(const std::string& text);  // "direct" | "gram"; throws InvalidInput

}  // namespace boa
