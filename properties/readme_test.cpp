// README.md lists every registered claim (the claim list is kept in sync by this test: regenerate
// it with `./boa list --markdown`).
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "boa/catalog.hpp"
#include "paths.hpp"

namespace boa::testing {
namespace {

TEST(Readme, ListsEveryRegisteredClaim) {
  std::ifstream in(SourceDir() / "README.md");
  ASSERT_TRUE(in) << "README.md not found";
  std::stringstream text;
  text << in.rdbuf();
  for (const Claim& claim : Catalog()) {
    EXPECT_NE(text.str().find("`" + claim.id + "`"), std::string::npos)
        << claim.id << " is missing from README.md; paste `./boa list --markdown` into it";
  }
}

}  // namespace
}  // namespace boa::testing
