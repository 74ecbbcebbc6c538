package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"formica/bot"
	"formica/bot/console"
	"formica/storage"
)

// play runs a hot-seat game in the terminal; the game is kept in the
// database, so running the same command again resumes it.
func (m *Main) play(ctx context.Context, args []string) error {
	fs := m.newFlags("play", "[game] [flags]   (default game: micropolis)", true)
	players := fs.Int("players", 3, "number of players")
	ruleset := fs.String("ruleset", "", "rule set (march: 1e or evolved; default the game's first)")
	names := fs.String("names", "", "comma-separated player names (default Alice,Bob,Carol...)")
	db := fs.String("db", "", "database file (default $FORMICA_DB or formica.db)")
	out := fs.String("out", "", "directory for board PNGs (default boards)")
	channel := fs.String("channel", "local", "console channel name (one game per channel)")
	seed := fs.Uint64("seed", 0, "shuffle seed of a new game (0: random)")
	pos, err := m.parse(fs, args)
	if err != nil {
		return err
	}
	game := "micropolis"
	if len(pos) > 0 {
		game = pos[0]
	}
	if len(pos) > 1 {
		return fmt.Errorf("play takes one game, got %q", pos)
	}
	ns := console.DefaultNames()
	if *names != "" {
		ns = splitNames(*names)
	}
	if *players < 1 || *players > len(ns) {
		return fmt.Errorf("--players %d: give 1 to %d players (or more --names)", *players, len(ns))
	}
	if err := m.open(*db, nil); err != nil {
		return err
	}
	named := false
	fs.Visit(func(f *flag.Flag) { named = named || f.Name == "channel" })
	if *channel, err = m.channelFor(ctx, strings.ToLower(game), *channel, named); err != nil {
		return err
	}
	// Boards are written while the player reads the prompt.
	snd := &console.Sender{W: m.Stdout, Dir: m.boards(*out), Later: true}
	setup := fmt.Sprintf("new %s players=%d", game, *players)
	if *ruleset != "" {
		setup = fmt.Sprintf("new %s %s players=%d", game, *ruleset, *players)
	}
	if *seed != 0 {
		setup += fmt.Sprintf(" seed=%d", *seed)
	}
	t := &console.Table{Service: m.svc, Sender: snd, Channel: *channel, Players: ns[:*players], Setup: setup}
	// Reminders and deadlines fire while the table waits for input; what
	// they send (reminders "by DM", boards after a default answer) is
	// printed at once.
	sctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := m.svc.RunScheduler(sctx, func() { _ = m.svc.Flush(sctx) }); err != nil {
			m.log.Error("scheduler stopped", "err", err)
		}
	}()
	defer func() {
		stop()
		<-done
		// A board the scheduler posted after Play's last wait.
		if err := snd.Wait(); err != nil {
			fmt.Fprintf(m.Stdout, "  [%v]\n", err)
		}
	}()
	return t.Play(ctx, m.Stdin)
}

// channelFor returns the console channel where game is played: ch itself
// when it is free or holds that game. A channel holding another game is
// never resumed as this one: a channel named on purpose (--channel) is
// refused, and the default one gives way to "<ch>-<game>", saying so.
func (m *Main) channelFor(ctx context.Context, game, ch string, named bool) (string, error) {
	other, err := m.gameIn(ctx, ch)
	if err != nil || other == "" || other == game {
		return ch, err
	}
	if named {
		return "", fmt.Errorf("#%s holds a %s game: play %s there (or abort it), or choose another --channel", ch, other, other)
	}
	own := ch + "-" + game
	if o, err := m.gameIn(ctx, own); err != nil || (o != "" && o != game) {
		return "", errors.Join(err, fmt.Errorf("#%s holds a %s game; choose a channel with --channel", own, o))
	}
	fmt.Fprintf(m.Stdout, "#%s holds a %s game (play %s resumes it): playing %s in #%s.\n", ch, other, other, game, own)
	return own, nil
}

// gameIn is the game of the match in a console channel, or "" when none.
func (m *Main) gameIn(ctx context.Context, ch string) (string, error) {
	info, err := m.svc.Info(ctx, bot.MatchRef{Platform: console.Platform, Channel: ch})
	if errors.Is(err, bot.ErrNoMatch) {
		return "", nil
	}
	return info.Game, err
}

func (m *Main) boards(flagValue string) string {
	if flagValue != "" {
		return flagValue
	}
	return m.cfg.Boards
}

