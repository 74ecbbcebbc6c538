package funants

import (
	"slices"
	"strconv"

	"formica/engine"
)

// walk validates an answer path one step at a time.
type walk struct {
	p    engine.Path
	rule string
	bare bool // codes only, no labels (BareChoices, Valid)
}

// at returns stop=true when the path ends at step i (the step to show) or
// when p[i] is not among opts (the error).
func (w walk) at(i int, name string, opts []engine.Option, done bool) (engine.Step, bool, error) {
	if len(w.p) == i {
		// A copy: opts may be the caller's stack buffer (optBuf).
		var own []engine.Option
		if opts != nil {
			own = append(make([]engine.Option, 0, len(opts)), opts...)
		}
		return engine.Step{Name: "fun.step." + name, Options: own, Done: done, Rule: w.rule}, true, nil
	}
	for _, o := range opts {
		if o.Code == w.p[i] {
			return engine.Step{}, false, nil
		}
	}
	key := engine.KeyNotAnOption
	if i == 0 {
		if k, ok := refusedCommands[w.rule+" "+w.p[0]]; ok {
			key = k // a command of the game that the rules forbid now
		}
	}
	return engine.Step{}, true, engine.Illegal(w.rule, w.p, i, key, map[string]string{"step": "fun.step." + name})
}

// refusedCommands explains a first word that is a command of the game but
// not open now, by the rule whyNot names: "rule word" -> message key.
var refusedCommands = map[string]string{
	"FUN-MAIN-1 hire":     "fun.err.hire_after_move",
	"FUN-HIRE-2 hire":     "fun.err.cannot_hire",
	"FUN-MAIN-1 move":     "fun.err.move_after_hire",
	"FUN-MOVE-3 move":     "fun.err.cannot_move",
	"FUN-TUNNEL-2 tunnel": "fun.err.tunnel_after_hire",
	"FUN-TUNNEL-4 tunnel": "fun.err.cannot_tunnel",
	"FUN-BUILD-1 build":   "fun.err.cannot_build",
	"FUN-BUILD-7 build":   "fun.err.no_building",
	"FUN-DRAW-2 swap":     "fun.err.cannot_swap",
	"FUN-RES-3 sell":      "fun.err.cannot_sell",
	"FUN-CARD-1 play":     "fun.err.cannot_play",
}

// end is the step after a complete path.
func (w walk) end(i int) (engine.Step, error) {
	if len(w.p) == i {
		return engine.Step{Name: "fun.step.done", Done: true}, nil
	}
	return engine.Step{}, engine.Illegal(w.rule, w.p, i, "fun.err.too_long", map[string]string{"move": w.p[:i].String()})
}

// optBuf holds a step's options on the stack of the tree that lists
// them: at copies them out only for the step it returns, so walking a
// path through earlier steps (Valid, Check, each Choices) allocates none.
type optBuf [16]engine.Option

// codes appends an option per code to to.
func codes(to []engine.Option, cs ...string) []engine.Option {
	for _, c := range cs {
		to = append(to, engine.Option{Code: c})
	}
	return to
}

// labelled is labelled, or codes alone for a bare walk.
func (w walk) labelled(to []engine.Option, prefix string, cs ...string) []engine.Option {
	if w.bare {
		return codes(to, cs...)
	}
	return labelled(to, prefix, cs...)
}

// labelled is codes with the label key prefix+code each.
func labelled(to []engine.Option, prefix string, cs ...string) []engine.Option {
	k := len(to)
	to = codes(to, cs...)
	for i := k; i < len(to); i++ {
		to[i].Key = prefix + to[i].Code
	}
	return to
}

func (g *state) cellOpts(to []engine.Option, cells []int) []engine.Option {
	for _, c := range cells {
		to = append(to, engine.Option{Code: g.b.Cells[c].ID})
	}
	return to
}

func (g *state) cellOf(code string) int {
	c, ok := g.b.cellIndex(code)
	if !ok {
		return -1
	}
	return c
}

func (g *state) Choices(seat engine.Seat, p engine.Path) (engine.Step, error) {
	st, kind, err := g.choices(seat, p, false)
	if kind != "order" {
		st.Private = g.private(int(seat), p, st)
	}
	return st, err
}

