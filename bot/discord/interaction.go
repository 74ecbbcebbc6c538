package discord

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"runtime/debug"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"formica/bot"
	"formica/bot/i18n"
)

// ackWithin bounds the first response to an interaction: Discord drops it
// after 3 seconds; the margin covers the trip there.
const ackWithin = 2500 * time.Millisecond

// Permissions that make a member a channel admin for the service.
const adminPerms = discordgo.PermissionAdministrator | discordgo.PermissionManageChannels | discordgo.PermissionManageServer

// onInteraction runs on the gateway's reader (SyncEvents), in the order
// Discord delivered the events, so it only starts the acknowledgement and
// queues the handling in the channel's lane: one channel's commands are
// handled in the order they came, different channels' at once.
// Autocompletion needs no order and answers at once.
func (a *Adapter) onInteraction(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
	received := time.Now()
	ix := ic.Interaction
	if a.cfg.ShardCount > 1 && Shard(ix.GuildID, a.cfg.ShardCount) != a.cfg.ShardID {
		// Discord routes by shard; an event of another shard's guild is
		// that process's to answer (answering twice would race it).
		a.log.Warn("discord: interaction of another shard ignored", "guild", ix.GuildID, "shard", a.cfg.ShardID)
		return
	}
	ctx, cancel := context.WithTimeout(bot.WithLog(a.ctx(), "command", "discord:"+ix.ID, "match", Platform+":"+ix.ChannelID), followupLife)
	var (
		typ       discordgo.InteractionResponseType
		ephemeral bool
		answer    func(context.Context, *discordgo.Interaction)
	)
	switch ix.Type {
	case discordgo.InteractionApplicationCommandAutocomplete:
		a.handlers.Add(1)
		go a.handle(ctx, cancel, func() { a.autocomplete(ctx, ix, received) })
		return
	case discordgo.InteractionApplicationCommand:
		typ, ephemeral, answer = discordgo.InteractionResponseDeferredChannelMessageWithSource, true, a.slash
	case discordgo.InteractionMessageComponent:
		typ, answer = discordgo.InteractionResponseDeferredMessageUpdate, a.component
	default:
		cancel()
		return
	}
	// The acknowledgement goes out now, whatever waits in the lane:
	// Discord drops an interaction not acknowledged within 3 seconds.
	acked := make(chan bool, 1)
	a.handlers.Add(2)
	go a.handle(ctx, func() {}, func() {
		ok := false
		defer func() { acked <- ok }()
		ok = a.ack(ctx, ix, received, typ, ephemeral)
	})
	a.lanes.Do(ix.ChannelID, func() {
		a.handle(ctx, cancel, func() {
			if <-acked {
				answer(ctx, ix)
			}
		})
	})
}

