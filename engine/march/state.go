package march

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"formica/engine"
)

// Player is one colony: its Nest, hand, goals and score.
type Player struct {
	Supply    int      `json:"supply"` // eggs beside the Nest (MOA1-TOK-1)
	Larvae    int      `json:"larvae"`
	Food      int      `json:"food"`
	CP        int      `json:"cp"`
	Hand      []int    `json:"hand"`
	Evo       [3][]int `json:"evo"` // per segment, bottom first; the last is active
	Goals     []int    `json:"goals"`
	RestLarva int      `json:"rest_larva"`
	RestFood  int      `json:"rest_food"`
	Rested    bool     `json:"rested"`
	Acted     bool     `json:"acted"` // took a non-Rest action this Worker phase
	Species   string   `json:"species,omitempty"`
	Offered   string   `json:"offered,omitempty"` // species on the back of the dealt Nest
	Bodies    int      `json:"bodies"`            // complete bodies already scored
	Prefs     []string `json:"prefs,omitempty"`
	Leaf      []int    `json:"leaf,omitempty"`    // Leafcutter sites this Queen phase: hex*10+site
	Rests     []string `json:"rests,omitempty"`   // Evolved: rest tiles taken this round
	Starved   bool     `json:"starved,omitempty"` // Evolved: left ants unfed in the last round (MOAE-QUEEN-7)
	Marker    bool     `json:"marker,omitempty"`  // Evolved: on the unique action's circular space (MOAE-ANC-4)
}

func (p *Player) clone() Player {
	c := *p
	c.Hand = slices.Clone(p.Hand)
	for i := range p.Evo {
		c.Evo[i] = slices.Clone(p.Evo[i])
	}
	c.Goals = slices.Clone(p.Goals)
	c.Prefs = slices.Clone(p.Prefs)
	c.Leaf = slices.Clone(p.Leaf)
	c.Rests = slices.Clone(p.Rests)
	return c
}

// Task is one entry of the resolution stack: a phase controller, an action
// in progress or a decision somebody owes. The top task either runs by itself
// or prompts seats; answers go to the top task. Besides the fields every
// task has, a task uses only the fields of its kind (tasks.go; the table in
// DESIGN.md, "Task fields").
type Task struct {
	K    TaskKind `json:"k"`
	Seat int      `json:"seat"`
	Hex  int      `json:"hex"`
	// Stage is a controller's progress through its steps: setup, soldier,
	// queen, battle, centipede, gtbattle, tilebattle, centifight.
	Stage   int         `json:"stage,omitempty"`
	Worker  WorkerTask  `json:"worker,omitzero"`  // worker, action
	Soldier SoldierTask `json:"soldier,omitzero"` // soldier
	Fight   FightTask   `json:"fight,omitzero"`   // battle, invader, ferocity, centipede, gtbattle, tilebattle, centifight, spoils
	Loss    LossTask    `json:"loss,omitzero"`    // casualties
	Move    MoveTask    `json:"move,omitzero"`    // march, thorax
	Discard DiscardTask `json:"discard,omitzero"` // discard
	Explore ExploreTask `json:"explore,omitzero"` // explore, starthex
	React   ReactTask   `json:"react,omitzero"`   // reaction
	Effect  EffectTask  `json:"effect,omitzero"`  // card, head, abdomen, genome
	Horde   HordeTask   `json:"horde,omitzero"`   // horde, riseattack
	Who     []int       `json:"who,omitempty"`    // seats prompted at once
	Ans     []string    `json:"ans,omitempty"`    // their answers by seat ("" = none yet)
}

func (t *Task) clone() Task {
	slab, strs := ints(make([]int, t.ints())), slabOf[string](make([]string, len(t.Ans)))
	return t.cloneInto(&slab, &strs)
}

// ints counts the ints of t's lists, for cloneInto.
func (t *Task) ints() int {
	return len(t.Fight.Values) + len(t.Loss.Counts) + len(t.Move.Used) + len(t.Explore.Hexes) +
		len(t.React.Reactors) + len(t.Effect.Drawn) + len(t.Horde.Fought) + len(t.Who)
}

