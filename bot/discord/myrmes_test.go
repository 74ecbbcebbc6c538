package discord_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"formica/bot"
	"formica/bot/bottest"
	"formica/bot/discord/fakediscord"
	"formica/bot/leaktest"
	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/myrmes"
)

// TestMyrmesOnDiscord plays Myrmes through the real discordgo client on the
// fake Discord: a lobby, the start, the simultaneous secret phases (the
// season's event and the births, MYR-EVENT-1, MYR-BIRTH-1) answered by each
// player with the buttons of their DM, the open phases typed with /ants
// play, a board posted on every turn; everything the channel, the DMs and
// the ephemeral replies show is checked against the engine's secrets.
func TestMyrmesOnDiscord(t *testing.T) {
	answers := 40
	if testing.Short() {
		answers = 14
	}
	const seed = 5
	e := newEnv(t)
	e.games = []bot.Game{bottest.Myrmes(t)}
	e.start()
	asked := map[string]string{} // interaction id -> user
	slash := func(u fakediscord.User, sub string, opts ...fakediscord.Opt) fakediscord.Message {
		t.Helper()
		ix := e.slash(u, sub, opts...)
		asked[ix.ID] = u.ID
		r := e.reply(ix)
		e.settle()
		return r
	}
	slash(alice, "new", fakediscord.Opt{Name: "game", Value: "myrmes"}, fakediscord.Opt{Name: "options", Value: "players=2 seed=5"})
	slash(bob, "join")
	slash(alice, "start")
	if len(e.boards()) != 1 {
		t.Fatalf("the start posted %d boards, want 1", len(e.boards()))
	}
	m, err := engine.Start(myrmes.Game, engine.Setup{Game: "myrmes", Seats: 2, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	players := []fakediscord.User{alice, bob}
	readers := map[string]engine.Seat{}
	for i, u := range players {
		readers[u.ID] = engine.Seat(i)
		readers[fakediscord.DMChannel(u.ID)] = engine.Seat(i)
	}
	seen := len(e.fake.Messages())
	var sealed map[engine.Seat]string
	check := func(what string) {
		t.Helper()
		// The engine's state follows the stored log.
		log, err := e.proc.db.Log(context.Background(), e.match().ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, le := range log[len(m.Log):] {
			if _, err := m.Answer(le.Answer()); err != nil {
				t.Fatalf("replaying %v: %v", le, err)
			}
		}
		msgs := e.fake.Messages()
		var surfaces []leaktest.Surface
		for _, fm := range msgs[seen:] {
			surfaces = append(surfaces, surfaceOf(fm, readers, asked))
		}
		seen = len(msgs)
		if err := leaktest.Check(m.State, 2, surfaces); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if err := leaktest.CheckPicks(m.State, sealed, surfaces); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	// sealed is each seat's last secret answer as typed ("hex", "3 0 0 0").
	sealed = map[engine.Seat]string{}
	check("start")
	rng := rand.New(rand.NewPCG(seed, 5))
	secret := map[engine.Seat]int{}
	for n := 0; n < answers && m.State.Result() == nil; n++ {
		pend := m.State.Pending()
		p := pend[rng.IntN(len(pend))]
		u := players[p.Seat]
		before := e.match().Seq
		if p.Secret {
			// MYR-EVENT-1: chosen in secret, with the DM's buttons only.
			if !e.answerInDM(u, rng, asked) {
				t.Fatalf("answer %d: %s could not answer the secret %s prompt in the DM", n, u.Name, p.Kind)
			}
			secret[p.Seat]++
			log, err := e.proc.db.Log(context.Background(), e.match().ID)
			if err != nil {
				t.Fatal(err)
			}
			sealed[p.Seat] = log[len(log)-1].Path.String()
		} else {
			path, err := enginetest.RandomPath(m.State, p.Seat, rng)
			if err != nil {
				t.Fatal(err)
			}
			if r := slash(u, "play", fakediscord.Opt{Name: "move", Value: path.String()}); !strings.Contains(r.Content, "✓") {
				t.Fatalf("answer %d: %s %q refused: %q", n, u.Name, path, r.Content)
			}
		}
		e.settle()
		if e.match().Seq != before+1 {
			t.Fatalf("answer %d: the log went from %d to %d answers", n, before, e.match().Seq)
		}
		check(p.Kind)
	}
	if secret[0] < 2 || secret[1] < 2 {
		t.Fatalf("secret answers by DM: %v, want both players' event and births", secret)
	}
	b := e.boards()
	t.Logf("%d answers, %v of them secret by DM, %d boards", len(m.Log), secret, len(b))
	if len(b) < 3 {
		t.Fatalf("%d boards posted, want one a turn", len(b))
	}
	e.checkBoard(b[len(b)-1])
}

// answerInDM answers u's open private prompt with the buttons and menus of
// their DM and the private replies that follow, a random option each step
// (a standing preference only when nothing else is offered), until the
// service applied an answer.
func (e *env) answerInDM(u fakediscord.User, rng *rand.Rand, asked map[string]string) bool {
	e.t.Helper()
	seq := e.match().Seq
	var msg fakediscord.Message
	dms := e.dms(u)
	for i := len(dms) - 1; i >= 0; i-- {
		if dms[i].Interaction == "" && len(dms[i].Rows) > 0 {
			msg = dms[i]
			break
		}
	}
	for step := 0; step < 12 && len(msg.Rows) > 0; step++ {
		type choice struct{ menu, id string }
		var all, some []choice
		for _, b := range msg.Buttons() {
			all = append(all, choice{"", b.CustomID})
		}
		for _, s := range msg.Selects() {
			for _, o := range s.Options {
				all = append(all, choice{s.CustomID, o.Value})
			}
		}
		for _, c := range all {
			if !strings.Contains(c.id, " pref") {
				some = append(some, c)
			}
		}
		if len(some) == 0 {
			some = all
		}
		c := some[rng.IntN(len(some))]
		var ix *fakediscord.Interaction
		if c.menu == "" {
			ix = e.press(u, msg, c.id)
		} else {
			var err error
			if ix, err = e.fake.Select(u, msg, c.menu, c.id); err != nil {
				e.t.Fatal(err)
			}
			e.acked(ix, fakediscord.CallbackDeferUpdate)
		}
		asked[ix.ID] = u.ID
		msg = e.reply(ix)
		e.settle()
		if e.match().Seq > seq {
			return true
		}
	}
	return false
}
