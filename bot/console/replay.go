package console

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"formica/bot"
)

// ScriptError names the script line that failed.
type ScriptError struct {
	Line int
	Text string
	Err  error
}

func (e *ScriptError) Error() string {
	return fmt.Sprintf("script line %d %q: %v", e.Line, e.Text, e.Err)
}

func (e *ScriptError) Unwrap() error { return e.Err }

// Replay plays a script through the service, as players would type it:
//
//	# comment
//	new micropolis players=3 seed=42       setup: the first line, typed by the first player
//	P1: take 3                             a command by seat P1 (or by name: "Alice: take 3")
//	! P2: take 9                           a command that must be refused
//
// players=N is required in the setup line: the players (DefaultNames, or
// names=Ann,Ben,...) join at once and the match starts. Each command runs in
// order; a refused command (without "!"), a malformed line or an unknown
// player stops the replay with a *ScriptError naming the line. It returns
// the final state of the match.
func (t *Table) Replay(ctx context.Context, script io.Reader) (bot.MatchInfo, error) {
	sc := bufio.NewScanner(script)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var info bot.MatchInfo
	started := false
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fail := func(err error) (bot.MatchInfo, error) {
			return info, &ScriptError{Line: n, Text: line, Err: err}
		}
		if !started {
			if err := t.setupFrom(line); err != nil {
				return fail(err)
			}
			// Open would resume a match already there, ignoring this setup.
			ref := bot.MatchRef{Platform: Platform, Channel: t.channel()}
			if other, err := t.Service.Info(ctx, ref); err == nil {
				return fail(fmt.Errorf("#%s already holds a %s game; replay into a free channel", t.channel(), other.Game))
			} else if !errors.Is(err, bot.ErrNoMatch) {
				return fail(err)
			}
			var err error
			if info, err = t.Open(ctx); err != nil {
				return fail(err)
			}
			started = true
			continue
		}
		expectRefusal := false
		if rest, ok := strings.CutPrefix(line, "!"); ok {
			expectRefusal, line = true, strings.TrimSpace(rest)
		}
		who, cmd, ok := strings.Cut(line, ":")
		if !ok || strings.TrimSpace(cmd) == "" {
			return fail(fmt.Errorf("want '<player>: <command>'"))
		}
		name, err := t.player(strings.TrimSpace(who))
		if err != nil {
			return fail(err)
		}
		refused, err := t.Do(ctx, name, strings.TrimSpace(cmd))
		switch {
		case err != nil:
			return fail(err)
		case refused && !expectRefusal:
			return fail(fmt.Errorf("the command was refused"))
		case !refused && expectRefusal:
			return fail(fmt.Errorf("the command was accepted, but the script expects a refusal"))
		}
	}
	if err := sc.Err(); err != nil {
		return info, &ScriptError{Line: n + 1, Err: err}
	}
	if !started {
		return info, &ScriptError{Line: n, Err: fmt.Errorf("no setup line (want e.g. 'new micropolis players=3 seed=42')")}
	}
	return t.Service.Info(ctx, bot.MatchRef{Platform: Platform, Channel: t.channel(), ID: info.ID})
}

// setupFrom reads players=N and names=... from the setup line.
func (t *Table) setupFrom(line string) error {
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "new" {
		return fmt.Errorf("the first line must open the match: 'new <game> players=N ...'")
	}
	players := 0
	var names []string
	kept := f[:0:0]
	for _, w := range f {
		k, v, _ := strings.Cut(w, "=")
		switch k {
		case "players":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 26 {
				return fmt.Errorf("players=%q is not a player count", v)
			}
			players = n
		case "names":
			names = strings.Split(v, ",")
			continue
		}
		kept = append(kept, w)
	}
	if players == 0 {
		return fmt.Errorf("the setup line needs players=N")
	}
	if names == nil {
		names = DefaultNames()
	}
	if len(names) < players {
		return fmt.Errorf("%d players but only %d names", players, len(names))
	}
	t.Players = names[:players]
	t.Setup = strings.Join(kept, " ")
	return nil
}

// player resolves "P2" or a name to a player's name.
func (t *Table) player(who string) (string, error) {
	if n, err := strconv.Atoi(strings.TrimPrefix(strings.ToUpper(who), "P")); err == nil && strings.HasPrefix(strings.ToUpper(who), "P") {
		if n < 1 || n > len(t.Players) {
			return "", fmt.Errorf("no player %s (players P1..P%d)", who, len(t.Players))
		}
		return t.Players[n-1], nil
	}
	for _, p := range t.Players {
		if strings.EqualFold(p, who) {
			return p, nil
		}
	}
	// Anyone else is a stranger at the table (scripts test refusals with them).
	if who == "" || strings.ContainsAny(who, " \t") {
		return "", fmt.Errorf("bad player name %q", who)
	}
	return who, nil
}