// Valid implements engine.Validator: every tree checks each code of the
// path against the options of its step (walk.at), so the step after the
// whole path tells whether it is a complete legal answer.
func (g *state) Valid(seat engine.Seat, p engine.Path) bool {
	st, _, err := g.choices(seat, p, true)
	return err == nil && st.Done
}

// BareChoices implements engine.BareChooser: Choices without the cards'
// and hires' labels and without asking whether the step is private.
func (g *state) BareChoices(seat engine.Seat, p engine.Path) (engine.Step, error) {
	st, _, err := g.choices(seat, p, true)
	return st, err
}

// choices is Choices but for Step.Private; kind is the prompt's.
func (g *state) choices(seat engine.Seat, p engine.Path, bare bool) (engine.Step, string, error) {
	s := int(seat)
	if g.Winners != nil {
		return engine.Step{}, "", engine.ErrGameOver
	}
	pr, ok := g.promptFor(seat)
	if !ok {
		return engine.Step{}, "", engine.ErrNotYourTurn
	}
	var st engine.Step
	var err error
	switch pr.Kind {
	case "battle":
		st, err = g.battleTree(s, p, bare)
	case "order":
		st, err = g.orderTree(p, bare)
	default:
		st, err = g.turnTree(s, p, bare)
	}
	return st, pr.Kind, err
}

// private reports whether a step must be shown to its seat alone: it lists
// cards from the hand, or it is the first word of a turn or a battle, whose
// choices ("play" or not) tell whether the hand holds a playable card.
func (g *state) private(s int, p engine.Path, st engine.Step) bool {
	if len(g.Players[s].Hand) == 0 {
		return false
	}
	return len(p) == 0 || st.Name == "fun.step.card"
}

// rootCommands lists the commands seat may start now, with the rule that
// forbids each missing one (used for errors).
func (g *state) turnTree(s int, p engine.Path, bare bool) (engine.Step, error) {
	var ob optBuf
	// Past the first word only that command's availability matters.
	want := func(c string) bool { return len(p) == 0 || p[0] == c }
	var buf [8]string // every command: no slice to grow on each call
	opts := buf[:0]
	if want("hire") && g.Mode != modeMove && g.canHire(s) {
		opts = append(opts, "hire")
	}
	if want("move") && g.Mode != modeHire && g.canMoveAny(s) {
		opts = append(opts, "move")
	}
	if want("tunnel") && g.Mode != modeHire && g.Players[s].Tokens >= 1 && g.canTunnel(s) {
		opts = append(opts, "tunnel")
	}
	if want("build") && g.canBuild(s) {
		opts = append(opts, "build")
	}
	if want("play") && g.canPlay(s) {
		opts = append(opts, "play")
	}
	if want("swap") && g.SwapOK && len(g.Players[s].Hand) > 0 {
		opts = append(opts, "swap")
	}
	if want("sell") && g.canSell(s) {
		opts = append(opts, "sell")
	}
	opts = append(opts, "pass")
	w := walk{p: p, rule: g.whyNot(s, p), bare: bare}
	if st, stop, err := w.at(0, "command", codes(ob[:0], opts...), false); stop {
		return st, err
	}
	switch p[0] {
	case "hire":
		return g.hireTree(s, w)
	case "move":
		return g.moveTree(s, w, false)
	case "tunnel":
		return g.tunnelTree(s, w)
	case "play":
		return g.playTree(s, w)
	case "swap":
		w.rule = "FUN-DRAW-2"
		return g.cardTree(s, w, 1, g.Players[s].Hand, func() (engine.Step, error) { return w.end(2) })
	case "sell":
		w.rule = "FUN-RES-3"
		return g.cardTree(s, w, 1, g.Players[s].Hand, func() (engine.Step, error) {
			rest := slices.Clone(g.Players[s].Hand)
			rest = slices.Delete(rest, g.handIndex(s, p[1]), g.handIndex(s, p[1])+1)
			return g.cardTree(s, w, 2, rest, func() (engine.Step, error) { return w.end(3) })
		})
	}
	return w.end(1) // build, pass
}

