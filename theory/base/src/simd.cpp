#include "boa/simd.hpp"

#include <hwy/highway.h>
#include <hwy/targets.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdint>
#include <cstdlib>

#include "boa/error.hpp"

namespace boa {
namespace {

std::string Lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::string NameOf(std::int64_t target) { return Lowercase(hwy::TargetName(target)); }

// The targets compiled into this build (HWY_TARGETS), best (lowest bit) first.
std::vector<std::int64_t> CompiledTargets() {
  std::vector<std::int64_t> targets;
  for (std::int64_t bits = HWY_TARGETS; bits != 0; bits &= bits - 1) {
    targets.push_back(bits & -bits);
  }
  return targets;
}

// The compiled targets this CPU supports, read before any of them is disabled.
std::int64_t CpuTargets() {
  static const std::int64_t targets = hwy::SupportedTargets() & HWY_TARGETS;
  return targets;
}

std::atomic<std::int64_t> current_target{0};

// Makes `target` the only one the dispatch tables may pick, and picks it now.
void Use(std::int64_t target) {
  CpuTargets();
  hwy::DisableTargets(~target);
  hwy::GetChosenTarget().Update(hwy::SupportedTargets());
  current_target.store(target);
}

// The compiled target called `name` ("baseline": the build's static target); InvalidInput when
// there is none or this CPU cannot run it. `source` names where the name came from.
std::int64_t TargetNamed(const std::string& name, const std::string& source) {
  const std::int64_t supported = CpuTargets();
  if (name == "auto") return supported & -supported;
  std::string known = "auto, baseline";
  for (std::int64_t target : CompiledTargets()) {
    if (name != NameOf(target) && !(name == "baseline" && target == HWY_STATIC_TARGET)) {
      known += ", " + NameOf(target);
      continue;
    }
    if ((supported & target) != 0) return target;
    std::string runs;
    for (const std::string& s : SupportedSimdTargets()) runs += (runs.empty() ? "" : ", ") + s;
    throw InvalidInput(source + "=" + name + ": this CPU cannot run that SIMD target; it runs " +
                       runs);
  }
  throw InvalidInput(source + " must be one of " + known + " (got '" + name + "')");
}

// The process-wide choice: BOA_SIMD, applied once.
std::int64_t ProcessTarget() {
  static const std::int64_t target = [] {
    const char* value = std::getenv("BOA_SIMD");
    const std::int64_t t = TargetNamed(value != nullptr ? value : "auto", "BOA_SIMD");
    Use(t);
    return t;
  }();
  return target;
}

}  // namespace

void ApplySimdChoice() { ProcessTarget(); }

std::string SimdTargetName() {
  ApplySimdChoice();
  return NameOf(current_target.load());
}

bool SimdTargetsAgree(const std::string& a, const std::string& b) {
  // x86 targets whose MulAdd is one fused multiply-add (rounded once).
  auto fused = [](const std::string& t) { return t == "avx2" || t == "avx3" || t == "avx3_dl"; };
  return a == b || fused(a) == fused(b);
}

std::vector<std::string> SupportedSimdTargets() {
  std::vector<std::string> names;
  for (std::int64_t target : CompiledTargets()) {
    if ((CpuTargets() & target) != 0) names.push_back(NameOf(target));
  }
  return names;
}

ScopedSimdTarget::ScopedSimdTarget(const std::string& name) {
  ProcessTarget();
  Use(TargetNamed(name, "ScopedSimdTarget"));
}

ScopedSimdTarget::~ScopedSimdTarget() { Use(ProcessTarget()); }

}  // namespace boa
