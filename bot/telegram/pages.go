package telegram

import (
	"context"
	"strconv"
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"formica/bot"
)

// A long list of options (a row longer than bot.RowButtons, see
// bot.Message.Buttons) is shown a page at a time: pageSize options in rows of
// five under a row "◀ k/n ▶". A page button's callback data is
//
//	"~" page list
//
// where page is a decimal page number from 1 and list is the list's
// bot.ListPress payload. Pressing it asks the service for the list again,
// as the presser (a stale list is refused there, like any stale press), and
// redraws the pressed message's keyboard at that page: nothing is kept in
// memory, so pages work after a restart and in every chat.
const (
	pageSize = 20
	pageMark = "~"
)

// keyboard lays out the service's rows, lists at their first page.
func keyboard(rows [][]bot.Button) [][]map[string]string {
	return keyboardAt(rows, 1)
}

// keyboardAt lays out rows with every list at page (clamped to its pages).
func keyboardAt(rows [][]bot.Button, page int) [][]map[string]string {
	kb := make([][]map[string]string, 0, len(rows))
	for _, row := range rows {
		if len(row) > bot.RowButtons {
			kb = append(kb, listPage(row, page)...)
			continue
		}
		r := make([]map[string]string, 0, len(row))
		for _, b := range row {
			r = append(r, map[string]string{"text": b.Label, "callback_data": b.Data})
		}
		if len(r) > 0 {
			kb = append(kb, r)
		}
	}
	return kb
}

// listPage is one page of a list and its navigation row.
func listPage(list []bot.Button, page int) [][]map[string]string {
	pages := (len(list) + pageSize - 1) / pageSize
	page = max(1, min(page, pages))
	show := list[(page-1)*pageSize : min(page*pageSize, len(list))]
	var nav []map[string]string
	if pages > 1 {
		lp, err := bot.ListPress(list[0].Data)
		if err != nil {
			// Not a list the service made; show it whole rather than lose options.
			page, pages, show = 1, 1, list
		}
		for _, b := range []struct {
			label string
			to    int
		}{{"◀", page - 1}, {strconv.Itoa(page) + "/" + strconv.Itoa(pages), page}, {"▶", page + 1}} {
			data := pageMark + strconv.Itoa(b.to) + lp
			if pages == 1 || b.to < 1 || b.to > pages || len(data) > bot.MaxPress {
				continue
			}
			nav = append(nav, map[string]string{"text": b.label, "callback_data": data})
		}
	}
	var out [][]map[string]string
	for len(show) > 0 {
		n := min(bot.RowButtons, len(show))
		var r []map[string]string
		for _, b := range show[:n] {
			r = append(r, map[string]string{"text": b.Label, "callback_data": b.Data})
		}
		out = append(out, r)
		show = show[n:]
	}
	if len(nav) > 0 {
		out = append(out, nav)
	}
	return out
}

// parsePage reads a page button's callback data.
func parsePage(data string) (page int, list string, ok bool) {
	rest, ok := strings.CutPrefix(data, pageMark)
	if !ok {
		return 0, "", false
	}
	i := 0
	for i < len(rest) && i < 4 && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	page, err := strconv.Atoi(rest[:i])
	if err != nil || page < 1 || strconv.Itoa(page) != rest[:i] {
		return 0, "", false
	}
	if _, err := bot.DecodePress(rest[i:]); err != nil {
		return 0, "", false
	}
	return page, rest[i:], true
}

// turnPage answers a page button: the service shows the list again to the
// presser (or refuses, e.g. once the prompt has moved on) and the pressed
// message's keyboard is redrawn at page, keeping its link buttons.
func (a *Adapter) turnPage(ctx context.Context, cmd bot.Command, q *tgbotapi.CallbackQuery, page int) {
	usr := cmd.User
	toast := ""
	var rows [][]map[string]string
	for _, m := range a.svc.Handle(ctx, cmd) {
		if m.Duplicate {
			continue
		}
		if m.Refused && toast == "" {
			toast = m.Text
		}
		if rows == nil && !m.Refused && m.To == bot.Caller && hasList(m.Buttons) {
			rows = keyboardAt(m.Buttons, page)
		}
	}
	if rows == nil {
		if toast == "" || visibleLen(toast) > maxCallback {
			toast = a.t(usr.Lang, "tg.stale_button")
		}
		a.answer(ctx, q.ID, toast, "")
		return
	}
	if q.Message.ReplyMarkup != nil {
		for _, row := range q.Message.ReplyMarkup.InlineKeyboard {
			for _, b := range row {
				if b.URL != nil {
					rows = append(rows, []map[string]string{{"text": b.Text, "url": *b.URL}})
				}
			}
		}
	}
	params := tgbotapi.Params{}
	params.AddNonZero64("chat_id", q.Message.Chat.ID)
	params.AddNonZero("message_id", q.Message.MessageID)
	if err := params.AddInterface("reply_markup", map[string]any{"inline_keyboard": rows}); err == nil {
		if _, err := a.client.call(ctx, "editMessageReplyMarkup", params); err != nil && !strings.Contains(err.Error(), "not modified") {
			a.log.WarnContext(ctx, "telegram: could not turn a page of options", "err", err)
		}
	}
	a.answer(ctx, q.ID, "", "")
}

// hasList reports whether rows hold a list (a row longer than a grid's).
func hasList(rows [][]bot.Button) bool {
	for _, r := range rows {
		if len(r) > bot.RowButtons {
			return true
		}
	}
	return false
}
