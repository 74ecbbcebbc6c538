package march

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"

	"formica/engine"
)

// The advanced card draft (MOAE-PSETUP-6): each player draws 2 + their
// position in player order, keeps 3 and the rest go, shuffled, to the
// bottom of the deck. All choose at the same time and in secret; the cards
// not kept are shuffled together (AMB-29).

// kDraft is the sealed choice of the cards to keep.
const kDraft TaskKind = "draft"

// draftBase is the rulebook's "2 + position" (MOAE-PSETUP-6).
const draftBase = 2

// evolvedOptions refuses the Evolved-only switches where they cannot apply.
func (s *State) evolvedOptions() error {
	if s.Opt.Draft && !s.evolved() {
		return errors.New("draft=on: the advanced card draft is a rule of the Evolved edition")
	}
	if s.Opt.Species && s.evolved() && len(s.data.Species) == 0 {
		return errors.New("species=on: the component data has no Ancient Species")
	}
	return nil
}

// draftDraw is how many cards seat draws: 2 + its position in player order,
// the first player (holding the active player marker) being 1.
func (s *State) draftDraw(seat int) int {
	pos := (seat-s.Active+s.N)%s.N + 1
	return draftBase + pos
}

// openDraft asks every player holding more than they keep, at once.
func (s *State) openDraft() {
	t := Task{K: kDraft, Seat: -1, Hex: -1, Ans: make([]string, s.N), Who: []int{}}
	for _, p := range s.order(s.Active) {
		if len(s.Players[p].Hand) > s.rules.StartCards {
			t.Who = append(t.Who, p)
		}
	}
	if len(t.Who) > 0 {
		s.push(t)
	}
}

// draftNode: the cards to keep, one at a time.
func (s *State) draftNode(seat int, path []string) engine.Step {
	if len(path) >= s.rules.StartCards {
		return done("moa.step.keep")
	}
	var cs []string
	for _, c := range s.handOptions(seat) {
		if !contains(path, c) {
			cs = append(cs, c)
		}
	}
	return step("moa.step.keep", false, cs...)
}

// resolveDraft keeps the chosen cards and puts all the others, shuffled
// together, at the bottom of the deck.
func (s *State) resolveDraft(t *Task) {
	var back []int
	for _, p := range t.Who {
		keep := splitAns(t.Ans[p])
		pl := s.playerLists(p)
		var kept []int
		for _, id := range pl.Hand {
			if contains(keep, cardCode(id)) {
				kept = append(kept, id)
			} else {
				back = append(back, id)
			}
		}
		s.emit("moa.draft_returned", "seat", seatArg(p), "keep", itoa(len(kept)), "n", itoa(len(pl.Hand)-len(kept)))
		pl.Hand = kept
	}
	slices.Sort(back) // the order they were answered in tells nothing
	s.RNG.Shuffle(len(back), func(i, j int) { back[i], back[j] = back[j], back[i] })
	s.Deck = append(s.Deck, back...)
}

// redraft re-chooses another seat's sealed draft pick at random from the
// hand the determinizer dealt it (MOAE-PSETUP-6, AMB-29).
func (s *State) redraft(me int, r *rand.Rand) {
	for i := range s.Tasks {
		t := &s.Tasks[i]
		if t.K != kDraft {
			continue
		}
		for _, p := range t.Who {
			if p == me || t.Ans[p] == "" {
				continue
			}
			hand := slices.Clone(s.Players[p].Hand)
			engine.Shuffle(r, hand)
			var keep []string
			for _, id := range hand[:min(s.rules.StartCards, len(hand))] {
				keep = append(keep, cardCode(id))
			}
			t.Ans[p] = strings.Join(keep, " ")
		}
	}
}
