package march

import (
	"slices"
	"strings"

	"formica/engine"
)

// TaskKind says what a Task on the resolution stack is: a phase
// controller, an action in progress or a decision somebody owes. A kind is
// also the prompt kind shown to players, and its text is stored in matches,
// so the values never change.
type TaskKind string

// Task kinds.
const (
	kSetup   TaskKind = "setup"
	kSide    TaskKind = "side"
	kStart   TaskKind = "starthex"
	kWorker  TaskKind = "worker"
	kTurn    TaskKind = "action"
	kReact   TaskKind = "reaction"
	kMarch   TaskKind = "march"
	kExplore TaskKind = "explore"
	kFill    TaskKind = "site"
	kEff     TaskKind = "card"
	kLoss    TaskKind = "casualties"
	kBattle  TaskKind = "battle"
	kInvader TaskKind = "invader"
	kFero    TaskKind = "ferocity"
	kSpoils  TaskKind = "spoils"
	kCenti   TaskKind = "centipede"
	kSoldier TaskKind = "soldier"
	kHead    TaskKind = "head"
	kQueen   TaskKind = "queen"
	kAbd     TaskKind = "abdomen"
	kDecree  TaskKind = "decree"
	kHorde   TaskKind = "horde"
	kGenome  TaskKind = "genome"
	kRaid    TaskKind = "raid"
	kHunt    TaskKind = "hunt"
	kDiscard TaskKind = "discard"
	kEndTurn TaskKind = "endturn"
	kRelease TaskKind = "release" // ends a Hold on automatic filling
)

// Standing preferences a seat may set from any of its prompts.
func prefOptions() []engine.Option {
	// one list for every call, capped: a random game or an AI picks "pref"
	// often. Nothing changes a step's options in place but labelCards,
	// which labels cards alone.
	return slices.Clip(prefOptionList)
}

// onOffOptions are a preference's values, one list for every call.
var onOffOptions = []engine.Option{{Code: "on"}, {Code: "off"}}

// prefOptionList: keys spelled out, as building them cost an allocation each.
var prefOptionList = []engine.Option{
	{Code: "pass-explore", Key: "moa.pref.pass-explore"}, {Code: "pass-march", Key: "moa.pref.pass-march"},
	{Code: "pass-forage", Key: "moa.pref.pass-forage"}, {Code: "pass-play", Key: "moa.pref.pass-play"},
	{Code: "pass-species", Key: "moa.pref.pass-species"}, {Code: "take-forage", Key: "moa.pref.take-forage"},
}

// passPath and donePath are the usual default answers, one list for every
// prompt (capped, as prefOptionList): Pending runs before every answer.
var passPath, donePath = engine.Path{"pass"}, engine.Path{"done"}

// Pending implements engine.State.
func (s *State) Pending() []engine.Prompt {
	if s.Res != nil {
		return nil
	}
	t := s.top()
	if t == nil {
		return nil
	}
	var buf [8]int // room for every seat: the list stays on the stack
	seats := s.appendPrompted(buf[:0], t)
	if len(seats) == 0 {
		return nil
	}
	ps := make([]engine.Prompt, 0, len(seats))
	kind, rule := s.promptKind(t), s.promptRule(t)
	for _, seat := range seats {
		p := engine.Prompt{Seat: engine.Seat(seat), Kind: kind, Rule: rule}
		switch t.K {
		case kFero:
			p.Secret = t.Fight.Kind == "ant" || t.Fight.Kind == "gt" || t.Fight.Kind == "tile" // face down until all decided (MOAE-BATTLE-4)
			p.Default = engine.Path{"none"}
		case kDraft:
			// chosen at the same time, in secret (AMB-29); no default: a
			// default names cards, and a deadline's notice is public
			p.Secret = true
		case kReact, kHead, kAbd, kSpoils, kGenome, kHunt:
			p.Default = slices.Clip(passPath)
		case kAncient:
			p.Default = slices.Clip(donePath)
		case kMarch, kThorax:
			p.Default = slices.Clip(donePath)
		case kFeed:
			p.Default = engine.Path{itoa(s.maxFed(seat))} // feed all the food can
		case kEff:
			if st, _ := s.node(t, seat, nil); hasOption(st, "pass") {
				p.Default = slices.Clip(passPath)
			}
		}
		ps = append(ps, p)
	}
	return ps
}

