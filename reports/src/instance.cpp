#include "boa_report/instance.hpp"

#include <memory>

#include "boa/deep_attention.hpp"
#include "boa/error.hpp"
#include "boa/model.hpp"
#include "boa/train.hpp"
#include "boa/transformer_encoder.hpp"

namespace boa::report {
namespace {

using nlohmann::json;

json Rows(const RowMatrix& m) {
  json rows = json::array();
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    rows.push_back(std::vector<double>(m.row(r).data(), m.row(r).data() + m.cols()));
  }
  return rows;
}

json Values(const Vector& v) { return std::vector<double>(v.data(), v.data() + v.size()); }

json BlocksJson(const Model& model) {
  json blocks = json::object();
  for (const auto& b : model.Blocks()) blocks[b.name] = Values(b.value);
  return blocks;
}

json EvaluationJson(const Model& model, const Dataset& data) {
  const Evaluation e = model.Evaluate(data, true);
  json gradient = json::object();
  for (std::size_t b = 0; b < e.gradient.size(); ++b) {
    if (model.Blocks()[b].trained) gradient[model.Blocks()[b].name] = Values(e.gradient[b]);
  }
  return {{"loss", e.loss},
          {"f", Values(e.f)},
          {"attention", Rows(e.attention)},
          {"gradient", gradient}};
}

Dataset MakeData(const InstanceOptions& o) {
  if (o.data == "signal-noise") return GenerateSignalNoise(o.signal_noise, o.seed);
  if (o.data == "token-selection") return GenerateTokenSelection(o.token_selection, o.seed);
  throw InvalidInput("unknown data '" + o.data + "': use signal-noise or token-selection");
}

std::unique_ptr<Model> MakeModel(const InstanceOptions& o, const Dataset& data) {
  std::unique_ptr<Model> model;
  if (o.model == "m1") {
    model = std::make_unique<PromptAttention>(data.d);
  } else if (o.model == "m2" || o.model == "m2w") {
    model = std::make_unique<TokenSelection>(data.d, DefaultHead(data), o.model == "m2w");
  } else if (o.model == "m3") {
    model = std::make_unique<SelfAttention>(data.d);
  } else if (o.model == "m4") {
    Require(o.layers >= 1 && o.layers <= 8, "--layers must be in [1, 8]");
    model = std::make_unique<DeepAttention>(data.d, o.layers);
  } else if (o.model == "m5") {
    model = std::make_unique<TransformerEncoder>(data.d, 2 * data.d);  // FFN width 2d (§4.4)
  } else {
    throw InvalidInput("unknown model '" + o.model + "': use m1, m2, m2w, m3, m4 or m5");
  }
  if (o.omega > 0) InitGaussian(*model, o.omega, o.seed);
  if (o.omega > 0 && o.model == "m5") {
    static_cast<TransformerEncoder&>(*model).ResetLayerNorms();  // γ = 1, β = 0 as PyTorch
  }
  if (o.model == "m2w") {
    // [S] v3 initialisation of W; p keeps its (zero or Gaussian) init.
    InitTokenSelectionW(static_cast<TokenSelection&>(*model), o.seed);
  }
  return model;
}

StepSchedule MakeSchedule(const InstanceOptions& o, const Dataset& data) {
  if (o.schedule == "constant") {
    return [lr = o.lr](int, const std::string&) { return lr; };  // every trained block
  }
  Require(o.model == "m1",
          "schedules sa and sb are the [M] two-step schedules of M1; use "
          "--schedule constant for " +
              o.model);
  if (o.schedule == "sa") return MagenScheduleSA(data.n, data.d);
  if (o.schedule == "sb") return MagenScheduleSB(data.n, data.d);
  throw InvalidInput("unknown schedule '" + o.schedule + "': use sa, sb or constant");
}

json SpecJson(const InstanceOptions& o) {
  if (o.data == "signal-noise") {
    const auto& s = o.signal_noise;
    return {{"n", s.n},
            {"d", s.d},
            {"T", s.T},
            {"snr", s.snr},
            {"eta", s.eta},
            {"sigma", s.sigma},
            {"position", s.position == SignalPosition::kFirst ? "first" : "random"},
            {"flips", s.flips == FlipRule::kExact ? "exact" : "bernoulli"}};
  }
  const auto& s = o.token_selection;
  return {{"n", s.n},
          {"d", s.d},
          {"T", s.T},
          {"mu_norm", s.mu_norm},
          {"rho", s.rho},
          {"eta", s.eta},
          {"sigma", s.sigma},
          {"relevant", s.relevant},
          {"weak_same", s.weak_same},
          {"weak_opposite", s.weak_opposite},
          {"labels", s.labels == LabelRule::kBalanced ? "balanced" : "random"},
          {"flips", s.flips == FlipRule::kBalancedExact ? "balanced-exact" : "bernoulli"}};
}

}  // namespace

