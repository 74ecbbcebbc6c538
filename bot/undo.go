package bot

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"formica/engine"
	"formica/storage"
)

// Undo follows Board Game Arena's policy. A player may take back their own
// answers (`undo [n]`) while nothing happened since that they could not
// take back alone: no other seat answered, and none of the answers drew at
// random or revealed anything hidden (the engine says which:
// engine.Settled). Any other take-back is asked of the table (`undo ask
// [n]`) and applies when every affected player agrees (`undo yes`): those
// whose answers it takes back, and everyone when it crosses a draw or a
// reveal.
//
// The log records an undo as an entry of its own (undoEntry), so the log
// stays append-only: the answers that stand are those liveLog keeps, and
// every replay goes through it.

// undoWord is the first code of an undo entry's path: "undo <k>" keeps the
// first k standing answers. Its seat is engine.NoSeat, so a replay that
// forgot liveLog fails loudly instead of playing a wrong game.
const undoWord = "undo"

// undoEntry is the log entry of an undo by user that keeps k standing
// answers.
func undoEntry(seq uint64, k int, user string, at time.Time) storage.LogEntry {
	return storage.LogEntry{Seq: seq, Seat: engine.NoSeat, Path: engine.Path{undoWord, strconv.Itoa(k)}, User: user, At: at}
}

// undone reports whether e is an undo entry and how many standing answers
// it keeps.
func undone(e storage.LogEntry) (int, bool) {
	if e.Seat != engine.NoSeat || len(e.Path) != 2 || e.Path[0] != undoWord {
		return 0, false
	}
	k, err := strconv.Atoi(e.Path[1])
	return k, err == nil && k >= 0
}

// liveLog is the answers of a stored log that stand: each undo entry drops
// the answers standing after its k-th.
func liveLog(log []storage.LogEntry) []storage.LogEntry {
	out := make([]storage.LogEntry, 0, len(log))
	for _, e := range log {
		if k, ok := undone(e); ok {
			out = out[:min(k, len(out))]
			continue
		}
		out = append(out, e)
	}
	return out
}

// answersOf is what the engine replays of entries.
func answersOf(entries []storage.LogEntry) []engine.Answer {
	out := make([]engine.Answer, len(entries))
	for i, e := range entries {
		out[i] = e.Answer()
	}
	return out
}

// UndoAsk is an open request to the table to take answers back.
type UndoAsk struct {
	User string      `json:"user"` // who asked
	Seat engine.Seat `json:"seat"`
	Keep int         `json:"keep"` // standing answers kept
	Seq  uint64      `json:"seq"`  // the match's answer count when asked: any answer since voids it
	Need []string    `json:"need"` // users who must agree
	Yes  []string    `json:"yes,omitempty"`
}

// tail is the end of a match's history: the standing answers, the state
// before each of the last ones and the events each caused.
type tail struct {
	live   []storage.LogEntry
	from   int            // states[i] is the state after from+i standing answers
	states []engine.State // from from to len(live)
	events [][]engine.Event
}

// state returns the state after k standing answers (k >= from).
func (t *tail) state(k int) engine.State { return t.states[k-t.from] }

// settled reports whether standing answer i (0-based) drew or revealed.
func (t *tail) settled(i, seats int) bool {
	return engine.Settled(t.state(i), t.state(i+1), seats)
}

// standingLog reads the match's log and the answers in it that stand.
func (r *request) standingLog(ctx context.Context) ([]storage.LogEntry, error) {
	log, err := r.s.store.Log(ctx, r.match.ID)
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		return nil, err
	}
	return liveLog(log), nil
}

// history replays the standing answers live, keeping the states from the
// from-th on.
func (r *request) history(live []storage.LogEntry, from int) (*tail, error) {
	t := &tail{live: live, from: max(0, min(from, len(live)))}
	m, err := engine.Replay(r.game.Descriptor, r.match.Setup, answersOf(live[:t.from]))
	if err != nil {
		return nil, err
	}
	t.states = []engine.State{m.State}
	for _, e := range live[t.from:] {
		evs, err := m.Answer(e.Answer())
		if err != nil {
			return nil, errors.Join(errors.New("bot: replaying for undo"), err)
		}
		t.states = append(t.states, m.State)
		t.events = append(t.events, evs)
	}
	return t, nil
}

