package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"formica/bot"
)

func buttons(n int) []bot.Button {
	var row []bot.Button
	for i := range n {
		row = append(row, bot.Button{Label: fmt.Sprint("b", i), Data: fmt.Sprint("s1 b", i)})
	}
	return row
}

func TestLayout(t *testing.T) {
	pages := &pageStore{prefix: "t"}
	for _, tc := range []struct {
		name  string
		rows  [][]bot.Button
		kinds string // per row: b buttons, s select, m more
	}{
		{"one row", [][]bot.Button{buttons(3)}, "b"},
		{"five of five", [][]bot.Button{buttons(5), buttons(5), buttons(5), buttons(5), buttons(5)}, "bbbbb"},
		{"long row is a menu", [][]bot.Button{buttons(6)}, "s"},
		{"over 25 is two menus", [][]bot.Button{buttons(26), buttons(2)}, "ssb"},
		{"too many rows page", [][]bot.Button{buttons(1), buttons(1), buttons(1), buttons(1), buttons(1), buttons(1)}, "bbbbm"},
		{"empty rows vanish", [][]bot.Button{nil, buttons(2), {}}, "b"},
	} {
		comps := layout(tc.rows, pages, "More")
		var kinds string
		for _, c := range comps {
			row := c.(discordgo.ActionsRow)
			switch x := row.Components[0].(type) {
			case discordgo.SelectMenu:
				kinds += "s"
				if len(x.Options) > maxMenuOptions {
					t.Errorf("%s: menu of %d options", tc.name, len(x.Options))
				}
			case discordgo.Button:
				if strings.HasPrefix(x.CustomID, idMore) {
					kinds += "m"
				} else {
					kinds += "b"
				}
				if len(row.Components) > maxRowButtons {
					t.Errorf("%s: row of %d buttons", tc.name, len(row.Components))
				}
			}
		}
		if kinds != tc.kinds {
			t.Errorf("%s: layout %q, want %q", tc.name, kinds, tc.kinds)
		}
	}
}

func TestMoreID(t *testing.T) {
	page, key, ok := parseMore(idMore + " 3 ab12")
	if !ok || page != 3 || key != "ab12" {
		t.Fatalf("parseMore = %d %q %v", page, key, ok)
	}
	for _, bad := range []string{"~more", "~more x k", "~more 0 k", "~more 2", "s1 take", "~menu 0"} {
		if _, _, ok := parseMore(bad); ok {
			t.Errorf("parseMore(%q) accepted", bad)
		}
	}
	// Press payloads never look like adapter ids.
	p, err := bot.EncodePress(bot.Press{Kind: bot.PressStep, Version: 3, Path: []string{"take", "3"}})
	if err != nil || strings.HasPrefix(p, "~") {
		t.Fatalf("press payload %q collides with adapter ids", p)
	}
}

func TestOptionsFromUsage(t *testing.T) {
	for _, tc := range []struct {
		tok, name string
		required  bool
		choices   int
	}{
		{"game", "game", true, 0},
		{"ruleset", "ruleset", false, 0},
		{"key=value...", "options", false, 0},
		{"en|ru|uk|pl", "value", true, 4},
		{"partial move", "partial", false, 0},
		{"Weird!", "args", false, 0},
	} {
		o := option(tc.tok, tc.required)
		if o.Name != tc.name || len(o.Choices) != tc.choices || o.Description == "" {
			t.Errorf("option(%q) = %q with %d choices, want %q with %d", tc.tok, o.Name, len(o.Choices), tc.name, tc.choices)
		}
	}
}

func TestCommandText(t *testing.T) {
	a := &Adapter{cmds: commandSet{"new": {"game", "ruleset", "options"}, "play": {"move"}, "join": nil}}
	opt := func(name, v string, focused bool) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionString, Value: v, Focused: focused}
	}
	data := func(sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) discordgo.ApplicationCommandInteractionData {
		return discordgo.ApplicationCommandInteractionData{Name: "ants", Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}}}
	}
	// Options come back in the registered order whatever order Discord uses.
	text, _, _ := a.commandText(data("new", opt("options", "players=3", false), opt("game", "micropolis", false)))
	if text != "new micropolis players=3" {
		t.Errorf("new: %q", text)
	}
	if text, _, _ = a.commandText(data("play", opt("move", "take 3", false))); text != "take 3" {
		t.Errorf("play: %q", text)
	}
	if text, _, _ = a.commandText(data("join")); text != "join" {
		t.Errorf("join: %q", text)
	}
	text, head, f := a.commandText(data("new", opt("game", "mic", true)))
	if text != "new mic" || head != "new" || f == nil {
		t.Errorf("autocomplete new: %q %q %v", text, head, f)
	}
}

