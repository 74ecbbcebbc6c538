package myrmes

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"
)

//go:embed locales/*.json
var localeFiles embed.FS

// Messages holds the text of every message key the game emits, by language
// (en, ru, uk, pl): events, prompts, steps, option labels, errors, and the
// rules summary and topics. Placeholders {name} match the Args keys.
var Messages = mustLoadMessages()

func mustLoadMessages() map[string]map[string]string {
	m, err := loadMessages()
	if err != nil {
		panic(err) // the embedded files are checked by TestMessages
	}
	return m
}

func loadMessages() (map[string]map[string]string, error) {
	out := map[string]map[string]string{}
	entries, err := localeFiles.ReadDir("locales")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		b, err := localeFiles.ReadFile("locales/" + e.Name())
		if err != nil {
			return nil, err
		}
		var texts map[string]string
		if err := json.Unmarshal(b, &texts); err != nil {
			return nil, fmt.Errorf("myrmes locale %s: %w", e.Name(), err)
		}
		out[strings.TrimSuffix(e.Name(), ".json")] = texts
	}
	return out, nil
}
