#include "boa/engine.hpp"

#include "boa/error.hpp"

namespace boa {

std::string ToString(Engine engine) { return engine == Engine::kGram ? "gram" : "direct"; }

Engine ParseEngine(const std::string& text) {
  if (text == "direct") return Engine::kDirect;
  if (text == "gram") return Engine::kGram;
  throw InvalidInput("unknown engine '" + text + "': use direct or gram");
}

}  // namespace boa
