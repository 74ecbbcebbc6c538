package storage_test

import (
	"reflect"
	"testing"

	"formica/storage"
	"formica/storage/storagetest"
)

func TestOutbox(t *testing.T) {
	db := storagetest.Open(t, nil)
	m := newMatch("c1")
	var sent []storage.MessageID
	for range 3 {
		rc, err := db.Save(ctx, answer(m))
		if err != nil {
			t.Fatal(err)
		}
		sent = append(sent, rc.Messages...)
	}
	extra, err := db.Enqueue(ctx, storage.Message{Platform: "telegram", To: "77", Kind: "dm", At: t0})
	if err != nil {
		t.Fatal(err)
	}
	sent = append(sent, extra...)
	msgs, err := db.Pending(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []storage.MessageID
	for _, msg := range msgs {
		got = append(got, msg.ID)
	}
	if !reflect.DeepEqual(got, sent) {
		t.Errorf("Pending ids = %v, want commit order %v", got, sent)
	}
	if msgs[0].Match != m.Key || string(msgs[0].Payload) != `{"turn":1}` || msgs[3].To != "77" {
		t.Errorf("Pending = %+v", msgs)
	}
	if two, _ := db.Pending(ctx, 2); len(two) != 2 || two[0].ID != sent[0] {
		t.Errorf("Pending(2) = %+v", two)
	}
	if err := db.Ack(ctx, sent[0], sent[2], sent[2]); err != nil {
		t.Fatal(err)
	}
	left, _ := db.Pending(ctx, 0)
	if len(left) != 2 || left[0].ID != sent[1] || left[1].ID != sent[3] {
		t.Errorf("after Ack: %+v", left)
	}
}