// whyNot names the rule behind a refused first word, so errors cite it.
func (g *state) whyNot(s int, p engine.Path) string {
	if len(p) == 0 {
		return "FUN-TURN-1"
	}
	switch p[0] {
	case "hire":
		if g.Mode == modeMove {
			return "FUN-MAIN-1"
		}
		return "FUN-HIRE-2"
	case "move":
		if g.Mode == modeHire {
			return "FUN-MAIN-1"
		}
		return "FUN-MOVE-3"
	case "tunnel":
		if g.Mode == modeHire {
			return "FUN-TUNNEL-2"
		}
		return "FUN-TUNNEL-4"
	case "build":
		if pyramids(g.Scenario) {
			return "FUN-BUILD-7"
		}
		return "FUN-BUILD-1"
	case "swap":
		return "FUN-DRAW-2"
	case "sell":
		return "FUN-RES-3"
	case "play":
		return "FUN-CARD-1"
	}
	return "FUN-TURN-1"
}

// cardTree offers the distinct card codes in hand at step i.
func (g *state) cardTree(s int, w walk, i int, hand []int, next func() (engine.Step, error)) (engine.Step, error) {
	var ob optBuf
	var cs []string
	for _, id := range hand {
		if c := g.b.cards[id]; !slices.Contains(cs, c) {
			cs = append(cs, c)
		}
	}
	slices.Sort(cs)
	if st, stop, err := w.at(i, "card", w.labelled(ob[:0], "fun.cardname.", cs...), false); stop {
		return st, err
	}
	return next()
}

func (g *state) handIndex(s int, code string) int {
	for i, id := range g.Players[s].Hand {
		if g.b.cards[id] == code {
			return i
		}
	}
	return -1
}

func (g *state) canSell(s int) bool {
	return g.onBoard(s) == 0 && g.Players[s].Tokens == 0 && len(g.Players[s].Hand) >= 2
}

func (g *state) canBuild(s int) bool {
	if pyramids(g.Scenario) {
		return false // FUN-BUILD-7
	}
	k := len(g.Players[s].Levels)
	return k < 3 && g.Players[s].Tokens >= levelCost[k]
}

// --- hire: hire <kind> <cell> [<forward> [<which>]] ---

var hireKinds = []string{"w", "s", "ww", "ss", "ws"}

func kindCost(k string) (w, s, cost int) {
	for _, r := range k {
		if r == 'w' {
			w++
			cost++
		} else {
			s++
			cost += 2
		}
	}
	return
}

func (g *state) hireKinds(s int) []string {
	var out []string
	for _, k := range hireKinds {
		nw, ns, cost := kindCost(k)
		if g.Players[s].Tokens < cost || g.supply(s, Worker) < nw || g.supply(s, Soldier) < ns {
			continue
		}
		for _, c := range g.homeCells(s) {
			if g.hireCellOK(s, k, c) {
				out = append(out, k)
				break
			}
		}
	}
	return out
}

func (g *state) hireCells(s int, k string) []int {
	var out []int
	for _, c := range g.homeCells(s) {
		if g.hireCellOK(s, k, c) {
			out = append(out, c)
		}
	}
	return out
}

// hireCellOK reports whether ants of kind k may be hired onto anthill cell c.
func (g *state) hireCellOK(s int, k string, c int) bool {
	if g.opponentOn(s, c) {
		return false // FUN-AMB-6
	}
	mine := g.mineCount(s, c)
	if len(k) == 2 {
		return mine == 0 && g.canEnter(s, c, 2)
	}
	return g.canEnter(s, c, 1) || (mine > 0 && len(g.pushCells(s, c)) > 0)
}

// pushCells are where the hiring push may send an ant from anthill cell c.
func (g *state) pushCells(s, c int) []int {
	var out []int
	for _, f := range g.b.forward(g.Players[s].Anthill, c) {
		if g.canEnter(s, f, 1) {
			out = append(out, f)
		}
	}
	return out
}

