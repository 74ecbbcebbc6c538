package enginetest

import (
	"errors"

	"formica/engine"
)

// DeadEnd walks every answer path seat may give in s, depth first, visiting
// at most limit prefixes, and returns an error naming the first prefix that
// offers no option and is not a complete answer. A legal position never has
// one: a player must always be able to finish the answer they started.
// Random play finds such prefixes only by luck; this finds them for sure in
// the positions it is given.
func DeadEnd(s engine.State, seat engine.Seat, limit int) error {
	n := 0
	var walk func(path engine.Path) error
	walk = func(path engine.Path) error {
		if n >= limit || len(path) > 64 {
			return nil
		}
		n++
		step, err := s.Choices(seat, path)
		if err != nil {
			return errors.New("Choices(" + path.String() + "): " + err.Error())
		}
		if len(step.Options) == 0 && !step.Done {
			return errors.New("dead end: step " + step.Name + " after " + path.String() + " has no options and is not done")
		}
		for _, o := range step.Options {
			if err := walk(append(path[:len(path):len(path)], o.Code)); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(nil)
}
