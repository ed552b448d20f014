#include "magen24_spec.hpp"

#include <cmath>

#include "boa/error.hpp"

namespace boa::claims {

SignalNoiseSpec SignalNoiseSpecFromParams(const Params& params) {
  SignalNoiseSpec spec;
  spec.n = IntParam(params, "n");
  spec.d = IntParam(params, "d");
  spec.snr = RealParam(params, "snr");
  spec.eta = RealParam(params, "eta");
  if (params.count("T")) spec.T = IntParam(params, "T");
  if (params.count("random_position") && IntParam(params, "random_position")) {
    spec.position = SignalPosition::kRandom;
  }
  return spec;
}

int SizeFromParams(double value, const std::string& what) {
  Require(value >= -2147483647.0 && value <= 2147483647.0 && value == std::floor(value),
          what + " = " + FormatNumber(value) + " is not a representable integer size");
  return static_cast<int>(value);
}

}  // namespace boa::claims
