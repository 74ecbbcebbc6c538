package main

import (
	"fmt"

	"formica/bot"
	"formica/engine/funants"
	"formica/engine/march"
	"formica/engine/micropolis"
	"formica/engine/myrmes"
	funrender "formica/render/funants"
	marchrender "formica/render/march"
	micrender "formica/render/micropolis"
	myrrender "formica/render/myrmes"
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
	myr, err := myrrender.New()
	if err != nil {
		return nil, fmt.Errorf("myrmes renderer: %w", err)
	}
	myrMsgs, err := myrmes.Messages()
	if err != nil {
		return nil, fmt.Errorf("myrmes messages: %w", err)
	}
	myrTiles, err := myrmesTiles(myrMsgs, myr)
	if err != nil {
		return nil, fmt.Errorf("myrmes tiles: %w", err)
	}
	moaCards, err := marchCards(moaMsgs, moa)
	if err != nil {
		return nil, fmt.Errorf("march of the ants cards: %w", err)
	}
	return []bot.Game{
		{
			Descriptor: micropolis.Game,
			Messages:   micMsgs,
			Board:      viewFunc(mic.RenderIn),
			Shown:      micropolisRow(micMsgs, mic),
		},
		{
			Descriptor:  march.Game,
			Messages:    moaMsgs,
			Board:       viewFunc(moa.RenderIn),
			Private:     viewFunc(moa.RenderHandIn),
			PrivateText: viewFunc(moa.HandText),
			Components:  moaCards,
		},
		{
			Descriptor:  funants.Game,
			Messages:    funMsgs,
			Board:       viewFunc(fun.RenderIn),
			Private:     viewFunc(fun.RenderHandIn),
			PrivateText: viewFunc(fun.HandText),
			Components:  funantsCards(funMsgs, fun),
		},
		{
			Descriptor: myrmes.Game,
			Messages:   myrMsgs,
			Board:      viewFunc(myr.RenderIn),
			Components: myrTiles,
		},
	}, nil
}

// viewFunc adapts a renderer (or describer) of one game's view type to
// bot.Game's func(any, lang), taking the view by value or pointer, with an
// error (not a panic) for a view of another type.
func viewFunc[V, R any](f func(lang string, v V) (R, error)) func(any, string) (R, error) {
	return func(v any, lang string) (R, error) {
		switch view := v.(type) {
		case V:
			return f(lang, view)
		case *V: // games may return their view by pointer
			if view != nil {
				return f(lang, *view)
			}
		}
		var want V
		var zero R
		return zero, fmt.Errorf("%T got a %T view", want, v)
	}
}
