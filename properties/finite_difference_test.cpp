// finite_difference: the helper accepts a correct gradient and catches a wrong one, naming the
// worst coordinate. (The claim core.gradient.finite_difference uses it on every model.)
#include <gtest/gtest.h>

#include "boa/finite_difference.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/tolerances.hpp"
#include "boa/train.hpp"

namespace boa {
namespace finite_difference_test {

// M1 with one gradient coordinate of v off by a relative `error`.
class SkewedPromptAttention final : public Model {
 public:
  SkewedPromptAttention(int d, double error) : Model(d), error_(error) {
    blocks_ = PromptAttention(d).Blocks();
  }
  std::string Name() const override { return "skewed"; }
  Evaluation Evaluate(const Dataset& data, bool with_gradient) const override {
    PromptAttention exact(d_);
    exact.Blocks() = blocks_;
    Evaluation e = exact.Evaluate(data, with_gradient);
    if (with_gradient) e.gradient[1](3) *= 1 + error_;
    return e;
  }
  std::unique_ptr<Model> Clone() const override {
    return std::make_unique<SkewedPromptAttention>(*this);
  }

 private:
  double error_;
};

Dataset SmallData() {
  SignalNoiseSpec spec;
  spec.n = 5;
  spec.d = 6;
  spec.snr = 1;
  return GenerateSignalNoise(spec, 21);
}

TEST(FiniteDifference, AcceptsTheExactGradient) {
  const Dataset data = SmallData();
  SkewedPromptAttention model(data.d, 0.0);
  InitGaussian(model, 0.4, 1);
  const GradientCheck check =
      CheckGradientByFiniteDifference(model, data, kTolerances.fd_rtol, kTolerances.fd_step, 1);
  EXPECT_TRUE(check.ok) << check.worst_where << " ratio " << check.worst_ratio;
  EXPECT_EQ(check.checks, 2 * data.d + 1);
}

TEST(FiniteDifference, CatchesAOnePercentErrorInOneCoordinate) {
  const Dataset data = SmallData();
  SkewedPromptAttention model(data.d, 1e-2);
  InitGaussian(model, 0.4, 1);
  const GradientCheck check =
      CheckGradientByFiniteDifference(model, data, kTolerances.fd_rtol, kTolerances.fd_step, 1);
  EXPECT_FALSE(check.ok);
  EXPECT_EQ(check.worst_where, "v[3]");
}

}  // namespace finite_difference_test
}  // namespace boa
