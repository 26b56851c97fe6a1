// The binding of every game's vector environment (cardcore/vector/vector_env.hpp): the
// class VectorEnv of each game's submodule, which cardcore.vector.VectorEnv wraps. It owns
// the output arrays, which every reset and step rewrites in place.
#pragma once

#include <algorithm>
#include <exception>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cardcore/vector/vector_env.hpp"
#include "common.hpp"
#include "engine.hpp"
#include "search.hpp"

namespace cardcore::bindings {

template <class State>
struct BoundVectorEnv {
  using Env = vector::VectorEnv<State>;
  Env env;
  py::array_t<float> observation, rewards, episode_returns;
  py::array_t<bool> legal_mask, terminated;
  py::array_t<std::int8_t> current_player;
  // These flags are read and written with the GIL held only, so that a check and its update
  // are one step for every Python thread.
  bool busy = false;       // a call is running without the GIL (a step, or a step_wait)
  bool in_flight = false;  // step_async started a step that step_wait has not collected
  // The envs [first, last) of the parts (split) with a step started and not collected.
  std::vector<std::pair<std::size_t, std::size_t>> parts_in_flight;
  std::vector<std::int64_t> kept;  // the actions of the steps, by env: a copy of the caller's

  BoundVectorEnv(const typename State::Spec::Config& config, int num_envs, int seat,
                 std::vector<typename Env::Policy> policies, bool information_state, int threads, bool rotate_dealer)
      : env(config, num_envs, seat, std::move(policies), information_state, threads, rotate_dealer),
        observation({num_envs, env.observation_size()}),
        rewards({num_envs, env.players()}),
        episode_returns({num_envs, env.players()}),
        legal_mask({num_envs, env.num_actions()}),
        terminated(num_envs),
        current_player(num_envs),
        kept(static_cast<std::size_t>(num_envs)) {}

  // Made by the first step_async; last, so that it finishes a step in flight before the
  // envs and arrays go.
  std::unique_ptr<vector::BackgroundTask> background;

  // Throws unless the envs are free for another call.
  void check_idle() const {
    if (in_flight) throw std::invalid_argument("a step_async() is in flight: call step_wait() first");
    if (!parts_in_flight.empty())
      throw std::invalid_argument("a part of this VectorEnv (split) has a step in flight: call its step_wait() first");
    if (busy) throw std::invalid_argument("this VectorEnv is in use by another thread");
  }

  // The actions of a step of envs [first, last) (element i for env first + i, int64 or
  // uint64), copied to `kept` (element i for env i) before anything reads them, so that a
  // caller's thread writing the array meanwhile changes nothing; then checked: each env's
  // legality (a ValueError naming the first illegal one, no env changed). A uint64 above
  // int64's range is kept as int64's largest, which no env takes and a terminated env ignores.
  const std::int64_t* checked_actions(const py::array& actions, std::size_t first = 0,
                                      std::size_t last = static_cast<std::size_t>(-1)) {
    if (!env.started()) throw std::invalid_argument("call reset() before step()");
    last = std::min(last, static_cast<std::size_t>(env.num_envs()));
    const auto n = static_cast<py::ssize_t>(last - first);
    const bool is_unsigned = py::isinstance<py::array_t<std::uint64_t>>(actions);
    if (actions.ndim() != 1 || actions.shape(0) != n ||
        !(is_unsigned || py::isinstance<py::array_t<std::int64_t>>(actions)) || !(actions.flags() & py::array::c_style))
      throw std::invalid_argument("actions must be a C-contiguous int64 or uint64 array of shape (" +
                                  std::to_string(n) + ",)");
    std::int64_t* data = kept.data() + first;
    if (is_unsigned) {
      const auto* given = static_cast<const std::uint64_t*>(actions.data());
      constexpr auto kLargest = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
      std::transform(given, given + n, data,
                     [=](std::uint64_t a) { return static_cast<std::int64_t>(std::min(a, kLargest)); });
    } else {
      const auto* given = static_cast<const std::int64_t*>(actions.data());
      std::copy(given, given + n, data);
    }
    const std::int64_t bad = env.first_illegal(kept.data(), first, last);
    if (bad != kNoBadIndex) {
      const State& s = env.state(static_cast<int>(bad));
      const std::size_t at = static_cast<std::size_t>(bad) - first;
      const std::int64_t kept_value = kept[static_cast<std::size_t>(bad)];
      const std::string value = is_unsigned && kept_value == std::numeric_limits<std::int64_t>::max()
                                    ? "a uint64 above 2**63 - 1"
                                    : std::to_string(kept_value);
      std::string ids;
      for (int a : s.legal_actions()) ids += (ids.empty() ? "" : ", ") + std::to_string(a);
      throw std::invalid_argument("actions[" + std::to_string(at) + "] = " + value + " is not legal in env " +
                                  std::to_string(bad) + " (player " + std::to_string(s.current_player()) +
                                  " to act): legal actions are [" + ids + "] (" + legal_list(s) +
                                  "); no env was stepped");
    }
    return kept.data();
  }

