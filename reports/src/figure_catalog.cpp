#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure GrowthFunctionFigure(Budget budget);

const std::vector<FigureBuilder>& FigureCatalog() {
  static const std::vector<FigureBuilder> all = {
      {"growth_function", GrowthFunctionFigure},
  };
  return all;
}

}  // namespace boa::report
