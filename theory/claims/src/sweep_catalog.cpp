// The one registration list of sweeps (each defined in its own file in this folder).
#include <string>

#include "boa/error.hpp"
#include "boa/sweep_catalog.hpp"

namespace boa {
namespace sweeps {
Sweep Magen24DimensionSweep();
Sweep FlakeAuditSweep();
}  // namespace sweeps

const std::vector<Sweep>& SweepCatalog() {
  static const std::vector<Sweep> all = {
      sweeps::Magen24DimensionSweep(),
      sweeps::FlakeAuditSweep(),
  };
  return all;
}

const Sweep& FindSweep(const std::string& name) {
  std::string known;
  for (const Sweep& s : SweepCatalog()) {
    if (s.name == name) return s;
    known += (known.empty() ? "" : ", ") + s.name;
  }
  throw InvalidInput("unknown sweep '" + name + "' (known: " + known + ")");
}

}  // namespace boa