  vector::Outputs outputs() {
    return {observation.mutable_data(), legal_mask.mutable_data(), current_player.mutable_data(),
            rewards.mutable_data(),     terminated.mutable_data(), episode_returns.mutable_data()};
  }

  // Runs `call` without the GIL: it touches only the envs, `kept` and the output arrays,
  // which this object owns, and `busy` turns away a second Python thread meanwhile.
  template <class Call>
  void without_gil(Call call) {
    check_idle();
    busy = true;
    {
      py::gil_scoped_release release;
      try {
        call();
      } catch (...) {
        py::gil_scoped_acquire acquire;
        busy = false;
        throw;
      }
    }
    busy = false;
  }

  // Whether envs [first, last) share an env with a part in flight.
  bool overlaps_part_in_flight(std::size_t first, std::size_t last) const {
    return std::any_of(parts_in_flight.begin(), parts_in_flight.end(),
                       [&](const auto& part) { return first < part.second && part.first < last; });
  }
  void part_collected(std::size_t first, std::size_t last) {
    parts_in_flight.erase(std::find(parts_in_flight.begin(), parts_in_flight.end(), std::pair(first, last)));
  }
};

// A part of a split VectorEnv (cardcore.VectorEnv.split, docs/vector.md): envs [first, last)
// of its parent, stepped asynchronously on the parent's threads, so that an agent chooses
// one part's actions while the others step.
template <class State>
struct BoundVectorPart {
  py::object owner;  // the parent, kept alive
  BoundVectorEnv<State>& parent;
  std::size_t first, last;
  vector::ThreadPool::Job job;
  // With the GIL held only (see BoundVectorEnv): a step started and not collected, and a
  // step_wait running without the GIL (a second waiter is turned away).
  bool in_flight = false, waiting = false;

  BoundVectorPart(py::object parent_object, std::size_t first_env, std::size_t last_env)
      : owner(std::move(parent_object)),
        parent(owner.cast<BoundVectorEnv<State>&>()),
        first(first_env),
        last(last_env) {}
  BoundVectorPart(const BoundVectorPart&) = delete;
  BoundVectorPart& operator=(const BoundVectorPart&) = delete;
  ~BoundVectorPart() {
    if (!in_flight) return;
    try {  // a step still running writes the parent's envs and arrays: let it end
      parent.env.finish(job);
    } catch (...) {  // a destructor has nobody left to tell
    }
    parent.part_collected(first, last);
  }

