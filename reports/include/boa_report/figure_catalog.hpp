#pragma once
// Every figure the report draws, one builder per file in reports/src/figures/, listed once in
// figure_catalog.cpp.
#include <functional>
#include <string>
#include <vector>

#include "boa/budget.hpp"
#include "boa_report/figure.hpp"

namespace boa::report {

struct FigureBuilder {
  std::string name;
  std::function<Figure(Budget)> build;
};

const std::vector<FigureBuilder>& FigureCatalog();

}  // namespace boa::report
