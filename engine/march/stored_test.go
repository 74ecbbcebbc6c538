package march_test

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/march"
	"formica/internal/testscale"
)

// The fixtures below were recorded by the code before the typed Task fields
// (stored matches hold the old generic fields n, m, card, sub, a) and must
// never be re-recorded by the code they test: they are what stored matches
// and the players of those matches saw.
var recordStored = flag.Bool("record-stored", false, "record testdata/stored/*.json.gz from the current code (only before a change of the stored format)")

const (
	storedSnapshots = "testdata/stored/snapshots.json.gz"
	storedGames     = "testdata/stored/games.json.gz"
	digestEvery     = 50 // answers between recorded digests
)

// storedSetups are every rule set's test setups: the 1st edition's
// (setups: base, long, species, uprising solo and co-op, every switch) and
// the Evolved edition's 2-5 players, standard and Epic.
func storedSetups() []engine.Setup {
	out := setups()
	for _, seats := range []int{2, 3, 4, 5} {
		for _, length := range []string{"standard", "long"} {
			out = append(out, engine.Setup{Game: "march", RuleSet: "evolved", Seats: seats, Seed: uint64(60 + seats),
				Options: map[string]string{"length": length}})
		}
	}
	return out
}

// digest accumulates what players see: every seat's view and the
// spectator's, the pending prompts, the first step of every prompted seat's
// choices, the events of each answer and the result.
type digest struct{ h hash.Hash }

func newDigest(from string) *digest {
	d := &digest{sha256.New()}
	d.h.Write([]byte(from))
	return d
}

func (d *digest) add(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	d.h.Write(b)
	d.h.Write([]byte{'\n'})
}

func (d *digest) sum() string { return hex.EncodeToString(d.h.Sum(nil)[:8]) }

func (d *digest) position(s engine.State, seats int) {
	for seat := engine.NoSeat; seat < engine.Seat(seats); seat++ {
		d.add(s.View(seat))
	}
	pend := s.Pending()
	d.add(pend)
	for _, p := range pend {
		st, err := s.Choices(p.Seat, nil)
		if err != nil {
			panic(err)
		}
		d.add(st)
	}
}

// playOn plays m to its end with random answers from rng and returns the
// digest recorded every digestEvery answers and at the end, with the result.
func playOn(m *engine.Match, seats int, rng *rand.Rand, from string) ([]string, error) {
	d := newDigest(from)
	var sums []string
	for n := 0; m.State.Result() == nil; n++ {
		if n >= 20000 {
			return sums, fmt.Errorf("no end after %d answers", n)
		}
		d.position(m.State, seats)
		pend := m.State.Pending()
		if len(pend) == 0 {
			return sums, fmt.Errorf("answer %d: no pending prompt but no result", n)
		}
		p := pend[rng.IntN(len(pend))]
		path, err := enginetest.RandomPath(m.State, p.Seat, rng)
		if err != nil {
			return sums, err
		}
		if march.SpoilsMove(m.State, path) {
			return sums, errRuleChanged
		}
		ev, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path})
		if err != nil {
			return sums, fmt.Errorf("answer %d %s: %w", n, path, err)
		}
		d.add(ev)
		if (n+1)%digestEvery == 0 {
			sums = append(sums, d.sum())
		}
	}
	d.position(m.State, seats)
	d.add(m.State.Result())
	return append(sums, d.sum()), nil
}

// errRuleChanged: play reached an answer whose rules changed on purpose
// after the recording (march.SpoilsMove); what players saw before it must
// still match.
var errRuleChanged = errors.New("a rule changed since the recording")

// storedPoint is a snapshot taken in a random game with what playing on from
// it shows players.
type storedPoint struct {
	Setup    engine.Setup    `json:"setup"`
	Game     uint64          `json:"game"` // the generator of the game's answers
	At       int             `json:"at"`   // answers before the snapshot
	Kinds    []string        `json:"kinds"`
	Snapshot json.RawMessage `json:"snapshot"`
	Stream   uint64          `json:"stream"`  // the generator of the answers played on
	Digests  []string        `json:"digests"` // playOn's digests
	Result   *engine.Result  `json:"result"`
}

// storedGame is a whole random game from its setup.
type storedGame struct {
	Setup   engine.Setup   `json:"setup"`
	Stream  uint64         `json:"stream"`
	Digests []string       `json:"digests"`
	Result  *engine.Result `json:"result"`
	cut     bool           // play stopped where a rule changed (errRuleChanged)
}

func readGz(t testing.TB, path string, v any) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.NewDecoder(z).Decode(v); err != nil {
		t.Fatal(err)
	}
}

