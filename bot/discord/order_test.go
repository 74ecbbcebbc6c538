package discord_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"formica/bot"
	"formica/bot/discord"
	"formica/bot/discord/fakediscord"
)

// orderService records, per channel, the order the adapter hands it
// commands, and any command handed over while another of its channel was
// still being handled. The command "hold" waits for release.
type orderService struct {
	nopService
	release chan struct{}
	entered chan string // every command's text as it comes in
	handled chan string // and as it was handled

	mu      sync.Mutex
	busy    map[string]bool
	order   map[string][]string
	overlap []string
}

func (s *orderService) Handle(_ context.Context, c bot.Command) []bot.Message {
	s.mu.Lock()
	if s.busy[c.Channel] {
		s.overlap = append(s.overlap, c.Text)
	}
	s.busy[c.Channel] = true
	s.mu.Unlock()
	s.entered <- c.Text
	if c.Text == "hold" {
		<-s.release
	}
	s.mu.Lock()
	s.busy[c.Channel] = false
	s.order[c.Channel] = append(s.order[c.Channel], c.Text)
	s.mu.Unlock()
	s.handled <- c.Text
	return nil
}

// One channel's commands are handled one at a time in the order Discord
// delivered them, even while one of them takes long; each is acknowledged
// at once all the same, and another channel's commands go ahead. (A
// goroutine per event, discordgo's default, let a "start" overtake the
// "join" sent just before it.)
func TestChannelCommandsInOrder(t *testing.T) {
	e := newEnv(t)
	svc := &orderService{release: make(chan struct{}), entered: make(chan string, 64), handled: make(chan string, 64),
		busy: map[string]bool{}, order: map[string][]string{}}
	ad, err := discord.New(e.cfg, svc, e.logger())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ad.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
			t.Error(err)
		}
	})
	if err := e.fake.WaitIdentifies(e.ctx(), 1); err != nil {
		t.Fatal(err)
	}
	const other = "700000000000000099"
	// send delivers the moves one right after another, as fast players
	// and the gateway can, and then checks each was acknowledged.
	send := func(ch string, moves ...string) {
		t.Helper()
		var ixs []*fakediscord.Interaction
		for _, m := range moves {
			ix, err := e.fake.Slash(alice, ch, "ants", "play", fakediscord.Opt{Name: "move", Value: m})
			if err != nil {
				t.Fatal(err)
			}
			ixs = append(ixs, ix)
		}
		for i, ix := range ixs {
			if _, err := ix.Ack(e.ctx()); err != nil {
				t.Fatalf("%s was not acknowledged while another command of its channel was handled: %v", moves[i], err)
			}
		}
	}
	send(channel, "hold")
	if got := <-svc.entered; got != "hold" {
		t.Fatalf("first handled %q, want hold", got)
	}
	var want []string
	for i := range 8 {
		want = append(want, fmt.Sprintf("m%d", i))
	}
	send(channel, want...)
	// The other channel's command, delivered after those eight, is
	// handled while the first channel's "hold" still waits.
	send(other, "elsewhere")
	if got := <-svc.entered; got != "elsewhere" {
		t.Fatalf("handled %q while hold waited, want only the other channel's command", got)
	}
	close(svc.release)
	for range 2 + len(want) {
		<-svc.handled
	}
	svc.mu.Lock()
	defer svc.mu.Unlock()
	if len(svc.overlap) > 0 {
		t.Errorf("handed over while another command of the channel was handled: %v", svc.overlap)
	}
	if got := svc.order[channel]; !slices.Equal(got, append([]string{"hold"}, want...)) {
		t.Errorf("the channel's commands were handled in the order %v, want hold then %v", got, want)
	}
}
