package console

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"formica/bot"
)

// DefaultNames name hot-seat players when none are given.
func DefaultNames() []string { return []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank"} }

// Table is a hot-seat game in one console channel: players share the
// keyboard and the prompt names whose turn it is.
type Table struct {
	Service *bot.Service
	Sender  *Sender // prints replies and posts; attached as the console Sender
	Channel string  // "" means "local"
	Players []string
	// Setup opens the match when the channel has none, typed by the first
	// player, e.g. "new micropolis"; players=N is added when missing so the
	// match starts once everyone has joined.
	Setup string
}

func (t *Table) channel() string {
	if t.Channel == "" {
		return "local"
	}
	return t.Channel
}

// user is the console user for a player's name.
func user(name string) bot.User {
	return bot.User{Platform: Platform, ID: strings.ToLower(name), Name: name}
}

// Do runs one command as the named player, prints the replies and delivers
// the outbox. It reports whether the command was refused. With
// Sender.Later, it first waits for the boards of earlier commands (a
// player's next command comes after the board they read), and may return
// before its own are written.
func (t *Table) Do(ctx context.Context, name, text string) (refused bool, err error) {
	t.settle()
	c := bot.Command{Platform: Platform, Channel: t.channel(), User: user(name)}
	if p, ok := strings.CutPrefix(text, "press "); ok {
		c.Press = p
	} else {
		c.Text = text
	}
	for _, m := range t.Service.Handle(ctx, c) {
		refused = refused || m.Refused
		if err := t.Sender.Print(m); err != nil {
			return refused, err
		}
	}
	return refused, t.Service.Flush(ctx)
}

// Open starts the match (when the channel has none) and seats everyone; it
// returns the match's current state.
func (t *Table) Open(ctx context.Context) (bot.MatchInfo, error) {
	t.Service.Attach(Platform, t.Sender)
	ref := bot.MatchRef{Platform: Platform, Channel: t.channel()}
	info, err := t.Service.Info(ctx, ref)
	if err == nil {
		fmt.Fprintf(t.Sender.W, "Resuming the %s game in #%s (move %d).\n", info.Game, t.channel(), info.Version)
		if len(info.View) > 0 {
			_, err = t.Do(ctx, t.nameOf(info, t.current(info)), "board")
		}
		return info, err
	}
	if !errors.Is(err, bot.ErrNoMatch) {
		return info, err
	}
	if len(t.Players) < 1 {
		return info, errors.New("console: no players")
	}
	setup := t.Setup
	if !strings.Contains(setup, "players=") {
		setup += fmt.Sprintf(" players=%d", len(t.Players))
	}
	if refused, err := t.Do(ctx, t.Players[0], setup); err != nil || refused {
		return info, errors.Join(err, fmt.Errorf("console: %q was refused", setup))
	}
	for _, p := range t.Players[1:] {
		if refused, err := t.Do(ctx, p, "join"); err != nil || refused {
			return info, errors.Join(err, fmt.Errorf("console: %s could not join", p))
		}
	}
	return t.Service.Info(ctx, ref)
}

// current is the user id who should type next: the first prompted seat,
// or the creator in the lobby.
func (t *Table) current(info bot.MatchInfo) string {
	if len(info.Waiting) > 0 {
		return info.Waiting[0].User
	}
	return info.Creator
}

// nameOf finds the display name of a user id.
func (t *Table) nameOf(info bot.MatchInfo, id string) string {
	for _, p := range info.Players {
		if p.User == id {
			return p.Name
		}
	}
	for _, n := range t.Players {
		if strings.ToLower(n) == id {
			return n
		}
	}
	return id
}

// Play runs the hot-seat loop: it prompts "P1 (Alice) > ", reads a line and
// runs it as that player ("Bob: join" acts as Bob). It returns at the end of
// the game, on "quit", or at the end of input; the game stays in the
// database and resumes on the next Play. Every board is written when it
// returns.
func (t *Table) Play(ctx context.Context, in io.Reader) error {
	defer t.settle()
	info, err := t.Open(ctx)
	if err != nil {
		return err
	}
	rd := bufio.NewReader(in)
	for {
		if info.Status.Over() || info.Result != nil {
			return nil
		}
		who := t.nameOf(info, t.current(info))
		seat := ""
		for _, p := range info.Players {
			if p.Name == who {
				seat = p.Seat.String() + " "
			}
		}
		fmt.Fprintf(t.Sender.W, "%s(%s) > ", seat, who)
		raw, err := readLine(rd)
		if err != nil {
			fmt.Fprintln(t.Sender.W)
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		line := strings.TrimSpace(raw)
		switch line {
		case "":
			continue
		case "quit", "exit":
			fmt.Fprintln(t.Sender.W, "Saved. Run the same command again to continue.")
			return nil
		}
		if name, cmd, ok := strings.Cut(line, ":"); ok && t.isPlayer(strings.TrimSpace(name)) {
			who, line = strings.TrimSpace(name), strings.TrimSpace(cmd)
		}
		if _, err := t.Do(ctx, who, line); err != nil {
			return err
		}
		next, err := t.Service.Info(ctx, bot.MatchRef{Platform: Platform, Channel: t.channel(), ID: info.ID})
		if errors.Is(err, bot.ErrNoMatch) {
			return nil // the lobby was closed or the game aborted
		}
		if err != nil {
			return err
		}
		info = next
	}
}

// settle waits for the boards being written (Sender.Wait) and says which
// could not be.
func (t *Table) settle() {
	if err := t.Sender.Wait(); err != nil {
		fmt.Fprintf(t.Sender.W, "  [%v]\n", err)
	}
}

func (t *Table) isPlayer(name string) bool {
	for _, p := range t.Players {
		if strings.EqualFold(p, name) {
			return true
		}
	}
	return false
}

// maxLine is the longest line a player's command may be; the rest of a
// longer line is read and dropped, so a pasted flood is one refused
// command, not the end of the game.
const maxLine = 64 << 10

// readLine reads one line without its newline, keeping at most maxLine
// bytes of it. io.EOF comes only when nothing was read.
func readLine(rd *bufio.Reader) (string, error) {
	var line []byte
	for {
		chunk, err := rd.ReadSlice('\n')
		if room := maxLine - len(line); room > 0 {
			line = append(line, chunk[:min(len(chunk), room)]...)
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && len(line) > 0:
			return string(line), nil
		case err != nil:
			return "", err
		}
		return strings.TrimRight(string(line), "\r\n"), nil
	}
}
