#include "boa_report/verdict_record.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "boa/error.hpp"

namespace boa::report {
namespace {

using nlohmann::json;

// A field added to Verdict, VerdictPlan or Counterexample changes its size on this ABI (x86-64
// libstdc++, what CI builds): carry the new field in VerdictRecord and VerdictFromRecord (and
// verdict_record_test.cpp), then update the size here. Otherwise a sharded report drops it.
static_assert(sizeof(void*) != 8 || sizeof(Verdict) == 464, "carry Verdict's new field");
static_assert(sizeof(void*) != 8 || sizeof(VerdictPlan) == 88, "carry VerdictPlan's new field");
static_assert(sizeof(void*) != 8 || sizeof(Counterexample) == 136,
              "carry Counterexample's new field");

// The field `key` of `record`, or bad input naming where it was looked for.
const json& Field(const json& record, const char* key, const std::string& where) {
  Require(record.is_object() && record.contains(key),
          where + ": no field \"" + key + "\" (not a verdict record of this boa)");
  return record.at(key);
}

template <typename T>
T Get(const json& record, const char* key, const std::string& where) {
  try {
    return Field(record, key, where).get<T>();
  } catch (const json::exception&) {
    throw InvalidInput(where + ": field \"" + key + "\" has the wrong type");
  }
}

double Number(const json& record, const char* key, const std::string& where) {
  return ExactNumberFrom(Field(record, key, where), where + "." + key);
}

// An enum back from the text its ToString gives (every enumerator tried in turn).
template <typename E>
E EnumFrom(const json& record, const char* key, const std::string& where,
           std::initializer_list<E> values) {
  const auto text = Get<std::string>(record, key, where);
  for (const E value : values) {
    if (ToString(value) == text) return value;
  }
  throw InvalidInput(where + ": field \"" + key + "\" is '" + text + "', no value it can take");
}

json ParamsRecord(const Params& params) {
  json out = json::object();
  for (const auto& [name, value] : params) out[name] = ExactNumber(value);
  return out;
}

Params ParamsFrom(const json& record, const std::string& where) {
  Require(record.is_object(), where + " is not an object of numbers");
  Params out;
  for (const auto& [name, value] : record.items()) out[name] = ExactNumberFrom(value, where);
  return out;
}

json PlanRecord(const VerdictPlan& p) {
  return {{"delta", ExactNumber(p.delta)},
          {"delta_alt", ExactNumber(p.delta_alt)},
          {"alpha", ExactNumber(p.alpha)},
          {"power", ExactNumber(p.power)},
          {"cap", p.cap},
          {"beta", ExactNumber(p.beta)},
          {"realised_alpha", ExactNumber(p.realised_alpha)},
          {"realised_beta", ExactNumber(p.realised_beta)},
          {"power_holds", ExactNumber(p.power_holds)},
          {"power_fails", ExactNumber(p.power_fails)},
          {"sd_p_value", ExactNumber(p.sd_p_value)}};
}

VerdictPlan PlanFrom(const json& r, const std::string& where) {
  VerdictPlan p;
  p.delta = Number(r, "delta", where);
  p.delta_alt = Number(r, "delta_alt", where);
  p.alpha = Number(r, "alpha", where);
  p.power = Number(r, "power", where);
  p.cap = Get<int>(r, "cap", where);
  p.beta = Number(r, "beta", where);
  p.realised_alpha = Number(r, "realised_alpha", where);
  p.realised_beta = Number(r, "realised_beta", where);
  p.power_holds = Number(r, "power_holds", where);
  p.power_fails = Number(r, "power_fails", where);
  p.sd_p_value = Number(r, "sd_p_value", where);
  return p;
}

json CounterexampleRecord(const Counterexample& c) {
  return {
      {"params", ParamsRecord(c.params)}, {"seed", c.seed},     {"engine", ToString(c.engine)},
      {"explanation", c.explanation},     {"replay", c.replay}, {"shrink_steps", c.shrink_steps}};
}

Counterexample CounterexampleFrom(const json& r, const std::string& where) {
  Counterexample c;
  c.params = ParamsFrom(Field(r, "params", where), where + ".params");
  c.seed = Get<std::uint64_t>(r, "seed", where);
  c.engine = EnumFrom(r, "engine", where, {Engine::kDirect, Engine::kGram});
  c.explanation = Get<std::string>(r, "explanation", where);
  c.replay = Get<std::string>(r, "replay", where);
  c.shrink_steps = Get<int>(r, "shrink_steps", where);
  return c;
}

}  // namespace

json ExactNumber(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  return x;  // nlohmann writes the shortest decimal that reads back to the same double
}

double ExactNumberFrom(const json& value, const std::string& where) {
  if (value.is_number()) return value.get<double>();
  if (value == "nan") return std::numeric_limits<double>::quiet_NaN();
  if (value == "inf") return std::numeric_limits<double>::infinity();
  if (value == "-inf") return -std::numeric_limits<double>::infinity();
  throw InvalidInput(where + ": '" + value.dump() + "' is not a number");
}

json VerdictRecord(const Verdict& v) {
  json measured = json::object();
  for (const auto& [name, value] : v.measured) measured[name] = ExactNumber(value);
  json cells = json::array();
  for (const Verdict& cell : v.cells) cells.push_back(VerdictRecord(cell));
  return {{"status", ToString(v.status)},
          {"engine", ToString(v.engine)},
          {"instances", v.instances},
          {"failures", v.failures},
          {"rejected", v.rejected},
          {"healthy", v.healthy},
          {"worst_case_rate", v.worst_case_rate ? ExactNumber(*v.worst_case_rate) : json()},
          {"plan", v.plan ? PlanRecord(*v.plan) : json()},
          {"rate_lower", ExactNumber(v.rate_lower)},
          {"rate_upper", ExactNumber(v.rate_upper)},
          {"qualifier", v.qualifier},
          {"measured", measured},
          {"counterexample", v.counterexample ? CounterexampleRecord(*v.counterexample) : json()},
          {"summary", v.summary},
          {"cells", cells},
          {"cell", v.cell}};
}

Verdict VerdictFromRecord(const json& r, const std::string& where) {
  Verdict v;
  v.status = EnumFrom(r, "status", where,
                      {Status::kHolds, Status::kFails, Status::kInconclusive, Status::kReported});
  v.engine = EnumFrom(r, "engine", where, {Engine::kDirect, Engine::kGram});
  v.instances = Get<int>(r, "instances", where);
  v.failures = Get<int>(r, "failures", where);
  v.rejected = Get<int>(r, "rejected", where);
  v.healthy = Get<bool>(r, "healthy", where);
  if (const json& w = Field(r, "worst_case_rate", where); !w.is_null()) {
    v.worst_case_rate = ExactNumberFrom(w, where + ".worst_case_rate");
  }
  if (const json& p = Field(r, "plan", where); !p.is_null()) v.plan = PlanFrom(p, where + ".plan");
  v.rate_lower = Number(r, "rate_lower", where);
  v.rate_upper = Number(r, "rate_upper", where);
  v.qualifier = Get<std::string>(r, "qualifier", where);
  const json& measured = Field(r, "measured", where);
  Require(measured.is_object(), where + ".measured is not an object of numbers");
  for (const auto& [name, value] : measured.items()) {
    v.measured[name] = ExactNumberFrom(value, where + ".measured." + name);
  }
  if (const json& c = Field(r, "counterexample", where); !c.is_null()) {
    v.counterexample = CounterexampleFrom(c, where + ".counterexample");
  }
  v.summary = Get<std::string>(r, "summary", where);
  const json& cells = Field(r, "cells", where);
  Require(cells.is_array(), where + ".cells is not an array");
  for (std::size_t j = 0; j < cells.size(); ++j) {
    v.cells.push_back(VerdictFromRecord(cells[j], where + ".cells[" + std::to_string(j) + "]"));
  }
  v.cell = Get<std::string>(r, "cell", where);
  return v;
}

}  // namespace boa::report