// prompted lists the seats the top task waits for.
func (s *State) prompted(t *Task) []int { return s.appendPrompted(nil, t) }

// appendPrompted appends the seats the top task waits for to out.
func (s *State) appendPrompted(out []int, t *Task) []int {
	if t.Who != nil {
		for _, w := range t.Who {
			if t.Ans[w] == "" {
				out = append(out, w)
				if inTurn(t) {
					break
				}
			}
		}
		return out
	}
	if t.Seat >= 0 && s.waits(t) {
		return append(out, t.Seat)
	}
	return out
}

// anyPrompted is len(s.prompted(t)) > 0 without the list: Apply and
// advance ask it after every answer.
func (s *State) anyPrompted(t *Task) bool {
	if t.Who != nil {
		for _, w := range t.Who {
			if t.Ans[w] == "" {
				return true
			}
		}
		return false
	}
	return t.Seat >= 0 && s.waits(t)
}

// waits reports whether a single-seat task is a decision (vs. a controller).
func (s *State) waits(t *Task) bool {
	switch t.K {
	case kSetup, kWorker, kSoldier, kQueen, kBattle, kCenti, kHorde, kEndTurn, kReact, kRelease, kNextPhase, kGTBattle, kTileBattle, kCentiFight, kRiseAttack:
		return false
	}
	return true
}

func (s *State) promptKind(t *Task) string {
	if t.K == kReact {
		// spelled out for the common windows: a concatenation cost an
		// allocation on every prompt
		switch t.React.Action {
		case "explore":
			return "reaction.explore"
		case "march":
			return "reaction.march"
		case "forage":
			return "reaction.forage"
		case "play":
			return "reaction.play"
		}
		return "reaction." + t.React.Action
	}
	if t.K == kSpoils && t.Fight.Control {
		return string(t.K) + ".control"
	}
	if t.K == kEff || t.K == kHead || t.K == kAbd {
		if s.evolved() && t.Effect.ID != effCentiDecline {
			return "e" + string(t.K) + "." + t.Effect.ID // the Evolved card's own text (moa.ecard.*)
		}
		return string(t.K) + "." + t.Effect.ID
	}
	if s.evolved() {
		switch t.K {
		case kDecree, kFero, kExplore:
			// the Evolved wording: the Queen's Choice twice, a card played
			// face down, a tile (moa.prompt.edecree, -eferocity, -eexplore)
			return "e" + string(t.K)
		}
	}
	return string(t.K)
}

func (s *State) promptRule(t *Task) string {
	switch t.K {
	case kTurn:
		return "MOA1-WORKER-3"
	case kReact:
		return "MOA1-REACT-1"
	case kMarch:
		return "MOA1-MARCH-2"
	case kExplore:
		return "MOA1-EXPLORE-2"
	case kFill:
		return "MOA1-HEX-16"
	case kLoss:
		return "MOA1-GLOSS-11"
	case kFero:
		return "MOA1-BATTLE-5"
	case kInvader:
		return "MOA1-BATTLE-2"
	case kSpoils:
		return "MOA1-BATTLE-11"
	case kDecree:
		return "MOA1-QUEEN-11"
	case kFeed:
		return "MOAE-QUEEN-5"
	case kHead:
		return "MOA1-SOLDIER-1"
	case kAbd:
		return "MOA1-QUEEN-1"
	case kSide:
		return "MOA1-SPEC-2"
	case kStart:
		return "MOA1-2P-2"
	}
	return ""
}

// isPrompted is whether seat is among s.prompted(t), without its slice:
// Check asks it of every answer.
func (s *State) isPrompted(t *Task, seat int) bool {
	if t.Who != nil {
		for _, w := range t.Who {
			if t.Ans[w] == "" {
				if w == seat {
					return true
				}
				if inTurn(t) {
					return false // only the first unanswered seat decides
				}
			}
		}
		return false
	}
	return t.Seat >= 0 && t.Seat == seat && s.waits(t)
}

// Prompted implements engine.Prompter: Pending would also build every
// prompt's default.
func (s *State) Prompted(seat engine.Seat) bool {
	if s.Res != nil {
		return false
	}
	t := s.top()
	return t != nil && s.isPrompted(t, int(seat))
}

