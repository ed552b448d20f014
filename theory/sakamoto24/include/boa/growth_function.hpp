#pragma once
// The [S] v3 growth function of the attention gap Λ (THEORY.md core.growth_function).
//
//   s(x) = eˣ / (eˣ + T)                    attention on one token whose logit leads by x
//   g(x) = 2x + 2 sinh(x − log T),  g'(x) = 2 + 2 cosh(x − log T) = 1 / (s(1 − s))
//   dΛ/dτ = c·s(Λ)(1 − s(Λ))  ⇒  g(Λ(τ)) − g(Λ(0)) = cτ
// so Λ grows like log(Tcτ), and reaching Λ* takes about T e^{Λ*}/c steps.
namespace boa {

double GrowthFunction(double x, int T);
double GrowthDerivative(double x, int T);
double SelectedAttention(double x, int T);  // s(x), computed stably

// Λ(τ) by Dormand–Prince (Boost.Numeric.Odeint) with absolute and relative tolerance 1e-12.
double IntegrateAttentionGap(double lambda0, double c, int T, double tau);

// Λ(τ) from the closed form: the root of g(Λ) = g(Λ(0)) + cτ (g is strictly increasing).
double AttentionGapClosedForm(double lambda0, double c, int T, double tau);

}  // namespace boa
