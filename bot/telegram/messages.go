package telegram

import "formica/bot/i18n"

// catalog holds the few texts only this adapter says: about Telegram's
// private chats and start links, which the service knows nothing of.
// {user} is an HTML mention, already escaped.
func catalog() i18n.Catalog {
	return i18n.Catalog{
		"en": {
			"tg.help_note":         "In groups I read only /commands and replies to my messages.",
			"tg.description":       "Hi! I host ant-colony board games (Micropolis, March of the Ants, Fun Ants) in Telegram groups, played at your own pace. Add me to a group and type /new there; in groups I answer /commands and replies to my messages.",
			"tg.short_description": "Ant-colony board games in your group, at your own pace. Add me and type /new.",
			"tg.open_to_join":      "{user}, I can't write to you privately yet, and players get their private views by direct message. Press the button to open a chat with me: it joins you in one step.",
			"tg.open_for_dm":       "{user}, I can't send you private messages. Press the button to open a chat with me (or unblock me).",
			"tg.button_join":       "Open chat and join",
			"tg.button_open_for":   "{name}: open a private chat",
			"tg.button_open":       "Open chat",
			"tg.welcome":           "Hi! I host ant board games in groups. Add me to a group, then type /new micropolis there. /help lists the commands.",
			"tg.link_foreign":      "This link was made for another player or has expired. Type /join in the group to get your own.",
			"tg.joined_here":       "Your private views of this game will arrive here.",
			"tg.opened_here":       "From now on your private views arrive here.",
			"tg.stale_button":      "This button is no longer valid: use the latest message.",
			"tg.photo_dropped":     "(the board image could not be posted)",
		},
		"ru": {
			"tg.help_note":         "В группах я читаю только /команды и ответы на мои сообщения.",
			"tg.description":       "Привет! Я провожу настольные игры про муравьёв (Micropolis, March of the Ants, Fun Ants) в группах Telegram, в своём темпе. Добавьте меня в группу и напишите там /new; в группах я отвечаю на /команды и на ответы на мои сообщения.",
			"tg.short_description": "Настольные игры про муравьёв в вашей группе, в своём темпе. Добавьте меня и напишите /new.",
			"tg.open_to_join":      "{user}, я пока не могу писать вам в личку, а свои закрытые данные игроки получают личными сообщениями. Нажмите кнопку, чтобы открыть чат со мной: это сразу же запишет вас в игру.",
			"tg.open_for_dm":       "{user}, я не могу отправлять вам личные сообщения. Нажмите кнопку, чтобы открыть чат со мной (или разблокируйте меня).",
			"tg.button_join":       "Открыть чат и вступить",
			"tg.button_open_for":   "{name}: открыть личный чат",
			"tg.button_open":       "Открыть чат",
			"tg.welcome":           "Привет! Я провожу настольные игры про муравьёв в группах. Добавьте меня в группу и напишите там /new micropolis. /help — список команд.",
			"tg.link_foreign":      "Эта ссылка сделана для другого игрока или устарела. Напишите /join в группе, чтобы получить свою.",
			"tg.joined_here":       "Ваши закрытые данные по этой игре будут приходить сюда.",
			"tg.opened_here":       "Теперь ваши закрытые данные будут приходить сюда.",
			"tg.stale_button":      "Эта кнопка больше не действует: используйте последнее сообщение.",
			"tg.photo_dropped":     "(не удалось отправить изображение поля)",
		},
		"uk": {
			"tg.help_note":         "У групах я читаю лише /команди та відповіді на мої повідомлення.",
			"tg.description":       "Привіт! Я проводжу настільні ігри про мурах (Micropolis, March of the Ants, Fun Ants) у групах Telegram, у вашому темпі. Додайте мене до групи й напишіть там /new; у групах я відповідаю на /команди та на відповіді на мої повідомлення.",
			"tg.short_description": "Настільні ігри про мурах у вашій групі, у вашому темпі. Додайте мене й напишіть /new.",
			"tg.open_to_join":      "{user}, я поки не можу писати вам в особисті, а свої закриті дані гравці отримують особистими повідомленнями. Натисніть кнопку, щоб відкрити чат зі мною: це одразу запише вас у гру.",
			"tg.open_for_dm":       "{user}, я не можу надсилати вам особисті повідомлення. Натисніть кнопку, щоб відкрити чат зі мною (або розблокуйте мене).",
			"tg.button_join":       "Відкрити чат і приєднатися",
			"tg.button_open_for":   "{name}: відкрити особистий чат",
			"tg.button_open":       "Відкрити чат",
			"tg.welcome":           "Привіт! Я проводжу настільні ігри про мурах у групах. Додайте мене до групи й напишіть там /new micropolis. /help — список команд.",
			"tg.link_foreign":      "Це посилання зроблене для іншого гравця або застаріло. Напишіть /join у групі, щоб отримати своє.",
			"tg.joined_here":       "Ваші закриті дані з цієї гри надходитимуть сюди.",
			"tg.opened_here":       "Відтепер ваші закриті дані надходитимуть сюди.",
			"tg.stale_button":      "Ця кнопка більше не діє: скористайтеся останнім повідомленням.",
			"tg.photo_dropped":     "(не вдалося надіслати зображення поля)",
		},
		"pl": {
			"tg.help_note":         "W grupach czytam tylko /polecenia i odpowiedzi na moje wiadomości.",
			"tg.description":       "Cześć! Prowadzę planszówki o mrówkach (Micropolis, March of the Ants, Fun Ants) w grupach Telegrama, we własnym tempie. Dodaj mnie do grupy i napisz tam /new; w grupach odpowiadam na /polecenia i na odpowiedzi na moje wiadomości.",
			"tg.short_description": "Planszówki o mrówkach w Twojej grupie, we własnym tempie. Dodaj mnie i napisz /new.",
			"tg.open_to_join":      "{user}, nie mogę jeszcze pisać do Ciebie prywatnie, a gracze dostają swoje ukryte informacje w wiadomościach prywatnych. Naciśnij przycisk, aby otworzyć czat ze mną: od razu dołączysz do gry.",
			"tg.open_for_dm":       "{user}, nie mogę wysyłać Ci wiadomości prywatnych. Naciśnij przycisk, aby otworzyć czat ze mną (albo mnie odblokuj).",
			"tg.button_join":       "Otwórz czat i dołącz",
			"tg.button_open_for":   "{name}: otwórz czat prywatny",
			"tg.button_open":       "Otwórz czat",
			"tg.welcome":           "Cześć! Prowadzę w grupach planszówki o mrówkach. Dodaj mnie do grupy i napisz tam /new micropolis. /help wyświetla polecenia.",
			"tg.link_foreign":      "Ten link był dla innego gracza albo wygasł. Napisz /join w grupie, aby dostać własny.",
			"tg.joined_here":       "Twoje ukryte informacje z tej gry będą przychodzić tutaj.",
			"tg.opened_here":       "Od teraz Twoje ukryte informacje będą przychodzić tutaj.",
			"tg.stale_button":      "Ten przycisk jest już nieaktualny: użyj najnowszej wiadomości.",
			"tg.photo_dropped":     "(nie udało się wysłać obrazu planszy)",
		},
	}
}