// Choices implements engine.State.
func (s *State) Choices(seat engine.Seat, prefix engine.Path) (engine.Step, error) {
	st, t, err := s.bareChoices(seat, prefix)
	if err != nil || t == nil && len(prefix) == 0 {
		return st, err
	}
	s.labelCards(&st)
	s.labelDecree(&st, t, int(seat))
	st.Private = s.private(t, int(seat), prefix, st)
	return st, nil
}

// labelDecree says what each choice of a royal decree gives (its node
// offers "food" and "larvae" first).
func (s *State) labelDecree(st *engine.Step, t *Task, seat int) {
	if t == nil || t.K != kDecree || len(st.Options) < 2 || st.Options[0].Code != "food" || st.Options[1].Code != "larvae" {
		return
	}
	food, larvae := s.decreeGifts(seat)
	st.Options[0].Key, st.Options[0].Args = "moa.opt.decree_food", map[string]string{"n": itoa(food)}
	st.Options[1].Key, st.Options[1].Args = "moa.opt.decree_larvae", map[string]string{"n": itoa(larvae)}
}

// BareChoices implements engine.BareChooser: Choices without the cards'
// names and without asking whether the step is private.
func (s *State) BareChoices(seat engine.Seat, prefix engine.Path) (engine.Step, error) {
	st, _, err := s.bareChoices(seat, prefix)
	return st, err
}

// bareChoices is Choices up to labelling its options; it also returns the
// top task (nil with a nil error: the waiting seat's preference root).
func (s *State) bareChoices(seat engine.Seat, prefix engine.Path) (engine.Step, *Task, error) {
	if s.Res != nil {
		return engine.Step{}, nil, engine.ErrGameOver
	}
	t := s.top()
	if t == nil || !s.isPrompted(t, int(seat)) {
		// A waiting seat may only set standing preferences.
		if len(prefix) == 0 && s.Anytime(seat, "pref") {
			return engine.Step{Name: "moa.step.pref", Options: []engine.Option{{Code: "pref", Key: "moa.opt.pref"}}}, nil, nil
		}
		if len(prefix) == 0 || !s.Anytime(seat, prefix[0]) {
			return engine.Step{}, nil, engine.ErrNotYourTurn
		}
	}
	for i := range prefix {
		if i == 0 && prefix[0] == "pref" {
			continue // nodeAll offers pref beside every root's options (as in Valid)
		}
		if !s.offers(t, int(seat), prefix[:i], prefix[i]) {
			st, rule := s.nodeAll(t, int(seat), prefix[:i])
			return engine.Step{}, nil, engine.Illegal(rule, prefix, i, engine.KeyNotAnOption,
				map[string]string{"step": st.Name, "options": optionList(st)})
		}
	}
	st, rule := s.nodeAll(t, int(seat), prefix)
	st.Rule = rule
	return st, t, nil
}

// Valid implements engine.Validator: one walk of path's steps, where
// Check's step-by-step walk asks Choices, which walks from the root again,
// of every prefix.
func (s *State) Valid(seat engine.Seat, path engine.Path) bool {
	if s.Res != nil {
		return false
	}
	t := s.top()
	if (t == nil || !s.isPrompted(t, int(seat))) && (len(path) == 0 || !s.Anytime(seat, path[0])) {
		return false // the waiting seat's root (pref) is never a whole answer
	}
	for i := range path {
		if i == 0 {
			// nodeAll offers pref beside the task's own options at the root
			if path[0] == "pref" {
				continue
			}
			if !s.offers(t, int(seat), nil, path[0]) {
				return false
			}
			continue
		}
		if !s.offers(t, int(seat), path[:i], path[i]) {
			return false
		}
	}
	if len(path) == 0 {
		st, _ := s.node(t, int(seat), nil)
		return st.Done
	}
	st, _ := s.nodeAll(t, int(seat), path)
	return st.Done
}

// labelCards names the cards among st's options, so players read (and may
// type) "Trap" rather than its code. The ferocity tells apart two copies
// that differ only in it.
func (s *State) labelCards(st *engine.Step) {
	for i, o := range st.Options {
		if id := parseCardCode(o.Code); id > 0 && o.Key == "" {
			c := s.data.Card(id)
			st.Options[i].Key = "moa.opt.card"
			st.Options[i].Args = map[string]string{"name": c.Name, "fer": itoa(c.Fer)}
		}
	}
}

func hasOption(st engine.Step, code string) bool {
	for _, o := range st.Options {
		if o.Code == code {
			return true
		}
	}
	return false
}

