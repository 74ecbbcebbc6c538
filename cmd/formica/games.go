package main

import (
	"fmt"

	"formica/bot"
	"formica/engine/funants"
	"formica/engine/march"
	"formica/engine/micropolis"
	funrender "formica/render/funants"
	micrender "formica/render/micropolis"
)

// games is the list of games this binary offers, built here and passed to
// the service (no registration by init). Add a game: its descriptor, its
// message catalog and its renderers (views are type-asserted here, the one
// place that knows both sides).
func games() ([]bot.Game, error) {
	mic, err := micrender.New()
	if err != nil {
		return nil, fmt.Errorf("micropolis renderer: %w", err)
	}
	fun, err := funrender.New()
	if err != nil {
		return nil, fmt.Errorf("fun ants renderer: %w", err)
	}
	return []bot.Game{
		{
			Descriptor: micropolis.Game,
			Messages:   micropolis.Messages,
			Board:      viewRenderer(mic.Render),
		},
		{
			Descriptor: march.Game,
			Messages:   march.Messages,
			// No renderer yet (render/march): posts carry text only.
		},
		{
			Descriptor: funants.Game,
			Messages:   funants.Messages,
			Board:      viewRenderer(fun.Render),
			Private:    viewRenderer(fun.RenderHand),
		},
	}, nil
}

// viewRenderer adapts a renderer of one game's view type to bot.Game's
// func(any), with an error (not a panic) for a view of another type.
func viewRenderer[V any](render func(V) ([]byte, error)) func(any) ([]byte, error) {
	return func(v any) ([]byte, error) {
		view, ok := v.(V)
		if !ok {
			var want V
			return nil, fmt.Errorf("renderer for %T got a %T view", want, v)
		}
		return render(view)
	}
}
