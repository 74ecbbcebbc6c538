package march

import (
	"encoding/json"
	"fmt"
)

// The fields of Task by kind. Every task has K, Seat, Hex, Who and Ans; a
// controller counts its steps in Stage; the rest is one small struct per
// family of kinds, encoded under its own key and left out when unused.

// WorkerTask holds the Worker phase controller's and an action's fields.
type WorkerTask struct {
	Turns      int  `json:"turns,omitempty"`       // worker: turns begun this phase
	FinalGiven bool `json:"final_given,omitempty"` // worker, 2 players: the final turn has begun (MOA1-2P-4)
	Bonus      bool `json:"bonus,omitempty"`       // action: an extra action of Frenzied Activity, which may be a Rest (MOA1-CLAR-EV-6)
}

// SoldierTask holds the Soldier phase controller's fields.
type SoldierTask struct {
	GreatTunnel bool `json:"great_tunnel,omitempty"` // Evolved: the Great Tunnel battle has begun (MOAE-SOLD-1)
	Trap        bool `json:"trap,omitempty"`         // a Trap's battles on one hex only (MOA1-CLAR-EV-13)
}

// FightTask holds the fields of battles, centipede fights and their
// decisions.
type FightTask struct {
	// Invader is the attacking seat of an ant battle (battle, ferocity of
	// an ant battle); -1 while tied invaders wait for the defender's choice.
	Invader int  `json:"invader,omitempty"`
	Raid    bool `json:"raid,omitempty"` // battle: a Marauder Raid (MOA1-SPEC-22)
	// Values are the battle's numbers, by stage:
	//   battle: the tied invaders (stage 0), the ferocity of defender and
	//     invader (stage 1), winner and loser (stages 2, 3);
	//   invader: the tied invaders to choose from;
	//   gtbattle: ferocity by seat; tilebattle: ferocity by seat, then the
	//     winner;
	//   centipede, centifight: the ferocity played, then 1 if the colony won.
	Values []int `json:"values,omitempty"`
	// Kind is what a ferocity card is played for ("ant", "gt", "tile",
	// "centi") or how a centipede battle began ("", "attack", "hunt").
	Kind string `json:"kind,omitempty"`
	// Opened: gtbattle, tilebattle, centifight: the abilities before the
	// fight (Military Head, Treacherous Head) were offered.
	Opened  bool `json:"opened,omitempty"`
	Base    int  `json:"base,omitempty"`    // centipede: its strength before the ferocity card
	Card    int  `json:"card,omitempty"`    // centipede: the card drawn for that strength
	Control bool `json:"control,omitempty"` // spoils: the Evolved move onto the control site (MOAE-SPOILS-1)
}

// LossTask holds the fields of a casualties decision.
type LossTask struct {
	Counts []int  `json:"counts,omitempty"` // ants each seat loses
	Cause  string `json:"cause,omitempty"`  // "battle", "centipede", "card" (an effect), "starve"
}

// MoveTask holds the fields of a March and of the Evolved thorax reactions.
type MoveTask struct {
	Steps    int  `json:"steps,omitempty"`     // march: steps left; thorax: reactions left
	AntMoved bool `json:"ant_moved,omitempty"` // march: an ant has moved, so no more larva steps (MOA1-MARCH-3)
	// Mode is what started the March: "" the action, "ants" (ant steps
	// only), "raid", "mobilize", "dance", or an Evolved card's effect id.
	Mode string `json:"mode,omitempty"`
	Used []int  `json:"used,omitempty"` // thorax: the reactions used
}

// DiscardTask holds the fields of a discard owed.
type DiscardTask struct {
	Count  int  `json:"count,omitempty"`  // cards to discard
	Forage bool `json:"forage,omitempty"` // the Evolved Forage's discard (MOAE-FORAGE-2), else a card's or hex's (Antlion Den)
}

// ExploreTask holds the fields of an exploration and a starting hex choice.
type ExploreTask struct {
	Hexes []int  `json:"hexes,omitempty"` // the hexes drawn (two with the Scout) or the starting hexes to choose from
	Mode  string `json:"mode,omitempty"`  // "" the action, "j1" and "j2" the two hexes of the Nomad's Journey (MOA1-SPEC-10)
}