// cloneInto copies t, its int lists taken from slab (which holds at least
// t.ints() more) and its answers from strs (at least len(t.Ans) more).
func (t *Task) cloneInto(slab *ints, strs *slabOf[string]) Task {
	c := *t
	c.Fight.Values = slab.clone(t.Fight.Values)
	c.Loss.Counts = slab.clone(t.Loss.Counts)
	c.Move.Used = slab.clone(t.Move.Used)
	c.Explore.Hexes = slab.clone(t.Explore.Hexes)
	c.React.Reactors = slab.clone(t.React.Reactors)
	c.Effect.Drawn = slab.clone(t.Effect.Drawn)
	c.Horde.Fought = slab.clone(t.Horde.Fought)
	c.Who = slab.clone(t.Who)
	c.Ans = strs.clone(t.Ans)
	return c
}

// Options are the validated setup switches.
type Options struct {
	Long       bool   `json:"long,omitempty"`
	Frontiers  string `json:"frontiers"`
	Species    bool   `json:"species,omitempty"`
	Uprising   bool   `json:"uprising,omitempty"`
	Difficulty string `json:"difficulty,omitempty"`
	LongDecree string `json:"long_decree,omitempty"` // AMB-1: last2 | last
	NegativeCP bool   `json:"negative_cp,omitempty"` // AMB-18
	ZeroAwards bool   `json:"zero_awards"`           // AMB-34: award ties at zero
	CentiTie   string `json:"centi_tie"`             // AMB-14: player | centipede
	// AMB-5: the first player in order fills every site they can
	FillFirst bool `json:"fill_first,omitempty"`
	// AMB-23: Peace Treaty / War Rations also switch off the start-of-phase
	// abilities of the head / abdomen cards
	PhaseDrawbacks bool `json:"phase_drawbacks,omitempty"`
	// AMB-40: the exploring ants may come from any one hex adjacent to the
	// new hex, not only from the exploring hex
	ExploreAdjacent bool `json:"explore_adjacent,omitempty"`
	// AMB-41: free sites are refilled (Explore step 8) before the New
	// Frontiers effect (step 7) instead of after it
	FillBeforeNF bool `json:"fill_before_nf,omitempty"`
	// AMB-41: Dance of Chaos stops at the end of the deck instead of
	// reshuffling, and also opens the Play-a-Card reaction
	DanceNoReshuffle bool `json:"dance_no_reshuffle,omitempty"`
	DancePlayReact   bool `json:"dance_play_react,omitempty"`
	// AMB-41 (Uprising): the centipede card is revealed before the action's
	// reactions; centipede-explored hexes must match tunnels; a March may
	// start a centipede battle on any centipede hex; one centipede strength
	// card comes from the players' deck; the solo phase ends with a second
	// centipede card after the Rest's own
	HordeFirst     bool `json:"horde_first,omitempty"`
	CentiMatch     bool `json:"centi_match,omitempty"`
	HuntAny        bool `json:"hunt_any,omitempty"`
	CentiOneShared bool `json:"centi_one_shared,omitempty"`
	SoloEndTwo     bool `json:"solo_end_two,omitempty"`
	// AMB-31: food is unlimited (the supply may go negative: substitutes)
	FoodUnlimited bool `json:"food_unlimited,omitempty"`
	// AMB-29: in a co-op Uprising the group agreed that players do not
	// battle each other
	CoopNoBattles bool `json:"coop_no_battles,omitempty"`
	// AMB-8: head Evolutions add strength only in Soldier-phase battles
	HeadSoldierOnly bool `json:"head_soldier_only,omitempty"`
	// AMB-24: Barren Queen yields 1 larva in total from two-larvae sites
	BarrenTotal bool `json:"barren_total,omitempty"`
	// AMB-26: Mutation comes after the start-of-Soldier-phase head abilities
	MutationAfter bool `json:"mutation_after,omitempty"`
	// AMB-10: the Rest that ends the Worker phase gives an extra larva
	RestExtraLarva bool `json:"rest_extra_larva,omitempty"`
	// AMB-20: with 2 players a hex scores if a path of tunnels joins it to
	// the GT, adjacent or not
	DuoPath bool `json:"duo_path,omitempty"`
	// AMB-41: Dance of Chaos steps move ants only (no larva steps)
	DanceAntSteps bool `json:"dance_ant_steps,omitempty"`
	// MOAE-PSETUP-6: the advanced card draft
	Draft bool `json:"draft,omitempty"`
}

// Phase is the part of the round being played. Its text is stored in
// matches and shown in views, so the values never change.
type Phase string

