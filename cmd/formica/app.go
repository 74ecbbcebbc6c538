package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"formica/bot"
	"formica/config"
	"formica/engine"
	"formica/storage"
)

// Main is one run of the program: its arguments, streams and environment,
// and what it opened. Nothing lives in package variables.
type Main struct {
	Args   []string
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Getenv func(string) string
	// Games builds the games offered; nil means the full list (games).
	// Tests pass lighter lists.
	Games func() ([]bot.Game, error)

	cfg config.Config
	log *slog.Logger
	db  database
	svc *bot.Service
	// games is the full list; with textOnly the service gets it without
	// renderers (replay --boards final draws only the last board).
	games    []bot.Game
	textOnly bool
	// serving: open builds metrics (bot.Observer) for the server.
	serving bool
	metrics *metrics
}

// Run parses the subcommand and runs it until it ends or ctx is cancelled.
func (m *Main) Run(ctx context.Context) error {
	args := m.Args
	cfgPath := m.Getenv("FORMICA_CONFIG")
	// --config may come before the subcommand.
	if len(args) >= 2 && (args[0] == "--config" || args[0] == "-config") {
		cfgPath, args = args[1], args[2:]
	}
	cfg, err := config.Load(cfgPath, m.Getenv)
	if err != nil {
		return err
	}
	m.cfg = cfg
	m.log = slog.New(slog.NewTextHandler(m.Stderr, &slog.HandlerOptions{Level: cfg.LogLevel}))
	err = m.dispatch(ctx, args)
	if errors.Is(err, flag.ErrHelp) {
		return nil // help was asked for and printed
	}
	return err
}

func (m *Main) dispatch(ctx context.Context, args []string) error {
	if len(args) == 0 {
		if m.cfg.Discord.Token.Set() || m.cfg.Telegram.Token.Set() {
			return m.serve(ctx, nil)
		}
		return m.play(ctx, []string{"micropolis"})
	}
	switch args[0] {
	case "play":
		return m.play(ctx, args[1:])
	case "replay":
		return m.replay(ctx, args[1:])
	case "render":
		return m.render(ctx, args[1:])
	case "serve":
		return m.serve(ctx, args[1:])
	case "migrate":
		return m.migrate(ctx, args[1:])
	case "help", "-h", "-help", "--help":
		fmt.Fprint(m.Stdout, usage)
		m.writeGames(m.Stdout)
		fmt.Fprintln(m.Stdout, "formica <command> --help shows the flags of a command.")
		return nil
	}
	return fmt.Errorf("unknown command %q\n%s", args[0], usage)
}

// writeGames lists the games this binary offers, with their player counts,
// rule sets and options, for help.
func (m *Main) writeGames(w io.Writer) {
	build := m.Games
	if build == nil {
		build = games
	}
	gs, err := build()
	if err != nil {
		fmt.Fprintf(w, "games: unavailable: %v\n", err)
		return
	}
	fmt.Fprintln(w, "games:")
	for _, g := range gs {
		d := g.Descriptor
		s := engine.Setup{Game: d.ID, Options: map[string]string{}}
		if len(d.RuleSets) > 0 {
			s.RuleSet = d.RuleSets[0]
		}
		var opts []string
		for _, o := range d.Options {
			s.Options[o.Name] = o.Default
			if o.Default == "" && len(o.Values) > 0 {
				s.Options[o.Name] = o.Values[0]
			}
			if len(o.Values) > 0 { // free-text options are for scenario scripts
				opts = append(opts, o.Name+"="+strings.Join(o.Values, "|"))
			}
		}
		lo, hi := d.Seats(s)
		fmt.Fprintf(w, "  %-11s %s, %d-%d players", d.ID, d.Name, lo, hi)
		if len(d.RuleSets) > 0 {
			fmt.Fprintf(w, "; rule sets: %s", strings.Join(d.RuleSets, ", "))
		}
		fmt.Fprintln(w)
		// Options wrapped to a terminal's width, under the game.
		line := "      options:"
		for _, o := range opts {
			if len(line)+1+len(o) > 100 {
				fmt.Fprintln(w, line)
				line = "       "
			}
			line += " " + o
		}
		if len(opts) > 0 {
			fmt.Fprintln(w, line)
		}
	}
}

const usage = `usage:
  formica                                    play Micropolis locally (3 players)
  formica play <game> [--ruleset R] [--players N] [--names A,B,C] [--db path] [--out dir]
  formica replay SCRIPT [--json] [--db path] [--out dir]
  formica render [--db path] (--channel platform:channel | --id ID) [--out file.png]
  formica serve                              run the configured Discord/Telegram bots
  formica migrate --from bolt.db --to postgres://user@host/db   copy a bbolt database to PostgreSQL and verify it
  (global) --config FILE before the command, or FORMICA_CONFIG
`

// Close releases what Run opened.
func (m *Main) Close() error {
	if m.db != nil {
		err := m.db.Close()
		m.db = nil
		return err
	}
	return nil
}

// open opens the database and builds the service. opts nil means durable
// defaults.
func (m *Main) open(dbPath string, opts *storage.Options) error {
	if dbPath == "" {
		dbPath = m.cfg.DB
	}
	db, err := openDB(context.Background(), dbPath, opts)
	if err != nil {
		return err
	}
	m.db = db
	build := m.Games
	if build == nil {
		build = games
	}
	gs, err := build()
	if err != nil {
		return err
	}
	m.games = gs
	if m.textOnly {
		gs = withoutRenderers(gs)
	}
	cfg := bot.Config{Store: db, Games: gs, Logger: m.log, Lang: m.cfg.Lang}
	if m.serving {
		m.metrics = newMetrics(db)
		cfg.Observer = m.metrics
	}
	m.svc, err = bot.New(cfg)
	return err
}

// withoutRenderers copies gs with no board or hand renderers: posts carry
// text only.
func withoutRenderers(gs []bot.Game) []bot.Game {
	out := make([]bot.Game, len(gs))
	for i, g := range gs {
		g.Board, g.Private = nil, nil
		out[i] = g
	}
	return out
}

// parse parses flags that may come before or after the positional
// arguments ("play micropolis --players 3") and returns the positionals.
// -h or --help prints the command's usage to stdout and returns
// flag.ErrHelp, which Run treats as success.
func (m *Main) parse(fs *flag.FlagSet, args []string) ([]string, error) {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "-help" || a == "--help" {
			fs.SetOutput(m.Stdout)
			fs.Usage()
			return nil, flag.ErrHelp
		}
	}
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// newFlags makes a command's flag set; its usage shows synopsis, the games
// when listGames, and the flags.
func (m *Main) newFlags(name, synopsis string, listGames bool) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(m.Stderr)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "usage: formica %s %s\n", name, synopsis)
		if listGames {
			m.writeGames(w)
		}
		fmt.Fprintln(w, "flags:")
		fs.PrintDefaults()
	}
	return fs
}

func splitNames(s string) []string {
	var out []string
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}
