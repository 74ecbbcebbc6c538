package ai

import "formica/engine/march"

// tunedMarch is the search measured best for March of the Ants (both
// editions) where cfg sets none (see tuned): as in Micropolis, playouts
// whose every answer is greedy see the replies greedy players give, three
// decisions see the Soldier phase a move prepares, and a one-ply prior
// steadies the few playouts each candidate gets. Evolved, 5 players
// against greedy seats, 40 games (seeds 1000-1039, no cap): the defaults
// 57.5%, these settings with 100 playouts 81.2% at 204 CPU ms a decision;
// 50 playouts keep a decision well under the bot's 900 ms cap.
//
// Only where marchEval scores the position (not the Uprising, whose
// greedy playouts were never measured and cost several times more).
func tunedMarch(cfg Config, s *march.State) Config {
	if s.Opt.Uprising || len(s.Players) < 2 {
		return cfg
	}
	t := Config{Level: cfg.Level, Candidates: cfg.Candidates, Stop: cfg.Stop, Rollout: -1, Horizon: 3, Playouts: 50, Prior: 3}
	if cfg.Playouts != 0 {
		t.Playouts = cfg.Playouts
	}
	return t
}
