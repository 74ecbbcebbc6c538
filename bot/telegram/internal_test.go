package telegram

import (
	"errors"
	"regexp"
	"strings"
	"testing"
)

// TestDeepLink: start payloads round-trip, fit Telegram's 64 characters of
// [A-Za-z0-9_-], and refuse tampering, other users and other bots.
func TestDeepLink(t *testing.T) {
	l := newLinker("123:secret-one")
	shape := regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)
	for _, p := range []place{{Chat: -1001234567890123}, {Chat: -1009876543210, Thread: 1 << 31}, {Chat: 42}, {Chat: -9223372036854775807, Thread: 1<<53 - 1}} {
		for _, a := range []linkAction{linkJoin, linkOpen} {
			s := l.encode(a, p, 777)
			if !shape.MatchString(s) {
				t.Fatalf("payload %q is not a valid start parameter", s)
			}
			ga, gp, err := l.decode(s, 777)
			if err != nil || ga != a || gp != p {
				t.Fatalf("decode(%q) = %c %v %v, want %c %v", s, ga, gp, err, a, p)
			}
			if _, _, err := l.decode(s, 778); !errors.Is(err, errLink) {
				t.Fatalf("another user's link accepted: %v", err)
			}
			if _, _, err := newLinker("123:secret-two").decode(s, 777); !errors.Is(err, errLink) {
				t.Fatal("a link of another bot token accepted")
			}
			for i := range len(s) {
				b := []byte(s)
				b[i] ^= 1
				if _, _, err := l.decode(string(b), 777); err == nil && string(b) != s {
					t.Fatalf("tampered payload %q accepted", b)
				}
			}
		}
	}
	for _, bad := range []string{"", "j", "x" + strings.Repeat("A", 20), "j!!!", strings.Repeat("j", 65)} {
		if _, _, err := l.decode(bad, 777); err == nil {
			t.Fatalf("decode(%q) accepted", bad)
		}
	}
}

func FuzzDeepLink(f *testing.F) {
	l := newLinker("123:secret")
	f.Add(l.encode(linkJoin, place{Chat: -100, Thread: 3}, 5), int64(5))
	f.Add("jAAAA", int64(1))
	f.Fuzz(func(t *testing.T, s string, user int64) {
		a, p, err := l.decode(s, user)
		if err == nil && l.encode(a, p, user) != s {
			t.Fatalf("%q decodes but does not re-encode the same", s)
		}
	})
}

func TestPlace(t *testing.T) {
	for _, s := range []string{"-100123", "-100123/7", "42"} {
		p, err := parsePlace(s)
		if err != nil || p.String() != s {
			t.Fatalf("parsePlace(%q) = %v, %v", s, p, err)
		}
	}
	for _, s := range []string{"", "0", "x", "-1/0", "-1/-3", "-1/x", "1/2/3"} {
		if _, err := parsePlace(s); err == nil {
			t.Fatalf("parsePlace(%q) accepted", s)
		}
	}
}

func TestToHTML(t *testing.T) {
	for in, want := range map[string]string{
		"**P1** takes `take 3`": "<b>P1</b> takes <code>take 3</code>",
		"a < b & c > d":         "a &lt; b &amp; c &gt; d",
		"2*3 = 6, **unpaired":   "2*3 = 6, **unpaired",
		"`<b>`":                 "<code>&lt;b&gt;</code>",
		"** **":                 "<b> </b>",
		"tile *7* and `":        "tile *7* and `",
	} {
		if got := toHTML(in); got != want {
			t.Errorf("toHTML(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSplit(t *testing.T) {
	text := strings.Repeat("ёжик 🐜 line\n", 300)
	parts := split(text, maxCaption, maxText)
	if len(parts) < 2 {
		t.Fatalf("%d parts", len(parts))
	}
	if visibleLen(parts[0]) > maxCaption {
		t.Fatalf("first part: %d", visibleLen(parts[0]))
	}
	for _, p := range parts[1:] {
		if visibleLen(p) > maxText {
			t.Fatalf("part: %d", visibleLen(p))
		}
	}
	if strings.Join(parts, "\n") != strings.TrimSpace(text) {
		t.Fatal("split lost text")
	}
	// One endless line is cut inside, never mid-rune.
	long := strings.Repeat("🐜", 3000)
	parts = split(long, maxCaption, maxText)
	if strings.Join(parts, "") != long || visibleLen(parts[0]) > maxCaption {
		t.Fatal("long line split badly")
	}
}

func TestCommandText(t *testing.T) {
	a := &Adapter{botTag: "formica_bot"}
	for in, want := range map[string]string{
		"/new micropolis players=3":   "new micropolis players=3",
		"/New@Formica_Bot micropolis": "new micropolis",
		"/take 3":                     "take 3",
		"/join@formica_bot":           "join",
	} {
		got, ok := a.commandText(in)
		if !ok || got != want {
			t.Errorf("commandText(%q) = %q %v, want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"hello", "/start@other_bot", "take 3"} {
		if got, ok := a.commandText(in); ok {
			t.Errorf("commandText(%q) = %q, want ignored", in, got)
		}
	}
}

func TestRedact(t *testing.T) {
	tok := "123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345"
	s := redactString("Post \"https://api.telegram.org/bot"+tok+"/getMe\": dial tcp; secret ABCdefGHIjklMNOpqrSTUvwxYZ012345", tok)
	if strings.Contains(s, "ABCdef") {
		t.Fatalf("not redacted: %s", s)
	}
}
