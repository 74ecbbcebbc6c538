// Package myrmes implements Myrmes (rules reference shared/rules/myrmes.md,
// rule IDs MYR-*): three years of spring, summer and autumn in six phases,
// and a winter each year.
//
// Invariants:
//   - Phases 1–2, harvest, the end-of-season storeroom choice and winter
//     trades are simultaneous: every seat with a choice is prompted at once
//     with a secret prompt; answers are sealed (kept in the player's Sealed
//     list, shown only in that player's view and listed by Secrets) and
//     carried out together, in turn order, when the last one is in.
//   - Workers and atelier phases go in turn order; a sortie is a run of
//     answers by one seat (move, hunt, clear, lay a tile, stop).
//   - Workers and soldiers never exceed 8 per player; cubes are conserved
//     with the limited supply (30 larvae, 30 food, 15 earth, 15 stone).
//   - Component data the rulebook does not print lives in data/myrmes.json
//     (see DESIGN.md); texts in locales/*.json.
package myrmes