func TestConfig(t *testing.T) {
	env := map[string]string{EnvToken: " Bot abc.def ", EnvGuild: "123", EnvAPIURL: "http://127.0.0.1:9/"}
	var c Config
	c.FromEnv(func(k string) string { return env[k] })
	c, err := c.withDefaults()
	if err != nil || c.Token != "abc.def" || c.GuildID != "123" || c.Command != "ants" || c.APIURL != "http://127.0.0.1:9/" {
		t.Fatalf("config %+v, %v", c, err)
	}
	for _, bad := range []Config{
		{},
		{Token: "a b"},
		{Token: "tok-XYZ123", GuildID: "abc"},
		{Token: "tok-XYZ123", Command: "Ants!"},
		{Token: "tok-XYZ123", APIURL: "discord.com"},
		{Token: "tok-XYZ123", GatewayURL: "http://x/"},
	} {
		if _, err := bad.withDefaults(); err == nil {
			t.Errorf("%+v accepted", bad)
		} else if bad.Token != "" && strings.Contains(err.Error(), bad.Token) {
			t.Errorf("error shows the token: %v", err)
		}
	}
}

func TestRedact(t *testing.T) {
	r := redactor{token: "s3cr3t-token"}
	err := fmt.Errorf("wrapped: %w", errors.New("auth s3cr3t-token failed"))
	got := r.Err(err)
	if strings.Contains(got.Error(), "s3cr3t") || !strings.Contains(got.Error(), "[redacted]") {
		t.Fatalf("redacted error %q", got)
	}
	if errors.Unwrap(got) != err {
		t.Fatal("redaction lost the original error")
	}
	if r.Err(nil) != nil {
		t.Fatal("nil error redacted into non-nil")
	}
}

func TestNonce(t *testing.T) {
	m := bot.Message{To: bot.Channel, Channel: "1", Text: "board", Image: []byte{1, 2}, Buttons: [][]bot.Button{buttons(2)}}
	n := nonce("1", m)
	if len(n) > 25 || n != nonce("1", m) {
		t.Fatalf("nonce %q not stable or too long", n)
	}
	m2 := m
	m2.Buttons = [][]bot.Button{{{Label: "b0", Data: "s2 b0"}, {Label: "b1", Data: "s2 b1"}}}
	if nonce("1", m2) == n || nonce("2", m) == n {
		t.Fatal("different messages share a nonce")
	}
	// One outbox entry, its board drawn again for a retry with other
	// bytes: the same nonce. Another entry with the same words: another.
	d := m
	d.Delivery = "41"
	again := d
	again.Image = []byte{1, 3}
	if nonce("1", again) != nonce("1", d) {
		t.Fatal("a retried delivery whose board was drawn again has a new nonce")
	}
	other := d
	other.Delivery = "42"
	if nonce("1", other) == nonce("1", d) {
		t.Fatal("two outbox entries with the same words share a nonce")
	}
}

func TestClassify(t *testing.T) {
	rest := func(status, code int) error {
		return &discordgo.RESTError{Response: &http.Response{StatusCode: status, Status: fmt.Sprint(status)},
			Message: &discordgo.APIErrorMessage{Code: code, Message: "x"}}
	}
	var ra *bot.RetryAfter
	if err := classify(&discordgo.RateLimitError{RateLimit: &discordgo.RateLimit{TooManyRequests: &discordgo.TooManyRequests{RetryAfter: time.Second}}}, time.Minute); !errors.As(err, &ra) || ra.Delay != time.Second {
		t.Errorf("429: %v", err)
	}
	if err := classify(rest(502, 0), 3*time.Second); !errors.As(err, &ra) || ra.Delay != 3*time.Second {
		t.Errorf("502: %v", err)
	}
	blocked := classify(rest(403, discordgo.ErrCodeCannotSendMessagesToThisUser), time.Second)
	if !errors.Is(blocked, bot.ErrPermanent) || !isDMBlocked(blocked) {
		t.Errorf("50007: %v", blocked)
	}
	if err := classify(errors.New("dial tcp: connection refused"), time.Second); !errors.As(err, &ra) {
		t.Errorf("network error: %v", err)
	}
}

// manyCommands is a Service with more commands than Discord's 25
// subcommands, one of them with more than 25 choices.
type manyCommands struct{ n int }

func (manyCommands) Handle(context.Context, bot.Command) []bot.Message      { return nil }
func (manyCommands) Complete(context.Context, bot.Command) []bot.Suggestion { return nil }
func (s manyCommands) Commands() []bot.CommandInfo {
	var out []bot.CommandInfo
	var many []string
	for i := range 30 {
		many = append(many, fmt.Sprint("v", i))
	}
	out = append(out, bot.CommandInfo{Name: "pick", Args: "<" + strings.Join(many, "|") + ">", Description: map[string]string{"en": "Pick"}})
	var wide []string
	for i := range 30 {
		wide = append(wide, fmt.Sprintf("[w%d]", i))
	}
	out = append(out, bot.CommandInfo{Name: "wide", Args: strings.Join(wide, " "), Description: map[string]string{"en": "Wide"}},
		bot.CommandInfo{Name: "twice", Args: "<what> [what] [Ünï]", Description: map[string]string{"en": "Twice"}})
	for i := range s.n {
		out = append(out, bot.CommandInfo{Name: fmt.Sprint("cmd", i), Description: map[string]string{"en": "A command"}})
	}
	return out
}

