package discord_test

import (
	"context"
	"strings"
	"testing"

	"formica/bot"
	"formica/bot/bottest"
	"formica/bot/discord/fakediscord"
)

// TestMoreThan20OptionsOnDiscord plays a real March of the Ants position
// in which alice may play any of 21 cards, a private step (MOA1-ASYNC-2):
// her DM's "play" button brings a select menu with all 21, and choosing the
// 21st — past the old cap of 20 buttons — plays it. Every press happens in
// the DM, which must keep acting on the channel's game.
func TestMoreThan20OptionsOnDiscord(t *testing.T) {
	pos := bottest.MarchHand21(t)
	e := newEnv(t)
	e.games = []bot.Game{bottest.March(t)}
	e.cfg.PaceBurst = 1000 // 51 turns' posts; pacing is not what this tests
	e.start()
	e.reply(e.slash(alice, "new", fakediscord.Opt{Name: "game", Value: "march"}, fakediscord.Opt{Name: "options", Value: pos.Options}))
	e.reply(e.slash(bob, "join"))
	e.reply(e.slash(alice, "start"))
	players := []fakediscord.User{alice, bob}
	for i, a := range pos.Answers {
		r := e.reply(e.slash(players[a.Seat], "play", fakediscord.Opt{Name: "move", Value: a.Path.String()}))
		if !strings.Contains(r.Content, "✓") {
			t.Fatalf("answer %d %q refused: %q", i+1, a.Path, r.Content)
		}
	}
	if err := e.proc.svc.Flush(e.ctx()); err != nil {
		t.Fatal(err)
	}
	dms := e.dms(alice)
	if len(dms) == 0 {
		t.Fatal("alice got no DM")
	}
	prompt := dms[len(dms)-1]
	play, ok := prompt.Button("play")
	if !ok {
		t.Fatalf("alice's last DM has no play button: %q %+v", prompt.Content, prompt.Rows)
	}
	list := e.reply(e.press(alice, prompt, play.CustomID))
	var options []fakediscord.Option
	menu := ""
	for _, s := range list.Selects() {
		options = append(options, s.Options...)
		menu = s.CustomID
	}
	if len(options) != 21 || len(list.Selects()) != 1 {
		t.Fatalf("the play step shows %d options in %d menus, want 21 in one: %q %+v", len(options), len(list.Selects()), list.Content, list.Rows)
	}
	last := options[20]
	if !strings.Contains(last.Value, "play c48") {
		t.Fatalf("the 21st option is %+v, want card c48", last)
	}
	ix, err := e.fake.Select(alice, list, menu, last.Value)
	if err != nil {
		t.Fatal(err)
	}
	e.acked(ix, fakediscord.CallbackDeferUpdate)
	// Then the card's own steps, first option each, until it is played.
	for step := 0; ; step++ {
		r := e.reply(ix)
		if strings.Contains(r.Content, "✓") {
			break
		}
		bs := r.Buttons()
		if step > 5 || len(bs) == 0 {
			t.Fatalf("playing c48 stalled at %q %+v", r.Content, r.Rows)
		}
		ix = e.press(alice, r, bs[0].CustomID)
	}
	m := e.match()
	log, err := e.proc.db.Log(context.Background(), m.ID)
	if err != nil {
		t.Fatal(err)
	}
	got := log[len(log)-1]
	if m.Seq != uint64(len(pos.Answers)+1) || got.Seat != 0 || !strings.HasPrefix(got.Path.String(), "play c48") {
		t.Fatalf("after choosing the 21st card the log ends with %v %q at seq %d", got.Seat, got.Path, m.Seq)
	}
}
