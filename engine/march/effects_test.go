package march

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestEffectTable checks the 1st edition's effect table against its card
// data: every card and New Frontiers hex names an effect with code, every
// Colony Goal can be scored, every Event does something, and abilities
// offered at a phase start have something to offer.
func TestEffectTable(t *testing.T) {
	es := effects1e()
	d, err := LoadData(components1e)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range d.Cards {
		e, ok := es[c.Effect]
		if !ok {
			t.Fatalf("card %d %s: no code for effect %q", c.ID, c.Name, c.Effect)
		}
		if !strings.HasPrefix(e.rule, "MOA1-") {
			t.Errorf("effect %q: rule %q", c.Effect, e.rule)
		}
		switch c.Type {
		case TypeGoal: // MOA1-SLUMBER-3: a goal is checked in every Slumber
			if e.met == nil {
				t.Errorf("Colony Goal %d %s (%s) has no condition", c.ID, c.Name, c.Effect)
			}
			if e.run == nil && e.node == nil { // MOA1-CARD-19: a bonus when played
				t.Errorf("Colony Goal %d %s (%s) has no bonus", c.ID, c.Name, c.Effect)
			}
		case TypeEvent: // MOA1-CARD-8: an Event resolves once
			if e.run == nil && e.node == nil {
				t.Errorf("Event %d %s (%s) does nothing", c.ID, c.Name, c.Effect)
			}
		case TypeEvo:
			if e.start != "" && e.run == nil && e.node == nil {
				t.Errorf("Evolution %d %s (%s) offers an ability with no content", c.ID, c.Name, c.Effect)
			}
		}
	}
	for _, h := range d.Hexes {
		if h.Kind == "nf" { // MOA1-NF-1: each has a unique effect
			if e, ok := es[h.Effect]; !ok || (e.run == nil && e.node == nil) {
				t.Errorf("New Frontiers hex %d: effect %q has no code", h.Num, h.Effect)
			}
		}
	}
	// MOA1-SOLDIER-1, MOA1-QUEEN-1: the phase-start abilities of the rulebook
	want := map[Phase][]string{
		PhaseSoldier: {"acrobat", "kamikaze", "warrior"},
		PhaseQueen:   {"honeypot", "leafcutter", "stinger", "woodborer"},
	}
	for ph, ids := range want {
		var got []string
		for _, id := range slices.Sorted(maps.Keys(es)) {
			if es[id].start == ph {
				got = append(got, id)
			}
		}
		if strings.Join(got, " ") != strings.Join(ids, " ") {
			t.Errorf("abilities at the start of the %s phase: %v, want %v", ph, got, ids)
		}
	}
}

// TestLoadDataUnknownHexEffect: a data file naming an effect without code
// is refused at load, not when the hex is placed.
func TestLoadDataUnknownHexEffect(t *testing.T) {
	b := strings.Replace(string(components1e), `"effect": "dew"`, `"effect": "morning-fog"`, 1)
	if b == string(components1e) {
		t.Fatal("the data names no dew effect")
	}
	_, err := LoadData([]byte(b))
	if err == nil || !strings.Contains(err.Error(), `unknown effect "morning-fog"`) {
		t.Fatalf("got %v", err)
	}
}
