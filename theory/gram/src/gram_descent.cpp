#include "boa/gram_descent.hpp"

#include <cmath>
#include <optional>

#include "boa/error.hpp"

namespace boa {
namespace {

void Step(SpanVector& theta, const SpanVector& grad, double beta, double decay) {
  theta.a -= beta * (grad.a + decay * theta.a);
  theta.gamma -= beta * (grad.gamma + decay * theta.gamma);
}

bool Finite(const SpanVector& v) { return v.a.allFinite() && v.gamma.allFinite(); }

}  // namespace

GramModel GramPromptAttention(const GramInstance& gram) {
  GramModel m{gram.Zero(), gram.Zero(), true};
  if (gram.initial.size() >= 1) m.query = gram.initial[0];
  if (gram.initial.size() >= 2) m.head = gram.initial[1];
  return m;
}

GramModel GramTokenSelection(const GramInstance& gram) {
  GramModel m{gram.Zero(), gram.Zero(), false};
  if (!gram.initial.empty()) m.query = gram.initial[0];
  const Eigen::Vector2d diff = gram.mu_plus_a - gram.mu_minus_a;
  const double mu_norm = gram.mu_plus_a.norm();
  Require(mu_norm > 0, "the default head needs a non-zero signal (mu_norm > 0)");
  m.head.a = diff / (diff.norm() * mu_norm);
  return m;
}

GramEvaluation EvaluateGram(const GramInstance& gram, const GramModel& model,
                            FixedProjections fixed) {
  GramEvaluation e;
  e.attention =
      AttentionFromProjections(fixed.query ? *fixed.query : gram.Project(model.query),
                               fixed.head ? *fixed.head : gram.Project(model.head), gram.y);
  e.grad_query = gram.Combine(e.attention.dloss_dscore);
  if (model.train_head) e.grad_head = gram.Combine(e.attention.dloss_dvalue);
  return e;
}

void GramGradientDescent(const GramInstance& gram, GramModel& model, const TrainOptions& options,
                         const GramObserver& observer) {
  Require(options.steps >= 0, "the number of steps must be non-negative");
  Require(static_cast<bool>(options.step_size), "gradient descent needs a step-size schedule");
  // A block that does not train projects the same at every step: once, here.
  std::optional<RowMatrix> query, head;
  if (!model.train_query) query = gram.Project(model.query);
  if (!model.train_head) head = gram.Project(model.head);
  const FixedProjections fixed{query ? &*query : nullptr, head ? &*head : nullptr};
  for (int step = 1; step <= options.steps; ++step) {
    const GramEvaluation e = EvaluateGram(gram, model, fixed);
    RequireFinite(std::isfinite(e.attention.loss),
                  "the loss became non-finite at step " + std::to_string(step - 1));
    RequireFinite(Finite(e.grad_query) && (!model.train_head || Finite(e.grad_head)),
                  "a gradient became non-finite at step " + std::to_string(step));
    if (observer) observer(step - 1, model, e.attention);
    if (model.train_query) {
      Step(model.query, e.grad_query, options.step_size(step, "p"), options.weight_decay);
    }
    if (model.train_head) {
      Step(model.head, e.grad_head, options.step_size(step, "v"), options.weight_decay);
    }
  }
  if (observer) {
    const GramEvaluation last = EvaluateGram(gram, model, fixed);
    RequireFinite(std::isfinite(last.attention.loss),
                  "the loss became non-finite after the last step");
    observer(options.steps, model, last.attention);
  }
}

}  // namespace boa
