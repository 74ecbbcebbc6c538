package telegram_test

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"formica/bot"
	"formica/bot/bottest"
	"formica/bot/leaktest"
	"formica/bot/telegram/faketg"
	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/myrmes"
)

// TestMyrmesOnTelegram plays Myrmes through the real telegram-bot-api client
// on the fake Bot API: a lobby in the group, the start, the simultaneous
// secret phases (the season's event and the births, MYR-EVENT-1,
// MYR-BIRTH-1) answered by each player with the keyboard of their private
// chat, the open phases typed in the group, a board photo on every turn;
// every message and keyboard of the group and the private chats, as first
// sent and as edited, is checked against the engine's secrets.
func TestMyrmesOnTelegram(t *testing.T) {
	t.Parallel()
	answers := 40
	if testing.Short() {
		answers = 14
	}
	const seed = 5
	e := newEnvOnClock(t, []bot.Game{bottest.Myrmes(t)})
	f := e.fake
	players := []faketg.User{alice, bob}
	for _, u := range append(players, stranger) {
		f.StartedBot(u, true)
	}
	channel := strconv.FormatInt(group.ID, 10)
	e.say(group, 0, alice, "/new myrmes players=2 seed=5")
	e.say(group, 0, bob, "/join")
	e.say(group, 0, alice, "/start")
	if n := len(photos(f.Messages(group.ID, -1))); n != 1 {
		t.Fatalf("the start posted %d photos, want the board", n)
	}
	m, err := engine.Start(myrmes.Game, engine.Setup{Game: "myrmes", Seats: 2, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	chats := map[int64]engine.Seat{group.ID: engine.NoSeat, stranger.ID: engine.NoSeat}
	for i, u := range players {
		chats[u.ID] = engine.Seat(i)
	}
	shown := map[int64]int{} // message id -> edits already checked, plus one
	picks := map[engine.Seat]string{}
	check := func(what string) {
		t.Helper()
		log, err := e.db.Log(context.Background(), e.match(channel).ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, le := range log[len(m.Log):] {
			if _, err := m.Answer(le.Answer()); err != nil {
				t.Fatalf("replaying %v: %v", le, err)
			}
		}
		var surfaces []leaktest.Surface
		for chat, reader := range chats {
			for _, fm := range f.Messages(chat, -1) {
				if shown[fm.ID] == fm.Edits+1 {
					continue
				}
				shown[fm.ID] = fm.Edits + 1
				surfaces = append(surfaces, surfaceOf(fm, reader))
			}
		}
		if err := leaktest.Check(m.State, 2, surfaces); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if err := leaktest.CheckPicks(m.State, picks, surfaces); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	check("start")
	rng := rand.New(rand.NewPCG(seed, 5))
	secret := map[engine.Seat]int{}
	for n := 0; n < answers && m.State.Result() == nil; n++ {
		pend := m.State.Pending()
		p := pend[rng.IntN(len(pend))]
		u := players[p.Seat]
		before := e.match(channel).Seq
		if p.Secret {
			// MYR-EVENT-1: chosen in secret, with the private chat's keyboard.
			if !e.answerInPrivate(channel, u, rng) {
				t.Fatalf("answer %d: %s could not answer the secret %s prompt in the private chat", n, u.FirstName, p.Kind)
			}
			secret[p.Seat]++
			log, err := e.db.Log(context.Background(), e.match(channel).ID)
			if err != nil {
				t.Fatal(err)
			}
			picks[p.Seat] = log[len(log)-1].Path.String()
		} else {
			path, err := enginetest.RandomPath(m.State, p.Seat, rng)
			if err != nil {
				t.Fatal(err)
			}
			e.say(group, 0, u, "/"+path.String())
		}
		if got := e.match(channel).Seq; got != before+1 {
			t.Fatalf("answer %d: the log went from %d to %d answers; logs:\n%s", n, before, got, e.logs.String())
		}
		check(p.Kind)
	}
	ph := photos(f.Messages(group.ID, -1))
	t.Logf("%d answers, %v of them secret in private chats, %d board photos", len(m.Log), secret, len(ph))
	if secret[0] < 2 || secret[1] < 2 {
		t.Fatalf("secret answers in private chats: %v, want both players' event and births", secret)
	}
	if len(ph) < 3 {
		t.Fatalf("%d board photos, want one a turn", len(ph))
	}
	checkPNG(t, ph[len(ph)-1].Photo)
}

// answerInPrivate answers u's open secret prompt with the keyboard of the
// newest prompt in their private chat (each press edits it into the next
// step), a random option each step (a standing preference only when
// nothing else is offered), until the service applied an answer.
func (e *env) answerInPrivate(channel string, u faketg.User, rng *rand.Rand) bool {
	e.t.Helper()
	seq := e.match(channel).Seq
	var msg faketg.Message
	ms := e.fake.Messages(u.ID, -1)
	for i := len(ms) - 1; i >= 0; i-- {
		if ms[i].Keyboard != nil {
			msg = ms[i]
			break
		}
	}
	for step := 0; step < 12 && msg.Keyboard != nil; step++ {
		var all, some []string
		for _, row := range msg.Keyboard.Rows {
			for _, b := range row {
				if b.CallbackData != "" {
					all = append(all, b.CallbackData)
				}
			}
		}
		for _, d := range all {
			if !strings.Contains(d, " pref") {
				some = append(some, d)
			}
		}
		if len(some) == 0 {
			some = all
		}
		if len(some) == 0 {
			return false
		}
		e.press(u, msg.ID, some[rng.IntN(len(some))])
		if e.match(channel).Seq > seq {
			return true
		}
		msg, _ = e.fake.Message(msg.ID)
	}
	return false
}
