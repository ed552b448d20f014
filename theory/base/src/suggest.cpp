#include "boa/suggest.hpp"

#include <algorithm>
#include <cctype>
#include <limits>

namespace boa {

int EditDistance(const std::string& a, const std::string& b) {
  const auto lower = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
  const std::size_t n = a.size(), m = b.size();
  // d[i][j]: distance between the first i characters of a and the first j of b.
  std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = static_cast<int>(i);
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= n; ++i) {
    for (std::size_t j = 1; j <= m; ++j) {
      const int cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
          lower(a[i - 2]) == lower(b[j - 1])) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[n][m];
}

std::optional<std::string> NearestName(const std::string& word,
                                       const std::vector<std::string>& candidates) {
  const int near = std::max<int>(2, static_cast<int>(word.size()) / 3);
  int best = std::numeric_limits<int>::max();
  std::optional<std::string> nearest;
  for (const std::string& candidate : candidates) {
    // The whole name and each trailing run of its dotted segments.
    int distance = EditDistance(word, candidate);
    for (std::size_t dot = candidate.find('.'); dot != std::string::npos;
         dot = candidate.find('.', dot + 1)) {
      distance = std::min(distance, EditDistance(word, candidate.substr(dot + 1)));
    }
    if (distance < best) {
      best = distance;
      nearest = candidate;
    }
  }
  if (best > near) return std::nullopt;
  return nearest;
}

std::string DidYouMean(const std::string& word, const std::vector<std::string>& candidates) {
  const auto nearest = NearestName(word, candidates);
  return nearest ? " (did you mean '" + *nearest + "'?)" : "";
}

}  // namespace boa
