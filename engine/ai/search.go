package ai

import (
	"cmp"
	"errors"
	"math"
	"math/rand/v2"
	"slices"

	"formica/engine"
	"formica/engine/micropolis"
)

// greedy applies each candidate to a few determinized copies and keeps the
// one whose outcome evaluates best on average (ties: the first listed).
func greedy(det engine.Determinizer, d engine.State, seat engine.Seat, cfg Config, rng *rand.Rand) (engine.Path, error) {
	cands, err := candidates(d, seat, cfg.candidates(), rng)
	if err != nil || len(cands) == 1 {
		return first(cands, err)
	}
	const samples = 3
	worlds := []engine.State{d}
	for len(worlds) < samples {
		worlds = append(worlds, det.Determinize(seat, rng))
	}
	best, bestV := 0, math.Inf(-1)
	for i, c := range cands {
		v := 0.0
		for _, w := range worlds {
			v += applyEval(w, seat, c)
		}
		if v > bestV {
			best, bestV = i, v
		}
	}
	return cands[best], nil
}

// applyEval evaluates seat's answer c in a copy of w; an answer the copy
// refuses evaluates worst.
func applyEval(w engine.State, seat engine.Seat, c engine.Path) float64 {
	return applyScore(w, seat, c, Evaluate)
}

// applyScore scores seat's answer c in a copy of w by score; an answer the
// copy refuses scores worst.
func applyScore(w engine.State, seat engine.Seat, c engine.Path, score func(engine.State, engine.Seat) float64) (v float64) {
	n := w.Clone()
	defer func() {
		if recover() != nil {
			v = math.Inf(-1)
		}
	}()
	if _, err := n.Apply(engine.Answer{Seat: seat, Path: c}); err != nil {
		return math.Inf(-1)
	}
	return score(n, seat)
}

// value is Evaluate, or where the game has one, a slower estimate of the
// final margin that a search reads where it scores a position (its
// candidates and the ends of its playouts), not at every rollout answer.
func value(s engine.State, seat engine.Seat) float64 {
	if s.Result() == nil && pkgOf(s) == micropolisPkg {
		return micropolisValue(s.View(seat).(micropolis.View), int(seat))
	}
	return Evaluate(s, seat)
}

// search runs determinized playouts: each picks a candidate by UCB1, a
// fresh sample of what seat cannot see, plays the candidate and then
// answers for every seat by the rollout policy up to the horizon, and
// scores the position for seat. The most played candidate wins. Stop, when
// set, is asked before every playout but the first: a search it cuts
// before every candidate was played out answers the candidate best one ply
// ahead.
func search(det engine.Determinizer, d engine.State, seat engine.Seat, cfg Config, rng *rand.Rand) (engine.Path, error) {
	cands, err := candidates(d, seat, cfg.candidates(), rng)
	if err != nil || len(cands) == 1 {
		return first(cands, err)
	}
	cands, ply := prune(d, seat, cands, min(cfg.width(), len(cands)))
	budget := cfg.Playouts
	if budget <= 0 {
		budget = DefaultPlayouts
	}
	n := make([]int, len(cands))
	w := make([]float64, len(cands))
	total := 0
	if cfg.Prior > 0 {
		// Each candidate starts as if played Prior times to its one-ply
		// value: where playouts are noisy (many random opponents) the
		// search cannot drift below the greedy choice on noise alone.
		for i, v := range ply {
			n[i], w[i] = cfg.Prior, float64(cfg.Prior)*squash(v)
			total += cfg.Prior
		}
	}
	played := 0
	if cfg.Paired {
		// Rounds: one sampled world and one random stream, every candidate
		// played out in copies of them, so candidates are compared on the
		// same future (the same draws, the same replies where the replies
		// do not depend on the candidate).
		for played < budget {
			ws, rs := rng.Uint64(), rng.Uint64()
			for i := range cands {
				if played > 0 && cfg.Stop != nil && cfg.Stop() {
					budget = 0
					break
				}
				world := det.Determinize(seat, rand.New(rand.NewPCG(ws, 1)))
				v := playout(world, seat, cands[i], cfg, rand.New(rand.NewPCG(rs, 2)))
				if math.IsNaN(v) {
					budget = 0
					break
				}
				w[i] += v
				n[i]++
				played++
			}
		}
		if played < len(cands) && cfg.Prior == 0 {
			return cands[argmax(ply)], nil
		}
		mean := make([]float64, len(cands))
		for i := range cands {
			mean[i] = w[i] / float64(max(n[i], 1))
		}
		return cands[argmax(mean)], nil
	}
	for it := 0; it < budget; it++ {
		if it > 0 && cfg.Stop != nil && cfg.Stop() {
			break
		}
		i := pick(n, w, total)
		var world engine.State
		if it > 0 {
			world = det.Determinize(seat, rng)
		} else {
			world = d.Clone()
		}
		v := playout(world, seat, cands[i], cfg, rng)
		if math.IsNaN(v) {
			break
		}
		w[i] += v
		n[i]++
		total++
		played++
	}
	if played < len(cands) && cfg.Prior == 0 {
		return cands[argmax(ply)], nil
	}
	best := 0
	for i := range cands {
		if n[i] > n[best] || n[i] == n[best] && w[i] > w[best] {
			best = i
		}
	}
	return cands[best], nil
}

