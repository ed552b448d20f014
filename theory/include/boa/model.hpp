#pragma once
// The three models of THEORY.md §1.2, all built on the attention kernel.
//
//   M1 PromptAttention  f = vᵀ Xᵀ S(X p)          blocks p (d), v (d)
//   M2 TokenSelection   f = νᵀ Xᵀ S(X Wᵀp)        blocks p (d), W (d×d row-major, or empty = I),
//                       ∇_p L = W ∇_q L,            ν (d, never trained)
//                       ∇_W L = p (∇_q L)ᵀ (rank one)
//   M3 SelfAttention    f = vᵀ Xᵀ S(X W x_1)      blocks W (d×d row-major), v (d)
//                       ∇_W L = Σ_i (X_iᵀ ∂L/∂a_i) x_{i1}ᵀ
//
// A model is a list of named parameter blocks (flat vectors) plus Evaluate. Trainers,
// finite-difference checks and initialisers work on the blocks without knowing the model.
#include <memory>
#include <string>
#include <vector>

#include "boa/dataset.hpp"
#include "boa/linalg.hpp"

namespace boa {

struct ParameterBlock {
  std::string name;
  Vector value;
  bool trained = true;
};

struct Evaluation {
  double loss = 0;
  Vector f;                     // n
  RowMatrix attention;          // n×T
  std::vector<Vector> gradient; // one per block, same order; empty vector for untrained blocks
};

class Model {
 public:
  virtual ~Model() = default;
  virtual std::string Name() const = 0;
  virtual Evaluation Evaluate(const Dataset& data, bool with_gradient) const = 0;
  virtual std::unique_ptr<Model> Clone() const = 0;

  std::vector<ParameterBlock>& Blocks() { return blocks_; }
  const std::vector<ParameterBlock>& Blocks() const { return blocks_; }
  Vector& Block(const std::string& name);
  const Vector& Block(const std::string& name) const;
  int Dimension() const { return d_; }

 protected:
  explicit Model(int d) : d_(d) {}
  std::vector<ParameterBlock> blocks_;
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

// Row-major views of a flat d×d block.
inline Eigen::Map<RowMatrix> AsMatrix(Vector& flat, int d) { return {flat.data(), d, d}; }
inline Eigen::Map<const RowMatrix> AsMatrix(const Vector& flat, int d) {
  return {flat.data(), d, d};
}

}  // namespace boa