  // Ends the step in flight (the caller takes its chunks left, the GIL released). The flags
  // change before the GIL is released, so that one thread alone collects the step.
  void wait() {
    if (waiting) throw std::invalid_argument("another thread is waiting for this part's step");
    if (!in_flight) throw std::invalid_argument("no step in flight: call step_async(actions) first");
    in_flight = false;
    waiting = true;
    std::exception_ptr error;
    {
      py::gil_scoped_release release;
      try {
        parent.env.finish(job);
      } catch (...) {
        error = std::current_exception();
      }
    }
    waiting = false;
    parent.part_collected(first, last);
    if (error) std::rethrow_exception(error);
  }
};

// Binds VectorEnv into `m`; its opponents play chooser<State>(name) (search.hpp).
template <class Game, class State>
void bind_vector(py::module_& m) {
  using Bound = BoundVectorEnv<State>;
  using Policy = typename Bound::Env::Policy;
  py::class_<Bound>(m, "VectorEnv",
                    "num_envs states of this game stepped together in C++ (cardcore.VectorEnv wraps it; "
                    "docs/vector.md).")
      .def(py::init([](const Game& game, int num_envs, int seat, const std::vector<std::string>& policies,
                       bool information_state, int threads, bool rotate_dealer) {
             std::vector<Policy> choosers;
             if (seat >= 0) {
               if (policies.size() != static_cast<std::size_t>(game.num_players()))
                 throw std::invalid_argument("opponents needs one policy name per seat (" +
                                             std::to_string(game.num_players()) + "), got " +
                                             std::to_string(policies.size()));
               for (std::size_t s = 0; s < policies.size(); ++s)
                 choosers.push_back(static_cast<int>(s) == seat ? Policy{}
                                                                : Policy(chooser<State>(policies[s], game.config)));
             }
             return std::make_unique<Bound>(game.config, num_envs, seat, std::move(choosers), information_state,
                                            threads, rotate_dealer);
           }),
           "game"_a, "num_envs"_a, "seat"_a, "policies"_a, "information_state"_a, "threads"_a, "rotate_dealer"_a)
      .def(
          "outputs",
          [](Bound& b) {
            return py::make_tuple(b.observation, b.legal_mask, b.current_player, b.rewards, b.terminated,
                                  b.episode_returns);
          },
          "The output arrays: observation, legal_mask, current_player, rewards, terminated, episode_returns.")
      .def(
          "reset",
          [](Bound& b, const std::optional<Integer>& seed) {
            if (!seed && !b.env.started()) throw std::invalid_argument("the first reset needs a seed");
            const std::optional<std::uint64_t> value = seed ? std::optional(to_seed(*seed)) : std::nullopt;
            const vector::Outputs out = b.outputs();
            b.without_gil([&] { value ? b.env.reset(*value, out) : b.env.reset(out); });
          },
          "seed"_a, "Starts a new episode in every env (a seed restarts every env's stream).")
      .def(
          "reset_each",
          [](Bound& b, const std::vector<std::optional<Integer>>& seeds) {
            if (seeds.size() != static_cast<std::size_t>(b.env.num_envs()))
              throw std::invalid_argument("reset_each needs one seed per env (" + std::to_string(b.env.num_envs()) +
                                          "), got " + std::to_string(seeds.size()));
            std::vector<std::optional<std::uint64_t>> values(seeds.size());
            for (std::size_t i = 0; i < seeds.size(); ++i) {
              if (seeds[i])
                values[i] = to_seed(*seeds[i]);
              else if (!b.env.started())
                throw std::invalid_argument("the first reset needs a seed for every env");
            }
            const vector::Outputs out = b.outputs();
            b.without_gil([&] { b.env.reset(values, out); });
          },
          "seeds"_a,
          "Starts a new episode in every env: env i restarts stream i of seeds[i], or continues its stream where "
          "seeds[i] is None.")
      .def(
          "step",
          [](Bound& b, const py::array& actions) {
            b.check_idle();
            const std::int64_t* data = b.checked_actions(actions);
            const vector::Outputs out = b.outputs();
            b.without_gil([&] { b.env.step(data, out); });
          },
          "actions"_a, "Steps every env; an illegal action is a ValueError and changes no env.")
      .def(
          "step_async",
          [](Bound& b, const py::array& actions) {
            b.check_idle();
            b.checked_actions(actions);
            if (!b.background) b.background = std::make_unique<vector::BackgroundTask>();
            const vector::Outputs out = b.outputs();
            b.in_flight = true;
            // The task reads only the envs, `kept` and the arrays, which no call touches
            // until step_wait (check_idle).
            b.background->start([&b, out] { b.env.step(b.kept.data(), out); });
          },
          "actions"_a,
          "Starts step(actions) on a background thread and returns at once; step_wait() collects it. An "
          "illegal action is a ValueError and starts nothing.")
      .def(
          "step_wait",
          [](Bound& b) {
            if (b.busy) throw std::invalid_argument("this VectorEnv is in use by another thread");
            if (!b.in_flight) throw std::invalid_argument("no step in flight: call step_async(actions) first");
            // Before the GIL is released, so that one thread alone collects the step.
            b.in_flight = false;
            b.without_gil([&] { b.background->wait(); });
          },
          "Waits for the step that step_async started.")
      .def(
          "state",
          [](const Bound& b, int i) {
            if (!b.env.started()) throw std::invalid_argument("call reset() first");
            b.check_idle();
            if (i < 0 || i >= b.env.num_envs())
              throw std::out_of_range("env index must be 0 to " + std::to_string(b.env.num_envs() - 1) + ", got " +
                                      std::to_string(i));
            return State(b.env.state(i));
          },
          "i"_a, "A copy of env i's current state.")
      .def_property_readonly("num_envs", [](const Bound& b) { return b.env.num_envs(); })
      .def_property_readonly("threads", [](const Bound& b) { return b.env.threads(); });
  using Part = BoundVectorPart<State>;
  py::class_<Part>(m, "VectorEnvPart",
                   "Envs [first, last) of a VectorEnv, stepped asynchronously on its threads "
                   "(cardcore.VectorEnv.split wraps it; docs/vector.md).")
      .def(py::init([](const py::object& parent, int first, int last) {
             const int n = parent.cast<const Bound&>().env.num_envs();
             if (first < 0 || last <= first || last > n)
               throw std::invalid_argument(
                   "a part is envs [first, last) with 0 <= first < last <= " + std::to_string(n) + ", got [" +
                   std::to_string(first) + ", " + std::to_string(last) + ")");
             return std::make_unique<Part>(parent, static_cast<std::size_t>(first), static_cast<std::size_t>(last));
           }),
           "parent"_a, "first"_a, "last"_a)
      .def(
          "step_async",
          [](Part& p, const py::array& actions) {
            if (p.in_flight || p.waiting)
              throw std::invalid_argument("this part has a step in flight: call step_wait() first");
            Bound& b = p.parent;
            if (b.in_flight) throw std::invalid_argument("a step_async() of the whole VectorEnv is in flight");
            if (b.busy) throw std::invalid_argument("this VectorEnv is in use by another thread");
            if (b.overlaps_part_in_flight(p.first, p.last))
              throw std::invalid_argument("envs " + std::to_string(p.first) + " to " + std::to_string(p.last - 1) +
                                          " share envs with another part that has a step in flight: parts "
                                          "stepped together must not overlap");
            const std::int64_t* data = b.checked_actions(actions, p.first, p.last);
            // The chunks read only these envs, their actions in `kept` and their rows of the
            // arrays, which no call touches until step_wait (check_idle, in_flight and the
            // overlap check).
            b.env.start_step(p.job, p.first, p.last, data, b.outputs());
            p.in_flight = true;
            b.parts_in_flight.emplace_back(p.first, p.last);
          },
          "actions"_a,
          "Starts stepping the part's envs (actions[i] for env first + i) on the VectorEnv's threads and "
          "returns at once; step_wait() takes what is left and waits. An illegal action is a ValueError and "
          "starts nothing.")
      .def("step_wait", &Part::wait, "Ends the step that step_async started.")
      .def_property_readonly("in_flight", [](const Part& p) { return p.in_flight; });
}

}  // namespace cardcore::bindings