// replay plays a script (see console.Table.Replay) in a fresh database
// unless --db names one, and prints the final state.
func (m *Main) replay(ctx context.Context, args []string) error {
	fs := m.newFlags("replay", "SCRIPT [flags]", false)
	asJSON := fs.Bool("json", false, "print the final match state as JSON")
	db := fs.String("db", "", "database file (default: a fresh temporary one); the script plays in a fresh channel of it")
	out := fs.String("out", "", "directory for board PNGs, created (default: boards/replay-<script name>)")
	boards := fs.String("boards", "all", "which boards to draw: all (after every turn) or final")
	pos, err := m.parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("replay takes one script file")
	}
	switch *boards {
	case "all":
	case "final":
		m.textOnly = true
	default:
		return fmt.Errorf("--boards %q: want all or final", *boards)
	}
	f, err := os.Open(pos[0])
	if err != nil {
		return err
	}
	defer f.Close()
	var opts *storage.Options
	if *db == "" {
		// A throw-away database needs no fsync.
		opts = &storage.Options{NoSync: true, NoBatch: true}
		dir, err := os.MkdirTemp("", "formica-replay-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		*db = filepath.Join(dir, "replay.db")
	}
	if err := m.open(*db, opts); err != nil {
		return err
	}
	w := m.Stdout
	if *asJSON {
		w = m.Stderr
	}
	// Never resume a match already in the database: the script's setup
	// would be ignored. Play it in the first free replay channel.
	channel := "replay"
	for i := 2; ; i++ {
		other, err := m.gameIn(ctx, channel)
		if err != nil {
			return err
		}
		if other == "" {
			break
		}
		next := fmt.Sprintf("replay-%d", i)
		fmt.Fprintf(w, "#%s holds a %s game: replaying into #%s.\n", channel, other, next)
		channel = next
	}
	// Boards go to a folder of the replay's own, never over a local game's.
	dir := *out
	if dir == "" {
		name := filepath.Base(pos[0])
		dir = filepath.Join(m.boards(""), "replay-"+strings.TrimSuffix(name, filepath.Ext(name)))
	}
	snd := &console.Sender{W: w, Dir: dir}
	t := &console.Table{Service: m.svc, Sender: snd, Channel: channel}
	info, err := t.Replay(ctx, f)
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	board := snd.LastBoard()
	if board == "" {
		drawer := m.svc
		if m.textOnly { // the service has no renderers: draw with the full list
			if drawer, err = bot.New(bot.Config{Store: m.db, Games: m.games, Logger: m.log}); err != nil {
				return err
			}
		}
		if png, err := drawer.Board(ctx, bot.MatchRef{Platform: console.Platform, Channel: channel, ID: info.ID}); err == nil {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			board = filepath.Join(dir, info.Game+"-final.png")
			if err := os.WriteFile(board, png, 0o644); err != nil {
				return err
			}
		}
	}
	if *asJSON {
		enc := json.NewEncoder(m.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Match bot.MatchInfo `json:"match"`
			Board string        `json:"board,omitempty"`
		}{info, board})
	}
	fmt.Fprintf(m.Stdout, "final board: %s\n", board)
	return nil
}

// render writes the board of a stored match as PNG.
func (m *Main) render(ctx context.Context, args []string) error {
	fs := m.newFlags("render", "[flags]", false)
	db := fs.String("db", "", "database file (default $FORMICA_DB or formica.db)")
	channel := fs.String("channel", "console:local", "the match in this platform:channel")
	id := fs.String("id", "", "an ended match by id")
	out := fs.String("out", "board.png", "PNG file to write")
	if _, err := m.parse(fs, args); err != nil {
		return err
	}
	platform, ch, ok := strings.Cut(*channel, ":")
	if !ok {
		return fmt.Errorf("--channel %q: want platform:channel, e.g. console:local", *channel)
	}
	// Read only: a missing file is an error (nothing created), and a
	// read-only or shared file renders.
	if err := m.open(*db, &storage.Options{ReadOnly: true}); err != nil {
		return err
	}
	png, err := m.svc.Board(ctx, bot.MatchRef{Platform: platform, Channel: ch, ID: *id})
	if err != nil {
		return err
	}
	if err := os.WriteFile(*out, png, 0o644); err != nil {
		return err
	}
	fmt.Fprintln(m.Stdout, *out)
	return nil
}
