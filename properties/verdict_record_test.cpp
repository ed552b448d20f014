// verdict_record.hpp: a verdict read back from its record is the verdict written, bit for bit —
// what lets a sharded report equal the unsharded one.
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>
#include <nlohmann/json.hpp>

#include "boa/error.hpp"
#include "boa_report/verdict_record.hpp"

namespace boa::testing {
namespace {

using nlohmann::json;
using report::ExactNumber;
using report::ExactNumberFrom;
using report::VerdictFromRecord;
using report::VerdictRecord;

// Through text, as a part file carries it.
json Reread(const json& record) { return json::parse(record.dump()); }

// Any 64-bit pattern: NaNs, infinities, ±0, subnormals and every normal double.
double AnyDouble() { return std::bit_cast<double>(*rc::gen::arbitrary<std::uint64_t>()); }

RC_GTEST_PROP(VerdictRecord, EveryDoubleReadsBackToTheSameBits, ()) {
  const double x = AnyDouble();
  const double back = ExactNumberFrom(Reread(json::array({ExactNumber(x)}))[0], "x");
  if (std::isnan(x)) {
    RC_ASSERT(std::isnan(back));
  } else {
    RC_ASSERT(std::bit_cast<std::uint64_t>(back) == std::bit_cast<std::uint64_t>(x));
  }
}

// A verdict with every field set, non-finite numbers and a cell with a counterexample included.
Verdict FullVerdict() {
  Verdict v;
  v.status = Status::kFails;
  v.engine = Engine::kGram;
  v.instances = 36;
  v.failures = 16;
  v.rejected = 3;
  v.healthy = false;
  v.worst_case_rate = 0.1 + 0.2;
  VerdictPlan plan;
  plan.delta = 0.1;
  plan.delta_alt = 0.3;
  plan.alpha = 1e-5;
  plan.power = 0.987654321012345;
  plan.cap = 120;
  plan.beta = 1e-5;
  plan.realised_alpha = 3.3e-6;
  plan.realised_beta = 5e-324;  // the least subnormal
  plan.power_holds = std::numeric_limits<double>::infinity();
  plan.power_fails = -std::numeric_limits<double>::infinity();
  v.plan = plan;  // sd_p_value stays NaN
  v.rate_lower = 1.0 / 3;
  v.rate_upper = -0.0;
  v.qualifier = "indifference";
  v.measured = {{"margin_min", -1.2345678901234567e-300}, {"accuracy_mean", 0.95}};
  v.summary = "16 of 36 fail";
  Verdict cell;
  cell.status = Status::kInconclusive;
  cell.cell = "above";
  cell.counterexample =
      Counterexample{{{"n", 6}, {"log2_ratio", 0.4}},    18446744073709551615u,    Engine::kDirect,
                     "why, with \"quotes\" and ünïcode", "./boa check x --seed 1", 7};
  v.cells = {cell, Verdict{}};
  return v;
}

TEST(VerdictRecord, AFullVerdictReadsBackFieldForField) {
  const Verdict v = FullVerdict();
  const json record = VerdictRecord(v);
  const Verdict back = VerdictFromRecord(Reread(record), "test");
  // The record of what was read is the record written (NaN compared as the string "nan").
  EXPECT_EQ(VerdictRecord(back).dump(), record.dump());
  EXPECT_EQ(back.status, v.status);
  EXPECT_EQ(back.failures, 16);
  EXPECT_EQ(*back.worst_case_rate, 0.1 + 0.2);
  EXPECT_TRUE(std::isnan(back.plan->sd_p_value));
  EXPECT_TRUE(std::signbit(back.rate_upper));
  EXPECT_EQ(back.plan->realised_beta, 5e-324);
  ASSERT_EQ(back.cells.size(), 2u);
  EXPECT_EQ(back.cells[0].counterexample->seed, 18446744073709551615u);
  EXPECT_EQ(back.cells[0].counterexample->params.at("log2_ratio"), 0.4);
  EXPECT_EQ(back.cells[0].cell, "above");
  EXPECT_FALSE(back.cells[1].plan.has_value());
}

TEST(VerdictRecord, AMalformedRecordIsBadInputNamingTheField) {
  json record = VerdictRecord(FullVerdict());
  record.erase("failures");
  try {
    VerdictFromRecord(record, "part-1.json: some.claim");
    FAIL() << "a record without failures was read";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("part-1.json: some.claim: no field \"failures\""),
              std::string::npos)
        << e.what();
  }
  record = VerdictRecord(FullVerdict());
  record["status"] = "maybe";
  EXPECT_THROW(VerdictFromRecord(record, "x"), InvalidInput);
  record = VerdictRecord(FullVerdict());
  record["rate_lower"] = "one";
  EXPECT_THROW(VerdictFromRecord(record, "x"), InvalidInput);
}

}  // namespace
}  // namespace boa::testing
