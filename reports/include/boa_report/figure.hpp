#pragma once
// Figures: a CSV with a header row plus a gnuplot script, rendered to SVG by gnuplot.
// The CSV stays beside the SVG so every plotted number can be re-read.
#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace boa::report {

struct Series {
  std::string column;           // y column name in the CSV
  std::string title;            // legend
  std::string style = "lines";  // gnuplot style: lines, points, linespoints
  std::string x_column = {};    // empty: the figure's x_column (set it for a curve x = g(y)
                                // drawn over a heatmap)
  // Both set: the series is drawn as points with vertical error bars from low to high.
  std::string low_column = {}, high_column = {};
};

// A heatmap drawn under the series: one cell per CSV row at (x_column, y_column), coloured by
// z_column. The rows must form a regular grid (gnuplot `with image`).
struct Heatmap {
  std::string y_column;
  std::string z_column;
  std::string z_label;
  double z_min = 0;
  double z_max = 1;
  double x_min = 0, x_max = 1, y_min = 0, y_max = 1;  // plot ranges (curves outside are clipped)
};

// A figure drawn as heatmap panels instead of lines: z over a regular (x, y) grid, one panel per
// z column, side by side (rendered by heatmap_panels.cpp).
struct HeatmapPanels {
  std::string y_column;
  std::vector<std::string> z_columns;  // one panel each
  std::vector<std::string> z_titles;   // panel titles, same order
  double z_min = 0, z_max = 1;         // colour range
};

struct Figure {
  std::string name;  // file stem, e.g. "growth_function"
  std::string title;
  std::string caption;  // one line under the figure in REPORT.md, says where the numbers come from
  // The engine its experiments ran on ("direct", "gram", or "direct and gram"); empty: no
  // training experiment (e.g. noise statistics alone). Named in the report.
  std::string engine;
  std::vector<std::string> columns;
  std::vector<std::vector<double>> rows;
  std::string x_column;
  std::string x_label, y_label;
  bool log_x = false;
  bool log_y = false;
  std::optional<std::array<double, 2>> x_range, y_range;  // empty: gnuplot's autoscale
  std::string key = "top left";                           // gnuplot legend placement
  // Named ticks on x instead of numbers (drawn upright-rotated, text literal): a category axis.
  std::vector<std::pair<double, std::string>> x_tics;
  std::optional<std::array<int, 2>> size;  // SVG width, height in pixels; empty: 720 × 480
  std::vector<Series> series;
  std::optional<Heatmap> heatmap;
  std::optional<HeatmapPanels> panels;  // set: heatmap panels instead of the series
};

// Writes <dir>/<name>.csv, <dir>/<name>.gp (the script, re-runnable) and <dir>/<name>.svg. Throws
// std::runtime_error if gnuplot fails.
void RenderFigure(const Figure& figure, const std::filesystem::path& dir);

}  // namespace boa::report
