package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"formica/bot"
	"formica/config"
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
	db  *storage.DB
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
	if len(args) == 0 {
		if cfg.Discord.Token.Set() || cfg.Telegram.Token.Set() {
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
	case "help", "-h", "--help":
		fmt.Fprint(m.Stdout, usage)
		return nil
	}
	return fmt.Errorf("unknown command %q\n%s", args[0], usage)
}

const usage = `usage:
  formica                                    play Micropolis locally (3 players)
  formica play <game> [--players N] [--names A,B,C] [--db path] [--out dir]
  formica replay SCRIPT [--json] [--db path] [--out dir]
  formica render [--db path] (--channel platform:channel | --id ID) [--out file.png]
  formica serve                              run the configured Discord/Telegram bots
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
	db, err := storage.Open(dbPath, opts)
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
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
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

func newFlags(name string, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(out)
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