// ownRun is how many standing answers at the end of live seat gave itself,
// typed by user (a deadline's default answer is not theirs to take back).
func ownRun(live []storage.LogEntry, seat engine.Seat, user string) int {
	n := 0
	for i := len(live) - 1; i >= 0 && live[i].Seat == seat && live[i].User == user; i-- {
		n++
	}
	return n
}

// cmdUndo is `undo [n]`, `undo ask [n]`, `undo yes` and `undo no`.
func cmdUndo(ctx context.Context, r *request) ([]Message, error) {
	if r.match.Status != storage.StatusActive {
		return nil, refuse("err.not_started", nil)
	}
	seat, ok := r.seat()
	if !ok {
		return nil, refuse("err.not_player", nil)
	}
	args := r.args
	verb := ""
	if len(args) > 0 && slices.Contains([]string{"ask", "yes", "no"}, args[0]) {
		verb, args = args[0], args[1:]
	}
	if verb == "yes" || verb == "no" {
		return r.undoReply(ctx, verb == "yes")
	}
	n := 1
	if len(args) > 1 {
		return nil, refuse("err.undo_usage", nil)
	}
	if len(args) == 1 {
		v, err := strconv.Atoi(args[0])
		if err != nil || v < 1 {
			return nil, refuse("err.undo_usage", nil)
		}
		n = v
	}
	if verb == "ask" {
		return r.undoAsk(ctx, seat, n)
	}
	return r.undoOwn(ctx, seat, n)
}

// undoOwn takes back the caller's last n answers when the policy lets them.
func (r *request) undoOwn(ctx context.Context, seat engine.Seat, n int) ([]Message, error) {
	live, err := r.standingLog(ctx)
	if err != nil {
		return nil, err
	}
	t, err := r.history(live, len(live)-ownRun(live, seat, r.cmd.User.ID))
	if err != nil {
		return nil, err
	}
	run := len(t.live) - t.from
	ask := map[string]string{"ask": r.ref("undo ask")}
	if run == 0 {
		if len(t.live) == 0 || t.live[len(t.live)-1].Seat == seat {
			return nil, refuse("err.undo_none", nil)
		}
		ask["player"] = r.seatName(t.live[len(t.live)-1].Seat)
		return nil, refuse("err.undo_other", ask)
	}
	if n > run {
		ask["n"] = itoa(run)
		return nil, refuse("err.undo_more", ask)
	}
	keep := len(t.live) - n
	for i := keep; i < len(t.live); i++ {
		if t.settled(i, r.match.Setup.Seats) {
			ask["move"] = itoa(int(t.live[i].Seq))
			return nil, refuse("err.undo_settled", ask)
		}
	}
	if err := r.undoTo(ctx, t, keep, []engine.Seat{seat}, r.cmd.User.ID); err != nil {
		return nil, err
	}
	return r.say("ok.undo", map[string]string{"n": itoa(n)}), nil
}