// Phases of a round (MOA1-OVR-2), before the first and after the last.
const (
	PhaseSetup   Phase = "setup"
	PhaseWorker  Phase = "worker"
	PhaseSoldier Phase = "soldier"
	PhaseQueen   Phase = "queen"
	PhaseSlumber Phase = "slumber"
	PhaseOver    Phase = "over"
)

// Fixed is what a match settles at its start and never changes: its rule
// set and options. Clones share it (a pointer where the two were 128
// bytes copied on every answer); its fields encode as the State's own.
type Fixed struct {
	Rules string  `json:"rules"`
	Opt   Options `json:"opt"`
}

// State is a match of March of the Ants.
type State struct {
	*Fixed
	N        int         `json:"n"`
	RNG      *engine.RNG `json:"rng"`
	Round    int         `json:"round"` // rounds played so far + 1
	Rounds   int         `json:"rounds"`
	Phase    Phase       `json:"phase"`
	Active   int         `json:"active"`
	Moon     bool        `json:"moon"`
	Tiles    []Tile      `json:"tiles"`
	At       []int       `json:"at"`    // tile index by hex number (0 = GT), -1 not placed
	Stack    []int       `json:"stack"` // hex stack, top first
	Deck     []int       `json:"deck"`  // top first
	Discard  []int       `json:"discard"`
	CDeck    []int       `json:"cdeck,omitempty"` // centipede deck (uprising)
	CUsed    []int       `json:"cused,omitempty"`
	Players  []Player    `json:"players"`
	Counters int         `json:"counters"` // centipede/wormhole markers in the general supply
	Boxed    int         `json:"boxed"`    // destroyed centipedes, out of play
	Food     int         `json:"food"`     // food tokens in the general supply
	Tasks    []Task      `json:"tasks"`
	Rested   int         `json:"rested"`
	Final    int         `json:"final"` // 2 players: seat taking the final turn, -1 none
	Over     bool        `json:"over"`  // Worker phase has ended
	SoloEnd  bool        `json:"solo_end,omitempty"`
	FillFrom int         `json:"fill_from"`
	FillHex  int         `json:"fill_hex"`
	FillDone int         `json:"fill_done"`
	Hold     bool        `json:"hold,omitempty"` // battle spoils: no automatic filling yet
	Fights   []int       `json:"fights,omitempty"`
	Horde    int         `json:"horde,omitempty"`
	CentiGT  int         `json:"centi_gt,omitempty"`
	Shown    []int       `json:"shown,omitempty"` // cards revealed by the last battle or centipede
	Spare    []int       `json:"spare,omitempty"` // starting hexes not on the stack
	// Evolved rest tiles: face up this round, the face-down stack, discarded
	RestUp    []string       `json:"rest_up,omitempty"`
	RestStack []string       `json:"rest_stack,omitempty"`
	RestUsed  []string       `json:"rest_used,omitempty"`
	CentiSize int            `json:"centi_size,omitempty"` // Evolved: the size marker's space (MOAE-CENT-1)
	Rewards   []int          `json:"rewards,omitempty"`    // Evolved: the face-down reward stack
	Reward    int            `json:"reward,omitempty"`     // Evolved: the reward tile in the Great Tunnel
	OldGuard  int            `json:"old_guard,omitempty"`  // Evolved, 2 players: Old Guard ants in the GT (MOAE-2P-6)
	Res       *engine.Result `json:"result,omitempty"`

	rules   *RuleSet
	data    *Data
	gtEdges [6]bool
	ev      []engine.Event
	// resolving is the Event whose effect is being carried out, while it
	// is: playCard puts it on the discard pile as it pushes the effect, but
	// the rules put it there once resolved (MOA1-CARD-8, MOAE-EVENT-1), so
	// a reshuffle meanwhile (Bountiful Forage's own draw) leaves it out of
	// the new deck. Set only around an effect's run or answer; never stored.
	resolving int
	// tilesOwn: the tiles' Sites and Out lists are this state's own. Clone
	// shares them (most answers move no ant) and Apply copies them before
	// its first change (ownTiles), so neither copy writes the other's. The
	// Tile structs themselves are never shared, so a *Tile taken before the
	// copy still reaches this state's lists after it.
	tilesOwn bool
	// playersOwn: the Player structs are this state's own; listsOwn:
	// which seats' int lists (bit per seat) are too. Clone shares both
	// (about half the answers change no player) and every change goes
	// through player, which copies the structs first (capping every
	// list, so an append moves it out), so a *Player is only ever taken
	// from the owned copy; a change to a list in place goes through
	// playerLists, which copies that seat's lists: most answers change a
	// count or append a card, and one or two colonies, not all.
	playersOwn  bool
	listsOwn    uint64
	listsCapped uint64 // seats whose lists player has capped
	// tasksOwn: Tasks and their lists are this state's own. Clone shares
	// them: a preference (a quarter of all answers) changes no task unless
	// it answers a reaction or lets the game go on. Apply owns them before
	// any other answer, and push, advance and setPref before they change
	// one, so no *Task is taken from the shared stack before a change.
	tasksOwn bool
}

