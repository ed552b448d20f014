#include "boa_report/figure.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <charconv>
#include <csignal>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "boa_report/heatmap_panels.hpp"
#include "boa_report/partial_output.hpp"

namespace boa::report {
namespace {

std::string Number(double x) {
  char buffer[64];
  return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, x).ptr);
}

int ColumnIndex(const Figure& figure, const std::string& column) {
  for (std::size_t k = 0; k < figure.columns.size(); ++k) {
    if (figure.columns[k] == column) return static_cast<int>(k) + 1;  // gnuplot is 1-based
  }
  throw std::runtime_error("figure " + figure.name + " has no column " + column);
}

// Lines and points over an optional heatmap layer.
void WriteLinePlot(const Figure& figure, std::ostream& gp) {
  gp << "set key autotitle columnhead\nset key " << figure.key << "\nset grid\n"
     << "set title \"" << figure.title << "\"\n"
     << "set xlabel \"" << figure.x_label << "\"\nset ylabel \"" << figure.y_label << "\"\n";
  if (figure.log_x) gp << "set logscale x\n";
  if (figure.log_y) gp << "set logscale y\n";
  if (!figure.x_tics.empty()) {
    gp << "set xtics noenhanced rotate by 90 right font ',9' (";
    for (std::size_t k = 0; k < figure.x_tics.size(); ++k) {
      std::string label = figure.x_tics[k].second;
      for (char& c : label) {
        if (c == '"' || c == '\\') c = '\'';  // a label never ends the gnuplot string
      }
      gp << (k ? ", " : "") << "\"" << label << "\" " << Number(figure.x_tics[k].first);
    }
    gp << ")\n";
  }
  if (figure.x_range) {
    gp << "set xrange [" << Number((*figure.x_range)[0]) << ":" << Number((*figure.x_range)[1])
       << "]\n";
  }
  if (figure.y_range) {
    gp << "set yrange [" << Number((*figure.y_range)[0]) << ":" << Number((*figure.y_range)[1])
       << "]\n";
  }
  const int x = ColumnIndex(figure, figure.x_column);
  std::vector<std::string> plots;
  if (figure.heatmap) {
    const Heatmap& h = *figure.heatmap;
    gp << "set palette defined (0 'white', 0.5 'yellow', 1 'dark-green')\n"
       << "set cbrange [" << Number(h.z_min) << ":" << Number(h.z_max) << "]\n"
       << "set cblabel \"" << h.z_label << "\"\n"
       << "set xrange [" << Number(h.x_min) << ":" << Number(h.x_max) << "]\n"
       << "set yrange [" << Number(h.y_min) << ":" << Number(h.y_max) << "]\n";
    plots.push_back("'" + figure.name + ".csv' using " + std::to_string(x) + ":" +
                    std::to_string(ColumnIndex(figure, h.y_column)) + ":" +
                    std::to_string(ColumnIndex(figure, h.z_column)) + " with image notitle");
  }
  for (const auto& s : figure.series) {
    const int sx = s.x_column.empty() ? x : ColumnIndex(figure, s.x_column);
    const bool bars = !s.low_column.empty() && !s.high_column.empty();
    const std::string columns = std::to_string(sx) + ":" +
                                std::to_string(ColumnIndex(figure, s.column)) +
                                (bars ? ":" + std::to_string(ColumnIndex(figure, s.low_column)) +
                                            ":" + std::to_string(ColumnIndex(figure, s.high_column))
                                      : "");
    plots.push_back("'" + figure.name + ".csv' using " + columns + " with " +
                    (bars ? "yerrorbars" : s.style) + " lw 2 title \"" + s.title + "\"");
  }
  gp << "plot ";
  for (std::size_t k = 0; k < plots.size(); ++k) gp << (k ? ", \\\n     " : "") << plots[k];
  gp << '\n';
}

// Runs gnuplot on `script` inside `dir`, its messages on stdout (stderr carries boa's one error
// line). It starts with no signal blocked: boa's mask (partial_output.hpp) is not its business.
bool RunGnuplot(const std::filesystem::path& dir, const std::string& script) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);
  std::string program = "gnuplot";
  char* argv[] = {program.data(), const_cast<char*>(script.c_str()), nullptr};
  pid_t pid = 0;
  int status = 0;
  const bool ran = posix_spawnp(&pid, "gnuplot", &actions, &attributes, argv, environ) == 0 &&
                   waitpid(pid, &status, 0) == pid;
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  return ran && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace

void RenderFigure(const Figure& figure, const std::filesystem::path& dir) {
  // The data, the script and the picture appear together: an interruption waits for gnuplot.
  const InterruptionGuard guard;
  const auto csv = dir / (figure.name + ".csv");
  {
    std::ofstream out(csv);
    for (std::size_t k = 0; k < figure.columns.size(); ++k)
      out << (k ? "," : "") << figure.columns[k];
    out << '\n';
    for (const auto& row : figure.rows) {
      for (std::size_t k = 0; k < row.size(); ++k) out << (k ? "," : "") << Number(row[k]);
      out << '\n';
    }
  }
  // Paths inside the script are relative, so the folder can be moved after rendering and the
  // script re-run from inside it.
  const auto script = dir / (figure.name + ".gp");
  {
    std::ofstream gp(script);
    const std::string size =
        figure.size ? std::to_string((*figure.size)[0]) + "," + std::to_string((*figure.size)[1])
        : figure.panels ? "1080,480"
                        : "720,480";
    gp << "set terminal svg size " << size << " dynamic enhanced font 'sans,12'\n"
       << "set output '" << figure.name << ".svg'\n"
       << "set datafile separator ','\n";
    if (figure.panels) {
      WriteHeatmapPanels(figure, gp);
    } else {
      WriteLinePlot(figure, gp);
    }
  }
  if (!RunGnuplot(dir, figure.name + ".gp")) {
    // No partial figure stays behind: its data, script and whatever gnuplot wrote go too.
    std::error_code ignored;
    for (const auto& file : {csv, script, dir / (figure.name + ".svg")})
      std::filesystem::remove(file, ignored);
    throw std::runtime_error("gnuplot failed on " + script.string());
  }
}

}  // namespace boa::report