// handle runs one interaction's work, recovering a panic (the user then
// sees no answer; the log has the stack), and marks it done.
func (a *Adapter) handle(ctx context.Context, cancel context.CancelFunc, work func()) {
	defer a.handlers.Done()
	defer cancel()
	defer func() {
		if p := recover(); p != nil {
			a.log.ErrorContext(ctx, "discord: interaction handler panicked", "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
		}
	}()
	work()
}

// command is the service command for an interaction, without text.
func (a *Adapter) command(ix *discordgo.Interaction) bot.Command {
	u := ix.User
	var perms int64
	name := ""
	if ix.Member != nil {
		u = ix.Member.User
		perms = ix.Member.Permissions
		name = ix.Member.Nick
	}
	if u == nil {
		u = &discordgo.User{}
	}
	if name == "" {
		name = u.GlobalName
	}
	if name == "" {
		name = u.Username
	}
	c := bot.Command{
		ID:       Platform + ":" + ix.ID, // a redelivered interaction applies once
		Platform: Platform,
		User:     bot.User{Platform: Platform, ID: u.ID, Name: name, Lang: string(ix.Locale)},
		Admin:    perms&adminPerms != 0,
	}
	if ix.GuildID != "" { // a DM with the bot is a private chat: no channel
		c.Channel, c.Chat = ix.ChannelID, ix.GuildID // a thread is a channel of its own
	}
	return c
}

// slash answers a slash command, already acknowledged.
func (a *Adapter) slash(ctx context.Context, ix *discordgo.Interaction) {
	c := a.command(ix)
	c.Text, _, _ = a.commandText(ix.ApplicationCommandData())
	a.remember(c.User.ID, ix)
	replies := a.svc.Handle(ctx, c)
	if a.reply(ctx, ix, c, replies) == 0 {
		// Delete the "thinking…" placeholder; nothing else to say.
		if err := a.session.InteractionResponseDelete(ix, discordgo.WithContext(ctx)); err != nil {
			a.log.WarnContext(ctx, "discord: deleting deferred response", "err", a.redact.String(err.Error()))
		}
	}
}

// component answers a button press or menu choice, already acknowledged.
func (a *Adapter) component(ctx context.Context, ix *discordgo.Interaction) {
	c := a.command(ix)
	a.remember(c.User.ID, ix)
	data := ix.MessageComponentData()
	id := data.CustomID
	if strings.HasPrefix(id, idMenu) && len(data.Values) > 0 {
		id = data.Values[0]
	}
	if page, key, ok := parseMore(id); ok {
		a.morePage(ctx, ix, c, key, page)
		return
	}
	if press, channel, ok := cutOrigin(id); ok {
		id = press
		if ix.GuildID == "" {
			c.Channel = channel // a private prompt's button, pressed in the DM
		}
	}
	c.Press = id
	a.reply(ctx, ix, c, a.svc.Handle(ctx, c))
}

// morePage shows the next page of an overflowing menu to the presser.
func (a *Adapter) morePage(ctx context.Context, ix *discordgo.Interaction, c bot.Command, key string, page int) {
	lang := a.lang(c.User.Lang)
	comps, ok := a.pages.page(key, page, a.text.T(lang, msgMore, nil))
	m := &discordgo.WebhookParams{Flags: discordgo.MessageFlagsEphemeral, Components: comps, Content: "…"}
	if !ok {
		m.Content = a.text.T(lang, msgExpired, map[string]string{"command": a.cfg.Command})
		m.Components = nil
	}
	if err := a.followup(ctx, ix, m); err != nil {
		a.log.WarnContext(ctx, "discord: menu page", "err", a.redact.String(err.Error()))
	}
}

func (a *Adapter) autocomplete(ctx context.Context, ix *discordgo.Interaction, received time.Time) {
	c := a.command(ix)
	text, head, focused := a.commandText(ix.ApplicationCommandData())
	c.Text = text
	var choices []*discordgo.ApplicationCommandOptionChoice
	if focused != nil {
		cctx, cancel := context.WithDeadline(ctx, received.Add(ackWithin-300*time.Millisecond))
		suggestions := a.svc.Complete(cctx, c)
		cancel()
		for _, s := range suggestions {
			v := strings.TrimSpace(s.Text)
			if head != "" {
				rest, ok := strings.CutPrefix(v, head+" ")
				if !ok {
					continue // completes another word than the focused one
				}
				v = rest
			}
			if v == "" || len(v) > maxCustomID || len(choices) >= maxChoices || a.isCommandWord(head, v) {
				continue
			}
			label := s.Label
			if label == "" {
				label = v
			}
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: clip(label, 100), Value: v})
		}
	}
	err := a.respond(ctx, ix, received, &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices},
	})
	if err != nil {
		a.log.WarnContext(ctx, "discord: autocomplete", "err", a.redact.String(err.Error()))
	}
}

// ack sends the deferred response that buys 15 minutes for the real answer.
func (a *Adapter) ack(ctx context.Context, ix *discordgo.Interaction, received time.Time, typ discordgo.InteractionResponseType, ephemeral bool) bool {
	resp := &discordgo.InteractionResponse{Type: typ}
	if ephemeral {
		resp.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	sent := time.Now().Before(received.Add(ackWithin))
	if err := a.respond(ctx, ix, received, resp); err != nil {
		if sent && ackMaybeArrived(err) {
			// The request went out and its answer is late: Discord may well
			// show "thinking…" already, and dropping the command now would
			// leave it there for ever with the move lost. Go on; if the
			// acknowledgement did not arrive, the follow-ups fail and are
			// logged, and the channel still gets the board.
			a.log.WarnContext(ctx, "discord: an interaction's acknowledgement got no answer in time; handling the command anyway",
				"err", a.redact.String(err.Error()))
			return true
		}
		a.log.WarnContext(ctx, "discord: could not acknowledge an interaction in time; the user sees \"interaction failed\" and may retry",
			"err", a.redact.String(err.Error()))
		return false
	}
	return true
}

// ackMaybeArrived tells a timeout, after which Discord may have the
// acknowledgement, from an answer that refused it.
func ackMaybeArrived(err error) bool {
	var ne net.Error
	return errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout())
}