func optionList(st engine.Step) string {
	cs := make([]string, 0, len(st.Options))
	for _, o := range st.Options {
		cs = append(cs, o.Code)
	}
	if len(cs) > 12 {
		cs = append(cs[:12], "…")
	}
	return strings.Join(cs, ", ")
}

// offers is hasOption(s.nodeAll(t, seat, path), code), working out only
// what code needs where that is cheaper: the first two steps of an action
// ("play c12"). Valid and bareChoices ask it of every step of a path, and
// a random path or an AI asks BareChoices of each of its prefixes.
func (s *State) offers(t *Task, seat int, path []string, code string) bool {
	if t != nil && len(path) == 0 {
		if code == "pref" {
			return true // nodeAll offers it beside every root
		}
		switch t.K {
		case kTurn:
			return s.offersAction(t, seat, code)
		case kMarch: // marchNode's root
			return code == "done" || code == "larva" && s.larvaOK(t, seat) || s.offersAnt(seat, code, s.canStep)
		case kReact:
			if ok, known := s.offersReaction(t, seat, code); known {
				return ok
			}
		case kExplore:
			if len(t.Explore.Hexes) == 1 { // exploreNode's root: where from
				return s.offersExploreFrom(t, seat, code)
			}
		}
	}
	if t != nil && len(path) > 0 && path[0] != "pref" {
		if ok, known := s.offersDeeper(t, seat, path, code); known {
			return ok
		}
	}
	if t != nil && t.K == kTurn && len(path) >= 1 && path[0] == "play" {
		if len(path) == 1 {
			return s.offersCard(seat, code)
		}
		// the payment (playNode, payNode)
		if id := parseCardCode(path[1]); id > 0 && len(path)-2 < s.cardCost(seat, id) {
			return s.offersPayment(seat, id, path[2:], code)
		}
	}
	st, _ := s.nodeAll(t, seat, path)
	return hasOption(st, code)
}

// offersDeeper is offers for the later steps where it can answer cheaply
// (known false: list them): an Explore's edge, rotation and number of
// ants, and where a March's (or a March reaction's) ant steps to.
func (s *State) offersDeeper(t *Task, seat int, path []string, code string) (ok, known bool) {
	switch t.K {
	case kExplore:
		if len(t.Explore.Hexes) != 1 {
			return false, false
		}
		from := s.tile(parseHexCode(path[0]))
		switch len(path) {
		case 1: // the edge: an opening of the hex explored from onto empty space
			e := edgeIndex(code)
			return from != nil && e >= 0 && s.neighbor(from, e) == nil && s.opening(from, e), true
		case 2: // the rotation: a tunnel of the new hex meets the edge
			r := rotIndex(code)
			e := edgeIndex(path[1])
			return r >= 0 && e >= 0 && s.data.Hex(t.Explore.Hexes[0]).TunnelSet[((e+3-r)%6+6)%6], true
		case 3: // how many ants go (1st edition, from the exploring hex)
			if s.evolved() || s.pickSource(t) || from == nil {
				return false, false
			}
			lo, hi := s.exploreAntRange(t, from.ants(seat))
			n := atoi(code)
			return n >= lo && n <= hi && itoa(n) == code, true
		}
	case kMarch:
		if len(path) == 1 && path[0] != "done" && path[0] != "larva" {
			return s.offersStep(seat, path[0], code), true
		}
	case kReact:
		if t.React.Action == "march" && !s.rules.MarchReactLarva && len(path) == 1 && path[0] != "pass" {
			return s.offersStep(seat, path[0], code), true // oneStepNode's target
		}
	}
	return false, false
}

// offersExploreFrom is whether code is among exploreNode's first options:
// the hex the Explore was bound to, or one seat may explore from.
func (s *State) offersExploreFrom(t *Task, seat int, code string) bool {
	if t.Hex >= 0 {
		return code == hexCode(t.Hex)
	}
	tl := s.tile(parseHexCode(code))
	return tl != nil && s.exploresFrom(seat, tl, s.minExploreAnts(t)) && (t.Explore.Mode != "j1" || s.openEmpty(tl) >= 2)
}

