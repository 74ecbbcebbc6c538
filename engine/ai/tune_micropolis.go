package ai

// tunedMicropolis is the search measured best in Micropolis (cmd/aibench,
// 6 players against greedy seats, no time cap).
//
// Random playouts mispredict greedy opponents (38.8% of 40 games, seeds
// 1000-1039); playouts whose every answer is greedy see the replies they
// give, and three turns see the tiles they leave (30 playouts: 48.8%; 2
// players 72.5% -> 87.5%). A one-ply prior steadies the few playouts each
// candidate gets (57.5%). Over 200 games (seeds 1000-1199) 30 playouts
// won 42.8% at 54 CPU ms a decision, 100 won 52.0% at 151.
//
// Since the search scores its candidates and its playouts' ends by
// micropolisValue (what soldiers, architect tokens, open tunnels and the
// tiles still to place are worth by the end) rather than the score as it
// stands, two turns see far enough: over seeds 1000-1079 a horizon of 3
// won 66.3% (the score as it stands: 60.6%), 2 won 77.5% at less CPU
// (114 ms a decision against 130), 1 fell to 60.7% of 56; 150 playouts
// won 72.5%. Over 200 games (seeds 1000-1199) against greedy seats: 6
// players 70.0% (was 52.0%) at 122 CPU ms a decision, 5 76.2%, 4 83.0%,
// 3 90.5%, 2 98.5% (was 89.8%).
func tunedMicropolis(cfg Config) Config {
	t := Config{Level: cfg.Level, Candidates: cfg.Candidates, Stop: cfg.Stop, Rollout: -1, Horizon: 2, Playouts: 100, Prior: 3}
	if cfg.Playouts != 0 {
		t.Playouts = cfg.Playouts
	}
	return t
}
