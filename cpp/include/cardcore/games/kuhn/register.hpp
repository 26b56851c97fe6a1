// The game's one registration (games/registry.hpp includes this file, and only it does).
#pragma once

#include "cardcore/games/kuhn/state.hpp"

CARDCORE_REGISTER_GAME(cardcore::kuhn::State);
