package main

import (
	"fmt"

	"formica/bot"
	"formica/engine/micropolis"
	micrender "formica/render/micropolis"
)

// games is the list of games this binary offers, built here and passed to
// the service (no registration by init). Add a game: its descriptor, its
// message catalog and its renderers.
func games() ([]bot.Game, error) {
	mic, err := micrender.New()
	if err != nil {
		return nil, fmt.Errorf("micropolis renderer: %w", err)
	}
	return []bot.Game{
		{
			Descriptor: micropolis.Game,
			Messages:   micropolis.Messages,
			Board: func(v any) ([]byte, error) {
				mv, ok := v.(micropolis.View)
				if !ok {
					return nil, fmt.Errorf("micropolis board: got a %T view", v)
				}
				return mic.Render(mv)
			},
		},
	}, nil
}
