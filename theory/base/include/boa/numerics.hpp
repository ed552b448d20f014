#pragma once
// Numerically stable primitives used by every model.
//
//   S(z)_t = exp(z_t − max z) / Σ_u exp(z_u − max z)       finite for any finite z
//   ℓ(z)   = log(1 + e^{−z})                               softplus(−z), no overflow
//   g(z)   = −ℓ'(z) = 1 / (1 + e^{z})                      the logistic "weight" of a sample
#include <cmath>
#include <span>

namespace boa {

// Writes S(z) into out (same length as z). z and out may alias.
void StableSoftmax(std::span<const double> z, std::span<double> out);

inline double LogisticLoss(double z) {
  return z > 0 ? std::log1p(std::exp(-z)) : -z + std::log1p(std::exp(z));
}

inline double LogisticWeight(double z) {
  if (z >= 0) {
    const double e = std::exp(-z);
    return e / (1.0 + e);
  }
  return 1.0 / (1.0 + std::exp(z));
}

// The logistic function σ(z) = 1 / (1 + e^{−z}) = g(−z).
inline double Sigmoid(double z) { return LogisticWeight(-z); }

// The normalised entropy of the softmax of k ≥ 2 scores, H(S(z)) / log k: 1 for equal scores, → 0
// as one score dominates (terms with S(z)_t = 0 count 0).
double NormalisedSoftmaxEntropy(std::span<const double> z);

}  // namespace boa
