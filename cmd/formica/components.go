package main

import (
	"sort"
	"strconv"
	"strings"

	"formica/bot"
	"formica/engine/locale"
	"formica/engine/march"
)

// marchCards lists the 1st edition's cards for `card <name>`: names in
// every language of the game's catalog, facts from the component file,
// text from the catalog.
func marchCards(msgs *locale.Catalog) ([]bot.Component, error) {
	d, err := march.LoadData(march.Edition1().Data)
	if err != nil {
		return nil, err
	}
	var out []bot.Component
	for _, c := range d.Cards {
		out = append(out, bot.Component{
			Kind: "card", Code: "c" + strconv.Itoa(c.ID),
			Names: names(msgs, "moa.name."+c.Effect),
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
func funantsCards(msgs *locale.Catalog) []bot.Component {
	var out []bot.Component
	for _, k := range msgs.Keys(locale.Fallback) {
		code, ok := strings.CutPrefix(k, "fun.cardname.")
		if !ok {
			continue
		}
		out = append(out, bot.Component{Kind: "card", Code: code, Names: names(msgs, k), Lines: []bot.Line{{Key: "fun.card." + code}}})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// names is key's text in every language of msgs that has it.
func names(msgs *locale.Catalog, key string) map[string]string {
	out := map[string]string{}
	for _, lang := range msgs.Languages() {
		if n, ok := msgs.Lookup(lang, key, nil); ok {
			out[lang] = n
		}
	}
	return out
}