// ReactTask holds the fields of a reaction window.
type ReactTask struct {
	Action   string `json:"action,omitempty"`   // the action reacted to: "explore", "march", "play", "raid"...
	Raided   int    `json:"raided,omitempty"`   // raid: the only seat that reacts (MOA1-SPEC-23)
	Reactors []int  `json:"reactors,omitempty"` // who may react, in order
	Next     int    `json:"next,omitempty"`     // index in Reactors of the next reactor
	Larvae   int    `json:"larvae,omitempty"`   // larvae the Mutant gains when the window closes (MOA1-SPEC-17)
}

// EffectTask holds the fields of a card or hex effect being resolved.
type EffectTask struct {
	ID    string `json:"id,omitempty"`    // card, head, abdomen: the effect id
	Card  int    `json:"card,omitempty"`  // card, head, abdomen: the card (0: a hex's effect)
	Drawn []int  `json:"drawn,omitempty"` // cards revealed (Espionage, Empty Spider Den) or the hex drawn (Into the Unknown)
	Cost  int    `json:"cost,omitempty"`  // genome: the cost paid
}

// HordeTask holds the fields of a Horde card in the Uprising.
type HordeTask struct {
	Final  bool  `json:"final,omitempty"`  // the second card that ends the solo Worker phase (MOA1-AMB-41)
	Fought []int `json:"fought,omitempty"` // riseattack: the colonies the centipede has fought (RISE-8)
}

// IsZero lets encoding/json leave out a family with a list when a task
// does not use it: an empty list counts as none, as in the list's own
// omitempty, so a replayed state and its decoded snapshot encode alike.
// Families without lists need no method: omitzero compares them whole.
// Field by field, not by reflection, as encoding runs on every command
// (TestTaskFamiliesIsZero checks that every field is counted), with a
// pointer receiver so that encoding/json calls it without boxing a copy.
func (v *FightTask) IsZero() bool {
	return v.Invader == 0 && !v.Raid && len(v.Values) == 0 && v.Kind == "" && !v.Opened && v.Base == 0 &&
		v.Card == 0 && !v.Control
}

func (v *LossTask) IsZero() bool { return len(v.Counts) == 0 && v.Cause == "" }

func (v *MoveTask) IsZero() bool {
	return v.Steps == 0 && !v.AntMoved && v.Mode == "" && len(v.Used) == 0
}

func (v *ExploreTask) IsZero() bool { return len(v.Hexes) == 0 && v.Mode == "" }

func (v *ReactTask) IsZero() bool {
	return v.Action == "" && v.Raided == 0 && len(v.Reactors) == 0 && v.Next == 0 && v.Larvae == 0
}

func (v *EffectTask) IsZero() bool {
	return v.ID == "" && v.Card == 0 && len(v.Drawn) == 0 && v.Cost == 0
}

func (v *HordeTask) IsZero() bool { return !v.Final && len(v.Fought) == 0 }