func (g *state) hireTree(s int, w walk) (engine.Step, error) {
	var ob optBuf
	w.rule = "FUN-HIRE-2"
	if st, stop, err := w.at(1, "kind", w.labelled(ob[:0], "fun.opt.hire_", g.hireKinds(s)...), false); stop {
		return st, err
	}
	k := w.p[1]
	w.rule = "FUN-HIRE-3"
	if st, stop, err := w.at(2, "cell", g.cellOpts(ob[:0], g.hireCells(s, k)), false); stop {
		return st, err
	}
	c := g.cellOf(w.p[2])
	if len(k) == 2 {
		return w.end(3)
	}
	mine := g.mineOn(s, c)
	var push []int
	if len(mine) > 0 {
		push = g.pushCells(s, c)
	}
	w.rule = "FUN-HIRE-5"
	if st, stop, err := w.at(3, "push", g.cellOpts(ob[:0], push), g.canEnter(s, c, 1)); stop {
		return st, err
	}
	return g.whichTree(w, 4, mine)
}

// whichTree asks which ant when the cell holds two of different kinds.
func (g *state) whichTree(w walk, i int, ants []int) (engine.Step, error) {
	var ob optBuf
	kinds := g.kindsOf(ants)
	if len(kinds) < 2 {
		return w.end(i)
	}
	if st, stop, err := w.at(i, "ant", codes(ob[:0], kinds...), false); stop {
		return st, err
	}
	return w.end(i + 1)
}

func (g *state) kindsOf(ants []int) []string { return g.appendKinds(nil, ants) }

// appendKinds appends kindsOf(ants) to out; the move tree, which every
// move's Check walks, passes a buffer on its stack (as to the other
// append* lists).
func (g *state) appendKinds(out []string, ants []int) []string {
	k0 := len(out)
	for _, i := range ants {
		if k := g.Ants[i].Kind; !slices.Contains(out[k0:], k) {
			out = append(out, k)
		}
	}
	slices.Sort(out[k0:])
	return out
}

// --- move: move <from> <to> [w|s|2]; dash uses the same tree ---

func (g *state) movers(s, cell int, card bool) []int { return g.appendMovers(nil, s, cell, card) }

// appendMovers appends movers(s, cell, card) to out.
func (g *state) appendMovers(out []int, s, cell int, card bool) []int {
	for i, a := range g.Ants {
		if a.Cell == cell && a.Owner == s && (card || !a.Moved) {
			out = append(out, i)
		}
	}
	return out
}

// appendMoveTos appends the cells seat's ants on from may step to, sorted.
func (g *state) appendMoveTos(out []int, s, from int) []int {
	k0 := len(out)
	for _, y := range g.moveAdj(s, from) {
		if g.canEnter(s, y, 1) {
			out = append(out, y)
		}
	}
	slices.Sort(out[k0:])
	return out
}

// canMove reports whether moveTos(s, from) is not empty, without
// building it (appendAntCells asks it for every ant, on every Choices).
func (g *state) canMove(s, from int) bool {
	for _, y := range g.moveAdj(s, from) {
		if g.canEnter(s, y, 1) {
			return true
		}
	}
	return false
}

func (g *state) moveFroms(s int) []int { return g.appendAntCells(nil, s, false) }

// appendAntCells appends the cells holding seat's ants that may step somewhere
// (unmoved ones unless card), in board order.
func (g *state) appendAntCells(out []int, s int, card bool) []int {
	k0 := len(out)
	for _, a := range g.Ants {
		if a.Owner == s && (card || !a.Moved) && !slices.Contains(out[k0:], a.Cell) && g.canMove(s, a.Cell) {
			out = append(out, a.Cell)
		}
	}
	slices.Sort(out[k0:])
	return out
}

