// The little-endian byte formats of the solver's files (solution.cpp, mccfr.cpp; docs/solve.md):
// a writer, a reader that checks every length against the bytes left, and the FNV-1a hash
// that ends each file.
#pragma once

#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace cardcore::solve::bytes {

constexpr std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t hash = 14695981039346656037ull;
  for (const char c : bytes) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return hash;
}

class Writer {
 public:
  std::string out;
  void u(std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>(value >> (8 * i) & 0xFF));
  }
  void f(double value) { u(std::bit_cast<std::uint64_t>(value), 8); }
  void f32(float value) { u(std::bit_cast<std::uint32_t>(value), 4); }
  void str(std::string_view text) {
    u(text.size(), 4);
    out += text;
  }
  // The FNV-1a hash of everything written so far, appended.
  void seal() { u(fnv1a(out), 8); }
};

// Reads what a Writer wrote; a shortfall throws std::invalid_argument "not a valid cardcore
// <kind> (...)".
class Reader {
 public:
  Reader(std::string_view bytes, std::string_view kind) : bytes_(bytes), kind_(kind) {}
  std::uint64_t u(int bytes, const char* what) {
    need(static_cast<std::size_t>(bytes), what);
    std::uint64_t value = 0;
    for (int i = 0; i < bytes; ++i) value |= std::uint64_t{static_cast<unsigned char>(bytes_[at_++])} << (8 * i);
    return value;
  }
  double f(const char* what) { return std::bit_cast<double>(u(8, what)); }
  float f32(const char* what) { return std::bit_cast<float>(static_cast<std::uint32_t>(u(4, what))); }
  std::string str(const char* what) {
    const std::size_t size = u(4, what);
    need(size, what);
    std::string text(bytes_.substr(at_, size));
    at_ += size;
    return text;
  }
  // A count of items of at least `item` bytes each, checked against the bytes left.
  std::size_t count(std::size_t item, const char* what) {
    const std::size_t n = u(4, what);
    if (n > (bytes_.size() - at_) / item) bad(std::string("its count of ") + what + " exceeds the bytes left");
    return n;
  }
  std::size_t left() const { return bytes_.size() - at_; }
  [[noreturn]] void bad(const std::string& why) const { bad(kind_, why); }
  [[noreturn]] static void bad(std::string_view kind, const std::string& why) {
    throw std::invalid_argument("not a valid cardcore " + std::string(kind) + " (" + why + ")");
  }

 private:
  void need(std::size_t n, const char* what) {
    if (bytes_.size() - at_ < n) bad(std::string("truncated in ") + what);
  }
  std::string_view bytes_, kind_;
  std::size_t at_ = 0;
};

// The body of a file that starts with `magic` and a u32 version `oldest` to `newest`, and
// ends with the FNV-1a hash of the bytes before it: the bytes after the version, checked,
// and the version.
inline std::pair<std::string_view, std::uint32_t> checked_body(std::string_view bytes, std::string_view kind,
                                                               std::string_view magic, std::uint32_t oldest,
                                                               std::uint32_t newest) {
  if (bytes.substr(0, magic.size()) != magic)
    Reader::bad(kind, "it does not start with the magic '" + std::string(magic.substr(0, magic.size() - 1)) + "' line");
  if (bytes.size() < magic.size() + 4 + 8) Reader::bad(kind, "truncated in the header");
  Reader header(bytes.substr(magic.size()), kind);
  const std::uint64_t found = header.u(4, "the version");
  if (found < oldest || found > newest)
    Reader::bad(kind, "format version " + std::to_string(found) + "; this cardcore reads version " +
                          (oldest == newest ? "" : std::to_string(oldest) + " to ") + std::to_string(newest));
  const std::string_view body = bytes.substr(0, bytes.size() - 8);
  if (Reader(bytes.substr(body.size()), kind).u(8, "the checksum") != fnv1a(body))
    Reader::bad(kind, "truncated or corrupt: its checksum does not match");
  return {body.substr(magic.size() + 4), static_cast<std::uint32_t>(found)};
}

}  // namespace cardcore::solve::bytes
