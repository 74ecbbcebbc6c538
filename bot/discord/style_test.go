package discord

import (
	"testing"

	"formica/bot"
)

// Texts that tell a player what to type name Discord's slash command.
func TestCommandRef(t *testing.T) {
	a := &Adapter{cfg: Config{Command: "ants"}, cmds: commandSet{
		"remind": {"value"}, "settings": {"options"}, "options": {"partial"}, "board": nil,
	}}
	var _ bot.Styler = a
	for text, want := range map[string]string{
		"take 3 5":        "/ants play move:take 3 5",
		"remind off":      "/ants remind value:off",
		"settings dm=off": "/ants settings options:dm=off",
		"options":         "/ants options",
		"board":           "/ants board",
	} {
		if got := a.CommandRef(text); got != want {
			t.Errorf("CommandRef(%q) = %q, want %q", text, got, want)
		}
	}
	if got := a.ChannelRef("123"); got != "<#123>" {
		t.Errorf("ChannelRef = %q", got)
	}
}
