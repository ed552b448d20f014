#include "boa/engine.hpp"

#include "boa/error.hpp"

namespace boa {
std::string ToString(Engine engine) { return engine == Engine::kGram ? "gram" : "direct"; }

std::string ToString(EngineChoice choice) {
  switch (choice) {
    case EngineChoice::kAuto: return "auto";
    case EngineChoice::kDirect: return "direct";
    case EngineChoice::kGram: return "gram";
  }
  return "unknown";
}

EngineChoice ParseEngineChoice(const std::string& text) {
  if (text == "auto") return EngineChoice::kAuto;
  if (text == "direct") return EngineChoice::kDirect;
  if (text == "gram") return EngineChoice::kGram;
  throw InvalidInput("unknown engine '" + text + "': use auto, direct or gram");
}

Engine ResolveEngine(EngineChoice choice, bool has_gram_form) {
  if (!has_gram_form) return Engine::kDirect;
  return choice == EngineChoice::kDirect ? Engine::kDirect : Engine::kGram;  // kAuto: Gram
}

EngineChoice ChoiceOf(Engine engine) {
  return engine == Engine::kGram ? EngineChoice::kGram : EngineChoice::kDirect;
}

}  // namespace boa
