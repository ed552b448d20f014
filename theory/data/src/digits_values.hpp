#pragma once
// The values of theory/data/digits/digits_8x8.csv, compiled in (digits/digits_values.cpp.in), so
// that nothing at run time depends on the source tree or on scikit-learn.
#include <cstddef>

namespace boa::digits_csv {

extern const unsigned char kValues[];
extern const std::size_t kValueCount;

}  // namespace boa::digits_csv
