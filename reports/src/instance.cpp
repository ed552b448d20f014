#include "boa_report/instance.hpp"

#include <cmath>
#include <memory>

#include "boa/deep_attention.hpp"
#include "boa/embedded_token_selection.hpp"
#include "boa/error.hpp"
#include "boa/max_margin_selection.hpp"
#include "boa/metrics.hpp"
#include "boa/model.hpp"
#include "boa/projected_test_error.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa/sample_labels.hpp"
#include "boa/token_selection_run.hpp"
#include "boa/train.hpp"
#include "boa/transformer_encoder.hpp"
#include "boa/two_layer_cnn.hpp"

namespace boa::report {
namespace {

using nlohmann::json;

json MatrixRows(const RowMatrix& m) {
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

// What verdicts read of one evaluation (schema 2): the fit against the observed (noisy) labels,
// of all, clean and noisy samples; the mean attention mass by token role and the role of the
// selected token, for clean and noisy samples; the selected token of every sample.
json FitJson(const Evaluation& e, const Dataset& data, bool k_class) {
  const SampleLabels labels = LabelsOf(data);
  const std::vector<bool> all(static_cast<std::size_t>(data.n), true);
  const std::vector<bool> clean = CleanSamples(labels);
  // K classes: f is the margin z_{i,c_i} − max_{k≠c_i} z_ik, so fitted means f > 0.
  const Vector fit_labels = k_class ? Vector(Vector::Ones(data.n)) : data.y;
  json selected = json::array();
  for (int i = 0; i < data.n; ++i) selected.push_back(SelectedToken(e.attention, i));
  return {
      {"train_accuracy", k_class ? FittedFraction(fit_labels, e.f, all) : TrainAccuracy(e, data)},
      {"fitted",
       {{"clean", FittedFraction(fit_labels, e.f, clean)},
        {"noisy", FittedFraction(fit_labels, e.f, data.noisy)}}},
      {"attention_by_role",
       {{"clean", MeanAttentionByRole(e.attention, data, clean)},
        {"noisy", MeanAttentionByRole(e.attention, data, data.noisy)}}},
      {"selects",
       {{"clean", SelectionByRole(e.attention, labels, clean)},
        {"noisy", SelectionByRole(e.attention, labels, data.noisy)}}},
      {"selected", selected}};
}

json EvaluationJson(const Model& model, const Dataset& data, bool k_class) {
  const Evaluation e = model.Evaluate(data, true);
  json gradient = json::object();
  for (std::size_t b = 0; b < e.gradient.size(); ++b) {
    if (model.Blocks()[b].trained) gradient[model.Blocks()[b].name] = Values(e.gradient[b]);
  }
  json out = FitJson(e, data, k_class);
  out["loss"] = e.loss;
  out["f"] = Values(e.f);
  out["attention"] = MatrixRows(e.attention);
  out["gradient"] = gradient;
  if (const auto* deep = dynamic_cast<const DeepAttention*>(&model); deep && deep->Layers() >= 2) {
    out["first_layer_attention"] = MatrixRows(deep->FirstLayerAttention(data));
  }
  return out;
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
  } else if (o.model == "m2k") {
    Require(o.data == "token-selection", "m2k (K outputs) runs on token-selection data");
    model = std::make_unique<TokenSelectionK>(data.d, DefaultHeadsK(data));
  } else if (o.model == "m2e") {
    Require(o.data == "token-selection", "m2e (learned embedding) runs on token-selection data");
    // [S] discussion A1's random fixed head (RandomGaussianHead of the seed); E₀ = I, p₀ = 0
    // unless --omega draws them.
    model = std::make_unique<EmbeddedTokenSelection>(data.d,
                                                     RandomGaussianHead(o.token_selection, o.seed));
  } else if (o.model == "m3") {
    model = std::make_unique<SelfAttention>(data.d);
  } else if (o.model == "m4") {
    Require(o.layers >= 1 && o.layers <= 8, "--layers must be in [1, 8]");
    model = std::make_unique<DeepAttention>(data.d, o.layers);
  } else if (o.model == "m5") {
    model = std::make_unique<TransformerEncoder>(data.d, 2 * data.d);  // FFN width 2d (§4.4)
  } else if (o.model == "cnn") {
    Require(o.data == "signal-noise", "the CNN (cnn) runs on signal-noise data");
    model = std::make_unique<TwoLayerCnn>(data.d, o.width);
  } else {
    throw InvalidInput("unknown model '" + o.model +
                       "': use m1, m2, m2w, m2k, m2e, m3, m4, m5 or cnn");
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
            {"flips", s.flips == FlipRule::kExact ? "exact" : "bernoulli"},
            {"antipodal", s.antipodal},
            {"dominant_ratio", s.dominant_ratio}};
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
          {"classes", s.classes},
          {"T_min", s.T_min},
          {"labels", s.labels == LabelRule::kBalanced ? "balanced" : "random"},
          {"flips", s.flips == FlipRule::kBalancedExact ? "balanced-exact" : "bernoulli"}};
}

// The clean test error of every other model (M2 with K outputs, M3, M4, M5) computed as their
// verdicts compute it, on an independent clean draw of n_test samples (the generator's test
// stream): binary models by CleanTestError (ỹ·f ≤ 0, metrics.hpp); K outputs as the K-class run
// does, 1 − the fitted fraction of the margins z_ỹ − max_{k≠ỹ} z_k (token_selection_run.hpp).
json SampledTestJson(const InstanceOptions& o, const Model& model) {
  const Dataset test = o.data == "signal-noise"
                           ? GenerateSignalNoiseTest(o.signal_noise, o.n_test, o.seed)
                           : GenerateTokenSelectionTest(o.token_selection, o.n_test, o.seed);
  ErrorEstimate error;
  if (o.model == "m2k") {
    const double accuracy = FittedFraction(Vector::Ones(test.n), model.Evaluate(test, false).f,
                                           std::vector<bool>(test.n, true));
    error.trials = test.n;
    error.errors = test.n - static_cast<int>(std::lround(accuracy * test.n));
    error.rate = static_cast<double>(error.errors) / test.n;
  } else {
    error = CleanTestError(model, test);
  }
  return {{"n_test", o.n_test},
          {"sampled", {{"errors", error.errors}, {"trials", error.trials}, {"rate", error.rate}}}};
}

// The clean test error of the final model: boa's projected estimate for M1 and M2 with one output
// (THEORY.md §2.3), with the exact value on D1 with T = 2; a sampled one for the other models.
// Variable token counts (T_min > 0): null. The peer would check it with a sampler of its own, a
// statistical check the suite's error budget does not count yet (error_budget.cpp: 62 peer checks).
json TestJson(const InstanceOptions& o, const Model& model) {
  if (o.data == "token-selection" && o.token_selection.T_min > 0) return nullptr;
  const bool m1 = o.model == "m1", m2 = o.model == "m2" || o.model == "m2w";
  if (!m1 && !m2) return SampledTestJson(o, model);
  const Vector q = m1 ? model.Block("p") : static_cast<const TokenSelection&>(model).Query();
  const Vector& u = model.Block(m1 ? "v" : "nu");
  json out = {{"n_test", o.n_test}};
  ErrorEstimate error;
  if (o.data == "signal-noise") {
    const SignalNoiseSpec& s = o.signal_noise;
    error = ProjectedCleanTestError(q, u, s, o.n_test, o.seed).error;
    if (s.T == 2) {
      const double mu_norm = s.snr * s.sigma * std::sqrt(static_cast<double>(s.d));
      out["exact"] = ExactCleanTestErrorSignalNoiseT2(ProjectionsOf(q, u, mu_norm, s.sigma, false));
    }
  } else {
    error = ProjectedCleanTestError(q, u, o.token_selection, o.n_test, o.seed).error;
  }
  out["projected"] = {{"errors", error.errors}, {"trials", error.trials}, {"rate", error.rate}};
  return out;
}

json SvmsJson(const Dataset& data, const SelectionSvms& s) {
  return {{"choice", s.choice},
          {"v", Values(CombineTokens(data, s.v_coef))},
          {"p", Values(CombineTokens(data, s.p_coef))},
          {"v_alpha", Values(s.v_svm.alpha)},
          {"p_alpha", Values(s.p_svm.alpha)},
          {"v_margins", Values(s.v_svm.margins)},
          {"p_margins", Values(s.p_svm.margins)},
          {"v_norm_squared", s.v_svm.norm_squared},
          {"p_norm_squared", s.p_svm.norm_squared},
          {"feasible", s.feasible()}};
}

// M1 on D1 with T = 2: the max-margin selection's candidates and winner (THEORY.md
// magen24.maxmargin.selection); null otherwise.
json MaxMarginJson(const InstanceOptions& o, const Dataset& data) {
  if (o.model != "m1" || o.data != "signal-noise" || data.T != 2) return nullptr;
  const MaxMarginSolution m = SolveMaxMarginSelection(data, o.signal_noise, o.n_test, o.seed);
  return {{"benign", SvmsJson(data, m.benign)},         {"all_noise", SvmsJson(data, m.all_noise)},
          {"selected", SvmsJson(data, m.selected)},     {"selected_benign", m.selected_benign},
          {"selected_all_noise", m.selected_all_noise}, {"max_kkt_residual", m.max_kkt_residual}};
}

}  // namespace

