package ai

// tunedFunants is the Fun Ants search (cfg names no search setting but
// perhaps Playouts). A Classic game is a race of a few rounds: an ant four
// steps from an opponent's anthill wins, so a decision is good or bad by
// what the other seats do before the seat's next turn. Playouts therefore
// run to the seat's second turn from now (Turns, Horizon 2), every seat
// answering greedily, as a player who sees the threats would.
func tunedFunants(cfg Config) Config {
	t := Config{Level: cfg.Level, Candidates: cfg.Candidates, Stop: cfg.Stop, Rollout: -1, Turns: true, Horizon: 2, Playouts: 12, Prior: 3}
	if cfg.Playouts != 0 {
		t.Playouts = cfg.Playouts
	}
	return t
}
