#include "boa/cnn_gram.hpp"

#include <cmath>
#include <string>
#include <utility>

#include "boa/error.hpp"
#include "boa/row_dot_products.hpp"

namespace boa {
namespace {

constexpr const char* kBankName[2] = {"w_plus", "w_minus"};

// The pre-activations s_j·init_j + (cross·C)_j, given the products cross·C of tokens whose inner
// products with the training tokens are `cross` and with the initial filters `init`.
RowMatrix WithInitialFilters(RowMatrix pre, const RowMatrix& init, const CnnSpanState& state) {
  const Eigen::Index m = init.cols() / 2;
  pre.leftCols(m) += state.scale(0) * init.leftCols(m);
  pre.rightCols(m) += state.scale(1) * init.rightCols(m);
  return pre;
}

RowMatrix PreActivations(const RowMatrix& init, const RowMatrix& cross, const CnnSpanState& state) {
  return WithInitialFilters(cross * state.C, init, state);
}

// G·C through the sampler's factorisation G = A Aᵀ + Z H Zᵀ (cnn_gram.hpp): gather the noise
// tokens' rows of C (as columns: H·gathered is every dot product of H's rows with gatheredᵀ's, on
// the SIMD target, row_dot_products.hpp), multiply by H, scatter back, and add the plane part.
RowMatrix FactorisedGramTimes(const CnnGramInstance& gram, const RowMatrix& C) {
  const Eigen::Index noise = gram.noise_gram.rows();
  RowMatrix gathered_t = RowMatrix::Zero(C.cols(), noise);
  for (Eigen::Index k = 0; k < C.rows(); ++k) {
    const int z = gram.noise_index[static_cast<std::size_t>(k)];
    if (z >= 0) gathered_t.col(z) = C.row(k).transpose();
  }
  const RowMatrix mixed = RowDotProducts(gram.noise_gram, gathered_t);
  RowMatrix out = gram.plane * (gram.plane.transpose() * C);
  for (Eigen::Index k = 0; k < C.rows(); ++k) {
    const int z = gram.noise_index[static_cast<std::size_t>(k)];
    if (z >= 0) out.row(k) += mixed.row(z);
  }
  return out;
}

CnnResponse Respond(const RowMatrix& pre, const Vector& y, int T, bool with_gradient) {
  const Eigen::Index m = pre.cols() / 2;
  return CnnFromPreActivations(pre.leftCols(m), pre.rightCols(m), y, T, with_gradient);
}

// The bank matrix W_j (m×d) of a TwoLayerCnn.
Eigen::Map<const RowMatrix> Bank(const TwoLayerCnn& cnn, int j) {
  return {cnn.Block(kBankName[j]).data(), cnn.Width(), cnn.Dimension()};
}

RowMatrix InitialFilters(const TwoLayerCnn& cnn) {  // 2m×d, bank + then bank −
  RowMatrix W(2 * cnn.Width(), cnn.Dimension());
  W.topRows(cnn.Width()) = Bank(cnn, 0);
  W.bottomRows(cnn.Width()) = Bank(cnn, 1);
  return W;
}

}  // namespace

CnnSpanState CnnSpanStart(const CnnGramInstance& gram) {
  CnnSpanState state;
  state.C = RowMatrix::Zero(static_cast<Eigen::Index>(gram.n) * gram.T, 2 * gram.m);
  return state;
}

CnnGramEvaluation EvaluateCnnGram(const CnnGramInstance& gram, const CnnSpanState& state,
                                  bool with_gradient) {
  const Eigen::Index rows = static_cast<Eigen::Index>(gram.n) * gram.T;
  Require(gram.m >= 1 && gram.G.rows() == rows && gram.G.cols() == rows && gram.P.rows() == rows &&
              gram.P.cols() == 2 * gram.m && gram.y.size() == gram.n,
          "a CNN Gram instance needs G (n·T)×(n·T), P (n·T)×2m and n labels");
  Require(state.C.rows() == rows && state.C.cols() == 2 * gram.m,
          "the span state's coefficients must be (n·T)×2m");
  CnnGramEvaluation e;
  if (gram.noise_gram.size() > 0) {
    Require(gram.plane.rows() == rows && gram.noise_index.size() == static_cast<std::size_t>(rows),
            "a factorised CNN Gram instance needs plane coordinates and a noise index per token");
    e.pre = WithInitialFilters(FactorisedGramTimes(gram, state.C), gram.P, state);
  } else {
    e.pre = PreActivations(gram.P, gram.G, state);
  }
  CnnResponse response = Respond(e.pre, gram.y, gram.T, with_gradient);
  e.evaluation = std::move(response.evaluation);
  if (with_gradient) {
    e.weights.resize(rows, 2 * gram.m);
    e.weights << response.weight_plus, response.weight_minus;
  }
  return e;
}

void CnnGramGradientDescent(const CnnGramInstance& gram, CnnSpanState& state,
                            const TrainOptions& options, const CnnGramObserver& observer) {
  Require(options.steps >= 0, "the number of steps must be non-negative");
  Require(static_cast<bool>(options.step_size), "gradient descent needs a step-size schedule");
  const int m = gram.m;
  for (int step = 1; step <= options.steps; ++step) {
    const CnnGramEvaluation e = EvaluateCnnGram(gram, state, true);
    RequireFinite(std::isfinite(e.evaluation.loss),
                  "the loss became non-finite at step " + std::to_string(step - 1));
    if (observer) observer(step - 1, state, e);
    for (int j = 0; j < 2; ++j) {
      const double beta = options.step_size(step, kBankName[j]);
      const auto weights = e.weights.middleCols(j * m, m);
      RequireFinite(weights.allFinite(), std::string("the gradient of ") + kBankName[j] +
                                             " became non-finite at step " + std::to_string(step));
      auto C = state.C.middleCols(j * m, m);
      C -= beta * (weights + options.weight_decay * C);
      state.scale(j) -= beta * options.weight_decay * state.scale(j);
    }
  }
  if (observer) {
    const CnnGramEvaluation last = EvaluateCnnGram(gram, state, false);
    RequireFinite(std::isfinite(last.evaluation.loss),
                  "the loss became non-finite after the last step");
    observer(options.steps, state, last);
  }
}

Evaluation EvaluateCnnGramTest(const CnnGramTest& test, const CnnSpanState& state) {
  const Eigen::Index rows = static_cast<Eigen::Index>(test.n) * test.T;
  Require(test.cross.rows() == rows && test.init.rows() == rows && test.y.size() == test.n &&
              test.cross.cols() == state.C.rows() && test.init.cols() == state.C.cols(),
          "a CNN test set needs cross (n·T)×(n_train·T), init (n·T)×2m and n labels");
  return EvaluateCnnPreActivations(PreActivations(test.init, test.cross, state), test.y, test.T);
}

Evaluation EvaluateCnnPreActivations(const RowMatrix& pre, const Vector& y, int T) {
  Require(T >= 1 && pre.rows() == y.size() * T && pre.cols() % 2 == 0 && pre.cols() >= 2,
          "CNN pre-activations must be (n·T)×2m for n labels");
  return Respond(pre, y, T, false).evaluation;
}

double CnnGramTestAccuracy(const CnnGramTest& test, const CnnSpanState& state) {
  const Evaluation e = EvaluateCnnGramTest(test, state);
  int correct = 0;
  for (int i = 0; i < test.n; ++i) correct += test.y(i) * e.f(i) > 0;
  return test.n > 0 ? static_cast<double>(correct) / test.n : 0.0;
}

CnnGramInstance CnnGramFromDataset(const Dataset& data, const TwoLayerCnn& initial) {
  RequireFixedLength(data, "the CNN's Gram form");
  Require(data.d == initial.Dimension(), "the CNN and the data must have the same dimension");
  CnnGramInstance g;
  g.n = data.n;
  g.T = data.T;
  g.m = initial.Width();
  g.G = data.X * data.X.transpose();
  g.P = data.X * InitialFilters(initial).transpose();
  g.y = data.y;
  g.y_true = data.y_true;
  g.noisy = data.noisy;
  g.roles = data.roles;
  return g;
}

CnnGramTest CnnGramTestFromDataset(const Dataset& test, const Dataset& train,
                                   const TwoLayerCnn& initial) {
  RequireFixedLength(test, "the CNN's Gram form");
  Require(test.d == train.d && test.d == initial.Dimension(),
          "the test set, the training set and the CNN must have the same dimension");
  CnnGramTest t;
  t.n = test.n;
  t.T = test.T;
  t.cross = test.X * train.X.transpose();
  t.init = test.X * InitialFilters(initial).transpose();
  t.y = test.y;
  t.roles = test.roles;
  return t;
}

TwoLayerCnn CnnFromSpan(const Dataset& train, const TwoLayerCnn& initial,
                        const CnnSpanState& state) {
  const int m = initial.Width();
  Require(state.C.rows() == train.X.rows() && state.C.cols() == 2 * m,
          "the span state does not belong to this training set and CNN");
  TwoLayerCnn cnn(initial.Dimension(), m);
  for (int j = 0; j < 2; ++j) {
    Eigen::Map<RowMatrix>(cnn.Block(kBankName[j]).data(), m, initial.Dimension()) =
        state.scale(j) * Bank(initial, j) + state.C.middleCols(j * m, m).transpose() * train.X;
  }
  return cnn;
}

}  // namespace boa
