#pragma once
// The gnuplot script of a heatmap-panel figure (Figure::panels): one `with image` panel per z
// column.
#include <ostream>

#include "boa_report/figure.hpp"

namespace boa::report {

// Writes the plot commands (after the shared terminal/output/datafile preamble) for `figure`.
void WriteHeatmapPanels(const Figure& figure, std::ostream& gp);

}  // namespace boa::report
