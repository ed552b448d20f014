#pragma once
// A fixed, portable checksum of bytes (FNV-1a, 64-bit): the ledger's pinned seed copies and the
// records' input stamps (claim.hpp RecordStamp) use it. Not cryptographic: it detects change.
#include <cstdint>
#include <string>
#include <string_view>

namespace boa {

std::uint64_t Fnv1a(std::string_view bytes);
// Its first 8 hex digits: short enough for a CSV column, enough to tell inputs apart.
std::string ShortChecksum(std::string_view bytes);

}  // namespace boa
