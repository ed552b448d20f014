// number_input: the one parser of numbers a user types accepts exactly the plain decimal form of
// a value of the type and range, and refuses everything else with one line naming the input.
#include <cstdint>
#include <limits>
#include <string>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/error.hpp"
#include "boa/format.hpp"
#include "boa/number_input.hpp"

namespace boa {
namespace number_input_test {

// The refusal, as the user sees it: one line naming the input and quoting the text.
template <typename Parse>
std::string Refusal(Parse parse, const std::string& text) {
  try {
    parse(text);
  } catch (const InvalidInput& e) {
    return e.what();
  }
  return "";
}

template <typename Parse>
void ExpectRefused(Parse parse, const std::string& text) {
  const std::string message = Refusal(parse, text);
  EXPECT_NE(message.find("--flag"), std::string::npos) << "'" << text << "' was accepted";
  EXPECT_NE(message.find("(got '" + text + "')"), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

const auto kUnsigned = [](const std::string& t) { return ParseUnsigned(t, "--flag"); };
const auto kSmallInteger = [](const std::string& t) { return ParseInteger(t, "--flag", -5, 60); };
const auto kAnyReal = [](const std::string& t) { return ParseReal(t, "--flag"); };
const auto kFlipRate = [](const std::string& t) {
  return ParseReal(t, "--flag", RealRange{0, 1, false, true});
};

TEST(NumberInput, UnsignedIntegersAreDecimalDigitsUpTo2To64Minus1) {
  EXPECT_EQ(kUnsigned("0"), 0u);
  EXPECT_EQ(kUnsigned("007"), 7u);  // decimal, not octal
  EXPECT_EQ(kUnsigned("18446744073709551615"), std::numeric_limits<std::uint64_t>::max());
  for (const char* text : {"-1", "-0", "+1", "18446744073709551616", "99999999999999999999", "1.0",
                           "1e3", "0x10", " 1", "1 ", "", "nan", "inf", "1,2", "one"}) {
    ExpectRefused(kUnsigned, text);
  }
}

TEST(NumberInput, BoundedIntegersRefuseFractionsOverflowAndTheirRangesNeighbours) {
  EXPECT_EQ(kSmallInteger("-5"), -5);
  EXPECT_EQ(kSmallInteger("60"), 60);
  EXPECT_EQ(kSmallInteger("-0"), 0);
  for (const char* text : {"-6", "61", "2.5", "2.0", "1e1", "9223372036854775808",
                           "-9223372036854775809", "18446744073709551616", "+3", "", "0x3", "3x"}) {
    ExpectRefused(kSmallInteger, text);
  }
}

TEST(NumberInput, RealsAreFiniteDoublesInTheirRange) {
  EXPECT_EQ(kAnyReal("-1.5e300"), -1.5e300);
  EXPECT_EQ(kAnyReal(".5"), 0.5);
  EXPECT_EQ(kAnyReal("1e-300"), 1e-300);
  EXPECT_EQ(kFlipRate("0"), 0.0);
  EXPECT_EQ(kFlipRate("0.999"), 0.999);
  for (const char* text : {"nan", "NaN", "inf", "-inf", "infinity", "1e400", "-1e400", "1e-400", "",
                           " 1", "1 ", "+1", "0x1p3", "1,5", "1.5.2", "e5"}) {
    ExpectRefused(kAnyReal, text);
  }
  for (const char* text : {"1", "-0.001", "1.0000000001", "2"}) ExpectRefused(kFlipRate, text);
  EXPECT_EQ(ToString(RealRange{0, 1, false, true}), "[0, 1)");
  EXPECT_EQ(ToString(kPositive), "(0, inf)");
  EXPECT_EQ(ToString(kAnyFinite), "");
}

TEST(NumberInput, ListsKeepTheirEmptyItems) {
  EXPECT_TRUE(ListItems("").empty());
  EXPECT_EQ(ListItems("a=1,b=2"), (std::vector<std::string_view>{"a=1", "b=2"}));
  EXPECT_EQ(ListItems("1,,2"), (std::vector<std::string_view>{"1", "", "2"}));
  EXPECT_EQ(ListItems("1,"), (std::vector<std::string_view>{"1", ""}));
}

RC_GTEST_PROP(NumberInput, EveryValueOfTheTypeReadsBackFromItsDecimalForm, ()) {
  const auto u = *rc::gen::arbitrary<std::uint64_t>();
  RC_ASSERT(kUnsigned(std::to_string(u)) == u);
  const auto lo = *rc::gen::arbitrary<std::int64_t>();
  const auto hi = *rc::gen::inRange<std::int64_t>(lo, std::numeric_limits<std::int64_t>::max());
  const auto i = *rc::gen::inRange<std::int64_t>(lo, hi);
  RC_ASSERT(ParseInteger(std::to_string(i), "--flag", lo, hi) == i);
  const double x = *rc::gen::arbitrary<double>();
  RC_PRE(std::isfinite(x));
  RC_ASSERT(kAnyReal(FormatNumber(x)) == x);
}

RC_GTEST_PROP(NumberInput, AnIntegerJustOutsideItsRangeIsRefused, ()) {
  const auto lo = *rc::gen::inRange<std::int64_t>(-1000000, 1000000);
  const auto hi = lo + *rc::gen::inRange<std::int64_t>(0, 1000);
  for (const std::int64_t outside : {lo - 1, hi + 1}) {
    RC_ASSERT_THROWS_AS(ParseInteger(std::to_string(outside), "--flag", lo, hi), InvalidInput);
  }
}

}  // namespace number_input_test
}  // namespace boa