// argmax is the index of the largest value, the first of equals.
func argmax(v []float64) int {
	best := 0
	for i := range v {
		if v[i] > v[best] {
			best = i
		}
	}
	return best
}

// pick is UCB1: every candidate once, then the best mean plus exploration.
func pick(n []int, w []float64, total int) int {
	best, bestV := 0, math.Inf(-1)
	logT := math.Log(float64(total + 1))
	for i := range n {
		if n[i] == 0 {
			return i
		}
		v := w[i]/float64(n[i]) + 0.7*math.Sqrt(logT/float64(n[i]))
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// DefaultHorizon is how many more of its own decisions a playout lets the
// searching seat take before it stops and scores the position by Evaluate.
// Random play to the very end drowns a move's effect in noise: against
// greedy opponents a short horizon wins more often (cmd/aibench: Micropolis
// 2 players 58% with full playouts, 72% with a horizon of about two turns).
const DefaultHorizon = 2

// Playouts are cut at maxPlayout answers.
const maxPlayout = 4000

// playout applies seat's answer c to s (its own copy) and plays on with
// answers of the rollout policy, until seat is to answer for the
// horizon+1st time (0: to the end). Answers come from Choices, so they
// need no second check and s is changed in place: no clone per answer. Its
// value is in [0, 1] (the rank's reward plus a little of the score
// margin); NaN when cfg.Stop cut it short.
func playout(s engine.State, seat engine.Seat, c engine.Path, cfg Config, rng *rand.Rand) (v float64) {
	horizon, pol := cfg.horizon(), cfg.rollout()
	defer func() {
		if recover() != nil {
			v = 0 // a sample the rules cannot go on from says nothing good
		}
	}()
	if _, err := s.Apply(engine.Answer{Seat: seat, Path: c}); err != nil {
		return 0
	}
	own, steps, last := 0, 0, seat
	for range maxPlayout {
		if cfg.Stop != nil && cfg.Stop() {
			// One playout of greedy answers can outlast what is left of
			// a wall-clock cap on a loaded machine: it is dropped.
			return math.NaN()
		}
		if r := s.Result(); r != nil {
			if cfg.Win {
				return 0.5*win(r, seat) + 0.5*squash(margin(r.Scores, int(seat)))
			}
			return 0.95*reward(r, seat) + 0.05*squash(margin(r.Scores, int(seat)))
		}
		pend := s.Pending()
		if len(pend) == 0 {
			break
		}
		p := pend[rng.IntN(len(pend))]
		if p.Seat == seat && (!cfg.Turns || last != seat) {
			if own++; horizon > 0 && own > horizon {
				break
			}
		}
		k := 1
		if steps < pol.plies {
			k = pol.samples
		}
		steps++
		path, err := policyPath(s, p.Seat, k, rng)
		if err != nil {
			break
		}
		if _, err := s.Apply(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
			break
		}
		last = p.Seat
	}
	return squash(value(s, seat))
}

// policyPath is the answer a playout takes for seat: uniformly random when
// k is 1, else the best one ply ahead (by Evaluate, for the seat that
// answers) of k random answers. Random opponents make no threats: a
// playout whose opponents take the answer that looks best to them sees
// the replies greedy players give.
func policyPath(s engine.State, seat engine.Seat, k int, rng *rand.Rand) (engine.Path, error) {
	if k < 0 {
		return greedyPath(s, seat, -k, rng)
	}
	if k <= 1 {
		return RandomPath(s, seat, rng)
	}
	var best engine.Path
	bestV := math.Inf(-1)
	for range k {
		p, err := RandomPath(s, seat, rng)
		if err != nil {
			return nil, err
		}
		if v := applyEval(s, seat, p); best == nil || v > bestV {
			best, bestV = p, v
		}
	}
	return best, nil
}

// win is 1 for a first place, 1/k for one shared by k seats, else 0.
func win(r *engine.Result, seat engine.Seat) float64 {
	if int(seat) >= len(r.Rank) || r.Rank[seat] != 1 {
		return 0
	}
	k := 0
	for _, x := range r.Rank {
		if x == 1 {
			k++
		}
	}
	return 1 / float64(k)
}

// greedyPath is seat's answer in s that evaluates best one ply ahead, of
// at most max candidates: the answer a greedy player gives.
func greedyPath(s engine.State, seat engine.Seat, max int, rng *rand.Rand) (engine.Path, error) {
	cands, err := candidates(s, seat, max, rng)
	if err != nil || len(cands) == 1 {
		return first(cands, err)
	}
	best, bestV := 0, math.Inf(-1)
	for i, c := range cands {
		if v := applyEval(s, seat, c); v > bestV {
			best, bestV = i, v
		}
	}
	return cands[best], nil
}

// squash maps a score margin into (0, 1), 0.5 for even.
func squash(x float64) float64 { return 0.5 + math.Atan(x/10)/math.Pi }

func first(cands []engine.Path, err error) (engine.Path, error) {
	if err != nil {
		return nil, err
	}
	if len(cands) == 0 {
		return nil, ErrNoPrompt
	}
	return cands[0], nil
}

// prune keeps the w candidates that evaluate best one ply ahead in d, in
// their listed order, with their values: the playouts are spent on moves
// worth comparing.
func prune(d engine.State, seat engine.Seat, cands []engine.Path, w int) ([]engine.Path, []float64) {
	type scored struct {
		i int
		v float64
	}
	sc := make([]scored, len(cands))
	for i, c := range cands {
		sc[i] = scored{i, applyScore(d, seat, c, value)}
	}
	slices.SortStableFunc(sc, func(a, b scored) int { return cmp.Compare(b.v, a.v) })
	sc = sc[:w]
	slices.SortFunc(sc, func(a, b scored) int { return a.i - b.i })
	out := make([]engine.Path, w)
	vals := make([]float64, w)
	for k, x := range sc {
		out[k], vals[k] = cands[x.i], x.v
	}
	return out, vals
}

func (c Config) horizon() int {
	switch {
	case c.Horizon < 0:
		return 0
	case c.Horizon == 0:
		return DefaultHorizon
	}
	return c.Horizon
}

// rollout is how a playout picks its answers: the first plies answers
// each the best of samples random ones, the rest uniformly random.
type rollout struct{ samples, plies int }

func (c Config) rollout() rollout {
	r := rollout{samples: c.Rollout, plies: c.RolloutPlies}
	switch {
	case r.samples < 0:
		r.samples = -c.candidates()
	case r.samples == 0:
		r.samples = 1
	}
	if r.plies <= 0 {
		r.plies = maxPlayout
	}
	return r
}

func (c Config) width() int {
	if c.Width > 0 {
		return c.Width
	}
	return 10
}

func (c Config) candidates() int {
	if c.Candidates > 0 {
		return c.Candidates
	}
	return 32
}

// Playout plays s (changed in place) to its end with random legal answers
// as search does, and returns how many answers it took.
func Playout(s engine.State, rng *rand.Rand) (int, error) {
	for n := 0; n < 100000; n++ {
		if s.Result() != nil {
			return n, nil
		}
		pend := s.Pending()
		if len(pend) == 0 {
			return n, errors.New("ai: no prompt and no result")
		}
		p := pend[rng.IntN(len(pend))]
		path, err := RandomPath(s, p.Seat, rng)
		if err != nil {
			return n, err
		}
		if _, err := s.Apply(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
			return n, err
		}
	}
	return 100000, errors.New("ai: playout did not end")
}
