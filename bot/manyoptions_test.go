package bot_test

import (
	"context"
	"strings"
	"testing"

	"formica/bot"
	"formica/storage/storagetest"
)

// A step with more options than a grid of buttons holds puts every option
// in one list (a row longer than bot.RowButtons) for the adapters to show
// as menus or pages; none is cut off. The list's ListPress shows it again,
// and is refused as stale once the move is made.
func TestManyOptionsAreAList(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil))
	startPile(tb, "size=40 most=30")
	alice := bot.User{Platform: "console", ID: "alice", Name: "Alice"}
	msgs := tb.svc.Handle(context.Background(), bot.Command{Platform: "console", Channel: tb.ch, User: alice, Text: "options take"})
	if len(msgs) != 1 || len(msgs[0].Buttons) != 1 {
		t.Fatalf("options take replied %+v, want one message with one list", msgs)
	}
	list := msgs[0].Buttons[0]
	if len(list) != 30 {
		t.Fatalf("the list has %d buttons, want all 30 options", len(list))
	}
	if !strings.Contains(msgs[0].Text, "`take 30`") {
		t.Fatalf("the text does not list the 30th option: %q", msgs[0].Text)
	}
	// The 27th option, past the old cap of 20, is a button that applies.
	p, err := bot.DecodePress(list[26].Data)
	if err != nil || p.Path.String() != "take 27" || list[26].Label != "27" {
		t.Fatalf("27th button %+v (%+v, %v)", list[26], p, err)
	}
	again, err := bot.ListPress(list[26].Data)
	if err != nil {
		t.Fatal(err)
	}
	shown := tb.svc.Handle(context.Background(), bot.Command{Platform: "console", Channel: tb.ch, User: alice, Press: again})
	if len(shown) != 1 || shown[0].Refused || len(shown[0].Buttons) != 1 || len(shown[0].Buttons[0]) != 30 {
		t.Fatalf("the list press showed %+v, want the 30 options again", shown)
	}
	if got := tb.press("Alice", list[26].Data); !strings.Contains(got, "✓ take 27") {
		t.Fatalf("pressing the 27th option replied %q", got)
	}
	if m := tb.match(); m.Seq != 1 {
		t.Fatalf("seq %d after the press, want 1", m.Seq)
	}
	tb.refused("Alice", "press:"+again, "older board")
}

// ListPress is the option's step pressed at the same version; a submit, a
// command or a root press is not an option of a list.
func TestListPress(t *testing.T) {
	for in, want := range map[string]string{"s12 take 27": "s12 take", "s3 x": "s3", "s0 a b c": "s0 a b"} {
		if got, err := bot.ListPress(in); err != nil || got != want {
			t.Errorf("ListPress(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"a12 take", "c0 join", "s12", "", "x1 y"} {
		if got, err := bot.ListPress(in); err == nil {
			t.Errorf("ListPress(%q) = %q, want an error", in, got)
		}
	}
}
