// Command formica runs the Formica bot: a local game in the terminal, a
// scripted replay, a board render, or the Discord and Telegram adapters.
//
//	formica                               local 3-player Micropolis (no tokens configured)
//	formica play <game> [--players N] [--db path] [--out dir]
//	formica replay SCRIPT [--json] [--db path] [--out dir]
//	formica render [--db path] (--channel platform:channel | --id ID) [--out file.png]
//	formica serve [--config file]
//
// Configuration: --config file (or FORMICA_CONFIG) plus environment
// variables; see package config.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	m := &Main{Args: os.Args[1:], Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}
	err := m.Run(ctx)
	if cerr := m.Close(); err == nil {
		err = cerr
	}
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "formica:", err)
		os.Exit(1)
	}
}
