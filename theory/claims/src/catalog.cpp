// The one registration list. A new claim: write theory/claims/src/<family>/<id>.cpp defining
// `Claim <Name>()`, declare it below and add it to Catalog().
#include "boa/catalog.hpp"

#include <algorithm>

#include "boa/error.hpp"
#include "boa/rate_records.hpp"
#include "boa/suggest.hpp"

namespace boa {
namespace claims {
Claim CoreSoftmaxStable();
Claim CoreGradientFiniteDifference();
Claim CoreOutputConvexCombination();
Claim CoreTokensPermutation();
Claim CoreRotationEquivariance();
Claim CoreGdFrozenQuery();
Claim CoreEquivalenceWP();
Claim CoreKernelFusedMatchesReference();
Claim CoreGrowthFunction();
Claim CoreGramMatchesDirect();
Claim Magen24NoiseOrthogonal();
Claim Magen24NoiseNormConcentration();
Claim Magen24NoiseNearOrthogonality();
Claim Magen24NoiseDiagonalDominance();
Claim Magen24NoiseDimensionScaling();
Claim Magen24NoiseDimensionScalingFiniteN();
Claim Magen24GdStep1ClosedForm();
Claim Magen24GdStep2ClosedForm();
Claim Magen24GdTwoStepBenign();
Claim Magen24GdTwoStepBenignRealisedWindow();
Claim Magen24GdLinearizedThresholds();
Claim Magen24GdLinearizedThresholdsPerClass();
Claim Magen24GdGaussianInit();
Claim Magen24GdGaussianInitDeviation();
Claim Magen24GdStepSize();
Claim Magen24MaxmarginSelection();
Claim Magen24MaxmarginGdWeightDecayAbove();
Claim Magen24MaxmarginGdWeightDecayBelow();
Claim Magen24MaxmarginJointBenign();
Claim Magen24MaxmarginJointBenignPerClass();
Claim Magen24MaxmarginJointHarmful();
Claim Magen24MaxmarginJointGdDirection();
Claim Magen24SnrThreshold();
Claim Magen24SnrThresholdSA();
Claim Magen24SnrThresholdSB();
Claim Magen24ExtensionMultiToken();
Claim Magen24ExtensionSelfAttention();
Claim Magen24ExtensionWeightDecay();
Claim Magen24ExtensionVsLinear();
Claim Magen24ExtensionDepth();
Claim Sakamoto24HeadScores();
Claim Sakamoto24LossFloor();
Claim Sakamoto24Existence();
Claim Sakamoto24GdTokenSelection();
Claim Sakamoto24GdRegimes();
Claim Sakamoto24GdRegimesNotBenign();
Claim Sakamoto24GdVanishingUpdate();
Claim Sakamoto24GdVanishingUpdatePath();
Claim Sakamoto24FrakSCriterion();
Claim Sakamoto24GdDelayedGeneralization();
Claim Magen24GdStepSizeTwoIterations();
Claim Magen24GdStepSizeMonotone();
Claim Magen24GdStepSizeMax();
Claim Magen24GdStep1Fit();
Claim Magen24ClsEquivalence();
Claim Magen24GdGradientLipschitz();
Claim Magen24GdSoftmaxBound();
Claim Magen24DimensionBenignOnset();
Claim Magen24SnrThresholdDimension();
Claim Magen24SnrThresholdDimensionSA();
Claim Magen24SnrThresholdNormalised();
Claim Magen24ExtensionMultiTokenSpread();
Claim Sakamoto24GdTokenSelectionWeakOpposite();
Claim Sakamoto24NoiseConcentration();
Claim Sakamoto24HeadPopulationGradient();
Claim Sakamoto24FrakSBeyondHalf();
Claim Sakamoto24GdAttentionGrowth();
Claim Sakamoto24GdAttentionGrowthClean();
Claim Sakamoto24GdAttentionGapLaw();
Claim Sakamoto24HeadOnlyNoOverfit();
Claim Sakamoto24HeadOnlyDegradesWithT();
Claim Sakamoto24FrakSMapBoundary();
Claim Sakamoto24FrakSRhoShift();
Claim Sakamoto24FrakSEq11Only();
Claim Sakamoto24FrakSEq13Only();
Claim Sakamoto24RealDataDigits();
Claim Sakamoto24EncoderRegimes();
Claim Sakamoto24HeadRandom();
Claim Sakamoto24ExtensionKClasses();
}  // namespace claims

namespace {

// Each probabilistic claim carries its row of the committed rate record.
std::vector<Claim> WithRateRecords(std::vector<Claim> claims) {
  for (Claim& claim : claims) {
    const auto it = RateRecords().find(claim.id);
    if (it != RateRecords().end()) claim.rate_record = it->second;
    const auto path = PathRecords().find(claim.id);
    if (path != PathRecords().end()) claim.path_record = path->second;
  }
  return claims;
}

}  // namespace

const std::vector<Claim>& Catalog() {
  static const std::vector<Claim> all = WithRateRecords({
      claims::CoreSoftmaxStable(),
      claims::CoreGradientFiniteDifference(),
      claims::CoreOutputConvexCombination(),
      claims::CoreTokensPermutation(),
      claims::CoreRotationEquivariance(),
      claims::CoreGdFrozenQuery(),
      claims::CoreEquivalenceWP(),
      claims::CoreKernelFusedMatchesReference(),
      claims::CoreGrowthFunction(),
      claims::CoreGramMatchesDirect(),
      claims::Magen24NoiseOrthogonal(),
      claims::Magen24NoiseNormConcentration(),
      claims::Magen24NoiseNearOrthogonality(),
      claims::Magen24NoiseDiagonalDominance(),
      claims::Magen24NoiseDimensionScaling(),
      claims::Magen24NoiseDimensionScalingFiniteN(),
      claims::Magen24GdStep1ClosedForm(),
      claims::Magen24GdStep2ClosedForm(),
      claims::Magen24GdTwoStepBenign(),
      claims::Magen24GdTwoStepBenignRealisedWindow(),
      claims::Magen24GdLinearizedThresholds(),
      claims::Magen24GdLinearizedThresholdsPerClass(),
      claims::Magen24GdGaussianInit(),
      claims::Magen24GdGaussianInitDeviation(),
      claims::Magen24GdStepSize(),
      claims::Magen24MaxmarginSelection(),
      claims::Magen24MaxmarginGdWeightDecayAbove(),
      claims::Magen24MaxmarginGdWeightDecayBelow(),
      claims::Magen24MaxmarginJointBenign(),
      claims::Magen24MaxmarginJointBenignPerClass(),
      claims::Magen24MaxmarginJointHarmful(),
      claims::Magen24MaxmarginJointGdDirection(),
      claims::Magen24SnrThreshold(),
      claims::Magen24SnrThresholdSA(),
      claims::Magen24SnrThresholdSB(),
      claims::Magen24ExtensionMultiToken(),
      claims::Magen24ExtensionSelfAttention(),
      claims::Magen24ExtensionWeightDecay(),
      claims::Magen24ExtensionVsLinear(),
      claims::Magen24ExtensionDepth(),
      claims::Sakamoto24HeadScores(),
      claims::Sakamoto24LossFloor(),
      claims::Sakamoto24Existence(),
      claims::Sakamoto24GdTokenSelection(),
      claims::Sakamoto24GdRegimes(),
      claims::Sakamoto24GdRegimesNotBenign(),
      claims::Sakamoto24GdVanishingUpdate(),
      claims::Sakamoto24GdVanishingUpdatePath(),
      claims::Sakamoto24FrakSCriterion(),
      claims::Sakamoto24GdDelayedGeneralization(),
      claims::Magen24GdStepSizeTwoIterations(),
      claims::Magen24GdStepSizeMonotone(),
      claims::Magen24GdStepSizeMax(),
      claims::Magen24GdStep1Fit(),
      claims::Magen24ClsEquivalence(),
      claims::Magen24GdGradientLipschitz(),
      claims::Magen24GdSoftmaxBound(),
      claims::Magen24DimensionBenignOnset(),
      claims::Magen24SnrThresholdDimension(),
      claims::Magen24SnrThresholdDimensionSA(),
      claims::Magen24SnrThresholdNormalised(),
      claims::Magen24ExtensionMultiTokenSpread(),
      claims::Sakamoto24GdTokenSelectionWeakOpposite(),
      claims::Sakamoto24NoiseConcentration(),
      claims::Sakamoto24HeadPopulationGradient(),
      claims::Sakamoto24FrakSBeyondHalf(),
      claims::Sakamoto24GdAttentionGrowth(),
      claims::Sakamoto24GdAttentionGrowthClean(),
      claims::Sakamoto24GdAttentionGapLaw(),
      claims::Sakamoto24HeadOnlyNoOverfit(),
      claims::Sakamoto24HeadOnlyDegradesWithT(),
      claims::Sakamoto24FrakSMapBoundary(),
      claims::Sakamoto24FrakSRhoShift(),
      claims::Sakamoto24FrakSEq11Only(),
      claims::Sakamoto24FrakSEq13Only(),
      claims::Sakamoto24RealDataDigits(),
      claims::Sakamoto24EncoderRegimes(),
      claims::Sakamoto24HeadRandom(),
      claims::Sakamoto24ExtensionKClasses(),
  });
  return all;
}

const Claim& FindClaim(const std::string& id) {
  for (const Claim& claim : Catalog()) {
    if (claim.id == id) return claim;
  }
  std::vector<std::string> ids;
  for (const Claim& claim : Catalog()) ids.push_back(claim.id);
  throw InvalidInput("unknown claim id '" + id + "'" + DidYouMean(id, ids) +
                     "; `boa list` shows every id");
}

}  // namespace boa
