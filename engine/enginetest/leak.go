package enginetest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"formica/engine"
)

// Exposure is what may be shown to whom in one state: the game's hidden
// things (engine.Concealer) and every seat's view. It answers the leak
// oracle's one question — does this text name something its reader may not
// know? — for the engine's own surfaces (steps, events) here and for the
// bot's (posts, buttons, captions, logs) in bot/leaktest.
type Exposure struct {
	hidden []engine.Secret
	views  map[engine.Seat]string // JSON of each view; NoSeat is the public one
}

// Expose reads what s hides. It returns nil when the game hides nothing.
func Expose(s engine.State, seats int) (*Exposure, error) {
	c, ok := s.(engine.Concealer)
	if !ok {
		return nil, nil
	}
	views, err := viewsJSON(s, seats)
	if err != nil {
		return nil, err
	}
	return &Exposure{hidden: c.Hidden(), views: views}, nil
}

// exposeWith is Expose with the views already marshalled (checkStep reads
// them for checkViews too: marshalling every view was a third of the
// acceptance suite's cost).
func exposeWith(s engine.State, views map[engine.Seat]string) *Exposure {
	c, ok := s.(engine.Concealer)
	if !ok {
		return nil
	}
	return &Exposure{hidden: c.Hidden(), views: views}
}

// viewsJSON is the JSON of every seat's view and the public one (NoSeat).
func viewsJSON(s engine.State, seats int) (map[engine.Seat]string, error) {
	views := map[engine.Seat]string{}
	for seat := engine.NoSeat; int(seat) < seats; seat++ {
		b, err := json.Marshal(s.View(seat))
		if err != nil {
			return nil, fmt.Errorf("view of %s: %w", seat, err)
		}
		views[seat] = string(b)
	}
	return views, nil
}

// ViewJSON returns the JSON of seat's view (NoSeat: the public one) in the
// exposed state, as Expose marshalled it.
func (x *Exposure) ViewJSON(seat engine.Seat) (string, bool) {
	if x == nil {
		return "", false
	}
	v, ok := x.views[seat]
	return v, ok
}

// Leak is a secret named in a text its reader may not see.
type Leak struct {
	Secret engine.Secret
	Form   string // the word found
}

func (l Leak) String() string {
	return fmt.Sprintf("%q (%s of %s)", l.Form, l.Secret.What, l.Secret.Owner)
}

// Find returns the first secret that text names and viewer (NoSeat: a
// public surface) may not know: one owned by another seat or by nobody,
// whose name the viewer's own view does not already show (another copy of
// the card face up).
func (x *Exposure) Find(viewer engine.Seat, text string) (Leak, bool) {
	if x == nil || text == "" {
		return Leak{}, false
	}
	view, ok := x.views[viewer]
	if !ok {
		view = x.views[engine.NoSeat]
	}
	for _, sec := range x.hidden {
		if viewer != engine.NoSeat && sec.Owner == viewer {
			continue
		}
		for _, f := range sec.Forms {
			if f != "" && ContainsWord(text, f) && !ContainsWord(view, f) {
				return Leak{Secret: sec, Form: f}, true
			}
		}
	}
	return Leak{}, false
}

// ContainsWord reports whether word occurs in text with no letter or digit
// right before or after it ("c4" is not in "c45").
func ContainsWord(text, word string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], word)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(word)
		before, _ := utf8.DecodeLastRuneInString(text[:start])
		after, _ := utf8.DecodeRuneInString(text[end:])
		if !isWordRune(before) && !isWordRune(after) {
			return true
		}
		i = start + 1
	}
}

