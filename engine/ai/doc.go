// Package ai plays a seat of any game through the same prompts as a human:
// it reads the seat's pending prompt, walks Choices to a complete answer and
// returns it as a path, which the caller checks and applies like a typed
// command.
//
// Invariants:
//   - An AI never reads hidden state. Every level first determinizes the
//     state for its seat (engine.Determinizer): the copy it works on is
//     sampled from what the seat sees, so two states that differ only in
//     other seats' secrets give the same decision for the same seed.
//   - Decisions are deterministic given the state, the seat, the level's
//     budget and the seed; only an optional Stop callback (a wall-clock
//     cap chosen by the caller) can cut a search short.
//   - An AI never sets standing preferences ("pref ..."): they belong to
//     the player whose seat it may be keeping during a vacation.
package ai