// Stored matches written before the typed fields hold every task's data in
// five generic fields, n, m, card, sub and a, whose meaning depended on the
// kind. legacySlots says where each went for t's kind; nil: the kind never
// used it. This is the mapping table of DESIGN.md ("Task fields").
func (t *Task) legacySlots() (n, m, card, sub, a slot) {
	switch t.K {
	case kSetup, kQueen:
		return &t.Stage, nil, nil, nil, nil
	case kWorker:
		return &t.Worker.Turns, &t.Worker.FinalGiven, nil, nil, nil
	case kTurn:
		return nil, &t.Worker.Bonus, nil, nil, nil
	case kSoldier:
		return &t.Stage, &t.Soldier.GreatTunnel, nil, word{&t.Soldier.Trap, "trap"}, nil
	case kBattle:
		return &t.Stage, &t.Fight.Invader, nil, word{&t.Fight.Raid, "raid"}, &t.Fight.Values
	case kInvader:
		return nil, nil, nil, nil, &t.Fight.Values
	case kFero:
		return nil, &t.Fight.Invader, nil, &t.Fight.Kind, nil
	case kCenti:
		return &t.Stage, &t.Fight.Base, &t.Fight.Card, &t.Fight.Kind, &t.Fight.Values
	case kGTBattle, kTileBattle, kCentiFight:
		return &t.Stage, &t.Fight.Opened, nil, nil, &t.Fight.Values
	case kSpoils:
		return nil, nil, nil, word{&t.Fight.Control, "control"}, nil
	case kLoss:
		return nil, nil, nil, &t.Loss.Cause, &t.Loss.Counts
	case kMarch:
		return &t.Move.Steps, &t.Move.AntMoved, nil, &t.Move.Mode, nil
	case kThorax:
		return &t.Move.Steps, nil, nil, nil, &t.Move.Used
	case kDiscard:
		return &t.Discard.Count, nil, nil, word{&t.Discard.Forage, "forage"}, nil
	case kExplore:
		return nil, nil, nil, &t.Explore.Mode, &t.Explore.Hexes
	case kStart:
		return nil, nil, nil, nil, &t.Explore.Hexes
	case kReact:
		return &t.React.Next, &t.React.Raided, &t.React.Larvae, &t.React.Action, &t.React.Reactors
	case kEff, kHead, kAbd:
		return nil, nil, &t.Effect.Card, &t.Effect.ID, &t.Effect.Drawn
	case kGenome:
		return nil, &t.Effect.Cost, nil, nil, nil
	case kHorde:
		return nil, nil, nil, word{&t.Horde.Final, "final"}, nil
	}
	return nil, nil, nil, nil, nil
}

// slot is where a generic field went: *int, *bool (stored 1 or 0),
// *string, *[]int or a word (a *bool stored as one word of sub).
type slot any

type word struct {
	b    *bool
	text string
}

// legacyTask is a task as stored before the typed fields.
type legacyTask struct {
	N    int    `json:"n,omitempty"`
	M    int    `json:"m,omitempty"`
	Card int    `json:"card,omitempty"`
	Sub  string `json:"sub,omitempty"`
	A    []int  `json:"a,omitempty"`
}

// UnmarshalJSON reads both encodings of a task: the typed fields, and the
// generic fields of stored matches written before them.
func (t *Task) UnmarshalJSON(b []byte) error {
	type typed Task // without this method
	var v struct {
		typed
		legacyTask
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*t = Task(v.typed)
	return t.fromLegacy(v.legacyTask)
}

// fromLegacy moves generic fields into t's typed ones; a generic field its
// kind never used is an error, not silently dropped.
func (t *Task) fromLegacy(l legacyTask) error {
	n, m, card, sub, a := t.legacySlots()
	for _, f := range []struct {
		name string
		to   slot
		v    any
		set  bool
	}{
		{"n", n, l.N, l.N != 0},
		{"m", m, l.M, l.M != 0},
		{"card", card, l.Card, l.Card != 0},
		{"sub", sub, l.Sub, l.Sub != ""},
		{"a", a, l.A, l.A != nil},
	} {
		if !f.set {
			continue
		}
		if f.to == nil {
			return fmt.Errorf("a %s task has no field %q", t.K, f.name)
		}
		switch to := f.to.(type) {
		case *int:
			*to = f.v.(int)
		case *bool:
			if f.v.(int) != 1 {
				return fmt.Errorf("%s task field %q is %d, not 0 or 1", t.K, f.name, f.v)
			}
			*to = true
		case *string:
			*to = f.v.(string)
		case *[]int:
			*to = f.v.([]int)
		case word:
			if f.v.(string) != to.text {
				return fmt.Errorf("%s task field %q is %q, not %q", t.K, f.name, f.v, to.text)
			}
			*to.b = true
		}
	}
	return nil
}

// legacy returns t's generic fields as the old encoding stored them; tests
// check that it inverts fromLegacy on every stored task.
func (t *Task) legacy() legacyTask {
	n, m, card, sub, a := t.legacySlots()
	num := func(s slot) int {
		switch s := s.(type) {
		case *int:
			return *s
		case *bool:
			if *s {
				return 1
			}
		}
		return 0
	}
	l := legacyTask{N: num(n), M: num(m), Card: num(card)}
	switch sub := sub.(type) {
	case *string:
		l.Sub = *sub
	case word:
		if *sub.b {
			l.Sub = sub.text
		}
	}
	if a, ok := a.(*[]int); ok {
		l.A = *a
	}
	return l
}