// TestCommandLimits: past Discord's 25 subcommands nothing is lost: play
// keeps its place, the rest go into one group (/ants more <name>), which
// CommandRef writes and an interaction through it reads as the command;
// an option with more than 25 choices is offered by autocomplete instead
// of being cut off.
func TestCommandLimits(t *testing.T) {
	var logs strings.Builder
	a, err := New(Config{Token: "x.y.z", Command: "ants"}, manyCommands{n: 30}, slog.New(slog.NewTextHandler(&logs, nil)))
	if err != nil {
		t.Fatal(err)
	}
	root, set := a.buildCommand()
	if len(root.Options) != maxSubcommands {
		t.Fatalf("%d subcommands, want %d", len(root.Options), maxSubcommands)
	}
	if last := root.Options[len(root.Options)-1]; last.Name != playSub {
		t.Fatalf("last subcommand %q, want play", last.Name)
	}
	group := root.Options[len(root.Options)-2]
	if group.Name != groupSub || group.Type != discordgo.ApplicationCommandOptionSubCommandGroup || len(group.Options) != 3+30-23 || group.Options[0].Name != "cmd20" {
		t.Fatalf("the group past the limit: %+v", group)
	}
	a.cmds = set
	if got := a.CommandRef("cmd29"); got != "/ants more cmd29" {
		t.Errorf("CommandRef of a command past the limit = %q", got)
	}
	text, _, _ := a.commandText(discordgo.ApplicationCommandInteractionData{Options: []*discordgo.ApplicationCommandInteractionDataOption{
		{Name: groupSub, Type: discordgo.ApplicationCommandOptionSubCommandGroup, Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: "cmd29", Type: discordgo.ApplicationCommandOptionSubCommand}}}}})
	if text != "cmd29" {
		t.Errorf("/ants more cmd29 reads as %q", text)
	}
	pick := root.Options[0]
	if pick.Name != "pick" || len(pick.Options) != 1 || len(pick.Options[0].Choices) != 0 || !pick.Options[0].Autocomplete {
		t.Fatalf("30 choices: %+v, want autocomplete and no choices", pick.Options[0])
	}
}

// covered counts the usage tokens a registered subcommand takes: one an
// option, and every token named by the last "more" option.
func covered(sub *discordgo.ApplicationCommandOption) int {
	n := 0
	for _, o := range sub.Options {
		if o.Name == "more" {
			n += len(argTokens(o.Description))
			continue
		}
		n++
	}
	return n
}

// TestNothingDroppedPastLimits counts what the service offers against what
// is registered: every command a subcommand or named in the log, every
// argument an option (past 25, the last option takes the rest), every
// choice a choice (past 25, autocomplete), and option names unique.
func TestNothingDroppedPastLimits(t *testing.T) {
	var logs strings.Builder
	svc := manyCommands{n: 30}
	a, err := New(Config{Token: "x.y.z", Command: "ants"}, svc, slog.New(slog.NewTextHandler(&logs, nil)))
	if err != nil {
		t.Fatal(err)
	}
	root, _ := a.buildCommand()
	subs := map[string]*discordgo.ApplicationCommandOption{}
	var all []*discordgo.ApplicationCommandOption
	for _, s := range root.Options {
		if s.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
			all = append(all, s.Options...)
			continue
		}
		all = append(all, s)
	}
	for _, s := range all {
		subs[s.Name] = s
		names := map[string]bool{}
		for _, o := range s.Options {
			if names[o.Name] {
				t.Errorf("%s: option %q twice", s.Name, o.Name)
			}
			names[o.Name] = true
		}
		if len(s.Options) > maxOptions {
			t.Errorf("%s: %d options", s.Name, len(s.Options))
		}
	}
	for _, ci := range svc.Commands() {
		sub, ok := subs[ci.Name]
		if !ok {
			if !strings.Contains(logs.String(), ci.Name) {
				t.Errorf("command %s is neither registered nor named in the log", ci.Name)
			}
			continue
		}
		if got, want := covered(sub), len(argTokens(ci.Args)); got != want {
			t.Errorf("%s: %d of %d arguments registered", ci.Name, got, want)
		}
	}
	if wide := subs["wide"]; len(wide.Options) != maxOptions || wide.Options[maxOptions-1].Name != "more" {
		t.Errorf("30 arguments: %d options, want 25 with the last taking the rest", len(wide.Options))
	}
}
