package discord

import (
	"github.com/bwmarrin/discordgo"

	"formica/bot/i18n"
)

// The few texts the adapter itself shows (Discord-only affordances); all
// game and lobby text comes from the service, already localized.
const (
	msgRoot       = "dc.root"        // the slash command's description
	msgPlay       = "dc.play"        // the play subcommand's description
	msgMove       = "dc.move"        // its move option's description
	msgMore       = "dc.more"        // the button that pages long menus
	msgExpired    = "dc.expired"     // a menu page that is gone (restart)
	msgDMFallback = "dc.dm_fallback" // heading of messages shown instead of DMs
	msgDone       = "dc.done"        // ephemeral reply when a command shows nothing else
	msgHelpNote   = "dc.help_note"   // added to help and lobby texts
)

// catalog is read-only after construction; newCatalog returns a fresh one.
func newCatalog() i18n.Catalog {
	return i18n.Catalog{
		"en": {
			msgHelpNote:   "I do not read chat messages: use /{command} and the buttons.",
			msgRoot:       "Play ant board games in this channel",
			msgPlay:       "Make a move (type it or pick a suggestion)",
			msgMove:       "Your move, as the board's notation, e.g. take 3",
			msgMore:       "More…",
			msgExpired:    "This menu has expired. Use /{command} board to get a fresh one.",
			msgDMFallback: "Messages I could not send you by DM:",
			msgDone:       "Done.",
		},
		"ru": {
			msgHelpNote:   "Я не читаю сообщения в чате: пользуйтесь /{command} и кнопками.",
			msgRoot:       "Настольные игры про муравьёв в этом канале",
			msgPlay:       "Сделать ход (введите или выберите подсказку)",
			msgMove:       "Ваш ход в нотации поля, например take 3",
			msgMore:       "Ещё…",
			msgExpired:    "Это меню устарело. Получите новое: /{command} board.",
			msgDMFallback: "Сообщения, которые не удалось отправить в личку:",
			msgDone:       "Готово.",
		},
		"uk": {
			msgHelpNote:   "Я не читаю повідомлення в чаті: користуйтеся /{command} і кнопками.",
			msgRoot:       "Настільні ігри про мурах у цьому каналі",
			msgPlay:       "Зробити хід (введіть або виберіть підказку)",
			msgMove:       "Ваш хід у нотації поля, наприклад take 3",
			msgMore:       "Ще…",
			msgExpired:    "Це меню застаріло. Отримайте нове: /{command} board.",
			msgDMFallback: "Повідомлення, які не вдалося надіслати в особисті:",
			msgDone:       "Готово.",
		},
		"pl": {
			msgHelpNote:   "Nie czytam wiadomości na czacie: używaj /{command} i przycisków.",
			msgRoot:       "Planszówki o mrówkach na tym kanale",
			msgPlay:       "Wykonaj ruch (wpisz go lub wybierz podpowiedź)",
			msgMove:       "Twój ruch w notacji planszy, np. take 3",
			msgMore:       "Więcej…",
			msgExpired:    "To menu wygasło. Pobierz nowe: /{command} board.",
			msgDMFallback: "Wiadomości, których nie udało się wysłać prywatnie:",
			msgDone:       "Gotowe.",
		},
	}
}

// discordLocales maps our languages to Discord's locale codes for command
// descriptions (English is the default description).
func discordLocales() map[string]discordgo.Locale {
	return map[string]discordgo.Locale{"ru": discordgo.Russian, "uk": discordgo.Ukrainian, "pl": discordgo.Polish}
}