// respond sends an interaction's first response, retrying 429 and 5xx
// until the acknowledgement deadline.
func (a *Adapter) respond(ctx context.Context, ix *discordgo.Interaction, received time.Time, resp *discordgo.InteractionResponse) error {
	ctx, cancel := context.WithDeadline(ctx, received.Add(ackWithin))
	defer cancel()
	return a.retry(ctx, func(ctx context.Context) error {
		err := a.session.InteractionRespond(ix, resp, discordgo.WithContext(ctx))
		var rest *discordgo.RESTError
		if errors.As(err, &rest) && rest.Message != nil &&
			rest.Message.Code == discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged {
			return nil // an earlier attempt got through after all
		}
		return err
	})
}

// reply shows the service's answer: Caller messages as ephemeral
// follow-ups, anything else delivered like the outbox would. It first shows
// any DMs that could not be delivered earlier. It returns the number of
// follow-ups sent.
func (a *Adapter) reply(ctx context.Context, ix *discordgo.Interaction, c bot.Command, replies []bot.Message) int {
	sent := 0
	if held := a.takeUndelivered(c.User.ID); len(held) > 0 {
		head := bot.Message{To: bot.Caller, Text: a.text.T(a.lang(c.User.Lang), msgDMFallback, nil)}
		replies = append(append([]bot.Message{head}, held...), replies...)
	}
	for _, m := range replies {
		if m.To != bot.Caller && !(m.To == bot.Direct && m.User == c.User.ID) {
			if err := a.Send(ctx, m); err != nil {
				a.log.WarnContext(ctx, "discord: delivering a reply", "err", a.redact.String(err.Error()))
			}
			continue
		}
		if ix.GuildID == "" && c.Channel != "" && len(m.Buttons) > 0 {
			// The next step of a private move, in the DM: its buttons act on
			// the channel's game like the ones that brought it.
			m.Buttons = withOrigin(m.Buttons, c.Channel)
		}
		if err := a.followup(ctx, ix, a.webhookParams(m, true)); err != nil {
			a.log.WarnContext(ctx, "discord: ephemeral reply", "err", a.redact.String(err.Error()))
			continue
		}
		sent++
	}
	return sent
}

// followup posts an interaction follow-up, retrying 429 and 5xx. A timeout
// is not retried: a follow-up has no nonce, so a retry could show it twice.
func (a *Adapter) followup(ctx context.Context, ix *discordgo.Interaction, p *discordgo.WebhookParams) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return a.retry(ctx, func(ctx context.Context) error {
		for _, f := range p.Files { // a retry sends the image again
			if r, ok := f.Reader.(*bytes.Reader); ok {
				_, _ = r.Seek(0, io.SeekStart)
			}
		}
		_, err := a.session.FollowupMessageCreate(ix, true, p, discordgo.WithContext(ctx))
		return err
	})
}

// retry calls f until it succeeds, fails for good, or ctx ends; 429 waits
// as told, 5xx backs off briefly.
func (a *Adapter) retry(ctx context.Context, f func(context.Context) error) error {
	backoff := 100 * time.Millisecond
	for {
		err := f(ctx)
		if err == nil {
			return nil
		}
		var ra *bot.RetryAfter
		if !errors.As(classify(err, backoff), &ra) || !isRetryable(err) {
			return err
		}
		backoff = min(2*backoff, 2*time.Second)
		t := time.NewTimer(ra.Delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return fmt.Errorf("%w (last error: %v)", ctx.Err(), err)
		case <-t.C:
		}
	}
}

// remember keeps the user's latest interaction for Caller messages the
// outbox delivers later.
func (a *Adapter) remember(user string, ix *discordgo.Interaction) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.recent[user] = &recentIx{ix: ix, channel: ix.ChannelID, at: time.Now()}
	for u, r := range a.recent {
		if time.Since(r.at) > followupLife {
			delete(a.recent, u)
		}
	}
}

func (a *Adapter) lang(tag string) string {
	if l := i18n.Lang(tag); l != "" {
		return l
	}
	return i18n.Fallback
}

// isCommandWord reports a suggestion for /play that is a command name (the
// service suggests those for an empty line; /play takes moves only).
func (a *Adapter) isCommandWord(head, v string) bool {
	if head != "" || strings.Contains(v, " ") {
		return false
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	_, ok := a.cmds[v]
	return ok
}
