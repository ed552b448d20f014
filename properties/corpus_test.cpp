// corpus: entries round-trip, and malformed entries are refused with one clear InvalidInput.
#include <fstream>

#include <gtest/gtest.h>

#include "boa/error.hpp"
#include "boa/simd.hpp"
#include "boa_report/corpus.hpp"
#include "paths.hpp"

namespace boa::report {
namespace corpus_test {

namespace fs = std::filesystem;

TEST(Corpus, EntriesRoundTripAndReplay) {
  testing::TempDir dir;
  const CorpusEntry entry{"core.softmax.stable",
                          {{"T", 2}, {"magnitude", 0}, {"shift", 308.3}},
                          7,
                          true,
                          "z + c overflows"};
  const fs::path file = WriteCorpusEntry(dir.path(), "overflow", entry);
  EXPECT_EQ(file, dir.path() / "core.softmax.stable" / "overflow.json");
  const CorpusEntry back = ReadCorpusEntry(file);
  EXPECT_EQ(back.claim, entry.claim);
  EXPECT_EQ(back.params, entry.params);
  EXPECT_EQ(back.seed, entry.seed);
  EXPECT_TRUE(back.expect_failure);
  EXPECT_EQ(back.note, entry.note);
  EXPECT_EQ(back.simd, SimdTargetName());  // saved with the target it ran on
  EXPECT_TRUE(ReplayCorpusEntry(back).matches);
  EXPECT_EQ(ReplayCorpusEntry(back).simd_note, "");
  CorpusEntry holds = entry;
  holds.expect_failure = false;
  EXPECT_FALSE(ReplayCorpusEntry(holds).matches);
  // An entry saved on a target whose bits differ from this one's says so on replay.
  CorpusEntry elsewhere = entry;
  elsewhere.simd = SimdTargetsAgree(SimdTargetName(), "scalar") ? "avx2" : "scalar";
  EXPECT_NE(ReplayCorpusEntry(elsewhere).simd_note.find(elsewhere.simd), std::string::npos);
}

TEST(Corpus, MalformedEntriesAreRefused) {
  testing::TempDir dir;
  const std::string valid =
      R"({"claim": "core.softmax.stable", "params": {"T": 2, "magnitude": 0, "shift": 1}, "seed": 1, "expected": "holds"})";
  const std::vector<std::string> bad = {
      "",
      "{",
      valid.substr(0, valid.size() / 2),
      "[]",
      "null",
      R"({"claim": "no.such.claim", "params": {}, "seed": 1, "expected": "holds"})",
      R"({"claim": "core.softmax.stable", "params": {"T": "two"}, "seed": 1, "expected": "holds"})",
      R"({"claim": "core.softmax.stable", "params": {"T": 2}, "seed": -1, "expected": "holds"})",
      R"({"claim": "core.softmax.stable", "params": {"T": 2}, "seed": 1, "expected": "maybe"})",
      R"({"claim": "core.softmax.stable", "params": {"T": 2}, "seed": 1})",
      R"({"claim": "core.softmax.stable", "params": {"T": NaN}, "seed": 1, "expected": "holds"})",
      R"({"claim": "core.softmax.stable", "params": {"T": 2}, "seed": 1, "expected": "holds", "simd": 3})",
  };
  for (std::size_t k = 0; k < bad.size(); ++k) {
    const fs::path file = dir.path() / ("bad" + std::to_string(k) + ".json");
    std::ofstream(file) << bad[k];
    EXPECT_THROW(ReadCorpusEntry(file), InvalidInput) << bad[k];
  }
  std::ofstream(dir.path() / "valid.json") << valid;
  EXPECT_NO_THROW(ReadCorpusEntry(dir.path() / "valid.json"));
  EXPECT_THROW(ReadCorpusEntry(dir.path() / "missing.json"), InvalidInput);
  EXPECT_THROW(WriteCorpusEntry(dir.path(), "../escape", {}), InvalidInput);
}

}  // namespace corpus_test
}  // namespace boa::report