func writeGz(t *testing.T, path string, v any) {
	t.Helper()
	var b bytes.Buffer
	z, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	enc := json.NewEncoder(z)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// stackKinds lists the task kinds on a snapshot's resolution stack, each
// with the stored fields it uses.
func stackKinds(t *testing.T, snap []byte) []string {
	var st struct {
		Tasks []map[string]any `json:"tasks"`
	}
	if err := json.Unmarshal(snap, &st); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, task := range st.Tasks {
		k := fmt.Sprint(task["k"])
		for _, f := range []string{"n", "m", "card", "sub", "a"} {
			if _, ok := task[f]; ok {
				k += "." + f
			}
		}
		out = append(out, k)
	}
	return out
}

func recordSnapshots(t *testing.T) {
	d := evolvedGame()
	covered := map[string]bool{}
	var points []storedPoint
	for i, su := range storedSetups() {
		for g := range 4 {
			points = recordGame(t, d, su, uint64(500+i+1000*g), covered, points)
		}
	}
	writeGz(t, storedSnapshots, points)
	t.Logf("%d snapshots; kinds covered: %v", len(points), covered)
}

// recordGame plays a random game and snapshots it, at most 6 times, where
// a task kind with its stored fields is on the stack for the first time in
// its rule set, or else once after 400 answers of the first game.
func recordGame(t *testing.T, d *engine.Descriptor, su engine.Setup, game uint64, covered map[string]bool, points []storedPoint) []storedPoint {
	rng := rand.New(rand.NewPCG(su.Seed, game))
	m, err := engine.Start(d, su)
	if err != nil {
		t.Fatal(err)
	}
	took := 0
	for n := 0; m.State.Result() == nil && took < 6; n++ {
		snap, err := m.State.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		kinds := stackKinds(t, snap)
		fresh := false
		for _, k := range kinds {
			if !covered[su.RuleSet+":"+k] {
				fresh = true
			}
		}
		if fresh || (took == 0 && n == 400 && game < 1000) {
			for _, k := range kinds {
				covered[su.RuleSet+":"+k] = true
			}
			took++
			stream := uint64(9000 + len(points))
			st, err := d.Decode(snap)
			if err != nil {
				t.Fatal(err)
			}
			on := &engine.Match{Setup: m.Setup, Log: append([]engine.Answer(nil), m.Log...), State: st}
			sums, err := playOn(on, su.Seats, rand.New(rand.NewPCG(su.Seed, stream)), "")
			if err != nil {
				t.Fatal(err)
			}
			points = append(points, storedPoint{Setup: m.Setup, Game: game, At: n, Kinds: kinds, Snapshot: snap,
				Stream: stream, Digests: sums, Result: on.State.Result()})
		}
		if err := enginetest.RandomAnswer(m, rng); err != nil {
			t.Fatal(err)
		}
	}
	return points
}

// storedGameList is the identity of the random games compared before and
// after a change of the stored format: 7 per setup.
func storedGameList() []storedGame {
	var out []storedGame
	for i, su := range storedSetups() {
		for g := range 7 {
			su := su
			su.Seed = uint64(3000 + 100*i + g)
			out = append(out, storedGame{Setup: su, Stream: uint64(g + 1)})
		}
	}
	return out
}

func playGame(t *testing.T, g storedGame) storedGame {
	m, err := engine.Start(evolvedGame(), g.Setup)
	if err != nil {
		t.Fatal(err)
	}
	sums, err := playOn(m, g.Setup.Seats, rand.New(rand.NewPCG(g.Setup.Seed, g.Stream)), "")
	if err != nil && !errors.Is(err, errRuleChanged) {
		t.Fatalf("%v stream %d: %v", g.Setup, g.Stream, err)
	}
	g.Digests, g.Result, g.cut = sums, m.State.Result(), err != nil
	return g
}

// TestStoredSnapshots decodes snapshots written before the typed Task
// fields (the generic n, m, card, sub, a of every task kind on their
// stacks): each must equal the state the new code reaches by replaying its
// game, and playing on from it every view, prompt, first choice, event and
// the result must be those recorded with the old code.
func TestStoredSnapshots(t *testing.T) {
	if *recordStored {
		recordSnapshots(t)
		return
	}
	var points []storedPoint
	readGz(t, storedSnapshots, &points)
	d := evolvedGame()
	for i, p := range points {
		if i%testscale.N(1, 3) != 0 {
			continue // under -race a third of them; CI replays all without it
		}
		t.Run(fmt.Sprintf("%d_%s_%dp_at%d", i, ruleSet(p.Setup), p.Setup.Seats, p.At), func(t *testing.T) {
			st, err := d.Decode(p.Snapshot)
			if err != nil {
				t.Fatal(err)
			}
			if !frozen(p.Setup) {
				return // decoding is all that stored Evolved tasks need (TestTaskLegacyFields)
			}
			// The new code reaching the same point from the setup holds the
			// same state: the log stays the truth for a migrated snapshot.
			replayed := replayTo(t, p)
			got, _ := st.MarshalBinary()
			want, _ := replayed.MarshalBinary()
			if !bytes.Equal(got, want) {
				t.Fatalf("decoded snapshot\n%s\ndiffers from the replayed state\n%s", got, want)
			}
			m := &engine.Match{Setup: p.Setup, State: st}
			sums, err := playOn(m, p.Setup.Seats, rand.New(rand.NewPCG(p.Setup.Seed, p.Stream)), "")
			if errors.Is(err, errRuleChanged) {
				sameDigests(t, p.Digests[:min(len(sums), len(p.Digests))], sums)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			sameDigests(t, p.Digests, sums)
			sameResult(t, p.Result, m.State.Result())
		})
	}
}

// replayTo plays p's game from its setup to the snapshot with the answers
// recordGame chose: the same generator, picking among the same prompts and
// options while the code behaves the same.
func replayTo(t *testing.T, p storedPoint) engine.State {
	t.Helper()
	rng := rand.New(rand.NewPCG(p.Setup.Seed, p.Game))
	m, err := engine.Start(evolvedGame(), p.Setup)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < p.At; n++ {
		if err := enginetest.RandomAnswer(m, rng); err != nil {
			t.Fatalf("answer %d: %v", n, err)
		}
	}
	return m.State
}

// TestStoredGames plays random games over every setup from the start and
// compares what players see with the record of the code before the typed
// Task fields: 154 games, 22 under -short.
func TestStoredGames(t *testing.T) {
	if *recordStored {
		var games []storedGame
		for _, g := range storedGameList() {
			games = append(games, playGame(t, g))
		}
		writeGz(t, storedGames, games)
		return
	}
	var games []storedGame
	readGz(t, storedGames, &games)
	for i, want := range games {
		if testing.Short() && i%testscale.N(7, 21) != 0 || !frozen(want.Setup) {
			continue
		}
		t.Run(fmt.Sprintf("%d_%s_%dp_seed%d", i, ruleSet(want.Setup), want.Setup.Seats, want.Setup.Seed), func(t *testing.T) {
			got := playGame(t, storedGame{Setup: want.Setup, Stream: want.Stream})
			if got.cut {
				sameDigests(t, want.Digests[:min(len(got.Digests), len(want.Digests))], got.Digests)
				return
			}
			sameDigests(t, want.Digests, got.Digests)
			sameResult(t, want.Result, got.Result)
		})
	}
}

// frozen reports whether play under su must stay as recorded before the
// typed Task fields. The Evolved rule set was not offered to players then,
// so no stored match of it exists, and it has changed since on purpose (the
// Ancient Species, the draft, Rise of the Centipedes' deck): its recorded
// play only guarded the refactor itself.
func frozen(su engine.Setup) bool { return ruleSet(su) != "evolved" }

func ruleSet(su engine.Setup) string {
	if su.RuleSet == "" {
		return "1e"
	}
	return su.RuleSet
}

func sameDigests(t *testing.T, want, got []string) {
	t.Helper()
	for k := range min(len(want), len(got)) {
		if want[k] != got[k] {
			t.Fatalf("what players see differs within answers %d-%d", k*digestEvery, (k+1)*digestEvery)
		}
	}
	if len(want) != len(got) {
		t.Fatalf("the game ended after about %d answers, want about %d", len(got)*digestEvery, len(want)*digestEvery)
	}
}

func sameResult(t *testing.T, want, got *engine.Result) {
	t.Helper()
	w, _ := json.Marshal(want)
	g, _ := json.Marshal(got)
	if !bytes.Equal(w, g) {
		t.Fatalf("result %s, want %s", g, w)
	}
}

// BenchmarkSnapshot is what the bot does with a stored match on every
// command, over the recorded snapshots: decode one written by the code
// before the typed Task fields ("stored"), encode it again, and decode that
// ("own"). Its anchor, timed in the same loop, is parsing the stored bytes
// into plain JSON values: the cheapest thing that reads all of them.
func BenchmarkSnapshot(b *testing.B) {
	var points []storedPoint
	readGz(b, storedSnapshots, &points)
	d := evolvedGame()
	var stored, enc, own, anchor time.Duration
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range points {
			c0 := enginetest.CPUTime()
			var v any
			if err := json.Unmarshal(p.Snapshot, &v); err != nil {
				b.Fatal(err)
			}
			c1 := enginetest.CPUTime()
			st, err := d.Decode(p.Snapshot)
			if err != nil {
				b.Fatal(err)
			}
			c2 := enginetest.CPUTime()
			bs, err := st.MarshalBinary()
			if err != nil {
				b.Fatal(err)
			}
			c3 := enginetest.CPUTime()
			if _, err := d.Decode(bs); err != nil {
				b.Fatal(err)
			}
			c4 := enginetest.CPUTime()
			anchor, stored, enc, own = anchor+c1-c0, stored+c2-c1, enc+c3-c2, own+c4-c3
		}
	}
	per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(b.N*len(points)) }
	b.ReportMetric(per(stored), "stored-decode-cpu-ns")
	b.ReportMetric(per(enc), "encode-cpu-ns")
	b.ReportMetric(per(own), "own-decode-cpu-ns")
	b.ReportMetric(per(anchor), "anchor-cpu-ns")
	b.ReportMetric(float64(stored)/float64(anchor), "ratio")
}