func isWordRune(r rune) bool {
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// redeals is how many other hands each prompt is tried against.
const redeals = 3

// checkLeaks is the engine half of the leak oracle (MOA1-ASYNC-2 and every
// game's hidden information): what a non-Private step offers names no
// secret and does not change when the prompted seat's hand is redealt;
// a Private step names nothing its own seat may not know; public events
// name no secret that is still hidden after them, private ones nothing
// their reader may not know.
// views is viewsJSON of m.State.
func checkLeaks(t *testing.T, d *engine.Descriptor, m *engine.Match, rng *rand.Rand, views map[engine.Seat]string) {
	t.Helper()
	x := exposeWith(m.State, views)
	if x == nil {
		return
	}
	for _, p := range m.State.Pending() {
		path, err := RandomPath(m.State, p.Seat, rng)
		if err != nil {
			t.Fatalf("%s: %v", d.ID, err)
		}
		for i := 0; i <= len(path); i++ {
			step, err := m.State.Choices(p.Seat, path[:i])
			if err != nil {
				t.Fatalf("%s: Choices(%s, %q): %v", d.ID, p.Seat, path[:i], err)
			}
			viewer := engine.NoSeat
			if step.Private {
				viewer = p.Seat
			}
			if l, ok := x.Find(viewer, optionText(step)); ok {
				t.Fatalf("%s: %s's step %q after %q offers %s to %s (mark the step Private, or reveal it first)",
					d.ID, p.Seat, step.Name, path[:i], l, audience(viewer))
			}
			checkPreview(t, d, m.State, x, p.Seat, path[:i])
		}
		checkRedeal(t, d, m, p, path, rng)
	}
	checkEvents(t, d, m, rng)
}

// checkPreview proves that the board drawn for a partial answer
// (engine.Previewer) names nothing hidden: chat shows it to whoever asks.
func checkPreview(t *testing.T, d *engine.Descriptor, st engine.State, x *Exposure, seat engine.Seat, path engine.Path) {
	t.Helper()
	p, ok := st.(engine.Previewer)
	if !ok {
		return
	}
	v, ok := p.Preview(seat, path)
	if !ok {
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%s: preview of %s's %q: %v", d.ID, seat, path, err)
	}
	if l, ok := x.Find(engine.NoSeat, string(b)); ok {
		t.Fatalf("%s: the preview of %s's partial answer %q shows %s to everyone", d.ID, seat, path, l)
	}
}

// checkRedeal proves that public steps do not depend on the hand: the
// prompts and every non-Private step along path are the same after the
// prompted seat's hidden cards are swapped for others.
func checkRedeal(t *testing.T, d *engine.Descriptor, m *engine.Match, p engine.Prompt, path engine.Path, rng *rand.Rand) {
	t.Helper()
	r, ok := m.State.(engine.Redealer)
	if !ok {
		return
	}
	pend := promptKinds(m.State.Pending())
	for range redeals {
		other := r.Redeal(p.Seat, rng.IntN)
		if got := promptKinds(other.Pending()); got != pend {
			t.Fatalf("%s: who is prompted depends on %s's hand: %s, after a redeal %s", d.ID, p.Seat, pend, got)
		}
		for i := 0; i <= len(path); i++ {
			a, errA := m.State.Choices(p.Seat, path[:i])
			b, errB := other.Choices(p.Seat, path[:i])
			if errA != nil || errB != nil {
				break // the path named a card the other hand lacks
			}
			if (!a.Private || !b.Private) && (a.Private != b.Private || optionText(a) != optionText(b)) {
				t.Fatalf("%s: public step %q after %q depends on %s's hand: %q (private %v), after a redeal %q (private %v)",
					d.ID, a.Name, path[:i], p.Seat, optionText(a), a.Private, optionText(b), b.Private)
			}
		}
	}
}

// checkEvents applies a random answer to a copy and reads its events.
func checkEvents(t *testing.T, d *engine.Descriptor, m *engine.Match, rng *rand.Rand) {
	t.Helper()
	pend := m.State.Pending()
	p := pend[rng.IntN(len(pend))]
	path, err := RandomPath(m.State, p.Seat, rng)
	if err != nil {
		t.Fatalf("%s: %v", d.ID, err)
	}
	c := &engine.Match{Setup: m.Setup, State: m.State.Clone()}
	events, err := c.Answer(engine.Answer{Seat: p.Seat, Path: path})
	if err != nil {
		t.Fatalf("%s: offered path %q rejected: %v", d.ID, path, err)
	}
	x, err := Expose(c.State, m.Setup.Seats)
	if err != nil {
		t.Fatalf("%s: %v", d.ID, err)
	}
	for _, e := range events {
		if l, ok := x.Find(e.To, eventText(e)); ok {
			t.Fatalf("%s: event %s after %s %q tells %s to %s", d.ID, e.Key, p.Seat, path, l, audience(e.To))
		}
	}
}

func optionText(st engine.Step) string {
	var b strings.Builder
	for _, o := range st.Options {
		b.WriteString(o.Code)
		for _, k := range sortedKeys(o.Args) {
			b.WriteString(" " + o.Args[k])
		}
		b.WriteString(" | ")
	}
	return b.String()
}

func eventText(e engine.Event) string {
	parts := []string{e.Key}
	for _, k := range sortedKeys(e.Args) {
		parts = append(parts, e.Args[k])
	}
	return strings.Join(parts, " | ")
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func promptKinds(ps []engine.Prompt) string {
	var parts []string
	for _, p := range ps {
		parts = append(parts, p.Seat.String()+":"+p.Kind)
	}
	return strings.Join(parts, ",")
}

func audience(s engine.Seat) string {
	if s == engine.NoSeat {
		return "everyone"
	}
	return s.String()
}
