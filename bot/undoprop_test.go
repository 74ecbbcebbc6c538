package bot_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"formica/bot"
	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/funants"
	"formica/engine/march"
	"formica/engine/micropolis"
	"formica/engine/myrmes"
	"formica/storage"
	"formica/storage/storagetest"
)

// try runs text as user and reports whether it was refused.
func (tb *table) try(user, text string) (string, bool) {
	tb.t.Helper()
	c := bot.Command{Platform: "console", Channel: tb.ch, Text: text, User: bot.User{Platform: "console", ID: strings.ToLower(user), Name: user}}
	refused := false
	var texts []string
	for _, m := range tb.svc.Handle(context.Background(), c) {
		refused = refused || m.Refused
		texts = append(texts, m.Text)
	}
	if err := tb.svc.Flush(context.Background()); err != nil {
		tb.t.Fatal(err)
	}
	return strings.Join(texts, "\n"), refused
}

// standingEntries is standingLog with who typed each answer.
func standingEntries(t testing.TB, db *storage.DB, id string) []storage.LogEntry {
	t.Helper()
	log, err := db.Log(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var out []storage.LogEntry
	for _, e := range log {
		if e.Seat == engine.NoSeat {
			var k int
			if _, err := fmt.Sscanf(strings.Join(e.Path, " "), "undo %d", &k); err != nil || k > len(out) {
				t.Fatalf("bad undo entry %+v", e)
			}
			out = out[:k]
			continue
		}
		out = append(out, e)
	}
	return out
}

func sameAnswers(a, b []storage.LogEntry) bool {
	return slices.EqualFunc(a, b, func(x, y storage.LogEntry) bool { return x.Seq == y.Seq })
}

// TestUndoRandomGames plays random games of every game through the bot
// core, trying `undo` and `undo ask` at random. Whether a plain undo is
// accepted is worked out here from the engine: only when the caller typed
// the last standing answer and it neither drew nor revealed
// (engine.Settled). After every accepted undo the standing log replays to
// the stored state; after a refusal nothing changed. `undo ask` applies at
// once only when it takes back the caller's own unsettled answers, else
// when every other player agreed.
func TestUndoRandomGames(t *testing.T) {
	answers := 120
	if testing.Short() {
		answers = 40
	}
	for _, d := range []*engine.Descriptor{micropolis.Game, myrmes.Game, funants.Game, march.Game} {
		t.Run(d.ID, func(t *testing.T) {
			tb := newTable(t, storagetest.Open(t, nil), bot.Game{Descriptor: d})
			tb.ok("Alice", "new "+d.ID+" players=3 seed=5")
			tb.ok("Bob", "join")
			tb.ok("Carol", "join")
			rng := rand.New(rand.NewPCG(5, uint64(len(d.ID))))
			undos, asks, refusals := 0, 0, 0
			for n := 0; n < answers; n++ {
				m, err := tb.db.Match(context.Background(), storage.MatchKey{Platform: "console", Channel: tb.ch})
				if err != nil || m.Status != storage.StatusActive {
					break // the game ended
				}
				st, err := d.Decode(m.Snapshot)
				if err != nil {
					t.Fatal(err)
				}
				pend := st.Pending()
				p := pend[rng.IntN(len(pend))]
				path, err := enginetest.RandomPath(st, p.Seat, rng)
				if err != nil {
					t.Fatal(err)
				}
				data, err := bot.EncodePress(bot.Press{Kind: bot.PressSubmit, Version: int(m.Seq), Path: path})
				if err != nil {
					continue // too long for a button; another answer next time
				}
				user := userAt(m, p.Seat)
				if reply := tb.press(user, data); !strings.Contains(reply, "✓") {
					t.Fatalf("answer %s by %s refused: %q", path, p.Seat, reply)
				}
				if _, err := tb.db.Match(context.Background(), storage.MatchKey{Platform: "console", Channel: tb.ch}); err != nil || rng.IntN(3) > 0 {
					continue
				}
				caller := userAt(m, engine.Seat(rng.IntN(3)))
				if rng.IntN(2) == 0 {
					caller = user
				}
				if rng.IntN(4) == 0 {
					asks++
					tb.checkAsk(d, caller)
					continue
				}
				if tb.checkUndo(d, caller) {
					undos++
				} else {
					refusals++
				}
			}
			t.Logf("%s: %d undos accepted, %d refused, %d asks", d.ID, undos, refusals, asks)
			if undos == 0 || refusals == 0 {
				t.Fatalf("%s: %d undos accepted, %d refused: random play must meet both", d.ID, undos, refusals)
			}
		})
	}
}

// replayTo replays live and returns the states before and after its last
// answer.
func replayTo(t testing.TB, d *engine.Descriptor, s engine.Setup, live []storage.LogEntry) (before, after engine.State) {
	t.Helper()
	answers := make([]engine.Answer, len(live))
	for i, e := range live {
		answers[i] = e.Answer()
	}
	rm, err := engine.Replay(d, s, answers[:len(answers)-1])
	if err != nil {
		t.Fatal(err)
	}
	before = rm.State
	if _, err := rm.Answer(answers[len(answers)-1]); err != nil {
		t.Fatal(err)
	}
	return before, rm.State
}

// checkUndo has user type `undo` and checks the outcome against the
// policy; it reports whether the undo was accepted.
func (tb *table) checkUndo(d *engine.Descriptor, user string) bool {
	tb.t.Helper()
	m := tb.match()
	live := standingEntries(tb.t, tb.db, m.ID)
	seat := engine.Seat(-2)
	for _, p := range m.Players {
		if p.User == user {
			seat = p.Seat
		}
	}
	want := false
	if k := len(live); k > 0 && live[k-1].Seat == seat && live[k-1].User == user {
		before, after := replayTo(tb.t, d, m.Setup, live)
		want = !engine.Settled(before, after, m.Setup.Seats)
	}
	reply, refused := tb.try(user, "undo")
	now := tb.match()
	if refused {
		if want {
			tb.t.Fatalf("%s's undo of %s %s was refused: %q", user, live[len(live)-1].Seat, live[len(live)-1].Path, reply)
		}
		if now.Seq != m.Seq || now.Hash != m.Hash {
			tb.t.Fatalf("a refused undo changed the match")
		}
		return false
	}
	if !want {
		last := live[len(live)-1]
		tb.t.Fatalf("%s's undo was accepted, but the last standing answer was %s %s typed by %q (settled or another's)", user, last.Seat, last.Path, last.User)
	}
	if got := standingEntries(tb.t, tb.db, now.ID); !sameAnswers(got, live[:len(live)-1]) {
		tb.t.Fatalf("after the undo %d answers stand, want the %d before the last", len(got), len(live)-1)
	}
	tb.replayHash(d)
	return true
}

// checkAsk has user type `undo ask`; the others agree when asked.
func (tb *table) checkAsk(d *engine.Descriptor, user string) {
	tb.t.Helper()
	m := tb.match()
	live := standingEntries(tb.t, tb.db, m.ID)
	var seat engine.Seat
	for _, p := range m.Players {
		if p.User == user {
			seat = p.Seat
		}
	}
	keep := -1
	for i := len(live) - 1; i >= 0 && keep < 0; i-- {
		if live[i].Seat == seat {
			keep = i
		}
	}
	alone := keep >= 0
	for i := keep + 1; alone && i <= len(live); i++ {
		before, after := replayTo(tb.t, d, m.Setup, live[:i])
		if live[i-1].Seat != seat || engine.Settled(before, after, m.Setup.Seats) {
			alone = false
		}
	}
	_, refused := tb.try(user, "undo ask")
	if refused {
		if keep >= 0 {
			tb.t.Fatalf("%s's undo ask was refused with an answer of theirs standing", user)
		}
		return
	}
	applied := tb.match().Seq != m.Seq
	if applied != alone {
		tb.t.Fatalf("%s's undo ask applied at once: %v, but it takes back only their own unsettled answers: %v", user, applied, alone)
	}
	for _, p := range m.Players {
		if !applied && p.User != user {
			tb.try(p.User, "undo yes")
			applied = tb.match().Seq != m.Seq
		}
	}
	if !applied {
		tb.t.Fatalf("everyone agreed, but %s's undo ask did not apply", user)
	}
	if got := standingEntries(tb.t, tb.db, m.ID); !sameAnswers(got, live[:keep]) {
		tb.t.Fatalf("after the undo ask %d answers stand, want %d", len(got), keep)
	}
	tb.replayHash(d)
}
