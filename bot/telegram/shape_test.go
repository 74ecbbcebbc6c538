package telegram

import (
	"strings"
	"testing"
)

// The hand-written token and secret checks accept exactly what the
// regexps they replace accepted: ^[0-9]{1,20}:[A-Za-z0-9_-]{20,100}$ and
// ^[A-Za-z0-9_-]{1,256}$.
func TestTokenAndSecretShape(t *testing.T) {
	a := func(n int) string { return strings.Repeat("a", n) }
	for _, c := range []struct {
		token string
		ok    bool
	}{
		{"123456:" + "AAH-x_Zz09" + a(10), true},
		{strings.Repeat("9", 20) + ":" + a(20), true},
		{strings.Repeat("9", 21) + ":" + a(20), false},
		{":" + a(20), false},
		{"1:" + a(19), false},
		{"1:" + a(100), true},
		{"1:" + a(101), false},
		{"1a:" + a(20), false},
		{"1:" + a(19) + ":", false},
		{"1:" + a(19) + " ", false},
		{"1:" + a(19) + "é", false},
		{"1" + a(20), false},
		{"", false},
	} {
		if got := tokenShape(c.token); got != c.ok {
			t.Errorf("tokenShape(%q) = %v, want %v", c.token, got, c.ok)
		}
	}
	for _, c := range []struct {
		secret string
		ok     bool
	}{
		{"s", true},
		{"Az09_-", true},
		{a(256), true},
		{a(257), false},
		{"", false},
		{"a b", false},
		{"a:b", false},
		{"a/b", false},
	} {
		if got := secretShape(c.secret); got != c.ok {
			t.Errorf("secretShape(%q) = %v, want %v", c.secret, got, c.ok)
		}
	}
}