// offersReaction is whether code is among reactNode's first options, for
// the common windows (known false: ask reactNode).
func (s *State) offersReaction(t *Task, seat int, code string) (ok, known bool) {
	p := &s.Players[seat]
	switch t.React.Action {
	case "play", actVision: // pass, a card in hand
		id := parseCardCode(code)
		return code == "pass" || id > 0 && slices.Contains(p.Hand, id), true
	case "forage", "dance", actChaos: // pass, take
		return code == "pass" || code == "take" && p.Supply > 0, true
	case "march":
		if !s.rules.MarchReactLarva { // oneStepNode: pass, an ant that can step
			return code == "pass" || s.offersAnt(seat, code, s.canStep), true
		}
	case "explore", actExpansion: // pass, larvaTargets
		if code == "pass" || code == "gt" && p.Larvae > 0 {
			return true, true
		}
		num := parseHexCode(code)
		tl := s.tile(num)
		return p.Larvae > 0 && num >= 1 && num <= s.rules.Tiles && tl != nil && (tl.occupies(seat) || s.digsTo(seat, tl)), true
	}
	return false, false
}

// nodeAll adds the standing-preference branch to every prompt.
func (s *State) nodeAll(t *Task, seat int, path []string) (engine.Step, string) {
	if len(path) > 0 && path[0] == "pref" {
		switch len(path) {
		case 1:
			return engine.Step{Name: "moa.step.pref", Options: prefOptions()}, "MOA1-REACT-1"
		case 2:
			return engine.Step{Name: "moa.step.onoff", Options: slices.Clip(onOffOptions)}, "MOA1-REACT-1"
		}
		return engine.Step{Name: "moa.step.onoff", Done: true}, "MOA1-REACT-1"
	}
	st, rule := s.node(t, seat, path)
	if len(path) == 0 {
		st.Options = append(st.Options, engine.Option{Code: "pref", Key: "moa.opt.pref"})
	}
	return st, rule
}

func opts(codes ...string) []engine.Option {
	// room for one more: nodeAll adds pref to every root step
	o := make([]engine.Option, len(codes), len(codes)+1)
	for i, c := range codes {
		o[i] = engine.Option{Code: c}
	}
	return o
}

// step and done take the step's whole message key ("moa.step.action"):
// building it here cost an allocation per step.
func step(name string, done bool, codes ...string) engine.Step {
	return engine.Step{Name: name, Done: done, Options: opts(codes...)}
}

// stepLead is step(name, false, append(lead, codes...)...) in one
// allocation: a prompt's fixed first options ("pass", "done") before the
// listed ones.
func stepLead(name string, codes []string, lead ...string) engine.Step {
	o := make([]engine.Option, len(lead)+len(codes), len(lead)+len(codes)+1) // room for pref, as opts
	for i, c := range lead {
		o[i] = engine.Option{Code: c}
	}
	for i, c := range codes {
		o[len(lead)+i] = engine.Option{Code: c}
	}
	return engine.Step{Name: name, Options: o}
}

func done(name string) engine.Step { return engine.Step{Name: name, Done: true} }

// Anytime implements engine.Anytime: standing preferences (MOA1-REACT-1)
// may be set by any seat at any time, not only inside its own prompt.
func (s *State) Anytime(seat engine.Seat, first string) bool {
	return first == "pref" && int(seat) >= 0 && int(seat) < len(s.Players)
}

// Apply implements engine.State.
func (s *State) Apply(a engine.Answer) ([]engine.Event, error) {
	s.ev = nil
	// a clone of this state may share its tiles' lists, players and tasks
	s.tilesOwn, s.playersOwn, s.listsOwn, s.listsCapped, s.tasksOwn = false, false, 0, 0, false
	pref := len(a.Path) > 0 && a.Path[0] == "pref"
	if !pref {
		s.ownTasks() // every other answer changes the top task
	}
	t := s.top()
	seat := int(a.Seat)
	if t == nil || s.Res != nil {
		return nil, engine.ErrGameOver
	}
	if pref {
		s.setPref(seat, a.Path)
	} else if t.Who != nil {
		t.Ans[seat] = strings.Join(a.Path, " ")
		if !s.anyPrompted(t) {
			s.resolveAll(t)
		}
	} else {
		s.answer(t, seat, a.Path)
	}
	s.advance()
	return s.ev, nil
}

