package main

import (
	"sort"
	"strconv"
	"strings"

	"formica/bot"
	"formica/engine/funants"
	"formica/engine/march"
)

// marchCards lists the 1st edition's cards for `card <name>`: names from
// the component file, text from the game's catalog.
func marchCards() ([]bot.Component, error) {
	d, err := march.LoadData(march.Edition1().Data)
	if err != nil {
		return nil, err
	}
	var out []bot.Component
	for _, c := range d.Cards {
		out = append(out, bot.Component{
			Kind: "card", Code: "c" + strconv.Itoa(c.ID),
			Names: map[string]string{"en": c.Name, "ru": c.RU},
			Lines: []bot.Line{
				{Key: "moa.cardfacts." + c.Type, Args: map[string]string{"cost": strconv.Itoa(c.Cost), "fer": strconv.Itoa(c.Fer)}},
				{Key: "moa.card." + c.Effect},
			},
		})
	}
	return out, nil
}

// funantsCards lists Fun Ants' cards: each "fun.cardname.<code>" of the
// catalog, with its text "fun.card.<code>".
func funantsCards() []bot.Component {
	var out []bot.Component
	for k := range funants.Messages["en"] {
		code, ok := strings.CutPrefix(k, "fun.cardname.")
		if !ok {
			continue
		}
		names := map[string]string{}
		for lang, m := range funants.Messages {
			if n, ok := m[k]; ok {
				names[lang] = n
			}
		}
		out = append(out, bot.Component{Kind: "card", Code: code, Names: names, Lines: []bot.Line{{Key: "fun.card." + code}}})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}