// ownTasks makes Tasks and their lists this state's own.
func (s *State) ownTasks() {
	if s.tasksOwn {
		return
	}
	n, a := 0, 0
	for i := range s.Tasks {
		n, a = n+s.Tasks[i].ints(), a+len(s.Tasks[i].Ans)
	}
	slab, strs := ints(make([]int, n)), slabOf[string](make([]string, a))
	ts := make([]Task, len(s.Tasks))
	for i := range s.Tasks {
		ts[i] = s.Tasks[i].cloneInto(&slab, &strs)
	}
	s.Tasks, s.tasksOwn = ts, true
}

// ownTop owns the tasks and returns the top one.
func (s *State) ownTop() *Task {
	s.ownTasks()
	return s.top()
}

// player returns seat's colony to change; every change to a player goes
// through it (or comes after it in the same function). Its lists (Hand,
// Evo, Goals, Leaf) are still shared, capped, so an append moves one out;
// a change to a list in place (a deletion, a reslice before an append)
// goes through playerLists instead.
func (s *State) player(seat int) *Player {
	s.ownPlayerStructs()
	p := &s.Players[seat]
	if s.listsCapped&(1<<seat) == 0 {
		p.Hand, p.Goals, p.Leaf = slices.Clip(p.Hand), slices.Clip(p.Goals), slices.Clip(p.Leaf)
		for e := range p.Evo {
			p.Evo[e] = slices.Clip(p.Evo[e])
		}
		p.Prefs, p.Rests = slices.Clip(p.Prefs), slices.Clip(p.Rests)
		s.listsCapped |= 1 << seat
	}
	return p
}

// playerLists is player with seat's lists this state's own too: for a
// change to one in place.
func (s *State) playerLists(seat int) *Player {
	p := s.player(seat)
	if s.listsOwn&(1<<seat) == 0 {
		slab := ints(make([]int, p.ints()))
		p.ownLists(&slab)
		s.listsOwn |= 1 << seat
	}
	return p
}

// ownPlayerStructs makes the Player structs this state's own, their lists
// still shared (player caps a seat's before handing it out, playerLists
// copies them for a change in place). Prefs and Rests stay shared for
// good: setPref replaces Prefs whole and Rests only grows by append.
func (s *State) ownPlayerStructs() {
	if s.playersOwn {
		return
	}
	s.Players, s.playersOwn, s.listsOwn, s.listsCapped = slices.Clone(s.Players), true, 0, 0
}

// ownPlayers makes Players and all their int lists this state's own: one
// allocation for the lists, each capped so an append moves it out.
func (s *State) ownPlayers() {
	s.ownPlayerStructs()
	n := 0
	for i := range s.Players {
		if s.listsOwn&(1<<i) == 0 {
			n += s.Players[i].ints()
		}
	}
	slab := ints(make([]int, n))
	for i := range s.Players {
		if s.listsOwn&(1<<i) == 0 {
			s.Players[i].ownLists(&slab)
			s.listsOwn |= 1 << i
		}
	}
}

// ints counts the ints of p's lists, for ownLists.
func (p *Player) ints() int {
	return len(p.Hand) + len(p.Evo[0]) + len(p.Evo[1]) + len(p.Evo[2]) + len(p.Goals) + len(p.Leaf)
}

// ownLists copies p's int lists into slab (which holds p.ints() more),
// each capped.
func (p *Player) ownLists(slab *ints) {
	p.Hand, p.Goals, p.Leaf = slab.clone(p.Hand), slab.clone(p.Goals), slab.clone(p.Leaf)
	for e := range p.Evo {
		p.Evo[e] = slab.clone(p.Evo[e])
	}
}