// undoAsk asks the table to take back everything from the caller's n-th
// last answer on. When it affects nobody else it is an undo of one's own.
func (r *request) undoAsk(ctx context.Context, seat engine.Seat, n int) ([]Message, error) {
	ms := decodeSettings(r.match.Settings)
	if ms.Undo != nil && ms.Undo.Seq == r.match.Seq {
		return nil, refuse("err.undo_open", map[string]string{"player": r.seatName(ms.Undo.Seat)})
	}
	live, err := r.standingLog(ctx)
	if err != nil {
		return nil, err
	}
	keep := -1
	for i, seen := len(live)-1, 0; i >= 0 && keep < 0; i-- {
		if live[i].Seat == seat {
			if seen++; seen == n {
				keep = i
			}
		}
	}
	if keep < 0 {
		return nil, refuse("err.undo_none", nil)
	}
	t, err := r.history(live, keep)
	if err != nil {
		return nil, err
	}
	affected := map[engine.Seat]bool{}
	for i := keep; i < len(t.live); i++ {
		if s := t.live[i].Seat; s != seat {
			affected[s] = true
		}
		if t.settled(i, r.match.Setup.Seats) {
			for _, p := range r.match.Players {
				affected[p.Seat] = true // everyone may have seen what it showed
			}
		}
	}
	delete(affected, seat)
	var need, names []string
	for _, p := range r.match.Players {
		if affected[p.Seat] && !slices.Contains(need, p.User) && p.User != r.cmd.User.ID {
			need = append(need, p.User)
			names = append(names, r.seatName(p.Seat))
		}
	}
	if len(need) == 0 {
		if err := r.undoTo(ctx, t, keep, []engine.Seat{seat}, r.cmd.User.ID); err != nil {
			return nil, err
		}
		return r.say("ok.undo", map[string]string{"n": itoa(len(t.live) - keep)}), nil
	}
	ms.Undo = &UndoAsk{User: r.cmd.User.ID, Seat: seat, Keep: keep, Seq: r.match.Seq, Need: need}
	r.match.Settings = ms.encode()
	args := map[string]string{"player": r.seatName(seat), "first": itoa(int(t.live[keep].Seq)),
		"players": strings.Join(names, ", "), "yes": r.ref("undo yes"), "no": r.ref("undo no")}
	post := r.post(r.ct("undo.asked", args))
	post.Mentions = need
	post.Buttons = r.undoButtons()
	return done(r.say("ok.undo_asked", args), r.save(ctx, storage.Change{Match: r.match, Outbox: r.queue(post)}))
}

// undoReply is `undo yes` or `undo no` to the open request.
func (r *request) undoReply(ctx context.Context, yes bool) ([]Message, error) {
	ms := decodeSettings(r.match.Settings)
	u := ms.Undo
	if u == nil || u.Seq != r.match.Seq {
		return nil, refuse("err.undo_no_request", nil)
	}
	if !slices.Contains(u.Need, r.cmd.User.ID) {
		return nil, refuse("err.undo_not_asked", map[string]string{"player": r.seatName(u.Seat)})
	}
	args := map[string]string{"player": r.seatName(u.Seat), "voter": displayName(r.cmd.User)}
	if !yes {
		ms.Undo = nil
		r.match.Settings = ms.encode()
		post := r.post(r.ct("undo.refused", args))
		return done(r.say("ok.undo_refused", args), r.save(ctx, storage.Change{Match: r.match, Outbox: r.queue(post)}))
	}
	if !slices.Contains(u.Yes, r.cmd.User.ID) {
		u.Yes = append(u.Yes, r.cmd.User.ID)
	}
	if len(u.Yes) < len(u.Need) {
		r.match.Settings = ms.encode()
		args["n"], args["need"] = itoa(len(u.Yes)), itoa(len(u.Need))
		post := r.post(r.ct("undo.agreed", args))
		return done(r.say("ok.undo_agreed", args), r.save(ctx, storage.Change{Match: r.match, Outbox: r.queue(post)}))
	}
	live, err := r.standingLog(ctx)
	if err != nil {
		return nil, err
	}
	if u.Keep >= len(live) {
		return nil, refuse("err.undo_no_request", nil)
	}
	t, err := r.history(live, u.Keep)
	if err != nil {
		return nil, err
	}
	var answered []engine.Seat
	for _, e := range t.live[u.Keep:] {
		if !slices.Contains(answered, e.Seat) {
			answered = append(answered, e.Seat)
		}
	}
	if err := r.undoTo(ctx, t, u.Keep, answered, u.User); err != nil {
		return nil, err
	}
	return r.say("ok.undo_agreed", args), nil
}

// undoButtons answer an undo request.
func (r *request) undoButtons() [][]Button {
	var row []Button
	for _, c := range []string{"yes", "no"} {
		data, err := EncodePress(Press{Kind: PressCommand, Path: engine.Path{"undo", c}})
		if err == nil {
			row = append(row, Button{Label: r.ct("button.undo_"+c, nil), Data: data})
		}
	}
	return [][]Button{row}
}