json BuildInstanceJson(const InstanceOptions& o) {
  Require(o.steps >= 0 && o.steps <= 100000, "steps must be in [0, 100000]");
  Require(std::isfinite(o.lr) && std::isfinite(o.weight_decay) && std::isfinite(o.omega) &&
              o.omega >= 0 && o.weight_decay >= 0,
          "lr, weight-decay and omega must be finite (weight-decay and omega non-negative)");
  const Dataset data = MakeData(o);
  std::unique_ptr<Model> model = MakeModel(o, data);
  const StepSchedule schedule = MakeSchedule(o, data);

  json roles = json::array();
  for (TokenRole r : data.roles) roles.push_back(RoleName(r));
  json trained = json::object();
  for (const auto& b : model->Blocks()) trained[b.name] = b.trained;
  json step_sizes = json::array();
  for (int k = 1; k <= o.steps; ++k) {
    json sizes = json::object();
    for (const auto& b : model->Blocks()) {
      if (b.trained) sizes[b.name] = schedule(k, b.name);
    }
    step_sizes.push_back(sizes);
  }

  json out;
  out["schema"] = "boa.instance/1";
  out["seed"] = o.seed;
  out["data"] = {{"kind", o.data},      {"spec", SpecJson(o)},
                 {"n", data.n},         {"T", data.T},
                 {"d", data.d},         {"X", Rows(data.X)},
                 {"y", Values(data.y)}, {"y_true", Values(data.y_true)},
                 {"noisy", data.noisy}, {"roles", roles}};
  out["model"] = {
      {"kind", o.model},
      {"formula",
       o.model == "m1"   ? "f = v^T X^T softmax(X p)"
       : o.model == "m3" ? "f = v^T X^T softmax(X W x_1), W row-major"
       : o.model == "m4" ? "X <- X + softmax(X Q_l X^T) X V_l for l = 1..L-1 (Q_l, V_l row-major), "
                           "then f = v^T X^T softmax(X p)"
       : o.model == "m5" ? "one-layer pre-LN encoder on [cls; X] (THEORY.md 1.2, M5), f = w^T "
                           "LN_f(h_cls) + b; Wq, Wk, Wv, Wo d x d, W1 d x 2d, W2 2d x d row-major"
                         : "f = nu^T X^T softmax(X W^T p), W row-major (empty = I)"},
      {"trained", trained},
      {"initial", BlocksJson(*model)}};
  out["initial"] = EvaluationJson(*model, data);

  Trajectory trajectory;
  GradientDescent(*model, data, {o.steps, schedule, o.weight_decay}, trajectory.Recorder(data));
  json steps = json::array();
  for (const auto& r : trajectory.steps) {
    steps.push_back({{"step", r.step},
                     {"loss", r.loss},
                     {"train_accuracy", r.train_accuracy},
                     {"clean_attention", r.clean_attention},
                     {"noisy_attention", r.noisy_attention}});
  }
  out["training"] = {
      {"steps", o.steps}, {"schedule", o.schedule},   {"weight_decay", o.weight_decay},
      {"omega", o.omega}, {"step_sizes", step_sizes}, {"trajectory", steps}};
  out["final"] = EvaluationJson(*model, data);
  out["final"]["parameters"] = BlocksJson(*model);
  return out;
}

}  // namespace boa::report
