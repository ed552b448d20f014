#pragma once
// "Did you mean": the known name nearest to a mistyped one, for claim ids, sweep names, flags and
// parameters (one rule for every error message that suggests).
#include <optional>
#include <string>
#include <vector>

namespace boa {

// Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), case-insensitive.
int EditDistance(const std::string& a, const std::string& b);

// The candidate nearest to `word`, or nothing when none is near. A dotted candidate
// (`magen24.gd.two_step_benign`) is also compared by its trailing segments (`two_step_benign`,
// `gd.two_step_benign`), so a bare name finds its id. Near: distance ≤ max(2, |word|/3).
std::optional<std::string> NearestName(const std::string& word,
                                       const std::vector<std::string>& candidates);

// " (did you mean 'x'?)" for the nearest candidate, else "".
std::string DidYouMean(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace boa
