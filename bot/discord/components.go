package discord

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"

	"formica/bot"
)

// Discord's component limits.
const (
	maxRows        = 5
	maxRowButtons  = 5
	maxMenuOptions = 25
	maxLabel       = 80
	maxOptionLabel = 100
	maxCustomID    = 100
)

// Adapter-owned custom ids start with '~', which no press payload does
// (bot.EncodePress starts with a kind letter), so the two never collide:
//
//	"~menu <n>"          a select menu; the chosen option's value is the press
//	"~more <page> <key>" the "more options" button for page <page> of menu set <key>
const (
	idMenu = "~menu"
	idMore = "~more"
)

// A button sent by DM names the game it belongs to, since a press in a DM
// carries no guild channel: "<press> ~C<channel id>". Press payloads hold no
// upper-case letter, so the marker never occurs in one.
const originMark = " ~C"

// withOrigin marks every button of rows with channel.
func withOrigin(rows [][]bot.Button, channel string) [][]bot.Button {
	out := make([][]bot.Button, len(rows))
	for i, row := range rows {
		out[i] = make([]bot.Button, len(row))
		for j, b := range row {
			b.Data += originMark + channel
			out[i][j] = b
		}
	}
	return out
}

// cutOrigin splits a DM button's custom id into the press and its channel.
func cutOrigin(id string) (press, channel string, ok bool) {
	i := strings.LastIndex(id, originMark)
	if i < 0 || i+len(originMark) == len(id) {
		return id, "", false
	}
	return id[:i], id[i+len(originMark):], true
}

// layout turns the service's button rows into Discord components: rows of at
// most 5 buttons stay buttons; longer rows become select menus of at most 25
// options. When it all needs more than 5 rows, the first 4 are shown and the
// fifth holds a "More…" button that shows the rest, a page at a time, to the
// presser (pages are kept in memory by pages; after a restart the button
// explains that the menu expired).
func layout(rows [][]bot.Button, pages *pageStore, moreLabel string) []discordgo.MessageComponent {
	comps := expand(rows)
	if len(comps) <= maxRows {
		return comps
	}
	key := pages.put(comps)
	return append(comps[:maxRows-1:maxRows-1], moreRow(key, 1, moreLabel))
}

// page returns page n (from 1) of the stored components for key.
func (p *pageStore) page(key string, n int, moreLabel string) ([]discordgo.MessageComponent, bool) {
	comps, ok := p.get(key)
	if !ok {
		return nil, false
	}
	start := n * (maxRows - 1)
	if start >= len(comps) {
		return nil, false
	}
	rest := comps[start:]
	if len(rest) <= maxRows {
		return rest, true
	}
	out := append([]discordgo.MessageComponent(nil), rest[:maxRows-1]...)
	return append(out, moreRow(key, n+1, moreLabel)), true
}

func moreRow(key string, page int, label string) discordgo.MessageComponent {
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{
		Label: label, Style: discordgo.SecondaryButton,
		CustomID: idMore + " " + strconv.Itoa(page) + " " + key,
	}}}
}

// parseMore decodes a "~more <page> <key>" custom id.
func parseMore(id string) (page int, key string, ok bool) {
	rest, ok := strings.CutPrefix(id, idMore+" ")
	if !ok {
		return 0, "", false
	}
	ps, key, ok := strings.Cut(rest, " ")
	page, err := strconv.Atoi(ps)
	if !ok || err != nil || page < 1 || key == "" {
		return 0, "", false
	}
	return page, key, true
}

// expand maps each service row to one button row or to select menus.
func expand(rows [][]bot.Button) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	menus := 0
	for _, row := range rows {
		if len(row) == 0 {
			continue
		}
		if len(row) <= maxRowButtons {
			var bs []discordgo.MessageComponent
			for _, b := range row {
				bs = append(bs, discordgo.Button{
					Label: clip(b.Label, maxLabel), Style: discordgo.PrimaryButton,
					CustomID: clipBytes(b.Data, maxCustomID),
				})
			}
			out = append(out, discordgo.ActionsRow{Components: bs})
			continue
		}
		for start := 0; start < len(row); start += maxMenuOptions {
			end := min(start+maxMenuOptions, len(row))
			var opts []discordgo.SelectMenuOption
			for _, b := range row[start:end] {
				opts = append(opts, discordgo.SelectMenuOption{
					Label: clip(b.Label, maxOptionLabel), Value: clipBytes(b.Data, maxCustomID),
				})
			}
			placeholder := fmt.Sprintf("%s … %s", clip(row[start].Label, 40), clip(row[end-1].Label, 40))
			out = append(out, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
				MenuType: discordgo.StringSelectMenu, CustomID: idMenu + " " + strconv.Itoa(menus),
				Placeholder: clip(placeholder, 150), Options: opts,
			}}})
			menus++
		}
	}
	return out
}

// clip shortens s to n runes, marking the cut with an ellipsis.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		if s == "" {
			return "·"
		}
		return s
	}
	return string(r[:n-1]) + "…"
}

// clipBytes guards Discord's byte limits; press payloads are at most 64
// bytes (bot.MaxPress), so this never cuts a real one.
func clipBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// pageStore keeps overflowing component sets for the "More…" button, the
// newest few hundred only (a prompt is soon superseded by the next one).
type pageStore struct {
	// prefix tells this process's keys from an earlier run's, whose
	// buttons may still be on screen.
	prefix string
	mu     sync.Mutex
	next   int
	sets   map[string][]discordgo.MessageComponent
	order  []string
}

const maxPageSets = 256

func (p *pageStore) put(comps []discordgo.MessageComponent) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.sets == nil {
		p.sets = map[string][]discordgo.MessageComponent{}
	}
	p.next++
	key := p.prefix + strconv.FormatInt(int64(p.next), 36)
	p.sets[key] = comps
	p.order = append(p.order, key)
	if len(p.order) > maxPageSets {
		delete(p.sets, p.order[0])
		p.order = p.order[1:]
	}
	return key
}

func (p *pageStore) get(key string) ([]discordgo.MessageComponent, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	c, ok := p.sets[key]
	return c, ok
}
