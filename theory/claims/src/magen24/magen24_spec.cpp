#include "magen24_spec.hpp"

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

}  // namespace boa::claims
