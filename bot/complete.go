package bot

import (
	"context"
	"fmt"
	"strings"

	"formica/engine"
	"formica/storage"
)

// maxSuggestions is Discord's autocomplete limit.
const maxSuggestions = 25

// Complete suggests completions of a partly typed command: command names,
// game ids after "new", and for a move the caller's legal next options
// (from the engine's Choices). It changes nothing and never panics.
func (s *Service) Complete(ctx context.Context, c Command) (out []Suggestion) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("panic in Complete", "text", c.Text, "panic", fmt.Sprint(r))
			out = nil
		}
	}()
	r := &request{s: s, cmd: c, key: storage.MatchKey{Platform: c.Platform, Channel: c.Channel}}
	if err := r.load(ctx); err != nil {
		return nil
	}
	text := strings.TrimPrefix(strings.TrimLeft(c.Text, " "), "/")
	words := strings.Fields(strings.ToLower(text))
	partial := ""
	if len(words) > 0 && !strings.HasSuffix(text, " ") {
		partial, words = words[len(words)-1], words[:len(words)-1]
	}
	add := func(label, full string) {
		if len(out) < maxSuggestions {
			out = append(out, Suggestion{Label: label, Text: full})
		}
	}
	if len(words) == 0 {
		// Commands come after the moves: a player at their turn is offered
		// their moves first.
		var cmds []Suggestion
		for _, rt := range s.router.routes {
			if strings.HasPrefix(rt.name, partial) {
				cmds = append(cmds, Suggestion{Label: rt.name, Text: rt.name})
			}
		}
		defer func() {
			for _, c := range cmds {
				add(c.Label, c.Text)
			}
		}()
	}
	if len(words) == 1 && (words[0] == "new" || words[0] == "rules" || words[0] == "help") {
		for _, g := range s.games {
			if strings.HasPrefix(g.ID, partial) {
				add(g.Name, words[0]+" "+g.ID)
			}
		}
		return out
	}
	if len(words) > 0 && words[0] == "options" {
		words = words[1:]
	} else if len(words) > 0 && s.router.find(words[0]) != nil {
		return out
	}
	// A move: offer the options after the complete words.
	if r.match == nil || r.game == nil {
		return out
	}
	seat, ok := r.seat()
	if !ok {
		return out
	}
	st, err := r.state()
	if err != nil {
		return out
	}
	if _, ok := engine.PromptFor(st, seat); !ok {
		return out
	}
	path := engine.Path(words)
	step, err := checkPrefix(st, seat, path)
	if err != nil {
		return out
	}
	if step.Done && len(path) > 0 && partial == "" {
		add(path.String(), path.String())
	}
	for _, o := range step.Options {
		if strings.HasPrefix(o.Code, partial) {
			full := strings.TrimSpace(path.String() + " " + o.Code)
			label := full
			if o.Key != "" {
				label += " — " + r.optionLabel(r.lang, o)
			}
			add(label, full)
		}
	}
	return out
}
