package myrmes

import (
	"strings"

	"formica/engine/locale"
	"formica/engine/myrmes"
)

// Languages returns the languages the board is drawn in; RenderIn draws any
// other in English.
func Languages() []string { return []string{"en", "ru", "uk", "pl"} }

// labels are the image's words. Space names, P1..P4 and the codes players
// type (r0, out, shape names) stay as typed in every language.
var labels = map[string]map[string]string{
	"en": {
		"place": "Pheromones {player} may lay from {cell} — type: place <shape> <spaces>", "chosen": "Where {player} may lay {shape} from {cell} — type or press one of these", "size": "{n} spaces",
		"title": "Year {year} · {season}", "season.0": "Spring", "season.1": "Summer", "season.2": "Autumn", "season.3": "Winter",
		"phase.births": "events and births", "phase.cap": "births", "phase.workers": "workers", "phase.harvest": "harvest",
		"phase.atelier": "atelier", "phase.season_end": "end of season", "phase.winter": "winter", "phase.over": "game over",
		"turn": "{player} to play", "secret": "secret choices awaited: {players}", "over": "Winner: {players}",
		"dice": "Dice", "used": "done",
		"ev.larvae": "Larvae +2", "ev.worker": "Worker +1", "ev.soldier": "Soldier +1", "ev.level": "Level +1",
		"ev.move": "Movement +3", "ev.hex": "Hex +1", "ev.harvest": "Harvest +3", "ev.vp": "VP +1",
		"vp": "{n} VP", "level": "level {n}", "event": "event: {event}",
		"row":  "larvae {l} · workers {w} · soldiers {s} · nurses {n} · food {f} · earth {e} · stone {st}",
		"row2": "prey {prey} · tunnels {t}/3 · pheromones left {p} · ownership cubes {c}{busy}",
		"busy": " · in the colony: {rooms}", "goals": "Objectives", "goal.done": "done by",
		"t.F": "food", "t.E": "earth", "t.S": "stone", "t.M": "mushroom", "t.W": "water", "t.P": "prey space", "unused": "unused",
		"prey.ladybug": "ladybug", "prey.termite": "termite", "prey.spider": "spider",
		"sp.farm": "aphid farm", "sp.scavenging": "scavenging", "sp.subcolony": "sub-colony",
		"exit": "tunnel exit", "worker": "worker ({mp} MP)", "sortie": "{player}'s worker on {cell}, movement points {mp}",
	},
	"ru": {
		"place": "Феромоны, которые {player} может положить с {cell}, — наберите: place <феромон> <ячейки>", "chosen": "Куда {player} может положить {shape} с {cell} — наберите или нажмите одно из этих", "size": "ячеек: {n}",
		"title": "Год {year} · {season}", "season.0": "Весна", "season.1": "Лето", "season.2": "Осень", "season.3": "Зима",
		"phase.births": "события и рождение", "phase.cap": "рождение", "phase.workers": "рабочие", "phase.harvest": "сбор урожая",
		"phase.atelier": "мастерская", "phase.season_end": "конец сезона", "phase.winter": "зима", "phase.over": "игра окончена",
		"turn": "ходит {player}", "secret": "ждём тайный выбор: {players}", "over": "Победа: {players}",
		"dice": "Кубики", "used": "сыгран",
		"ev.larvae": "Личинки +2", "ev.worker": "Рабочий +1", "ev.soldier": "Солдат +1", "ev.level": "Уровень +1",
		"ev.move": "Движение +3", "ev.hex": "Шестиугольник +1", "ev.harvest": "Сбор урожая +3", "ev.vp": "ПО +1",
		"vp": "ПО: {n}", "level": "уровень {n}", "event": "событие: {event}",
		"row":  "личинки {l} · рабочие {w} · солдаты {s} · кормилицы {n} · еда {f} · земля {e} · камень {st}",
		"row2": "добыча {prey} · тоннели {t}/3 · феромонов осталось {p} · кубики владения {c}{busy}",
		"busy": " · в колонии: {rooms}", "goals": "Задания", "goal.done": "выполнили",
		"t.F": "еда", "t.E": "земля", "t.S": "камень", "t.M": "грибы", "t.W": "вода", "t.P": "место добычи", "unused": "не используется",
		"prey.ladybug": "божья коровка", "prey.termite": "термит", "prey.spider": "паук",
		"sp.farm": "ферма тли", "sp.scavenging": "уборка мусора", "sp.subcolony": "суб-колония",
		"exit": "тоннель", "worker": "рабочий ({mp} ОД)", "sortie": "рабочий {player} на {cell}, очков движения: {mp}",
	},
	"uk": {
		"place": "Феромони, які {player} може покласти з {cell}, — наберіть: place <феромон> <клітинки>", "chosen": "Куди {player} може покласти {shape} з {cell} — наберіть або натисніть одне з цих", "size": "клітинок: {n}",
		"title": "Рік {year} · {season}", "season.0": "Весна", "season.1": "Літо", "season.2": "Осінь", "season.3": "Зима",
		"phase.births": "події та народження", "phase.cap": "народження", "phase.workers": "робітники", "phase.harvest": "збір урожаю",
		"phase.atelier": "майстерня", "phase.season_end": "кінець сезону", "phase.winter": "зима", "phase.over": "гру закінчено",
		"turn": "ходить {player}", "secret": "чекаємо таємний вибір: {players}", "over": "Перемога: {players}",
		"dice": "Кубики", "used": "зіграно",
		"ev.larvae": "Личинки +2", "ev.worker": "Робітник +1", "ev.soldier": "Солдат +1", "ev.level": "Рівень +1",
		"ev.move": "Рух +3", "ev.hex": "Шестикутник +1", "ev.harvest": "Збір урожаю +3", "ev.vp": "ПО +1",
		"vp": "ПО: {n}", "level": "рівень {n}", "event": "подія: {event}",
		"row":  "личинки {l} · робітники {w} · солдати {s} · годувальниці {n} · їжа {f} · земля {e} · камінь {st}",
		"row2": "здобич {prey} · тунелі {t}/3 · феромонів лишилося {p} · кубики власності {c}{busy}",
		"busy": " · у колонії: {rooms}", "goals": "Завдання", "goal.done": "виконали",
		"t.F": "їжа", "t.E": "земля", "t.S": "камінь", "t.M": "гриби", "t.W": "вода", "t.P": "місце здобичі", "unused": "не використовується",
		"prey.ladybug": "сонечко", "prey.termite": "терміт", "prey.spider": "павук",
		"sp.farm": "ферма попелиць", "sp.scavenging": "прибирання сміття", "sp.subcolony": "субколонія",
		"exit": "тунель", "worker": "робітник ({mp} ОР)", "sortie": "робітник {player} на {cell}, очок руху: {mp}",
	},
	"pl": {
		"place": "Feromony, które {player} może położyć z {cell} — wpisz: place <feromon> <pola>", "chosen": "Gdzie {player} może położyć {shape} z {cell} — wpisz lub naciśnij jedno z nich", "size": "pola: {n}",
		"title": "Rok {year} · {season}", "season.0": "Wiosna", "season.1": "Lato", "season.2": "Jesień", "season.3": "Zima",
		"phase.births": "wydarzenia i narodziny", "phase.cap": "narodziny", "phase.workers": "robotnice", "phase.harvest": "plony",
		"phase.atelier": "warsztat", "phase.season_end": "koniec pory roku", "phase.winter": "zima", "phase.over": "koniec gry",
		"turn": "gra {player}", "secret": "czekamy na tajny wybór: {players}", "over": "Wygrywa: {players}",
		"dice": "Kości", "used": "zagrana",
		"ev.larvae": "Larwy +2", "ev.worker": "Robotnica +1", "ev.soldier": "Żołnierka +1", "ev.level": "Poziom +1",
		"ev.move": "Ruch +3", "ev.hex": "Heks +1", "ev.harvest": "Plony +3", "ev.vp": "PZ +1",
		"vp": "PZ: {n}", "level": "poziom {n}", "event": "wydarzenie: {event}",
		"row":  "larwy {l} · robotnice {w} · żołnierki {s} · karmicielki {n} · jedzenie {f} · ziemia {e} · kamień {st}",
		"row2": "ofiary {prey} · tunele {t}/3 · zostało feromonów {p} · znaczniki {c}{busy}",
		"busy": " · w kolonii: {rooms}", "goals": "Zadania", "goal.done": "wykonali",
		"t.F": "jedzenie", "t.E": "ziemia", "t.S": "kamień", "t.M": "grzyby", "t.W": "woda", "t.P": "pole ofiary", "unused": "nieużywane",
		"prey.ladybug": "biedronka", "prey.termite": "termit", "prey.spider": "pająk",
		"sp.farm": "farma mszyc", "sp.scavenging": "sprzątanie", "sp.subcolony": "subkolonia",
		"exit": "tunel", "worker": "robotnica ({mp} PR)", "sortie": "robotnica {player} na {cell}, punkty ruchu: {mp}",
	},
}

type texts struct {
	lang string
	msgs *locale.Catalog
}

func textsFor(lang string) texts {
	lang = strings.ToLower(lang)
	if i := strings.IndexAny(lang, "-_"); i >= 0 {
		lang = lang[:i]
	}
	if _, ok := labels[lang]; !ok {
		lang = "en"
	}
	return texts{lang: lang}
}

func (t texts) get(key string) string {
	if s, ok := labels[t.lang][key]; ok {
		return s
	}
	if s, ok := labels["en"][key]; ok {
		return s
	}
	return key
}

func (t texts) fill(key string, kv ...string) string {
	return fillText(t.get(key), kv...)
}

func fillText(s string, kv ...string) string {
	for i := 0; i+1 < len(kv); i += 2 {
		s = strings.ReplaceAll(s, "{"+kv[i]+"}", kv[i+1])
	}
	return s
}

// goal is an objective's name from the game's own messages.
func (t texts) goal(g myrmes.ViewGoal) string {
	return t.msgs.T(t.lang, "myr.obj."+g.Kind, map[string]string{"n": itoa(g.N), "level": itoa(g.Level)})
}
