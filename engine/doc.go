// Package engine is the vocabulary every Formica game speaks: seats, setups,
// prompts, answers, events and views, plus the Match that validates answers,
// keeps the log and replays it.
//
// Invariants every game package keeps:
//   - No I/O, no clock, no goroutines, no package-level mutable state.
//   - All randomness comes from an RNG stored inside the game state, so the same
//     Setup and the same answers produce a byte-identical state (see Hash).
//   - Every decision is a Prompt returned by State.Pending. An answer is a Path of
//     option codes through a small decision tree; State.Choices lists the legal
//     next steps after any prefix, so buttons, typed commands, autocomplete and
//     tests are all driven by the same data.
//   - State.View(seat) holds only what that seat may see. Renderers and chat
//     messages are built from views, so hidden information cannot leak.
//
// Games export one Descriptor value each; the list of games is assembled by
// cmd/formica and passed down, never registered globally.
package engine
