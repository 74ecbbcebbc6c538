package engine_test

import (
	"errors"
	"fmt"

	"formica/engine"
	"formica/engine/micropolis"
)

// A match is a setup plus answers. Answers are paths of codes, as players
// type them; Choices lists what may follow a prefix, and an illegal or
// incomplete answer is refused with the failing step, changing nothing.
func ExampleMatch() {
	m, err := engine.Start(micropolis.Game, engine.Setup{Game: "micropolis", Seats: 2, Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Println("to act:", m.State.Pending()[0].Seat)

	_, err = m.Answer(engine.Answer{Seat: 1, Path: engine.ParsePath("take 1 0")})
	fmt.Println("P2:", err)

	var re *engine.RuleError
	_, err = m.Answer(engine.Answer{Seat: 0, Path: engine.ParsePath("take 1")})
	if errors.As(err, &re) {
		fmt.Println("P1 take 1:", re.Key, "at step", re.Step+1, "-", re.Args["step"])
	}

	// Walk the decision tree, taking the first option at each step.
	path := engine.ParsePath("take 1")
	for {
		step, err := m.State.Choices(0, path)
		if err != nil {
			panic(err)
		}
		if step.Done {
			break
		}
		path = append(path, step.Options[0].Code)
	}
	if _, err := m.Answer(engine.Answer{Seat: 0, Path: path}); err != nil {
		panic(err)
	}
	fmt.Println("answers:", m.Version(), "to act:", m.State.Pending()[0].Seat)
	// Output:
	// to act: P1
	// P2: engine: it is not your turn
	// P1 take 1: err.incomplete at step 3 - mic.step.slot
	// answers: 1 to act: P2
}
