package telegram_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"formica/bot"
	"formica/bot/telegram/faketg"
	"formica/engine"
)

func visible(s string) int {
	s = strings.NewReplacer("<b>", "", "</b>", "", "<code>", "", "</code>", "", "&lt;", "<", "&gt;", ">", "&amp;", "&").Replace(s)
	return len(utf16.Encode([]rune(s)))
}

func longText(lines int) string {
	var b strings.Builder
	for i := range lines {
		b.WriteString("• a **long** line of events, number ")
		b.WriteString(strings.Repeat("я", i%7))
		b.WriteString(" <with> & `code`\n")
	}
	return b.String()
}

// TestCaptionOverflow: a board with a long text is one photo whose caption
// holds the first 1024 characters, then text messages; the buttons sit
// under the last one.
func TestCaptionOverflow(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	img := e.boardPNG()
	text := longText(120)
	m := bot.Message{To: bot.Channel, Platform: "telegram", Channel: "-42", Text: text, Image: img,
		Buttons: [][]bot.Button{{{Label: "Take 1", Data: "s3 take 1"}}}}
	if err := e.ad.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	ms := e.fake.Messages(-42, -1)
	if len(ms) < 2 || ms[0].Photo == nil {
		t.Fatalf("want a photo and overflow text, got %d messages", len(ms))
	}
	checkPNG(t, ms[0].Photo)
	if n := visible(ms[0].Text); n > 1024 || n < 900 {
		t.Fatalf("caption has %d visible characters", n)
	}
	var all strings.Builder
	for i, p := range ms {
		if i > 0 && p.Photo != nil {
			t.Fatal("a second photo")
		}
		if (p.Keyboard != nil) != (i == len(ms)-1) {
			t.Fatalf("buttons on message %d of %d", i+1, len(ms))
		}
		all.WriteString(p.Text + "\n")
	}
	if strings.Count(all.String(), "number") != 120 || !strings.Contains(all.String(), "&lt;with&gt; &amp; <code>code</code>") {
		t.Fatal("text lost or mangled across the split")
	}
}

// TestResumeAfterPartialFailure: if the overflow text hits a 429 after the
// photo went out, Send asks to retry after retry_after, and the retry posts
// only what is missing: nothing twice.
func TestResumeAfterPartialFailure(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	m := bot.Message{To: bot.Channel, Platform: "telegram", Channel: "-43", Text: longText(60), Image: e.boardPNG()}
	e.fake.Fail(faketg.Fault{Method: "sendMessage", ChatID: -43, Code: 429, RetryAfter: 1})
	err := e.ad.Send(context.Background(), m)
	var ra *bot.RetryAfter
	if !errors.As(err, &ra) || ra.Delay != time.Second {
		t.Fatalf("Send: %v, want RetryAfter 1s", err)
	}
	if err := e.ad.Send(context.Background(), m); err == nil {
		t.Fatal("posted again before retry_after passed")
	} else if !errors.As(err, &ra) || ra.Delay <= 0 {
		t.Fatalf("early retry: %v, want RetryAfter", err)
	}
	if n := e.fake.Requests("sendMessage"); n != 1 {
		t.Fatalf("%d sendMessage requests during the flood wait, want 1", n)
	}
	time.Sleep(ra.Delay)
	if err := e.ad.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	p := posts(e.fake, -43)
	if p["sendPhoto"] != 1 || p["sendMessage"] != 1 {
		t.Fatalf("posts after resume: %v, want one photo and one text", p)
	}
}

// TestReplaceEditsInPlace: messages with the same Replace tag edit the one
// message (Message.Replace), text or photo.
func TestReplaceEditsInPlace(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for i, text := range []string{"prompt v1", "prompt v2", "prompt v2"} {
		m := bot.Message{To: bot.Channel, Platform: "telegram", Channel: "-44", Text: text, Replace: "prompt",
			Buttons: [][]bot.Button{{{Label: "go", Data: "s" + string(rune('1'+i)) + " go"}}}}
		if err := e.ad.Send(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	ms := e.fake.Messages(-44, -1)
	if len(ms) != 1 || ms[0].Text != "prompt v2" || ms[0].Edits != 2 {
		t.Fatalf("want one message edited twice, got %+v", ms)
	}
	img := e.boardPNG()
	for _, text := range []string{"board 1", "board 2"} {
		m := bot.Message{To: bot.Channel, Platform: "telegram", Channel: "-45", Text: text, Image: img, Replace: "board"}
		if err := e.ad.Send(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	ms = e.fake.Messages(-45, -1)
	if len(ms) != 1 || ms[0].Text != "board 2" || ms[0].Edits != 1 || ms[0].Photo == nil {
		t.Fatalf("want one photo edited once, got %d messages", len(ms))
	}
}

// TestGroupPacing: past a burst of 20 posts in one group, Send returns a
// RetryAfter without calling Telegram (which would answer 429 and may ban
// for longer); other chats are not held up.
func TestGroupPacing(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for i := range 20 {
		m := bot.Message{To: bot.Channel, Platform: "telegram", Channel: "-46", Text: "post " + string(rune('a'+i))}
		if err := e.ad.Send(context.Background(), m); err != nil {
			t.Fatalf("post %d: %v", i+1, err)
		}
	}
	err := e.ad.Send(context.Background(), bot.Message{To: bot.Channel, Platform: "telegram", Channel: "-46", Text: "one too many"})
	var ra *bot.RetryAfter
	if !errors.As(err, &ra) || ra.Delay < 5*time.Second || ra.Delay > 6*time.Second {
		t.Fatalf("21st post at once: %v, want RetryAfter ~6s (10 a minute after a burst of 20)", err)
	}
	if n := len(e.fake.Messages(-46, -1)); n != 20 {
		t.Fatalf("%d posts reached Telegram, want 20", n)
	}
	if err := e.ad.Send(context.Background(), bot.Message{To: bot.Channel, Platform: "telegram", Channel: "-47", Text: "elsewhere"}); err != nil {
		t.Fatalf("another group was held up: %v", err)
	}
}

// TestSendRefusals: messages that can never be delivered are permanent.
func TestSendRefusals(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for _, m := range []bot.Message{
		{To: bot.Channel, Platform: "discord", Channel: "-1", Text: "x"},
		{To: bot.Channel, Platform: "telegram", Channel: "general", Text: "x"},
		{To: bot.Direct, Platform: "telegram", User: "alice", Text: "x"},
		{To: bot.Direct, Platform: "telegram", User: "77", Text: "never started the bot"},
	} {
		if err := e.ad.Send(context.Background(), m); !errors.Is(err, bot.ErrPermanent) {
			t.Errorf("Send(%+v) = %v, want ErrPermanent", m, err)
		}
	}
}

// boardPNG renders a real Micropolis board.
func (e *env) boardPNG() []byte {
	e.t.Helper()
	g := games(e.t)[0]
	m, err := engine.Start(g.Descriptor, engine.Setup{Game: g.ID, Seats: 3, Seed: 1})
	if err != nil {
		e.t.Fatal(err)
	}
	img, err := g.Board(m.State.View(engine.NoSeat), "en")
	if err != nil {
		e.t.Fatal(err)
	}
	return img
}