// moveTree handles "move" (base 0) and "play dash" (card: base 1).
func (g *state) moveTree(s int, w walk, card bool) (engine.Step, error) {
	var ob optBuf
	base := 1
	if card {
		base = 2
	}
	var fb, tb, mb [8]int
	var kb [3]string
	froms := g.appendAntCells(fb[:0], s, card)
	w.rule = "FUN-MOVE-3"
	if st, stop, err := w.at(base, "from", g.cellOpts(ob[:0], froms), false); stop {
		return st, err
	}
	from := g.cellOf(w.p[base])
	w.rule = "FUN-MOVE-2"
	if st, stop, err := w.at(base+1, "to", g.cellOpts(ob[:0], g.appendMoveTos(tb[:0], s, from)), false); stop {
		return st, err
	}
	to := g.cellOf(w.p[base+1])
	ants := g.appendMovers(mb[:0], s, from, card)
	kinds := g.appendKinds(kb[:0], ants)
	var ob2 [3]string
	opts := ob2[:0]
	if len(kinds) == 2 {
		opts = append(opts, kinds...)
	}
	// Two ants may step together as one group (FUN-MOVE-8).
	if !card && len(ants) == 2 && g.canEnter(s, to, 2) {
		opts = append(opts, "2")
	}
	w.rule = "FUN-MOVE-8"
	if st, stop, err := w.at(base+2, "ant", codes(ob[:0], opts...), len(kinds) == 1); stop {
		return st, err
	}
	return w.end(base + 3)
}

// --- tunnel <cell> ---

func (g *state) tunnelTree(s int, w walk) (engine.Step, error) {
	var ob optBuf
	w.rule = "FUN-TUNNEL-4"
	if st, stop, err := w.at(1, "cell", g.cellOpts(ob[:0], g.tunnelCells(s)), false); stop {
		return st, err
	}
	return w.end(2)
}

// --- battle order: fight <n> ---

func (g *state) orderTree(p engine.Path, bare bool) (engine.Step, error) {
	var ob optBuf
	w := walk{p: p, rule: "FUN-BATTLE-9", bare: bare}
	if st, stop, err := w.at(0, "command", codes(ob[:0], "fight"), false); stop {
		return st, err
	}
	var opts []engine.Option
	for i, bt := range g.battles() {
		o := engine.Option{Code: strconv.Itoa(i + 1)}
		if !w.bare {
			o.Key, o.Args = "fun.opt.battle", map[string]string{
				"a": seatName(bt.A), "cell_a": g.b.Cells[bt.CellA].ID, "b": seatName(bt.B), "cell_b": g.b.Cells[bt.CellB].ID}
		}
		opts = append(opts, o)
	}
	if st, stop, err := w.at(1, "battle", opts, false); stop {
		return st, err
	}
	return w.end(2)
}

// --- battle: play rage [w|s] | pass ---

func (g *state) fightSide(s int) (cell int, ok bool) {
	f := g.Fight
	switch s {
	case f.A:
		return f.CellA, true
	case f.B:
		return f.CellB, true
	}
	return -1, false
}

func (g *state) battleTree(s int, p engine.Path, bare bool) (engine.Step, error) {
	var ob optBuf
	w := walk{p: p, rule: "FUN-BATTLE-5", bare: bare}
	opts := []string{"pass"}
	if g.handIndex(s, "rage") >= 0 {
		opts = append([]string{"play"}, opts...)
	}
	if st, stop, err := w.at(0, "command", codes(ob[:0], opts...), false); stop {
		return st, err
	}
	if p[0] == "pass" {
		return w.end(1)
	}
	// Only Ant Rage may be played in a battle (FUN-BATTLE-5, FUN-CARD-9).
	if st, stop, err := w.at(1, "card", codes(ob[:0], "rage"), false); stop {
		return st, err
	}
	cell, _ := g.fightSide(s)
	w.rule = "FUN-CARD-8"
	// The ant the card goes to, when the player's ants there differ by kind
	// or by the Ant Rage they already have: two workers are one choice
	// until one of them is raged (FUN-BATTLE-3).
	var ants []string
	for _, i := range g.mineOn(s, cell) {
		if c := rageCode(g.Ants[i]); !slices.Contains(ants, c) {
			ants = append(ants, c)
		}
	}
	if len(ants) < 2 {
		return w.end(2)
	}
	slices.Sort(ants)
	if st, stop, err := w.at(2, "ant", codes(ob[:0], ants...), false); stop {
		return st, err
	}
	return w.end(3)
}

// rageCode names an ant in a battle by kind and Ant Rage so far: "w",
// "s", "w+1".
func rageCode(a ant) string {
	if a.Rage == 0 {
		return a.Kind
	}
	return a.Kind + "+" + itoa(a.Rage)
}