func (s *State) setPref(seat int, path []string) {
	name, on := path[1], path[2] == "on"
	// Setting a preference as it stands changes no player: none is copied
	// (player). The list is kept sorted, so it would come out the same.
	if s.pref(seat, name) != on {
		p := s.player(seat)
		// a new list: clones share the old one (Clone)
		p.Prefs = slices.DeleteFunc(slices.Clone(p.Prefs), func(x string) bool { return x == name })
		if on {
			p.Prefs = append(p.Prefs, name)
			slices.Sort(p.Prefs)
		}
	}
	s.emitTo(seat, "moa.pref", "pref", name, "value", path[2])
	// A preference may answer the reaction this seat is prompted for now.
	if t := s.top(); t != nil && t.K == kReact && s.isPrompted(t, seat) {
		if ans, ok := s.autoReact(t, seat); ok {
			t = s.ownTop()
			t.Ans[seat] = ans
			s.resolveAll(t)
		}
	}
}

// advance runs automatic steps until someone must decide or the game ends.
func (s *State) advance() {
	for guard := 0; guard < 1_000_000; guard++ {
		if s.Res != nil {
			s.Tasks = nil
			return
		}
		if !s.Hold && !s.marching() && s.settle() {
			return
		}
		t := s.top()
		if t == nil {
			return
		}
		if t.Who != nil && s.anyPrompted(t) {
			return
		}
		if t.Who == nil && s.waitsAsIs(t) {
			return // run would change nothing: a preference owns no task
		}
		t = s.ownTop() // resolveAll and run change it
		if t.Who != nil {
			s.resolveAll(t)
			continue
		}
		if s.run(t) {
			return
		}
	}
}

// waitsAsIs reports that run(t) would only say that t waits for its seat,
// changing nothing (the same conditions as run's).
func (s *State) waitsAsIs(t *Task) bool {
	switch t.K {
	case kExplore, kGenome, kRaid, kHunt, kStart, kInvader, kFill:
		return true
	case kMarch:
		return t.Move.Steps > 0
	case kTurn: // runTurn: a Rest forced on a colony that has rested, or the phase over
		p := &s.Players[t.Seat]
		return !s.Over && !(p.Rested && !t.Worker.Bonus && (s.rise() || !s.restTiles()))
	}
	return false
}

// settle fills free collection sites from the outskirts (MOA1-HEX-16,
// MOA1-AMB-5): clockwise from FillFrom, one site per player per pass; the
// owner chooses the site when the free sites differ. It returns true when it
// pushed a prompt.
func (s *State) settle() bool {
	if t := s.top(); t != nil && t.K == kFill {
		return false
	}
	for num := 1; num <= s.rules.Tiles; num++ {
		t := s.tile(num)
		if t == nil {
			continue
		}
		if s.FillHex != num {
			s.FillHex, s.FillDone = num, 0
		}
		for t.freeSites() > 0 && t.outskirts() > 0 {
			seat := s.nextFiller(t)
			if s.freeChoice(t) {
				s.push(Task{K: kFill, Seat: seat, Hex: num})
				return true
			}
			s.fillSite(t, seat, t.firstFree())
		}
		s.FillHex, s.FillDone = -1, 0
	}
	return false
}

// marching: an Evolved March is under way; freed sites are refilled when
// it ends, so its later steps still see them empty (MOAE-MEADOW-11,
// MOAE-STEP-4).
func (s *State) marching() bool {
	t := s.top()
	return t != nil && t.K == kMarch && t.Move.Steps > 0 && s.evolved()
}

func (s *State) nextFiller(t *Tile) int {
	for pass := 0; pass < 2; pass++ {
		for _, p := range s.order(s.FillFrom) {
			if t.Out[p] > 0 && s.FillDone&(1<<p) == 0 {
				return p
			}
		}
		s.FillDone = 0
	}
	return -1
}

func (s *State) fillSite(t *Tile, seat, site int) {
	s.ownTiles()
	t.Out[seat]--
	t.Sites[site] = seat
	// MOAE-MEADOW-11: each player fills every site they can before the next
	if !(s.Opt.FillFirst || s.evolved()) || t.Out[seat] == 0 {
		s.FillDone |= 1 << seat
	}
	s.emit("moa.filled", "seat", seatArg(seat), "hex", hexCode(t.Num), "site", siteCode(site))
}

func (s *State) freeSiteOptions(t *Tile) []string {
	var cs []string
	for i, o := range t.Sites {
		if o < 0 {
			cs = append(cs, siteCode(i))
		}
	}
	return cs
}

func parseSite(code string, t *Tile) int {
	for i := range t.Sites {
		if siteCode(i) == code {
			return i
		}
	}
	return -1
}
