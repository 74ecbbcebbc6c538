package bot_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/bottest"
	"formica/bot/leaktest"
	"formica/bot/schedule/scheduletest"
	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/funants"
	"formica/engine/micropolis"
	"formica/storage"
	"formica/storage/storagetest"
)

// aiTable is a Micropolis table on an injected clock with a small AI
// search budget; boards are left out (text posts) to keep -race quick.
func aiTable(t *testing.T, clock *scheduletest.Clock) *table {
	t.Helper()
	g := bottest.Micropolis(t)
	g.Board, g.Private = nil, nil
	db := storagetest.Open(t, nil)
	svc, err := bot.New(bot.Config{Store: db, Games: []bot.Game{g}, Seed: func() uint64 { return 7 }, Clock: clock.Now, AIPlayouts: 8})
	if err != nil {
		t.Fatal(err)
	}
	rec := &bottest.Recorder{}
	svc.Attach("console", rec)
	return &table{t: t, svc: svc, db: db, out: rec, ch: "table1"}
}

// playOut plays the match to its end: humans (the users in humans) answer
// at random at once; AI seats answer when the clock reaches their entry.
// It returns the number of answers the AIs gave.
func playOut(tb *table, clock *scheduletest.Clock, humans map[string]bool, step time.Duration) int {
	tb.t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	aiAnswers := 0
	for range 2000 {
		m, err := tb.db.Match(context.Background(), storage.MatchKey{Platform: "console", Channel: tb.ch})
		if errors.Is(err, storage.ErrNotFound) || err == nil && m.Status == storage.StatusFinished {
			return aiAnswers // finished games leave the channel
		}
		if err != nil {
			tb.t.Fatal(err)
		}
		st, err := micropolis.Game.Decode(m.Snapshot)
		if err != nil {
			tb.t.Fatal(err)
		}
		seat := st.Pending()[0].Seat
		if u := userAt(m, seat); humans[u] && !aiKeeps(m, seat) {
			path, err := enginetest.RandomPath(st, seat, rng)
			if err != nil {
				tb.t.Fatal(err)
			}
			tb.ok(u, path.String())
			continue
		}
		clock.Add(step)
		if n := tb.tick(); n > 0 {
			aiAnswers++
		}
	}
	tb.t.Fatal("the game did not finish")
	return 0
}

func aiKeeps(m *storage.Match, seat engine.Seat) bool {
	ms := bot.DecodeSettings(m.Settings)
	return int(seat) < len(ms.Seats) && ms.Seats[seat].AI != ""
}

