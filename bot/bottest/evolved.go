package bottest

import (
	"regexp"
	"slices"
	"sort"
	"strconv"

	"formica/engine"
	"formica/engine/march"
)

var evolvedAward = regexp.MustCompile(`P(\d) \S+: (\d+) CP \(award\)`)

// EvolvedRanking works out, apart from the engine's scorer, the final table
// a finished Evolved game's channel post should hold: the points before the
// awards are the final points less the awards post announces; the awards
// (MOAE-END-2, -3) go to the most larvae, food and cards among the players
// who fed every ant, a tie giving each tied player the tie amount from the
// data; the ranking (MOAE-END-4, -5) is most points, then most ants on the
// meadow. It returns the lines ("1. P2 Bob: 12 points") with name naming
// each seat, and the points before and after the awards.
func EvolvedRanking(s *march.State, post string, name func(seat int) string) (lines []string, before, want []int, err error) {
	before = make([]int, s.N)
	for p := range before {
		before[p] = s.Players[p].CP
	}
	for _, a := range evolvedAward.FindAllStringSubmatch(post, -1) {
		p, _ := strconv.Atoi(a[1])
		n, _ := strconv.Atoi(a[2])
		before[p-1] -= n
	}
	d, err := march.Evolved().LoadData(march.Evolved().Data)
	if err != nil {
		return nil, nil, nil, err
	}
	want = slices.Clone(before)
	for _, count := range []func(p *march.Player) int{
		func(p *march.Player) int { return p.Larvae },
		func(p *march.Player) int { return p.Food },
		func(p *march.Player) int { return len(p.Hand) },
	} {
		best := -1
		for i := range s.Players {
			if !s.Players[i].Starved {
				best = max(best, count(&s.Players[i]))
			}
		}
		var tied []int
		for i := range s.Players {
			if !s.Players[i].Starved && count(&s.Players[i]) == best {
				tied = append(tied, i)
			}
		}
		for _, p := range tied {
			if len(tied) == 1 {
				want[p] += d.Settings.AwardCP
			} else {
				want[p] += d.Settings.AwardTieCP
			}
		}
	}
	v := s.View(engine.NoSeat).(*march.View)
	order := make([]int, s.N)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		pa, pb := order[a], order[b]
		return want[pa] > want[pb] || want[pa] == want[pb] && v.Panels[pa].Ants > v.Panels[pb].Ants
	})
	for i, p := range order {
		lines = append(lines, strconv.Itoa(i+1)+". P"+strconv.Itoa(p+1)+" "+name(p)+": "+strconv.Itoa(want[p])+" points")
	}
	return lines, before, want, nil
}
