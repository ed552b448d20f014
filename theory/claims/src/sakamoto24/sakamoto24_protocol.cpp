#include "sakamoto24_protocol.hpp"

#include <string>

#include "boa/error.hpp"
#include "boa/fit_regime.hpp"
#include "boa/frak_s_map.hpp"
#include "sakamoto24_provenance.hpp"

namespace boa::claims {

TokenSelectionRunOptions Sakamoto24RunOptions(const Params& params) {
  TokenSelectionRunOptions options;
  options.train_W = IntParam(params, "train_W") != 0;
  options.lr = RealParam(params, "lr");
  options.steps = IntParam(params, "steps");
  options.n_test = IntParam(params, "n_test");
  return options;
}

TokenSelectionSpec TokenSelectionSpecFromParams(const Params& params) {
  TokenSelectionSpec spec;
  spec.n = IntParam(params, "n");
  spec.T = IntParam(params, "T");
  spec.d = IntParam(params, "d");
  spec.mu_norm = RealParam(params, "mu_norm");
  if (params.count("rho")) spec.rho = RealParam(params, "rho");
  if (params.count("sigma")) spec.sigma = RealParam(params, "sigma");
  return spec;
}

Params Sakamoto24BudgetParams(Budget budget) {
  const TokenSelectionRunOptions o = Sakamoto24Protocol(budget);
  return {{"train_W", o.train_W ? 1 : 0}, {"lr", o.lr}, {"steps", o.steps}, {"n_test", o.n_test}};
}

Params FrakSMapProtocolParams(Budget budget) {
  const FrakSMapPlan plan = FrakSMapAt(budget);
  return {{"lr", plan.lr}, {"steps", plan.steps}};
}

LimitPath HorizonPath() {
  return {"steps",
          {1000, 2000, 4000, 8000},
          "[S] Thm 4.2 concludes for every τ ≥ T₀: the authors' horizon of 1000 steps, doubled"};
}

LimitPath POnlyHorizonPath() {
  return {"steps",
          {1500, 3000, 6000, 12000},
          "[S] Thm 4.2 concludes for every τ ≥ T₀: the p-only protocol's 1500 steps, doubled"};
}

LimitPath FrakSHorizonPath() {
  return {"steps",
          {600, 1200, 2400, 4800},
          "[S] Thm 4.2 concludes for every τ ≥ T₀: CI's 600 steps of the 𝔖 protocol, doubled"};
}

ConstantScan HorizonScan(const std::string& element) {
  return {element,
          "steps",
          {1000, 2000, 4000, 8000, 16000},
          "the authors' horizon doubled four times: Thm 4.2's conclusion holds for every τ ≥ T₀"};
}

ConstantScan FrakSHorizonScan(const std::string& element) {
  return {element,
          "steps",
          {600, 1200, 2400, 4800, 9600},
          "CI's 600 steps of the 𝔖 protocol doubled four times: Thm 4.2 concludes for every "
          "τ ≥ T₀"};
}

ConstantScan FrakSStepSizeScan(const std::string& element) {
  return {element,
          "lr",
          {2.5e-4, 5e-4, 1e-3, 2e-3, 4e-3},
          "the 𝔖 protocol's step size 1e-3 halved and doubled twice, at CI's 600 steps"};
}

ConstantScan BenignCutoffScan(const std::string& element) {
  return {
      element, "benign_cutoff", {0.9, 0.925, 0.95, 0.975, 0.99}, "around boa's 0.95, up to 0.99"};
}

ConstantScan TestSetScan(const std::string& element) {
  return {element,
          "n_test",
          {500, 1000, 2000, 4000, 8000},
          "a quarter to four times boa's 2000; the authors' code draws 1000"};
}

Params WithTrainingTokenConstants(Params params) {
  params["selected_fraction"] = 0.5;
  params["C"] = 1;
  return params;
}

std::pair<double, double> TrainingTokenConstants(const Params& params) {
  const double cut = RealParam(params, "selected_fraction");
  const double c = RealParam(params, "C");
  Require(cut > 0 && cut <= 1 && c > 0, "selected_fraction must lie in (0, 1], C > 0");
  return {cut, c};
}

std::vector<ConstantScan> TrainingTokenConstantScans() {
  return {{s24::RelevantTokensSelected().name,
           "selected_fraction",
           {0.1, 0.3, 0.5, 0.7, 0.9},
           "from a tenth of the clean samples to nine tenths"},
          {s24::FrakSConstantC().name,
           "C",
           {0.5, 0.71, 1, 1.41, 2},
           "C halved and doubled in steps of √2"}};
}

void JudgeTokenSelection(const TokenSelectionRun& run, Outcome& o) {
  o.holds = run.train_accuracy == 1 && run.clean_selects.at("relevant") == 1 &&
            run.noisy_select_label_sign == 1 && run.test_accuracy >= kBenignCleanTestAccuracy;
  if (!o.holds) {
    o.explanation = "train " + std::to_string(run.train_accuracy) + ", clean selecting relevant " +
                    std::to_string(run.clean_selects.at("relevant")) +
                    ", noisy selecting a flipped-sign token " +
                    std::to_string(run.noisy_select_label_sign) + ", clean test " +
                    std::to_string(run.test_accuracy);
  }
}

}  // namespace boa::claims
