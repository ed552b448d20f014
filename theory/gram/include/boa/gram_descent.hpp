#pragma once
// Gradient descent in Gram form (issue 6). From zero or Gaussian initialisation every GD iterate
// of M1 (p, v) and of M2 with W = I (p; head ν fixed in span{e₁, e₂}) stays in the span of the
// training tokens and initial vectors, so GD runs on span coordinates (a, γ) ∈ ℝ² × ℝ^K:
//   scores a_it = ⟨x_it, p⟩, values b_it = ⟨x_it, v⟩          (GramInstance::Project, O(K²))
//   ∇_p L = Σ_it ∂L/∂a_it x_it,  ∇_v L = Σ_it ∂L/∂b_it x_it   (GramInstance::Combine, O(nT))
// Each step costs O(K² + nT) whatever d is. The same schedules and weight decay as
// GradientDescent apply (block names "p" and "v").
#include <functional>

#include "boa/attention_from_projections.hpp"
#include "boa/gram_instance.hpp"
#include "boa/train.hpp"

namespace boa {

struct GramModel {
  SpanVector query;         // p
  SpanVector head;          // v (M1) or ν (M2)
  bool train_head = true;   // M1: true; M2 with W = I: false
  bool train_query = true;  // false: p stays put (uniform attention from zero init)
};

// M1 from the instance's initial vectors (p₀, v₀ when Gaussian-initialised, else zero).
GramModel GramPromptAttention(const GramInstance& gram);
// M2 with W = I: p from zero (or the first initial vector), head ν = (μ₊ − μ₋)/(‖μ₊ − μ₋‖‖μ‖).
GramModel GramTokenSelection(const GramInstance& gram);

struct GramEvaluation {
  ProjectedAttention attention;
  SpanVector grad_query;
  SpanVector grad_head;
};
// `fixed`, when given, holds gram.Project of a block that does not train (query, head), computed
// once by the caller: each step would otherwise recompute it, half the work of a p-only step.
struct FixedProjections {
  const RowMatrix* query = nullptr;
  const RowMatrix* head = nullptr;
};
GramEvaluation EvaluateGram(const GramInstance& gram, const GramModel& model,
                            FixedProjections fixed = {});

using GramObserver =
    std::function<void(int step, const GramModel& model, const ProjectedAttention& attention)>;

// Same contract as GradientDescent: the observer sees θ_0 .. θ_steps; a non-finite loss or
// gradient throws InvalidInput.
void GramGradientDescent(const GramInstance& gram, GramModel& model, const TrainOptions& options,
                         const GramObserver& observer = {});

}  // namespace boa