// ownTiles makes every tile's Sites and Out this state's own; each change
// to them comes after it (a new tile's lists are its own already).
func (s *State) ownTiles() {
	if s.tilesOwn {
		return
	}
	n := 0
	for i := range s.Tiles {
		n += len(s.Tiles[i].Sites) + len(s.Tiles[i].Out)
	}
	slab := ints(make([]int, n))
	for i := range s.Tiles {
		t := &s.Tiles[i]
		t.Sites, t.Out = slab.clone(t.Sites), slab.clone(t.Out)
	}
	s.tilesOwn = true
}

func (s *State) top() *Task {
	if len(s.Tasks) == 0 {
		return nil
	}
	return &s.Tasks[len(s.Tasks)-1]
}

func (s *State) push(ts ...Task) {
	s.ownTasks()
	if n := len(s.Tasks) + len(ts); n > cap(s.Tasks) {
		// to the length needed, not doubled: the next answer's clone
		// copies the stack at its length anyway
		s.Tasks = append(make([]Task, 0, n), s.Tasks...)
	}
	// push in reverse so that ts[0] runs first
	for i := len(ts) - 1; i >= 0; i-- {
		s.Tasks = append(s.Tasks, ts[i])
	}
}

func (s *State) pop() { s.Tasks = s.Tasks[:len(s.Tasks)-1] }

// emit and emitTo take the event's whole message key ("moa.explore"):
// building it here cost an allocation per event.
func (s *State) emit(key string, kv ...string) {
	s.addEvent(engine.Public(key, kvMap(kv)))
}

func (s *State) emitTo(seat int, key string, kv ...string) {
	s.addEvent(engine.Event{Key: key, Args: kvMap(kv), To: engine.Seat(seat)})
}

func (s *State) addEvent(e engine.Event) {
	if s.ev == nil {
		s.ev = make([]engine.Event, 0, 4) // most answers tell a few
	}
	s.ev = append(s.ev, e)
}

