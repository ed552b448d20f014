#pragma once
// The three models of THEORY.md §1.2, all built on the attention kernel.
//
//   M1 PromptAttention  f = vᵀ Xᵀ S(X p)          blocks p (d), v (d)
//   M2 TokenSelection   f = νᵀ Xᵀ S(X Wᵀp)        blocks p (d), W (d×d row-major, or empty = I),
//                       ∇_p L = W ∇_q L,            ν (d, never trained)
//                       ∇_W L = p (∇_q L)ᵀ (rank one)
//   M3 SelfAttention    f = vᵀ Xᵀ S(X W x_1)      blocks W (d×d row-major), v (d)
//                       ∇_W L = Σ_i (X_iᵀ ∂L/∂a_i) x_{i1}ᵀ
//   M2 with K outputs   z_k = ν_kᵀ Xᵀ S(X p)       blocks p (d), nu (d·K, fixed heads ν_k)
//   (TokenSelectionK)   softmax cross-entropy; ∇_p L = Σ_i X_iᵀ ∂L/∂a_i with the kernel's rule
//
// A model is a list of named parameter blocks (flat vectors) plus Evaluate. Trainers,
// finite-difference checks and initialisers work on the blocks without knowing the model.
// A model may step some blocks in a cheaper exact form inside GradientDescent (M2 trains W as
// W₀ plus factors, boa/factored_query_weights.hpp); reading a block through Blocks()/Block()
// always sees the current dense value. Such a read writes the block back, so a model stepped in
// that form is not safe to read from two threads at once (copy it per thread).
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "boa/dataset.hpp"
#include "boa/factored_query_weights.hpp"
#include "boa/linalg.hpp"

namespace boa {

struct ParameterBlock {
  std::string name;
  Vector value;
  bool trained = true;
};

// β_b(k): the step size of block `block` at gradient step k (1-based); see boa/train.hpp.
using StepSchedule = std::function<double(int step, const std::string& block)>;

struct Evaluation {
  double loss = 0;
  Vector f;                      // n
  RowMatrix attention;           // n×T
  std::vector<Vector> gradient;  // one per block, same order; empty vector for untrained blocks
};

class Model {
 public:
  virtual ~Model() = default;
  virtual std::string Name() const = 0;
  virtual Evaluation Evaluate(const Dataset& data, bool with_gradient) const = 0;
  virtual std::unique_ptr<Model> Clone() const = 0;

  // One step of GradientDescent (boa/train.hpp): evaluate at θ_k, hand the evaluation to
  // `inspect` (the model still at θ_k), then θ_b ← θ_b − β_b(k)(∇_b L + λθ_b) for every trained
  // block. `step` counts from 1 within one GradientDescent call, so step 1 is where the data
  // may differ from the previous call's. The default evaluates densely; TokenSelection
  // overrides it to step a trained W in factored form, and then hands `inspect` an evaluation
  // without gradient vectors (forming them costs O(d²) for W; Evaluate(data, true) has them).
  using Inspector = std::function<void(const Evaluation&)>;
  virtual void DescentStep(const Dataset& data, int step, const StepSchedule& step_size,
                           double weight_decay, const Inspector& inspect);

  // Non-const access may write, so a faster form is dropped first; const access only reads.
  std::vector<ParameterBlock>& Blocks();
  const std::vector<ParameterBlock>& Blocks() const;
  Vector& Block(const std::string& name);
  const Vector& Block(const std::string& name) const;
  int Dimension() const { return d_; }

