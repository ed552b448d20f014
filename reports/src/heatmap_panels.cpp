#include "boa_report/heatmap_panels.hpp"

#include <algorithm>
#include <stdexcept>

namespace boa::report {
namespace {

int Column(const Figure& figure, const std::string& column) {
  for (std::size_t k = 0; k < figure.columns.size(); ++k) {
    if (figure.columns[k] == column) return static_cast<int>(k) + 1;  // gnuplot is 1-based
  }
  throw std::runtime_error("figure " + figure.name + " has no column " + column);
}

// "[lo:hi]" over the data's values in column `k` (1-based): gnuplot's image style widens the axes
// by half a cell on each side, which on a coarse grid (the default budget's 2 × 2 corners) puts
// the axes at negative d and ‖μ‖; the panels show the grid's own range instead.
std::string DataRange(const Figure& figure, int k) {
  double lo = 0, hi = 0;
  for (std::size_t r = 0; r < figure.rows.size(); ++r) {
    const double v = figure.rows[r][static_cast<std::size_t>(k - 1)];
    lo = r == 0 ? v : std::min(lo, v);
    hi = r == 0 ? v : std::max(hi, v);
  }
  return lo < hi ? "[" + std::to_string(lo) + ":" + std::to_string(hi) + "]" : "[*:*]";
}

}  // namespace

void WriteHeatmapPanels(const Figure& figure, std::ostream& gp) {
  const HeatmapPanels& h = *figure.panels;
  const int x = Column(figure, figure.x_column), y = Column(figure, h.y_column);
  gp << "set multiplot layout 1," << h.z_columns.size() << " title \"" << figure.title << "\"\n"
     << "set xlabel \"" << figure.x_label << "\"\nset ylabel \"" << figure.y_label << "\"\n"
     << "set cbrange [" << h.z_min << ":" << h.z_max << "]\nset palette rgbformulae 33,13,10\n"
     << "set xrange " << DataRange(figure, x) << "\nset yrange " << DataRange(figure, y) << "\n"
     << "unset key\nset size square\n";
  for (std::size_t k = 0; k < h.z_columns.size(); ++k) {
    gp << "set title \"" << (k < h.z_titles.size() ? h.z_titles[k] : h.z_columns[k]) << "\"\n"
       << "plot '" << figure.name << ".csv' every ::1 using " << x << ":" << y << ":"
       << Column(figure, h.z_columns[k]) << " with image\n";
  }
  gp << "unset multiplot\n";
}

}  // namespace boa::report