// new micropolis ai=1 and join ai greedy: AI seats named "Bot (random)"
// and "Bot (greedy)" on the table; they answer through the scheduler after a delay, never at
// once, are narrated like players, get no private messages, and the game
// finishes.
func TestAISeatsPlayToTheEnd(t *testing.T) {
	clock := scheduletest.NewClock(t0)
	tb := aiTable(t, clock)
	tb.want("Alice", "new micropolis ai=1 ailevel=random first=2", "Micropolis")
	tb.want("Alice", "join ai greedy", "Bot (greedy) has a seat")
	tb.refused("Alice", "join ai genius", "There is no AI level «genius»: choose random, greedy, search.")
	m := tb.match()
	if got := len(m.Players); got != 3 || m.Players[1].Name != "Bot (random)" || m.Players[2].Name != "Bot (greedy)" {
		t.Fatalf("players %+v", m.Players)
	}
	tb.ok("Alice", "start")
	// The first player is random; make sure an AI moves first for the
	// delay check by skipping Alice's turn if it is hers.
	st, _ := micropolis.Game.Decode(tb.match().Snapshot)
	if userAt(tb.match(), st.Pending()[0].Seat) == "alice" {
		path, _ := enginetest.RandomPath(st, 0, rand.New(rand.NewPCG(1, 1)))
		tb.ok("alice", path.String())
	}
	// An AI's answer waits for its entry: nothing fires before 3 s.
	seq := tb.match().Seq
	clock.Add(2 * time.Second)
	if tb.tick() != 0 || tb.match().Seq != seq {
		t.Fatal("an AI answered before its delay")
	}
	for _, e := range tb.entries() {
		if !strings.HasPrefix(e, "ai:") {
			t.Fatalf("entries %v: an AI seat got a reminder or deadline", tb.entries())
		}
	}
	tb.out.Reset()
	id, setup := tb.match().ID, tb.match().Setup
	n := playOut(tb, clock, map[string]bool{"alice": true}, 15*time.Second)
	if n < 10 {
		t.Fatalf("the AIs gave %d answers", n)
	}
	var narrated bool
	for _, msg := range tb.out.Messages() {
		if msg.To == bot.Direct && strings.HasPrefix(msg.User, "ai:") {
			t.Fatalf("a private message to an AI: %+v", msg)
		}
		for _, u := range msg.Mentions {
			if strings.HasPrefix(u, "ai:") {
				t.Fatalf("an AI was mentioned: %+v", msg)
			}
		}
		if msg.To == bot.Channel && (strings.Contains(msg.Text, "P2 Bot (random): `") || strings.Contains(msg.Text, "P3 Bot (greedy): `")) {
			narrated = true
		}
	}
	if !narrated {
		t.Fatal("no AI move was narrated in the channel")
	}
	log, err := tb.db.Log(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	// Every answer in the log replays to the end: the AIs' went through
	// the same check as a typed move.
	em, err := engine.Replay(micropolis.Game, setup, toAnswers(log))
	if err != nil || em.State.Result() == nil {
		t.Fatalf("replay of %d answers: %v", len(log), err)
	}
}

func toAnswers(log []storage.LogEntry) []engine.Answer {
	out := make([]engine.Answer, len(log))
	for i, e := range log {
		out[i] = engine.Answer{Seat: e.Seat, Path: e.Path}
	}
	return out
}

// ontimeout=ai: at Bob's deadline the AI takes his seat and answers at
// once; his next prompts are the AI's (no reminder, no deadline) until he
// types join; a deadline later hands it over again, and the game finishes.
func TestDeadlineHandsSeatToAI(t *testing.T) {
	clock := scheduletest.NewClock(t0)
	tb := aiTable(t, clock)
	tb.ok("Alice", "new micropolis deadline=1h remind=off ontimeout=ai first=1")
	tb.ok("Bob", "join")
	tb.ok("Alice", "start")
	if strings.Contains(tb.cmd("Bob", "status"), "no AI player yet") {
		t.Fatal("status says there is no AI for a game that has one")
	}
	// Alice plays; Bob does not.
	st, _ := micropolis.Game.Decode(tb.match().Snapshot)
	path, _ := enginetest.RandomPath(st, 0, rand.New(rand.NewPCG(1, 1)))
	tb.ok("Alice", path.String())
	tb.wantEntries("deadline:P2@1h0m0s")
	clock.Add(time.Hour)
	tb.out.Reset()
	if tb.tick() != 1 || tb.match().Seq != 2 {
		t.Fatalf("the deadline did not hand the seat over (seq %d)", tb.match().Seq)
	}
	if p := lastPost(tb.out.Messages()).Text; !strings.Contains(p, "⏱ P2 Bob ran out of time: Bot (search) plays the seat until they come back") {
		t.Fatalf("post %q", p)
	}
	if !aiKeeps(tb.match(), 1) {
		t.Fatal("the seat is not kept by the AI")
	}
	// Bob comes back.
	st, _ = micropolis.Game.Decode(tb.match().Snapshot)
	path, _ = enginetest.RandomPath(st, 0, rand.New(rand.NewPCG(2, 1)))
	tb.ok("Alice", path.String())
	if e := tb.entries(); len(e) != 1 || !strings.HasPrefix(e[0], "ai:P2") {
		t.Fatalf("entries %v, want the AI's answer for P2", e)
	}
	tb.want("Bob", "join", "You now play P2 Bob.")
	if aiKeeps(tb.match(), 1) {
		t.Fatal("join did not take the seat back")
	}
	tb.wantEntries("deadline:P2@2h0m0s")
	// He goes silent again: the next deadline hands it over, and the AI
	// plays his seat to the end.
	n := playOut(tb, clock, map[string]bool{"alice": true}, time.Hour)
	if n < 5 {
		t.Fatalf("the AI gave %d answers", n)
	}
}

// A player on vacation: an AI plays the seat (after its delay, no
// reminders); once the vacation is over, the player's own reminders and
// deadline come back.
func TestVacationHandsSeatToAI(t *testing.T) {
	clock := scheduletest.NewClock(t0) // 2 March, 12:00
	tb := aiTable(t, clock)
	tb.want("Bob", "settings vacation=2026-03-03", "Settings saved")
	tb.ok("Alice", "new micropolis deadline=24h first=1")
	tb.ok("Bob", "join")
	tb.ok("Alice", "start")
	st, _ := micropolis.Game.Decode(tb.match().Snapshot)
	path, _ := enginetest.RandomPath(st, 0, rand.New(rand.NewPCG(1, 1)))
	tb.ok("Alice", path.String())
	tb.wantEntries("ai:P2@10s")
	clock.Add(10 * time.Second)
	if tb.tick() != 1 || tb.match().Seq != 2 {
		t.Fatal("the AI did not answer for the player on vacation")
	}
	if p := lastPost(tb.out.Messages()).Text; !strings.Contains(p, "P2 Bob: `") {
		t.Fatalf("post %q: the move is not narrated under the player's seat", p)
	}
	// After the vacation (to the end of 3 March in Bob's zone, UTC).
	clock.Add(48 * time.Hour)
	st, _ = micropolis.Game.Decode(tb.match().Snapshot)
	path, _ = enginetest.RandomPath(st, 0, rand.New(rand.NewPCG(2, 1)))
	tb.ok("Alice", path.String())
	tb.wantEntries("remind:P2@49h0m10s deadline:P2@72h0m10s")
}

// Solo play in every game: one player and AIs (`new <game> ai=N
// players=N+1` starts at once); the AIs' first answers are accepted and
// the turn comes round to the player or the game goes on.
func TestSoloAgainstAIsInEveryGame(t *testing.T) {
	funMsgs, err := funants.Messages()
	if err != nil {
		t.Fatal(err)
	}
	myr := bottest.Myrmes(t)
	myr.Board = nil
	for _, g := range []bot.Game{bottest.March(t), {Descriptor: funants.Game, Messages: funMsgs}, myr} {
		t.Run(g.ID, func(t *testing.T) {
			clock := scheduletest.NewClock(t0)
			db := storagetest.Open(t, nil)
			svc, err := bot.New(bot.Config{Store: db, Games: []bot.Game{g}, Seed: func() uint64 { return 7 }, Clock: clock.Now, AIPlayouts: 4})
			if err != nil {
				t.Fatal(err)
			}
			rec := &bottest.Recorder{}
			svc.Attach("console", rec)
			tb := &table{t: t, svc: svc, db: db, out: rec, ch: "solo"}
			level, steps := "greedy", 40
			if testing.Short() {
				level, steps = "random", 15
			}
			tb.ok("Alice", "new "+g.ID+" ai=2 players=3 ailevel="+level)
			m := tb.match()
			if m.Status != storage.StatusActive || len(m.Players) != 3 {
				t.Fatalf("status %s with %d players", m.Status, len(m.Players))
			}
			rng := rand.New(rand.NewPCG(5, 5))
			id := m.ID
			for range steps {
				m, err := db.Match(context.Background(), storage.MatchKey{Platform: "console", Channel: "solo"})
				if errors.Is(err, storage.ErrNotFound) {
					break // over already
				}
				if err != nil {
					t.Fatal(err)
				}
				id = m.ID
				st, err := g.Decode(m.Snapshot)
				if err != nil {
					t.Fatal(err)
				}
				if p := st.Pending(); len(p) > 0 && userAt(m, p[0].Seat) == "alice" {
					path, err := enginetest.RandomPath(st, p[0].Seat, rng)
					if err != nil {
						t.Fatal(err)
					}
					tb.ok("Alice", path.String())
					continue
				}
				clock.Add(15 * time.Second)
				tb.tick()
			}
			log, err := db.Log(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			byAI := 0
			for _, e := range log {
				if e.User == "" {
					byAI++
				}
			}
			if byAI < 3 {
				t.Fatalf("the AIs gave %d of %d answers", byAI, len(log))
			}
		})
	}
}

// AI players do not vote and do not keep a game going alone: when the
// last person leaves a game against AIs, it ends.
func TestLastPlayerLeavesAIGame(t *testing.T) {
	clock := scheduletest.NewClock(t0)
	tb := aiTable(t, clock)
	tb.ok("Alice", "new micropolis ai=2 players=3")
	if tb.match().Status != storage.StatusActive {
		t.Fatal("players=3 with two AIs did not start")
	}
	tb.ok("Alice", "leave")
	if _, err := tb.db.Match(context.Background(), storage.MatchKey{Platform: "console", Channel: tb.ch}); err == nil && tb.match().Status != storage.StatusAborted {
		t.Fatalf("status %s after the last person left", tb.match().Status)
	}
}

// The leak oracle with AI seats: everything the service posts while AIs
// play (their moves, their secret picks, their takeover) names no secret.
func TestNoLeaksWithAISeats(t *testing.T) {
	games := []struct {
		g     bot.Game
		seats int
	}{{bottest.March(t), 3}, {bottest.Micropolis(t), 3}}
	if testing.Short() {
		games = games[:1] // March: the game with hands
	}
	for _, c := range games {
		t.Run(c.g.ID, func(t *testing.T) {
			max := 0
			if testing.Short() {
				max = 25
			}
			leaktest.Run(t, c.g, leaktest.Config{Setups: []engine.Setup{{Seats: c.seats, Seed: 9}}, AI: 1, MaxAnswers: max, Pixels: 1})
		})
	}
}

// join ai in a running game: an AI takes over the seat of a player who
// left, and answers its prompts from then on.
func TestJoinAITakesLeftSeat(t *testing.T) {
	clock := scheduletest.NewClock(t0)
	tb := aiTable(t, clock)
	tb.ok("Alice", "new micropolis first=2 remind=off")
	tb.ok("Bob", "join")
	tb.ok("Carol", "join")
	tb.ok("Alice", "start")
	tb.refused("Alice", "join ai", "")
	tb.ok("Bob", "leave")
	tb.want("Alice", "join ai greedy", "Bot (greedy)")
	if e := tb.entries(); len(e) != 1 || !strings.HasPrefix(e[0], "ai:P2@") {
		t.Fatalf("entries %v, want the AI's answer for P2", e)
	}
	clock.Add(15 * time.Second)
	if tb.tick() != 1 || tb.match().Seq != 1 {
		t.Fatal("the AI did not answer for the seat it took")
	}
	if p := lastPost(tb.out.Messages()).Text; !strings.Contains(p, "P2 Bot (greedy): `") {
		t.Fatalf("post %q", p)
	}
	tb.refused("Bob", "join", "") // the seat is the AI's now
}
