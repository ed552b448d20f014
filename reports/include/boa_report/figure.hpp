#pragma once
// Figures: a CSV with a header row plus a gnuplot script, rendered to SVG by gnuplot.
// The CSV stays beside the SVG so every plotted number can be re-read.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace boa::report {

struct Series {
  std::string column;  // y column name in the CSV
  std::string title;   // legend
  std::string style = "lines";  // gnuplot style: lines, points, linespoints
};

// A figure drawn as heatmaps instead of lines: z over a regular (x, y) grid, one panel per z
// column, side by side (rendered by heatmap.cpp).
struct Heatmap {
  std::string y_column;
  std::vector<std::string> z_columns;  // one panel each
  std::vector<std::string> z_titles;   // panel titles, same order
  double z_min = 0, z_max = 1;         // colour range
};

struct Figure {
  std::string name;  // file stem, e.g. "growth_function"
  std::string title;
  std::string caption;  // one line under the figure in REPORT.md, says where the numbers come from
  std::vector<std::string> columns;
  std::vector<std::vector<double>> rows;
  std::string x_column;
  std::string x_label, y_label;
  bool log_x = false;
  bool log_y = false;
  std::vector<Series> series;
  std::optional<Heatmap> heatmap;  // set: heatmap panels instead of the series
};

// Writes <dir>/<name>.csv, <dir>/<name>.gp (the script, re-runnable) and <dir>/<name>.svg. Throws std::runtime_error if gnuplot fails.
void RenderFigure(const Figure& figure, const std::filesystem::path& dir);

}  // namespace boa::report
