package ai

// tunedFunants is the Fun Ants search (cfg names no search setting but
// perhaps Playouts). A Classic game is a race of a few rounds: an ant four
// steps from an opponent's anthill wins, so a decision is good or bad by
// what the other seats do before the seat's next turn. Playouts therefore
// run to the seat's second turn from now (Turns, Horizon 2), every seat
// answering greedily, as a player who sees the threats would; a one-ply
// prior steadies the few playouts a candidate gets. 4 players against
// greedy seats, seeds 1000-1199, no time cap: the defaults won 51.0%, a
// horizon in turns with random playouts 50.0%, this 70.5% at 83 CPU ms a
// decision (on seeds 1000-1039: 40.0% defaults, 67.5% with 30 playouts at
// 213 ms, 75.0% with 12 at 83 ms).
func tunedFunants(cfg Config) Config {
	t := Config{Level: cfg.Level, Candidates: cfg.Candidates, Stop: cfg.Stop, Rollout: -1, Turns: true, Horizon: 2, Playouts: 12, Prior: 3}
	if cfg.Playouts != 0 {
		t.Playouts = cfg.Playouts
	}
	return t
}
