// boa instance --model m1|m2|m2w|m2k|m3|m4|m5|cnn [--layers L] [--width M]
//              --data signal-noise|token-selection [--antipodal]
// [generator flags: … --relevant R --weak-same S --weak-opposite O --T-min M]
//              [training flags] --out FILE.json [--max-memory-mb M]
// One instance with its GD trajectory as JSON (schema in README § Instance JSON).
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <limits>

#include "boa/error.hpp"
#include "boa/format.hpp"
#include "boa/memory_budget.hpp"
#include "boa_report/atomic_file.hpp"
#include "boa_report/commands.hpp"
#include "boa_report/instance.hpp"

namespace boa::report {
namespace {

struct InstanceArgs {
  InstanceOptions options;
  std::string out;
  int n = 0, d = 0, T = 0, classes = 2;
  int T_min = TokenSelectionSpec{}.T_min, relevant = TokenSelectionSpec{}.relevant,
      weak_same = TokenSelectionSpec{}.weak_same,
      weak_opposite = TokenSelectionSpec{}.weak_opposite;
  double eta = 0;
  double snr = SignalNoiseSpec{}.snr;
  double dominant_ratio = SignalNoiseSpec{}.dominant_ratio;
  double mu_norm = TokenSelectionSpec{}.mu_norm;
  double rho = TokenSelectionSpec{}.rho;
  std::string position = "first", flips, labels = "balanced";
  bool antipodal = false;
};

int RunInstance(CLI::App& cmd, InstanceArgs a) {
  RequireWritableFile("--out", a.out);
  auto& o = a.options;
  auto& sn = o.signal_noise;
  auto& ts = o.token_selection;
  // Given sizes and η override both generators' defaults; the generators validate them.
  if (cmd.count("--n")) sn.n = ts.n = a.n;
  if (cmd.count("--d")) sn.d = ts.d = a.d;
  if (cmd.count("--T")) sn.T = ts.T = a.T;
  if (cmd.count("--eta")) sn.eta = ts.eta = a.eta;
  sn.snr = a.snr;
  sn.antipodal = a.antipodal;
  sn.dominant_ratio = a.dominant_ratio;
  ts.mu_norm = a.mu_norm;
  ts.rho = a.rho;
  ts.classes = a.classes;
  ts.T_min = a.T_min;
  ts.relevant = a.relevant;
  ts.weak_same = a.weak_same;
  ts.weak_opposite = a.weak_opposite;
  Require(a.position == "first" || a.position == "random", "--position must be first or random");
  sn.position = a.position == "first" ? SignalPosition::kFirst : SignalPosition::kRandom;
  Require(a.labels == "balanced" || a.labels == "random", "--labels must be balanced or random");
  ts.labels = a.labels == "balanced" ? LabelRule::kBalanced : LabelRule::kRandom;
  if (!a.flips.empty()) {
    Require(a.flips == "bernoulli" || a.flips == "exact" || a.flips == "balanced-exact",
            "--flips must be bernoulli, exact or balanced-exact");
    const FlipRule rule = a.flips == "bernoulli" ? FlipRule::kBernoulli
                          : a.flips == "exact"   ? FlipRule::kExact
                                                 : FlipRule::kBalancedExact;
    sn.flips = ts.flips = rule;
  }
  const bool signal_noise = o.data == "signal-noise";
  const double dim = signal_noise ? sn.d : ts.d;
  const double dense_W = o.model == "m2w" || o.model == "m3" || o.model == "m2e" ? dim * dim
                         : o.model == "m4"  ? 2.0 * std::max(0, o.layers - 1) * dim * dim
                         : o.model == "m5"  ? 8.0 * dim * dim
                         : o.model == "cnn" ? 2.0 * o.width * dim
                                            : 0.0;
  const double numbers = (signal_noise ? 1.0 * sn.n * sn.T : 1.0 * ts.n * ts.T) * dim + dense_W;
  // The JSON text takes ~25 bytes per number on top of the 8 in memory: ~33/8 doubles each.
  RequireMemory(numbers * 33 / 8, "the instance JSON (n·T·d, plus d² for a dense W)");
  WriteAtomically(a.out, BuildInstanceJson(o).dump() + "\n");
  std::cout << "wrote " << a.out << " (model " << o.model << ", " << o.data << " data, " << o.steps
            << " GD steps)\n";
  return 0;
}

}  // namespace

void AddInstanceCommand(CLI::App& app, Action& action) {
  auto a = std::make_shared<InstanceArgs>();
  auto* cmd = app.add_subcommand("instance", "Write one instance with its GD trajectory as JSON");
  cmd->add_option(
      "--model", a->options.model,
      "m1 | m2 (p only) | m2w (W and p) | m2k (K outputs) | m2e (random fixed head, learned "
      "embedding E) | m3 | m4 | m5 | cnn (Kou et al.'s two-layer ReLU CNN)");
  constexpr int kMaxInt = std::numeric_limits<int>::max();
  constexpr RealRange kNonNegative{0};
  AddIntegerOption(*cmd, "--layers", a->options.layers, 1, 8,
                   "m4: depth L (L − 1 self-attention layers)");
  AddIntegerOption(*cmd, "--width", a->options.width, 1, 4096, "cnn: filters per bank m");
  cmd->add_option("--data", a->options.data, "signal-noise | token-selection");
  // Not given: each generator's own default, shown here.
  const SignalNoiseSpec& sn = a->options.signal_noise;
  const TokenSelectionSpec& ts = a->options.token_selection;
  const auto defaults = [](double signal_noise, double token_selection) {
    return " (default: " + FormatNumber(signal_noise) + " signal-noise, " +
           FormatNumber(token_selection) + " token-selection)";
  };
  AddIntegerOption(*cmd, "--n", a->n, 2, kMaxInt, "Samples" + defaults(sn.n, ts.n));
  AddIntegerOption(*cmd, "--d", a->d, 3, kMaxInt, "Dimension" + defaults(sn.d, ts.d));
  AddIntegerOption(*cmd, "--T", a->T, 2, kMaxInt, "Tokens per sample" + defaults(sn.T, ts.T));
  AddRealOption(*cmd, "--eta", a->eta, {0, 1, false, true},
                "Label-flip rate" + defaults(sn.eta, ts.eta));
  AddRealOption(*cmd, "--snr", a->snr, kNonNegative, "signal-noise: ‖μ‖/(σ√d)");
  AddRealOption(*cmd, "--dominant-ratio", a->dominant_ratio, {1},
                "signal-noise: κ, the first noise token's scale over the others' (default 1)");
  AddRealOption(*cmd, "--mu-norm", a->mu_norm, kNonNegative, "token-selection: ‖μ‖");
  AddRealOption(*cmd, "--rho", a->rho, kNonNegative, "token-selection: weak-token strength ρ");
  AddIntegerOption(*cmd, "--classes", a->classes, 2, 64, "token-selection: classes K (m2k)");
  AddIntegerOption(*cmd, "--relevant", a->relevant, 0, kMaxInt,
                   "token-selection: relevant tokens (with --T-min: at most, per sample)");
  AddIntegerOption(*cmd, "--weak-same", a->weak_same, 0, kMaxInt,
                   "token-selection: weak tokens of the own class (with --T-min: at most)");
  AddIntegerOption(*cmd, "--weak-opposite", a->weak_opposite, 0, kMaxInt,
                   "token-selection: weak tokens per other class (with --T-min: at most)");
  AddIntegerOption(*cmd, "--T-min", a->T_min, 0, kMaxInt,
                   "token-selection: > 0 draws each sample's token count from [T-min, T] and its "
                   "role counts from [1, the maxima] (variable-length data, masked; m1, m2, m2w)");
  cmd->add_option("--position", a->position, "signal-noise: first | random");
  cmd->add_flag(
      "--antipodal", a->antipodal,
      "signal-noise: Kou et al.'s signal ỹμ (μ₋ = −μ₊) instead of two orthogonal signals");
  cmd->add_option("--flips", a->flips, "bernoulli | exact | balanced-exact");
  cmd->add_option("--labels", a->labels, "token-selection: balanced | random");
  AddIntegerOption(*cmd, "--steps", a->options.steps, 0, 100000, "GD steps");
  cmd->add_option("--schedule", a->options.schedule, "sa | sb (M1) | constant");
  AddRealOption(*cmd, "--lr", a->options.lr, kAnyFinite, "Step size of the constant schedule");
  AddRealOption(*cmd, "--weight-decay", a->options.weight_decay, kNonNegative, "Weight decay λ");
  AddRealOption(*cmd, "--omega", a->options.omega, kNonNegative,
                "Gaussian init scale ω (0: zero init)");
  AddIntegerOption(*cmd, "--n-test", a->options.n_test, 2, 1000000,
                   "Clean test samples (projected: m1, m2, m2w; sampled: the others)");
  AddUnsignedOption(*cmd, "--seed", a->options.seed, "Seed");
  cmd->add_option("--out", a->out, "Output JSON file")->required();
  cmd->callback([&action, a, cmd] { action = [a, cmd] { return RunInstance(*cmd, *a); }; });
}

}  // namespace boa::report
