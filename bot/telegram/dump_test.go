package telegram_test

import (
	"fmt"
	"testing"
)

func dump(t *testing.T, e *env, chat int64) {
	for _, m := range e.fake.Messages(chat, -1) {
		kb := 0
		if m.Keyboard != nil {
			kb = len(m.Keyboard.Rows)
		}
		t.Log(fmt.Sprintf("#%d photo=%v edits=%d kb=%d %q", m.ID, m.Photo != nil, m.Edits, kb, m.Text))
	}
}
