package micropolis

import "strings"

// labels is every word drawn on the board, by language and key. It is
// never written. Codes players type (row positions 1..7, slots 0..9,
// anthills a/b, seats P1..P6) are drawn as they are and are not here.
// Terms follow the Russian rulebook and engine/micropolis Messages
// (солдаты, муравейник, казарма, главнокомандующий); placeholders are
// {name} as in Messages.
var labels = map[string]map[string]string{
	"en": {
		"title":         "Micropolis",
		"round":         "Round {round}/{rounds}",
		"over":          "Game over",
		"wins":          "{players} wins",
		"turn":          "{player} to play",
		"picks_general": "{player} picks the new general",
		"to_play":       "to play",
		"free":          "free",
		"final_score":   "Final score",
		"army":          "army {n}",

		"col.population": "Population",
		"col.colony":     "Colony",
		"col.harvest":    "Harvest",
		"col.royal":      "Royal",
		"col.army":       "Army",
		"col.barracks":   "Barracks",
		"col.total":      "Total",

		"worker":      "worker",
		"queen":       "queen",
		"nurse":       "nurse",
		"architect":   "architect",
		"recruiter":   "recruiter",
		"centurion":   "centurion",
		"soldier":     "soldier",
		"barracks":    "barracks",
		"cherry":      "cherry",
		"lemon":       "lemon",
		"grape":       "grape",
		"blackberry":  "blackberry",
		"fig":         "fig",
		"pomegranate": "pomegranate",
		"gift":        "gift",
	},
	"ru": {
		"title":         "Микрополис",
		"round":         "Раунд {round}/{rounds}",
		"over":          "Игра окончена",
		"wins":          "победа: {players}",
		"turn":          "Ходит {player}",
		"picks_general": "{player} выбирает главнокомандующего",
		"to_play":       "ходит",
		"free":          "бесплатно",
		"final_score":   "Подсчёт очков",
		"army":          "армия {n}",

		"col.population": "Население",
		"col.colony":     "Колония",
		"col.harvest":    "Урожай",
		"col.royal":      "Королевы",
		"col.army":       "Армия",
		"col.barracks":   "Казармы",
		"col.total":      "Итого",

		"worker":      "рабочий",
		"queen":       "королева",
		"nurse":       "кормилица",
		"architect":   "архитектор",
		"recruiter":   "рекрутер",
		"centurion":   "центурион",
		"soldier":     "солдат",
		"barracks":    "казарма",
		"cherry":      "вишня",
		"lemon":       "лимон",
		"grape":       "виноград",
		"blackberry":  "ежевика",
		"fig":         "инжир",
		"pomegranate": "гранат",
		"gift":        "подарок",
	},
	"uk": {
		"title":         "Мікрополіс",
		"round":         "Раунд {round}/{rounds}",
		"over":          "Гру завершено",
		"wins":          "перемога: {players}",
		"turn":          "Ходить {player}",
		"picks_general": "{player} обирає головнокомандувача",
		"to_play":       "ходить",
		"free":          "безплатно",
		"final_score":   "Підрахунок очок",
		"army":          "армія {n}",

		"col.population": "Населення",
		"col.colony":     "Колонія",
		"col.harvest":    "Урожай",
		"col.royal":      "Королеви",
		"col.army":       "Армія",
		"col.barracks":   "Казарми",
		"col.total":      "Разом",

		"worker":      "робітник",
		"queen":       "королева",
		"nurse":       "годувальниця",
		"architect":   "архітектор",
		"recruiter":   "рекрутер",
		"centurion":   "центуріон",
		"soldier":     "солдат",
		"barracks":    "казарма",
		"cherry":      "вишня",
		"lemon":       "лимон",
		"grape":       "виноград",
		"blackberry":  "ожина",
		"fig":         "інжир",
		"pomegranate": "гранат",
		"gift":        "подарунок",
	},
	"pl": {
		"title":         "Micropolis",
		"round":         "Runda {round}/{rounds}",
		"over":          "Koniec gry",
		"wins":          "zwycięstwo: {players}",
		"turn":          "Ruch gracza {player}",
		"picks_general": "{player} wybiera nowego generała",
		"to_play":       "ma ruch",
		"free":          "gratis",
		"final_score":   "Wynik końcowy",
		"army":          "armia {n}",

		"col.population": "Populacja",
		"col.colony":     "Kolonia",
		"col.harvest":    "Zbiory",
		"col.royal":      "Królowe",
		"col.army":       "Armia",
		"col.barracks":   "Koszary",
		"col.total":      "Suma",

		"worker":      "robotnica",
		"queen":       "królowa",
		"nurse":       "niańka",
		"architect":   "architekt",
		"recruiter":   "rekruter",
		"centurion":   "centurion",
		"soldier":     "żołnierz",
		"barracks":    "koszary",
		"cherry":      "wiśnia",
		"lemon":       "cytryna",
		"grape":       "winogrono",
		"blackberry":  "jeżyna",
		"fig":         "figa",
		"pomegranate": "granat",
		"gift":        "prezent",
	},
}

// words is one language's labels.
type words map[string]string

// wordsFor returns the labels for lang ("ru", "ru-RU", "pt_BR"...: only the
// primary subtag counts), falling back to English for languages we do not
// have.
func wordsFor(lang string) (string, words) {
	lang = strings.ToLower(lang)
	if i := strings.IndexAny(lang, "-_"); i >= 0 {
		lang = lang[:i]
	}
	if w, ok := labels[lang]; ok {
		return lang, w
	}
	return "en", labels["en"]
}

// get returns the label for key with {name} placeholders replaced by the
// name, value pairs in args. A key missing from a language falls back to
// English, then to the key itself, so a gap shows up as text, not a crash
// (TestLabelsComplete keeps the catalog whole).
func (w words) get(key string, args ...string) string {
	s, ok := w[key]
	if !ok {
		s, ok = labels["en"][key]
	}
	if !ok {
		s = key
	}
	for i := 0; i+1 < len(args); i += 2 {
		s = strings.ReplaceAll(s, "{"+args[i]+"}", args[i+1])
	}
	return s
}
