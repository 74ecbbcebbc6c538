// Command aibench measures AI strength: it plays games of every game with
// one search seat against random or greedy seats and prints, per game,
// player count and opponent, the search seat's win rate, the wall and CPU
// time per search decision and the process's peak memory. It is a
// benchmark, not a test: its numbers depend on the machine and on the
// budget. A search decision is capped in wall time as the bot caps it
// (-think); -think 0 lets the playout budget alone decide, so two runs
// repeat exactly. Without any search flag the search takes the game's
// own settings (the default level); naming one takes the flags as given. A game counts
// as won when the search seat ranks first; a first place shared by k
// seats counts 1/k; a game that has not ended after 5000 answers (or
// stopped on a refused answer) counts as lost, in the column unfin. Game g uses seed 1000+g with the search seat at g mod
// the seat count, so two runs compare game by game (-progress).
//
//	go run ./cmd/aibench [-games 200] [-first 0] [-time 3m] [-only micropolis] [-ruleset evolved] [-seats 2,4] [-vs random,greedy] [-playouts 0] [-width 0] [-horizon 0] [-turns] [-paired] [-win] [-rollout 0] [-plies 0] [-prior 0] [-think 900ms] [-progress]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"formica/engine"
	"formica/engine/ai"
	"formica/engine/funants"
	"formica/engine/march"
	"formica/engine/micropolis"
	"formica/engine/myrmes"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "aibench:", err)
		os.Exit(1)
	}
}

type cell struct {
	game     *engine.Descriptor
	ruleset  string // "": the game's default
	seats    int
	opponent ai.Level
}

// name is the game's id, and its rule set when one was asked for.
func (c cell) name() string {
	if c.ruleset == "" {
		return c.game.ID
	}
	return c.game.ID + "/" + c.ruleset
}

func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("aibench", flag.ContinueOnError)
	games := fs.Int("games", 200, "games per game, player count and opponent (at most)")
	first := fs.Int("first", 0, "the first game's number (seed 1000+first): two processes with -first 0 -games 100 and -first 100 -games 100 play the games of one 200-game row")
	budget := fs.Duration("time", 3*time.Minute, "wall time per game, player count and opponent (at most)")
	only := fs.String("only", "", "comma-separated game ids (default: all)")
	ruleset := fs.String("ruleset", "", "rule set (e.g. evolved: March of the Ants, Evolved edition); games without it are skipped")
	seatList := fs.String("seats", "", "comma-separated player counts (default: 2 and the game's maximum)")
	playouts := fs.Int("playouts", 0, "search playouts per decision (0: the default level's)")
	opps := fs.String("vs", "random,greedy", "opponent levels")
	width := fs.Int("width", 0, "search candidates played out (0: the default)")
	horizon := fs.Int("horizon", 0, "search playout length in the seat's own decisions (0: the default; -1: to the end)")
	turns := fs.Bool("turns", false, "-horizon counts the seat's turns, not its decisions")
	paired := fs.Bool("paired", false, "search plays every candidate out in the same sampled worlds")
	winOnly := fs.Bool("win", false, "search values a finished playout by first place and margin, not by rank")
	rollout := fs.Int("rollout", 0, "random answers a playout compares per answer (0: the default; -1: every answer greedy)")
	plies := fs.Int("plies", 0, "playout answers that compare -rollout answers (0: all)")
	prior := fs.Int("prior", 0, "playouts each search candidate counts as valued one ply ahead (0: the default)")
	think := fs.Duration("think", 900*time.Millisecond, "wall-clock cap on a search decision, asked between playouts as the bot does (0: none; the playout budget alone decides, so runs repeat exactly)")
	progress := fs.Bool("progress", false, "print each finished game (seed, search seat, its rank, the running tally) to stderr")
	if err := fs.Parse(args); err != nil {
		return err
	}
	all := []*engine.Descriptor{micropolis.Game, march.Game, funants.Game, myrmes.Game}
	var cells []cell
	for _, d := range all {
		if *only != "" && !slices.Contains(strings.Split(*only, ","), d.ID) {
			continue
		}
		if *ruleset != "" && !slices.Contains(d.RuleSets, *ruleset) {
			continue
		}
		su, err := d.Normalize(engine.Setup{Game: d.ID, RuleSet: *ruleset, Seats: 2})
		if err != nil {
			return err
		}
		_, hi := d.Seats(su)
		counts := []int{2, hi}
		if *seatList != "" {
			counts = nil
			for _, f := range strings.Split(*seatList, ",") {
				n, err := strconv.Atoi(f)
				if err != nil {
					return fmt.Errorf("-seats: %q", f)
				}
				counts = append(counts, n)
			}
		}
		for _, n := range slices.Compact(counts) {
			for _, o := range strings.Split(*opps, ",") {
				lv, ok := ai.ParseLevel(o)
				if !ok {
					return fmt.Errorf("-vs: unknown level %q", o)
				}
				cells = append(cells, cell{d, *ruleset, n, lv})
			}
		}
	}
	fmt.Fprintf(out, "%-15s %5s %-7s %6s %6s %8s %10s %10s %9s %10s %9s %6s\n", "game", "seats", "vs", "games", "wins", "win%", "ms/dec", "max-ms", "dec>1s", "cpu-ms/dec", "peak-MB", "unfin")
	for _, c := range cells {
		if ctx.Err() != nil {
			break
		}
		var log io.Writer = io.Discard
		if *progress {
			log = os.Stderr
		}
		r := c.play(ctx, *first, *games, *budget, ai.Config{Level: ai.Search, Playouts: *playouts, Width: *width, Horizon: *horizon, Turns: *turns, Paired: *paired, Win: *winOnly, Rollout: *rollout, RolloutPlies: *plies, Prior: *prior}, *think, log)
		fmt.Fprintf(out, "%-15s %5d %-7s %6d %6.1f %7.1f%% %10.1f %10.1f %9s %10.1f %9.1f %6d\n", c.name(), c.seats, c.opponent,
			r.games, r.wins, 100*r.wins/float64(max(r.games, 1)), r.mean(), float64(r.maxDec.Microseconds())/1000,
			fmt.Sprintf("%d/%d", r.slow, r.decisions), r.per(r.cpu), peakMB(), r.unfinished)
	}
	return nil
}

