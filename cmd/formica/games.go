package main

import (
	"fmt"

	"formica/bot"
	"formica/engine/funants"
	"formica/engine/march"
	"formica/engine/micropolis"
	funrender "formica/render/funants"
	marchrender "formica/render/march"
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
	moa, err := marchrender.New()
	if err != nil {
		return nil, fmt.Errorf("march of the ants renderer: %w", err)
	}
	fun, err := funrender.New()
	if err != nil {
		return nil, fmt.Errorf("fun ants renderer: %w", err)
	}
	micMsgs, err := micropolis.Messages()
	if err != nil {
		return nil, fmt.Errorf("micropolis messages: %w", err)
	}
	moaMsgs, err := march.Messages()
	if err != nil {
		return nil, fmt.Errorf("march of the ants messages: %w", err)
	}
	funMsgs, err := funants.Messages()
	if err != nil {
		return nil, fmt.Errorf("fun ants messages: %w", err)
	}
	moaCards, err := marchCards(moaMsgs)
	if err != nil {
		return nil, fmt.Errorf("march of the ants cards: %w", err)
	}
	return []bot.Game{
		{
			Descriptor: micropolis.Game,
			Messages:   micMsgs,
			Board:      viewRenderer(mic.RenderIn),
		},
		{
			Descriptor: march.Game,
			Messages:   moaMsgs,
			Board:      viewRenderer(moa.RenderIn),
			Private:    viewRenderer(moa.RenderHandIn),
			Components: moaCards,
		},
		{
			Descriptor: funants.Game,
			Messages:   funMsgs,
			Board:      viewRenderer(fun.RenderIn),
			Private:    viewRenderer(fun.RenderHandIn),
			Components: funantsCards(funMsgs),
		},
	}, nil
}

// viewRenderer adapts a renderer of one game's view type to bot.Game's
// func(any, lang), taking the view by value or pointer, with an error (not
// a panic) for a view of another type.
func viewRenderer[V any](render func(lang string, v V) ([]byte, error)) func(any, string) ([]byte, error) {
	return func(v any, lang string) ([]byte, error) {
		switch view := v.(type) {
		case V:
			return render(lang, view)
		case *V: // games may return their view by pointer
			if view != nil {
				return render(lang, *view)
			}
		}
		var want V
		return nil, fmt.Errorf("renderer for %T got a %T view", want, v)
	}
}