json BuildInstanceJson(const InstanceOptions& o) {
  Require(o.steps >= 0 && o.steps <= 100000, "steps must be in [0, 100000]");
  Require(std::isfinite(o.lr) && std::isfinite(o.weight_decay) && std::isfinite(o.omega) &&
              o.omega >= 0 && o.weight_decay >= 0,
          "lr, weight-decay and omega must be finite (weight-decay and omega non-negative)");
  Require(o.n_test >= 2, "n-test must be at least 2");
  Require(!o.signal_noise.antipodal || o.model == "m3" || o.model == "m4" || o.model == "cnn",
          "--antipodal runs with m3, m4 or cnn: the projected test error and the max-margin "
          "solution of m1 and m2 assume orthogonal signals");
  const Dataset data = MakeData(o);
  std::unique_ptr<Model> model = MakeModel(o, data);
  const bool k_class = o.model == "m2k";
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
  out["schema"] = kInstanceSchema;
  out["seed"] = o.seed;
  out["data"] = {{"kind", o.data},      {"spec", SpecJson(o)},
                 {"n", data.n},         {"T", data.T},
                 {"d", data.d},         {"X", MatrixRows(data.X)},
                 {"y", Values(data.y)}, {"y_true", Values(data.y_true)},
                 {"noisy", data.noisy}, {"roles", roles}};
  if (!data.lengths.empty()) {
    // Variable token counts: each sample's length and role counts (token_selection_data.hpp);
    // the peer rebuilds the roles from them and masks the padding itself.
    json counts = json::array();
    for (int i = 0; i < data.n; ++i) {
      int relevant = 0, weak_same = 0, weak_opposite = 0;
      for (int t = 0; t < data.T; ++t) {
        relevant += data.Role(i, t) == TokenRole::kRelevant;
        weak_same += data.Role(i, t) == TokenRole::kWeakSame;
        weak_opposite += data.Role(i, t) == TokenRole::kWeakOpposite;
      }
      counts.push_back({{"length", data.Length(i)},
                        {"relevant", relevant},
                        {"weak_same", weak_same},
                        {"weak_opposite", weak_opposite}});
    }
    out["data"]["lengths"] = data.lengths;
    out["data"]["token_counts"] = counts;
  }
  out["model"] = {
      {"kind", o.model},
      {"formula",
       o.model == "m1"   ? "f = v^T X^T softmax(X p)"
       : o.model == "m3" ? "f = v^T X^T softmax(X W x_1), W row-major"
       : o.model == "m4" ? "X <- X + softmax(X Q_l X^T) X V_l for l = 1..L-1 (Q_l, V_l row-major), "
                           "then f = v^T X^T softmax(X p)"
       : o.model == "m2e"
           ? "f = nu^T (X E^T)^T softmax(X E^T p), E d x d row-major (the embedding of every token)"
       : o.model == "m2k"
           ? "z_k = nu_k^T X^T softmax(X p), nu d x K column-major, loss = cross-entropy of "
             "softmax(z) with class y; f = z_y - max_{k != y} z_k"
       : o.model == "m5" ? "one-layer pre-LN encoder on [cls; X] (THEORY.md 1.2, M5), f = w^T "
                           "LN_f(h_cls) + b; Wq, Wk, Wv, Wo d x d, W1 d x 2d, W2 2d x d row-major"
       : o.model == "cnn"
           ? "f = (1/m) sum_r sum_t [relu(<w_plus_r, x_t>) - relu(<w_minus_r, x_t>)], w_plus and "
             "w_minus m x d row-major; attention = token t's share of sum_{j,r} relu(<w_j_r, x_t>) "
             "(1/T where none is active)"
           : "f = nu^T X^T softmax(X W^T p), W row-major (empty = I)"},
      {"trained", trained},
      {"initial", BlocksJson(*model)}};
  out["initial"] = EvaluationJson(*model, data, k_class);

  json steps = json::array();
  const Observer record = [&](int step, const Model&, const Evaluation& e) {
    json r = FitJson(e, data, k_class);
    r["step"] = step;
    r["loss"] = e.loss;
    steps.push_back(std::move(r));
  };
  GradientDescent(*model, data, {o.steps, schedule, o.weight_decay}, record);
  out["training"] = {
      {"steps", o.steps}, {"schedule", o.schedule},   {"weight_decay", o.weight_decay},
      {"omega", o.omega}, {"step_sizes", step_sizes}, {"trajectory", steps}};
  out["final"] = EvaluationJson(*model, data, k_class);
  out["final"]["parameters"] = BlocksJson(*model);
  // m2e: no test error. Its peer checks are the deterministic ones (loss, f, gradients, the
  // trajectory), so the peer's statistical check count (error_budget.cpp) is unchanged.
  out["test"] = o.model == "m2e" ? json(nullptr) : TestJson(o, *model);
  out["max_margin"] = MaxMarginJson(o, data);
  return out;
}

}  // namespace boa::report