type result struct {
	games      int
	unfinished int     // games cut at maxAnswers: counted as played and lost
	wins       float64 // a win shared by k seats counts 1/k
	decisions  int
	thinking   time.Duration
	maxDec     time.Duration
	cpu        time.Duration // process CPU time in search decisions
	slow       int           // search decisions over a second of wall time
}

func (r result) mean() float64 { return r.per(r.thinking) }

// per is d in milliseconds per search decision.
func (r result) per(d time.Duration) float64 {
	if r.decisions == 0 {
		return 0
	}
	return float64(d.Microseconds()) / 1000 / float64(r.decisions)
}

// maxAnswers cuts a game that has not ended (a few hundred answers is
// usual).
const maxAnswers = 5000

// play runs games with the search seat moving round the table.
// Each finished game is written to log, so a long run can be read (and two
// runs compared game by game) before it ends.
func (c cell) play(ctx context.Context, first, games int, budget time.Duration, search ai.Config, think time.Duration, log io.Writer) result {
	var r result
	end := time.Now().Add(budget)
	for g := first; g < first+games && time.Now().Before(end) && ctx.Err() == nil; g++ {
		me := engine.Seat(g % c.seats)
		m, err := engine.Start(c.game, engine.Setup{Game: c.game.ID, RuleSet: c.ruleset, Seats: c.seats, Seed: uint64(1000 + g)})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return r
		}
		rng := rand.New(rand.NewPCG(uint64(g), 42))
		n := 0
		for ; m.State.Result() == nil && n < maxAnswers && ctx.Err() == nil; n++ {
			pend := m.State.Pending()
			p := pend[rng.IntN(len(pend))]
			cfg := ai.Config{Level: c.opponent}
			t0, c0 := time.Now(), cpuTime()
			if p.Seat == me {
				cfg = search
				if think > 0 {
					cfg.Stop = func() bool { return time.Since(t0) > think }
				}
			}
			path, err := ai.Decide(m.State, p.Seat, cfg, rng.Uint64())
			if p.Seat == me {
				d := time.Since(t0)
				r.decisions++
				r.thinking += d
				r.maxDec = max(r.maxDec, d)
				if d > time.Second {
					r.slow++
				}
				r.cpu += cpuTime() - c0
			}
			if err == nil {
				_, err = m.Answer(engine.Answer{Seat: p.Seat, Path: path})
			}
			if err != nil {
				fmt.Fprintf(os.Stderr, "%s %dp game %d: %s: %v\n", c.name(), c.seats, g, p.Seat, err)
				break
			}
		}
		res := m.State.Result()
		if res == nil {
			if ctx.Err() != nil {
				break
			}
			// A game that does not end (AIs that keep a prompt open
			// forever) or stops on a refused answer is a lost game, not
			// one left out.
			r.games++
			r.unfinished++
			fmt.Fprintf(log, "%s %dp vs %s: game %d (seed %d) search seat %s: unfinished after %d answers: %.1f/%d wins\n",
				c.name(), c.seats, c.opponent, g, 1000+g, me, n, r.wins, r.games)
			continue
		}
		r.games++
		if res.Rank[me] == 1 {
			k := 0
			for _, x := range res.Rank {
				if x == 1 {
					k++
				}
			}
			r.wins += 1 / float64(k)
		}
		fmt.Fprintf(log, "%s %dp vs %s: game %d (seed %d) search seat %s rank %d of %v: %.1f/%d wins, %.1f ms/dec (max %.1f, %d/%d over 1 s, cpu %.1f)\n",
			c.name(), c.seats, c.opponent, g, 1000+g, me, res.Rank[me], res.Rank, r.wins, r.games, r.mean(), float64(r.maxDec.Microseconds())/1000, r.slow, r.decisions, r.per(r.cpu))
	}
	return r
}
