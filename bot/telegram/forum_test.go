package telegram_test

import (
	"strconv"
	"strings"
	"testing"

	"formica/bot/telegram/faketg"
)

// TestForumTopics: in a forum supergroup each topic (message_thread_id)
// holds its own game; posts and buttons stay in their topic. A reply in an
// ordinary group carries a thread id too but is not a topic.
func TestForumTopics(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for _, u := range []faketg.User{alice, bob, carol} {
		e.fake.StartedBot(u, true)
	}
	const t1, t2 = 7, 8
	e.say(forum, t1, alice, "/new micropolis")
	e.say(forum, t2, bob, "/new micropolis")
	e.say(forum, t1, carol, "/join")
	e.say(forum, t2, alice, "/join")
	e.say(forum, t1, alice, "/start")

	ch1 := strconv.FormatInt(forum.ID, 10) + "/7"
	ch2 := strconv.FormatInt(forum.ID, 10) + "/8"
	if m := e.match(ch1); len(m.Players) != 2 || m.Status != "active" {
		t.Fatalf("topic 7: %d players, %s", len(m.Players), m.Status)
	}
	if m := e.match(ch2); len(m.Players) != 2 || m.Status != "lobby" {
		t.Fatalf("topic 8: %d players, %s", len(m.Players), m.Status)
	}
	board := e.last(forum.ID, t1)
	if board.Photo == nil || board.Thread != t1 {
		t.Fatalf("topic 7's board: %+v", board)
	}
	if n := len(e.fake.Messages(forum.ID, 0)); n != 0 {
		t.Fatalf("%d posts outside the topics", n)
	}
	for _, m := range e.fake.Messages(forum.ID, t2) {
		if m.Photo != nil || strings.Contains(m.Text, "Carol") {
			t.Fatalf("topic 7's game leaked into topic 8: %q", m.Text)
		}
	}
	// Play a turn with the topic's button: the board goes to that topic.
	b, ok := button(board, "s")
	if !ok {
		t.Fatal("no buttons on the topic's board")
	}
	e.press(alice, board.ID, b.CallbackData)
	dm := e.last(alice.ID, -1)
	for range 5 {
		next, ok := button(dm, "a")
		if !ok {
			next, ok = button(dm, "s")
		}
		if !ok {
			break
		}
		e.press(alice, dm.ID, next.CallbackData)
		dm, _ = e.fake.Message(dm.ID)
	}
	if e.match(ch1).Seq != 1 {
		t.Fatalf("the move by buttons in topic 7 was not applied")
	}
	if got := e.last(forum.ID, t1); got.Photo == nil || got.ID == board.ID {
		t.Fatal("no new board in topic 7")
	}
	// A player who never opened the private chat joins in topic 8: the
	// request to open it goes to that topic too.
	e.say(forum, t2, stranger, "/join")
	// Every post to the forum carried its topic's message_thread_id.
	sends := 0
	for _, c := range e.fake.Calls() {
		if c.ChatID != forum.ID || (c.Method != "sendMessage" && c.Method != "sendPhoto") {
			continue
		}
		sends++
		if c.Thread != t1 && c.Thread != t2 {
			t.Errorf("%s to the forum without its topic (thread %d)", c.Method, c.Thread)
		}
	}
	if _, ok := e.lastWith(forum.ID, t2, "tg://user?id=99"); !ok || sends < 6 {
		t.Fatalf("the open-chat request is not in topic 8 (%d posts checked)", sends)
	}
}