// undoTo commits the undo that keeps t's first keep standing answers: the
// log entry, the state they lead to, the seat clocks and reminders, and the
// corrections. The channel's notice follows every post made since (and is
// copied to watchers), the players whose private view changed get it again,
// and those who were told something privately by a taken-back answer are
// told it no longer stands.
func (r *request) undoTo(ctx context.Context, t *tail, keep int, answered []engine.Seat, by string) error {
	m := r.match
	cur, restored := t.state(len(t.live)), t.state(keep)
	ms := decodeSettings(m.Settings)
	ms.Undo = nil
	var keptSeq uint64
	if keep > 0 {
		keptSeq = t.live[keep-1].Seq
	}
	ms.dropHeld(keptSeq)
	undoneFirst := t.live[keep].Seq
	told := map[engine.Seat]bool{}
	for i := keep; i < len(t.live); i++ {
		for _, e := range t.events[i-t.from] {
			if e.To != engine.NoSeat {
				told[e.To] = true
			}
		}
	}
	now := r.s.clock()
	m.Seq++
	entry := undoEntry(m.Seq, keep, by, now)
	if err := setSnapshot(m, restored); err != nil {
		return err
	}
	change := storage.Change{Match: m, Log: []storage.LogEntry{entry}}
	change.Cancel, change.Remind = r.track(ctx, &ms, cur, restored, answered, now)
	m.Settings = ms.encode()
	who := r.userSeatName(by)
	args := map[string]string{"player": who, "first": itoa(int(undoneFirst)), "move": itoa(int(keptSeq))}
	msgs := r.turnMessages(ctx, cur, restored, engine.NoSeat, nil, r.ct("undo.done", args))
	b := r.bundle()
	for _, p := range m.Players {
		changed := r.game.Private != nil && viewChanged(cur, restored, p.Seat)
		if !changed && !told[p.Seat] {
			continue
		}
		lang := r.userLang(ctx, p.User)
		dm := r.direct(p.User, b.T(lang, "undo.private", map[string]string{"game": r.game.Name, "player": who, "first": args["first"]}))
		if changed {
			dm.draw = r.drawing(p.Seat, lang)
		}
		msgs = append(msgs, dm)
	}
	change.Outbox = r.queue(msgs...)
	return r.save(ctx, change)
}

// dropHeld forgets the held channel lines of answers after seq (taken
// back), keeping those of the answers that stand.
func (ms *MatchSettings) dropHeld(seq uint64) {
	var held []string
	var at []uint64
	for i, l := range ms.Held {
		if i < len(ms.HeldSeq) && ms.HeldSeq[i] <= seq {
			held, at = append(held, l), append(at, ms.HeldSeq[i])
		}
	}
	ms.Held, ms.HeldSeq = held, at
}

// withUndos puts into lines (the narration of standing answers from seq
// from on, each starting "#<seq> ") a line for each undo recorded after
// from, in the order of the log.
func (r *request) withUndos(stored []storage.LogEntry, from uint64, lines []string) []string {
	out := make([]string, 0, len(lines))
	for _, e := range stored {
		k, ok := undone(e)
		if !ok || e.Seq < from {
			continue
		}
		for len(lines) > 0 && lineSeq(lines[0]) < e.Seq {
			out, lines = append(out, lines[0]), lines[1:]
		}
		after := ""
		if kept := liveLog(stored[:e.Seq-1]); k > 0 && k <= len(kept) {
			after = itoa(int(kept[k-1].Seq))
		} else {
			after = "0"
		}
		out = append(out, "#"+itoa(int(e.Seq))+" "+r.t("log.undo", map[string]string{"player": r.userSeatName(e.User), "move": after}))
	}
	return append(out, lines...)
}

// lineSeq reads the "#<seq> " a log line starts with.
func lineSeq(line string) uint64 {
	num, _, _ := strings.Cut(strings.TrimPrefix(line, "#"), " ")
	n, _ := strconv.ParseUint(num, 10, 64)
	return n
}

// userSeatName is the seat name of a seated user ("P2 Bob"), else "-".
func (r *request) userSeatName(user string) string {
	for _, p := range r.match.Players {
		if p.User == user {
			return r.seatName(p.Seat)
		}
	}
	return r.seatName(engine.NoSeat)
}
