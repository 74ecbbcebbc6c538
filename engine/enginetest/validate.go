package enginetest

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"formica/engine"
)

// checkPrompted holds a game's engine.Prompter to Pending, for every seat
// and a spectator.
func checkPrompted(t *testing.T, d *engine.Descriptor, m *engine.Match) {
	t.Helper()
	p, ok := m.State.(engine.Prompter)
	if !ok {
		return
	}
	for seat := engine.NoSeat; int(seat) < m.Setup.Seats; seat++ {
		_, want := engine.PromptFor(m.State, seat)
		if got := p.Prompted(seat); got != want {
			t.Fatalf("%s after %d answers: Prompted(%s) says %v, Pending says %v", d.ID, len(m.Log), seat, got, want)
		}
	}
}

// checkValid holds a game's engine.Validator to the walk it stands in
// for: for each prompted seat, a random legal answer, each of its
// prefixes, the answer with one step swapped for another option of that
// step or for junk, and the answer made one step longer, Valid must say
// what choosing step by step from Choices says. It draws from its own
// generator, so the random game goes on as it would without it.
func checkValid(t *testing.T, d *engine.Descriptor, m *engine.Match) {
	t.Helper()
	v, ok := m.State.(engine.Validator)
	if !ok {
		return
	}
	rng := rand.New(rand.NewPCG(uint64(len(m.Log)), 0x7a11d))
	for _, p := range m.State.Pending() {
		path, err := RandomPath(m.State, p.Seat, rng)
		if err != nil {
			continue // the random game itself reports it
		}
		tries := []engine.Path{path, append(slices.Clone(path), "zz-extra")}
		if len(path) > 0 {
			tries = append(tries, append(slices.Clone(path), path[0]), append(slices.Clone(path), path[len(path)-1]))
		}
		for i := range path {
			tries = append(tries, path[:i], swap(path, i, "zz-junk"))
			st, err := m.State.Choices(p.Seat, path[:i])
			if err != nil {
				continue
			}
			for k := 0; k < 2 && len(st.Options) > 1; k++ {
				if o := st.Options[rng.IntN(len(st.Options))]; o.Code != path[i] {
					tries = append(tries, swap(path, i, o.Code))
				}
			}
		}
		for _, try := range tries {
			if got, want := v.Valid(p.Seat, try), stepwise(m.State, p.Seat, try); got != want {
				t.Fatalf("%s after %d answers: %s's answer %q: Valid says %v, choosing step by step says %v", d.ID, len(m.Log), p.Seat, try, got, want)
			}
		}
	}
}

func swap(path engine.Path, i int, code string) engine.Path {
	out := slices.Clone(path)
	out[i] = code
	return out
}

// stepwise reports whether every code of path is among the options of
// its step and the path ends where an answer may end.
func stepwise(s engine.State, seat engine.Seat, path engine.Path) bool {
	for i := 0; ; i++ {
		st, err := s.Choices(seat, path[:i])
		if err != nil {
			return false
		}
		if i == len(path) {
			return st.Done
		}
		if !slices.ContainsFunc(st.Options, func(o engine.Option) bool { return o.Code == path[i] }) {
			return false
		}
	}
}

// checkBare holds a game's engine.BareChooser to Choices: for each
// prompted seat, at every step of a random answer chosen from Choices,
// BareChoices must give the same codes in the same order, the same Done,
// Name and Rule, and an error exactly where Choices gives one (RandomPath
// and Check read BareChoices in place of Choices). It draws from its own
// generator, so the random game goes on as it would without it.
func checkBare(t *testing.T, d *engine.Descriptor, m *engine.Match) {
	t.Helper()
	b, ok := m.State.(engine.BareChooser)
	if !ok {
		return
	}
	rng := rand.New(rand.NewPCG(uint64(len(m.Log)), 0xba7e))
	for _, p := range m.State.Pending() {
		var path engine.Path
		for range 64 {
			want, werr := m.State.Choices(p.Seat, path)
			got, gerr := b.BareChoices(p.Seat, path)
			if (werr == nil) != (gerr == nil) || !sameStep(got, want) {
				t.Fatalf("%s after %d answers: %s %q: BareChoices %s done=%v %s %s (%v), Choices %s done=%v %s %s (%v)", d.ID, len(m.Log), p.Seat, path,
					codeList(got.Options), got.Done, got.Name, got.Rule, gerr, codeList(want.Options), want.Done, want.Name, want.Rule, werr)
			}
			// One step off the tree: both must refuse it.
			junk := append(slices.Clone(path), "zz-junk")
			_, werr = m.State.Choices(p.Seat, junk)
			_, gerr = b.BareChoices(p.Seat, junk)
			if (werr == nil) != (gerr == nil) {
				t.Fatalf("%s after %d answers: %s %q: BareChoices error %v, Choices error %v", d.ID, len(m.Log), p.Seat, junk, gerr, werr)
			}
			if len(want.Options) == 0 || (want.Done && rng.IntN(3) == 0) {
				break
			}
			path = append(path, want.Options[rng.IntN(len(want.Options))].Code)
		}
	}
}

func sameStep(a, b engine.Step) bool {
	return a.Done == b.Done && a.Name == b.Name && a.Rule == b.Rule &&
		slices.EqualFunc(a.Options, b.Options, func(x, y engine.Option) bool { return x.Code == y.Code })
}

func codeList(opts []engine.Option) string {
	cs := make([]string, len(opts))
	for i, o := range opts {
		cs[i] = o.Code
	}
	return "[" + strings.Join(cs, " ") + "]"
}

// checkClone holds Clone to a deep copy as far as Apply can tell: an
// answer applied to a clone leaves the original as it was, and answers
// applied to the original (twice: the second Apply runs on a state that
// has applied one) leave the clones made before as they were. Games share
// parts of a state between copies until Apply changes them. It draws from
// its own generator and changes only copies of m's state.
func checkClone(t *testing.T, d *engine.Descriptor, m *engine.Match) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(len(m.Log)), 0xc10e))
	// apply answers a random prompt of s with a random answer; false when
	// s has no prompt (the game is over).
	apply := func(s engine.State) bool {
		pend := s.Pending()
		if len(pend) == 0 {
			return false
		}
		p := pend[rng.IntN(len(pend))]
		path, err := RandomPath(s, p.Seat, rng)
		if err != nil {
			t.Fatalf("%s after %d answers: a clone offers no answer: %v", d.ID, len(m.Log), err)
		}
		if _, err := s.Apply(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
			t.Fatalf("%s after %d answers: a clone refused %q: %v", d.ID, len(m.Log), path, err)
		}
		return true
	}
	x := m.State.Clone()
	want, _ := engine.Hash(x)
	if !apply(x.Clone()) {
		return
	}
	if got, _ := engine.Hash(x); got != want {
		t.Fatalf("%s after %d answers: applying an answer to a clone changed the state it was cloned from", d.ID, len(m.Log))
	}
	for range 2 {
		y := x.Clone()
		if !apply(x) {
			return
		}
		if got, _ := engine.Hash(y); got != want {
			t.Fatalf("%s after %d answers: applying an answer to a state changed a clone made before", d.ID, len(m.Log))
		}
		want, _ = engine.Hash(x)
	}
}
