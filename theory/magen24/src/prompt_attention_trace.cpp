#include "boa/prompt_attention_trace.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "boa/error.hpp"
#include "boa/fit_regime.hpp"
#include "boa/gram_descent.hpp"
#include "boa/projected_test_error.hpp"

namespace boa {
namespace {

// Thrown by the observer to end GD early when the caller's `stop` says so (the trainer has no
// other way out of its loop); caught at once.
struct StopTrace {};

TracePoint Measure(int step, const SampleLabels& labels, const ProjectedAttention& a) {
  TracePoint point;
  point.step = step;
  point.loss = a.loss;
  int clean = 0, noisy = 0, clean_fit = 0, noisy_fit = 0;
  double clean_attention = 0, noisy_attention = 0;
  for (int i = 0; i < labels.n; ++i) {
    double signal = 0;
    for (int t = 0; t < labels.T; ++t) {
      if (labels.Role(i, t) == TokenRole::kSignal) signal = a.attention(i, t);
    }
    const bool fitted = labels.y(i) * a.f(i) > 0;
    if (labels.noisy[static_cast<std::size_t>(i)]) {
      ++noisy;
      noisy_fit += fitted;
      noisy_attention += signal;
      point.max_noisy_signal_attention = std::max(point.max_noisy_signal_attention, signal);
    } else {
      ++clean;
      clean_fit += fitted;
      clean_attention += signal;
      point.min_clean_signal_attention = std::min(point.min_clean_signal_attention, signal);
    }
  }
  point.train_accuracy = static_cast<double>(clean_fit + noisy_fit) / labels.n;
  if (clean > 0) {
    point.clean_fit = static_cast<double>(clean_fit) / clean;
    point.mean_clean_signal_attention = clean_attention / clean;
  }
  if (noisy > 0) {
    point.noisy_fit = static_cast<double>(noisy_fit) / noisy;
    point.mean_noisy_signal_attention = noisy_attention / noisy;
  }
  return point;
}

}  // namespace

bool BenignIterate(const TracePoint& point) {
  return ClassifyFit(point.train_accuracy, point.clean_test_accuracy) == FitRegime::kBenign;
}

int FittedSide(const TracePoint& point) {
  const bool clean = point.clean_fit == 1, noisy = point.noisy_fit == 1;
  return clean && !noisy ? 1 : noisy && !clean ? -1 : 0;
}

FitSides CountFitSides(const PromptAttentionTrace& trace) {
  FitSides sides;
  int last_side = 0;
  for (const TracePoint& point : trace.points) {
    if (point.step < 1) continue;
    const int side = FittedSide(point);
    sides.clean_only += side == 1;
    sides.noisy_only += side == -1;
    sides.fitted += point.train_accuracy == 1;
    if (side != 0) {
      sides.switches += last_side != 0 && side != last_side;
      last_side = side;
    }
  }
  return sides;
}

PromptAttentionTrace TracePromptAttention(const GramInstance& gram, const SignalNoiseSpec& spec,
                                          const StepSchedule& schedule, int steps,
                                          std::uint64_t test_seed,
                                          const std::function<bool(const TracePoint&)>& stop,
                                          bool with_test_accuracy) {
  PromptAttentionTrace trace;
  trace.labels = LabelsOf(gram);
  const double blow_up = kLossBlowUpFactor * std::log(2.0);
  GramModel model = GramPromptAttention(gram);
  try {
    GramGradientDescent(
        gram, model, {steps, schedule},
        [&](int step, const GramModel& m, const ProjectedAttention& a) {
          RequireFinite(a.loss <= blow_up, "the loss blew up at step " + std::to_string(step));
          TracePoint point = Measure(step, trace.labels, a);
          if (with_test_accuracy) {
            const TestProjections projections = ProjectionsOf(m.query, m.head, gram);
            const double error = spec.T == 2 ? ExactCleanTestErrorSignalNoiseT2(projections)
                                             : ProjectedCleanTestError(projections, spec,
                                                                       kTraceTestSamples, test_seed)
                                                   .error.rate;
            point.clean_test_accuracy = 1 - error;
          }
          trace.points.push_back(point);
          if (stop && stop(point)) throw StopTrace{};
        });
  } catch (const NumericalFailure&) {
    trace.diverged = true;
  } catch (const StopTrace&) {
    // `stop` ended the trace at its last point.
  }
  return trace;
}

}  // namespace boa
