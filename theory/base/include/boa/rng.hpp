#pragma once
// Portable randomness. Every random quantity in boa flows from one explicit 64-bit seed through
// boost::random::mt19937_64 and Boost.Random's distributions, whose algorithms (ziggurat normal,
// rejection-free integer mapping) are fixed by Boost rather than by the standard library, so the
// same (spec, seed) gives bit-identical data on every platform with the same Boost version.
// std::normal_distribution is deliberately not used: libstdc++ and libc++ disagree.
#include <cstdint>
#include <span>

#include <boost/random/mersenne_twister.hpp>

namespace boa {

// SplitMix64 finaliser: turns (seed, stream) into well-separated engine seeds so that e.g. the
// training set and the test set of one seed are independent draws.
std::uint64_t MixSeed(std::uint64_t seed, std::uint64_t stream);

class Rng {
 public:
  explicit Rng(std::uint64_t seed, std::uint64_t stream = 0);

  double Normal();                       // N(0, 1)
  double Uniform();                      // U[0, 1)
  double Uniform(double lo, double hi);  // U[lo, hi); finite lo ≤ hi, else InvalidInput
  // out[k] = Uniform(lo, hi) for k = 0, 1, …: the same draws, without a call per draw (a d×d W₀).
  void FillUniform(double lo, double hi, std::span<double> out);
  int UniformInt(int lo, int hi);  // uniform on {lo, ..., hi}
  bool Bernoulli(double p);
  double ChiSquare(double degrees_of_freedom);
  std::uint64_t Bits();  // raw 64 bits

 private:
  boost::random::mt19937_64 engine_;
};

// Named streams: one per independent use of a seed.
enum Stream : std::uint64_t {
  kTrainData = 1,
  kTestData = 2,
  kInit = 3,
  kRegime = 4,
  kDirection = 5,
  kInitW = 6,
  kTrainTokenCounts = 7,  // variable-length D2: the training samples' token counts
  kTestTokenCounts = 8,   // … and the test samples'
};

}  // namespace boa