 protected:
  explicit Model(int d) : d_(d) {}
  // A model that keeps block `index` in a faster form between gradient steps writes it back
  // here before it is read, and gives that form up (after writing back) before a write.
  virtual void BeforeRead(std::size_t /*index*/) const {}
  virtual void BeforeWrite() {}
  std::size_t IndexOf(const std::string& name) const;
  // mutable: a const read may write a block back from its faster form.
  mutable std::vector<ParameterBlock> blocks_;
  int d_;
};

class PromptAttention final : public Model {
 public:
  explicit PromptAttention(int d);  // p = v = 0
  std::string Name() const override { return "m1"; }
  Evaluation Evaluate(const Dataset& data, bool with_gradient) const override;
  std::unique_ptr<Model> Clone() const override;
};

class TokenSelection final : public Model {
 public:
  // p = 0; W = I when train_W is false (stored as an empty block), else W must be set by the
  // caller (e.g. InitTokenSelectionW); ν is the fixed head.
  TokenSelection(int d, const Vector& head, bool train_W);
  std::string Name() const override { return "m2"; }
  Evaluation Evaluate(const Dataset& data, bool with_gradient) const override;
  std::unique_ptr<Model> Clone() const override;
  Vector Query() const;  // q = Wᵀ p
  // Trains W (with or without p) in factored form when n·T < d: O((nT)²) per step after an
  // O(nT·d²) start, instead of O(d²) per step. Bit-for-bit it differs from the dense update only
  // by rounding (the trajectories agree to 1e-10, properties/factored_query_weights_test.cpp).
  void DescentStep(const Dataset& data, int step, const StepSchedule& step_size,
                   double weight_decay, const Inspector& inspect) override;

 private:
  void BeforeRead(std::size_t index) const override;
  void BeforeWrite() override;
  const Vector& CurrentP() const;
  Vector ApplyW(const Vector& v) const;            // W v
  Vector ApplyWTransposed(const Vector& v) const;  // Wᵀ v
  // While set, blocks_ "W" holds the factorisation's base W₀ and "p" may be stale.
  mutable std::optional<FactoredQueryWeights> factored_;
  mutable bool p_current_ = true;
};

// M2 with K outputs ([S] Section F; THEORY.md §1.2): logits z_ik = ν_kᵀ X_iᵀ S(X_i p), loss
// L = (1/n) Σ_i [log Σ_k e^{z_ik} − z_{i,c_i}] (log-sum-exp) with c_i = ClassIndex(data, y_i);
// p trained, the heads ν_1..ν_K fixed (block "nu", column k of a d×K column-major matrix).
// With γ = softmax(z_i) − e_{c_i}, the scores' gradient is the kernel's rule (ScoreGradient) on the
// values β_t = Σ_k γ_k x_itᵀν_k: ∂L/∂a_it = (1/n) s_it (β_t − sᵀβ). Evaluation::f holds the
// margin z_{i,c_i} − max_{k≠c_i} z_ik (> 0 ⇔ sample i is fitted); for K = 2 that is y_i times the
// binary output of TokenSelection with head ν₁ − ν₂, and the loss and ∇_p L are the binary ones.
class TokenSelectionK final : public Model {
 public:
  TokenSelectionK(int d, const Eigen::MatrixXd& heads);  // heads d×K, K ≥ 2; p = 0
  std::string Name() const override { return "m2k"; }
  Evaluation Evaluate(const Dataset& data, bool with_gradient) const override;
  std::unique_ptr<Model> Clone() const override;
  int Classes() const { return classes_; }

 private:
  int classes_;
};

class SelfAttention final : public Model {
 public:
  explicit SelfAttention(int d);  // W = 0, v = 0
  std::string Name() const override { return "m3"; }
  Evaluation Evaluate(const Dataset& data, bool with_gradient) const override;
  std::unique_ptr<Model> Clone() const override;
};

// The [S] default head ν = (μ₊ − μ₋) / (‖μ₊ − μ₋‖·‖μ‖), so that νᵀμ± = ±1/√2.
Vector DefaultHead(const Dataset& data);
// The K-class heads ν_k = μ_k/(√2‖μ‖²) (K = data.classes, μ_k = ClassSignal), so νₖᵀμ_k = 1/√2 and
// for K = 2, ν₁ − ν₂ is DefaultHead: the binary model's head.
Eigen::MatrixXd DefaultHeadsK(const Dataset& data);

}  // namespace boa