func kvMap(kv []string) map[string]string {
	if len(kv) == 0 {
		return nil
	}
	m := make(map[string]string, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m
}

func seatArg(seat int) string { return engine.Seat(seat).String() }
func itoa(n int) string       { return strconv.Itoa(n) }

// order lists all seats clockwise starting with from.
func (s *State) order(from int) []int {
	if s.N > maxSeats {
		return nil // no rule set seats more (Normalize refuses it)
	}
	// a constant capacity: inlined where the list does not escape (a
	// range over it, as nearly every caller), it stays on the stack
	o := make([]int, s.N, maxSeats)
	for i := range o {
		o[i] = (from + i) % s.N
	}
	return o[:s.N:s.N]
}

// maxSeats bounds the seats of every rule set, for order.
const maxSeats = 8

// Clone implements engine.State.
func (s *State) Clone() engine.State {
	// the state and its generator in one allocation: a clone per answer
	b := &clone{State: *s, rng: *s.RNG}
	c := &b.State
	c.RNG = &b.rng
	// The Tile structs are copied, their Sites and Out shared until
	// Apply changes one (ownTiles); they are never appended to.
	c.Tiles, c.tilesOwn = slices.Clone(s.Tiles), false
	// The hex stack, the decks and At are shared, capped: they are only
	// resliced or appended to, except the reshuffles (reveal,
	// drawCenti), placeHex and Determinize, which copy them first.
	c.At, c.Stack, c.Deck = slices.Clip(s.At), slices.Clip(s.Stack), slices.Clip(s.Deck)
	c.Discard, c.CDeck, c.CUsed = slices.Clip(s.Discard), slices.Clip(s.CDeck), slices.Clip(s.CUsed)
	// The players are shared until a change copies them (player).
	c.playersOwn, c.listsOwn, c.listsCapped = false, 0, 0
	// The tasks too (ownTasks), capped: a push moves them out.
	c.Tasks, c.tasksOwn = slices.Clip(s.Tasks), false
	c.Fights = slices.Clone(s.Fights)
	c.Shown = slices.Clone(s.Shown)
	c.Spare = slices.Clone(s.Spare)
	c.RestUp = slices.Clone(s.RestUp)
	c.RestStack = slices.Clone(s.RestStack)
	c.RestUsed = slices.Clone(s.RestUsed)
	c.Rewards = slices.Clone(s.Rewards)
	if s.Res != nil {
		r := *s.Res
		c.Res = &r
	}
	c.ev = nil
	return c
}

// clone is a cloned state with its own generator beside it.
type clone struct {
	State
	rng engine.RNG
}

// slabOf hands out the pieces of one allocation to Clone and the owners.
type slabOf[T any] []T

// ints is a slab of the int lists.
type ints = slabOf[int]

// clone copies src into the next len(src) elements of *b, capped at that
// length; nil stays nil (it encodes as null, not []).
func (b *slabOf[T]) clone(src []T) []T {
	if src == nil {
		return nil
	}
	n := len(src)
	out := (*b)[:n:n]
	copy(out, src)
	*b = (*b)[n:]
	return out
}

// MarshalBinary implements engine.State.
func (s *State) MarshalBinary() ([]byte, error) { return json.Marshal(s) }

// Result implements engine.State.
func (s *State) Result() *engine.Result { return s.Res }

func decode(b []byte) (engine.State, error) {
	s := &State{}
	if err := json.Unmarshal(b, s); err != nil {
		return nil, fmt.Errorf("march: decode: %w", err)
	}
	if s.RNG == nil {
		return nil, fmt.Errorf("march: decode: no random generator state")
	}
	if s.Fixed == nil {
		s.Fixed = &Fixed{} // neither rules nor options: bind names the missing rule set
	}
	if err := s.bind(); err != nil {
		return nil, err
	}
	return s, nil
}

// bind attaches the rule set and component data named by the state.
func (s *State) bind() error {
	s.rules = ruleSet(s.Rules)
	if s.rules == nil {
		return fmt.Errorf("march: unknown rule set %q", s.Rules)
	}
	shared, err := sharedData[s.rules.ID]()
	if err != nil {
		return err
	}
	// Tests change a state's settings: each state has its own copy of
	// them; the rest of the data is never changed once loaded.
	d := *shared
	if d.Settings != nil {
		st := *d.Settings
		d.Settings = &st
	}
	s.data = &d
	gt := d.GT.Standard
	if s.reverseGT() {
		gt = d.GT.Reverse
	}
	s.gtEdges, _ = parseEdges(gt)
	return nil
}

// reverseGT: the 2-player game and solo use the reverse side
// (MOA1-2P-1, MOA1-SOLO-14).
func (s *State) reverseGT() bool { return s.N <= 2 && s.rules.ReverseGT }

func (s *State) pref(seat int, name string) bool {
	return slices.Contains(s.Players[seat].Prefs, name)
}

func cardCode(id int) string {
	if id >= 0 && id < len(cardCodes) {
		return cardCodes[id] // every hand is listed as options on every prompt
	}
	return "c" + strconv.Itoa(id)
}

// cardCodes are the cards' codes by id, built once: a concatenation cost
// an allocation each. Never changed.
var cardCodes = func() (cs [67]string) {
	for id := range cs {
		cs[id] = "c" + strconv.Itoa(id)
	}
	return cs
}()

func parseCardCode(code string) int {
	if !strings.HasPrefix(code, "c") {
		return 0
	}
	n, err := strconv.Atoi(code[1:])
	if err != nil || n < 1 || n > 66 || cardCode(n) != code {
		return 0
	}
	return n
}

func seatCode(seat int) string {
	if seat >= 0 && seat < len(seatCodes) {
		return seatCodes[seat]
	}
	return "p" + strconv.Itoa(seat+1)
}

// seatCodes spelled out, as cardCodes.
var seatCodes = [...]string{"p1", "p2", "p3", "p4", "p5", "p6"}

func parseSeatCode(code string, n int) int {
	if !strings.HasPrefix(code, "p") {
		return -1
	}
	k, err := strconv.Atoi(code[1:])
	if err != nil || k < 1 || k > n || seatCode(k-1) != code {
		return -1
	}
	return k - 1
}

// Standing implements engine.Progress: round, phase and colony points
// (public, on the CP track).
func (s *State) Standing() engine.Standing {
	st := engine.Standing{Round: min(s.Round, s.Rounds), Rounds: s.Rounds}
	switch s.Phase {
	case PhaseWorker, PhaseSoldier, PhaseQueen, PhaseSlumber:
		st.Phase = "moa.phase." + string(s.Phase)
	}
	for _, p := range s.Players {
		st.Scores = append(st.Scores, p.CP)
	}
	return st
}
