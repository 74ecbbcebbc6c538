package telegram

import (
	"encoding/json"
	"testing"
)

// FuzzUpdate decodes arbitrary Bot API updates (messages, callback queries
// with any callback_data, topics): no panic, and a decoded update has an
// order key and an idempotency key.
func FuzzUpdate(f *testing.F) {
	for _, s := range []string{
		`{"update_id":1,"message":{"message_id":5,"chat":{"id":-100,"type":"supergroup"},"from":{"id":7,"first_name":"A"},"text":"/take 3","message_thread_id":4,"is_topic_message":true}}`,
		`{"update_id":2,"callback_query":{"id":"q","from":{"id":7,"first_name":"A"},"data":"s3 take 4 7","message":{"message_id":9,"chat":{"id":-100,"type":"group"}}}}`,
		`{"update_id":3,"callback_query":{"id":"q","from":{"id":7},"data":"` + "\\u0000" + `"}}`,
		`{"update_id":4,"callback_query":{"message":{"is_topic_message":true,"message_thread_id":-1}}}`,
		`{"update_id":"x"}`, `[]`, `null`, `{}`, `{"message":null,"callback_query":null}`,
		`{"update_id":5,"message":{"chat":null,"text":"/start jAAAA"}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		u, err := decodeUpdate(json.RawMessage(raw))
		if err != nil {
			return
		}
		_ = u.orderKey()
		if (&Adapter{}).updateID(u) == "" {
			t.Fatal("no idempotency key")
		}
	})
}
