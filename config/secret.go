package config

import (
	"fmt"
	"log/slog"
)

// Secret is a token or password. Every way of printing it (fmt verbs, %#v,
// JSON, slog) shows "[redacted]"; Reveal returns the value for the one
// place that needs it.
type Secret string

const redacted = "[redacted]"

// Reveal returns the secret's value.
func (s Secret) Reveal() string { return string(s) }

// Set reports whether the secret has a value.
func (s Secret) Set() bool { return s != "" }

// String redacts.
func (s Secret) String() string {
	if s == "" {
		return ""
	}
	return redacted
}

// GoString redacts (%#v).
func (s Secret) GoString() string { return `config.Secret("` + s.String() + `")` }

// Format redacts for every verb.
func (s Secret) Format(f fmt.State, verb rune) { _, _ = f.Write([]byte(s.String())) }

// MarshalJSON redacts.
func (s Secret) MarshalJSON() ([]byte, error) { return []byte(`"` + s.String() + `"`), nil }

// MarshalText redacts (encoding.TextMarshaler, used by slog and others).
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// LogValue redacts in slog.
func (s Secret) LogValue() slog.Value { return slog.StringValue(s.String()) }
