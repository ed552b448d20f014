#include "boa/rng.hpp"

#include <cmath>

#include <boost/random/chi_squared_distribution.hpp>
#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_01.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "boa/error.hpp"
#include "boa/format.hpp"

namespace boa {

std::uint64_t MixSeed(std::uint64_t seed, std::uint64_t stream) {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (stream + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

Rng::Rng(std::uint64_t seed, std::uint64_t stream) : engine_(MixSeed(seed, stream)) {}

double Rng::Normal() { return boost::random::normal_distribution<double>(0.0, 1.0)(engine_); }

double Rng::Uniform() { return boost::random::uniform_01<double>()(engine_); }

namespace {

// Infinite bounds (a parameter such as 10^400) would send Boost into unbounded recursion.
void RequireFiniteBounds(double lo, double hi) {
  if (!(std::isfinite(lo) && std::isfinite(hi) && lo <= hi)) {  // the message only on failure
    throw InvalidInput("a uniform draw needs finite bounds lo ≤ hi (got [" + FormatNumber(lo) +
                       ", " + FormatNumber(hi) + "])");
  }
}

}  // namespace

double Rng::Uniform(double lo, double hi) {
  RequireFiniteBounds(lo, hi);
  return boost::random::uniform_real_distribution<double>(lo, hi)(engine_);
}

void Rng::FillUniform(double lo, double hi, std::span<double> out) {
  RequireFiniteBounds(lo, hi);
  boost::random::uniform_real_distribution<double> uniform(lo, hi);
  for (double& x : out) x = uniform(engine_);
}

int Rng::UniformInt(int lo, int hi) {
  return boost::random::uniform_int_distribution<int>(lo, hi)(engine_);
}

bool Rng::Bernoulli(double p) { return Uniform() < p; }

double Rng::ChiSquare(double degrees_of_freedom) {
  return boost::random::chi_squared_distribution<double>(degrees_of_freedom)(engine_);
}

std::uint64_t Rng::Bits() { return engine_(); }

}  // namespace boa
