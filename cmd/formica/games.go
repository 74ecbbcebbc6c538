package main

import (
	"fmt"
	"image"
	"sync"

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
	// Renderers parse fonts and words: each is made when its game first
	// draws, so a console game of one game starts without the others'.
	mic := lazy(micrender.New)
	moa := lazy(marchrender.New)
	fun := lazy(funrender.New)
	myr := lazy(myrrender.New)
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
	myrMsgs, err := myrmes.Messages()
	if err != nil {
		return nil, fmt.Errorf("myrmes messages: %w", err)
	}
	// The pieces are named in every language: they are listed when first
	// looked up, so start-up reads only the catalogs it speaks.
	myrTiles := func() ([]bot.Component, error) {
		c, err := myrmesTiles(myrMsgs, myr)
		if err != nil {
			return nil, fmt.Errorf("myrmes tiles: %w", err)
		}
		return c, nil
	}
	moaPieces := func() ([]bot.Component, error) {
		cards, err := marchCards(moaMsgs, moa)
		if err != nil {
			return nil, fmt.Errorf("march of the ants cards: %w", err)
		}
		evolved, err := marchEvolvedPieces(moaMsgs, moa)
		if err != nil {
			return nil, fmt.Errorf("march of the ants evolved pieces: %w", err)
		}
		return append(cards, evolved...), nil
	}
	return []bot.Game{
		{
			Descriptor: micropolis.Game,
			Messages:   micMsgs,
			Board:      with(mic, "micropolis", func(r *micrender.Renderer) func(any, string) ([]byte, error) { return viewFunc(r.RenderIn) }),
			BoardImage: with(mic, "micropolis", func(r *micrender.Renderer) func(any, string) (image.Image, error) { return imageFunc(r.ImageIn) }),
			Shown:      micropolisRow(micMsgs, mic),
		},
		{
			Descriptor:     march.Game,
			Messages:       moaMsgs,
			Board:          with(moa, "march of the ants", func(r *marchrender.Renderer) func(any, string) ([]byte, error) { return viewFunc(r.RenderIn) }),
			BoardImage:     with(moa, "march of the ants", func(r *marchrender.Renderer) func(any, string) (image.Image, error) { return imageFunc(r.ImageIn) }),
			Private:        with(moa, "march of the ants", func(r *marchrender.Renderer) func(any, string) ([]byte, error) { return viewFunc(r.RenderHandIn) }),
			PrivateText:    with(moa, "march of the ants", func(r *marchrender.Renderer) func(any, string) (string, error) { return viewFunc(r.HandText) }),
			LoadComponents: moaPieces,
		},
		{
			Descriptor:     funants.Game,
			Messages:       funMsgs,
			Board:          with(fun, "fun ants", func(r *funrender.Renderer) func(any, string) ([]byte, error) { return viewFunc(r.RenderIn) }),
			BoardImage:     with(fun, "fun ants", func(r *funrender.Renderer) func(any, string) (image.Image, error) { return imageFunc(r.ImageIn) }),
			Private:        with(fun, "fun ants", func(r *funrender.Renderer) func(any, string) ([]byte, error) { return viewFunc(r.RenderHandIn) }),
			PrivateText:    with(fun, "fun ants", func(r *funrender.Renderer) func(any, string) (string, error) { return viewFunc(r.HandText) }),
			LoadComponents: func() ([]bot.Component, error) { return funantsCards(funMsgs, fun), nil },
		},
		{
			Descriptor:     myrmes.Game,
			Messages:       myrMsgs,
			Board:          with(myr, "myrmes", func(r *myrrender.Renderer) func(any, string) ([]byte, error) { return viewFunc(r.RenderIn) }),
			BoardImage:     with(myr, "myrmes", func(r *myrrender.Renderer) func(any, string) (image.Image, error) { return viewFunc(r.Image) }),
			LoadComponents: myrTiles,
		},
	}, nil
}

// lazy returns a function that makes a value with mk on its first call
// and returns that value (or mk's error) on every call.
func lazy[T any](mk func() (T, error)) func() (T, error) {
	var once sync.Once
	var v T
	var err error
	return func() (T, error) {
		once.Do(func() { v, err = mk() })
		return v, err
	}
}

// with adapts a lazily made renderer's method (picked by pick) to
// bot.Game's func(any, lang); a renderer that cannot be made is an error
// of every call, naming the game.
func with[T, R any](get func() (T, error), game string, pick func(T) func(any, string) (R, error)) func(any, string) (R, error) {
	return func(v any, lang string) (R, error) {
		r, err := get()
		if err != nil {
			var zero R
			return zero, fmt.Errorf("%s renderer: %w", game, err)
		}
		return pick(r)(v, lang)
	}
}

// imageFunc is viewFunc for a renderer that returns its canvas type.
func imageFunc[V any](f func(lang string, v V) (*image.RGBA, error)) func(any, string) (image.Image, error) {
	g := viewFunc(f)
	return func(v any, lang string) (image.Image, error) {
		img, err := g(v, lang)
		if err != nil {
			return nil, err
		}
		return img, nil
	}
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
