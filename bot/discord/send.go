package discord

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base32"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"formica/bot"
)

const maxContent = 2000

// Send delivers one message of the service's outbox (bot.Sender). Channel
// messages are posted (or edited, for Replace) in the channel; Direct
// messages go by DM; Caller messages become an ephemeral follow-up on the
// user's latest interaction, or a DM when there is none.
//
// Errors follow the Sender contract: *bot.RetryAfter for a 429, a 5xx or a
// network failure (the service retries; a retried post carries the same
// nonce, so Discord posts it once), bot.ErrPermanent (wrapped) when retrying
// cannot help. A DM to a user who does not accept them (Discord error 50007)
// is held and shown to that user privately (ephemeral) the next time they
// interact; Send still reports ErrPermanent so the service posts its notice
// in the channel, which reveals nothing of the message.
func (a *Adapter) Send(ctx context.Context, m bot.Message) error {
	switch m.To {
	case bot.Channel:
		if m.Channel == "" {
			return fmt.Errorf("%w: discord: channel message without a channel", bot.ErrPermanent)
		}
		return a.redact.Err(a.post(ctx, m.Channel, m))
	case bot.Caller:
		if r := a.recentInteraction(m.User); r != nil {
			err := a.followup(ctx, r.ix, a.webhookParams(m, true))
			if err == nil {
				return nil
			}
			a.log.InfoContext(ctx, "discord: follow-up failed, sending by DM instead", "err", a.redact.String(err.Error()))
		}
		fallthrough
	case bot.Direct:
		if m.User == "" {
			return fmt.Errorf("%w: discord: direct message without a user", bot.ErrPermanent)
		}
		return a.redact.Err(a.direct(ctx, m))
	}
	return fmt.Errorf("%w: discord: unknown audience %d", bot.ErrPermanent, m.To)
}

// direct sends m by DM. When the user does not accept DMs it keeps m to
// show them privately on their next interaction and reports ErrPermanent,
// so the service tells the channel (without the content) and moves on.
func (a *Adapter) direct(ctx context.Context, m bot.Message) error {
	if m.Channel != "" && len(m.Buttons) > 0 {
		m.Buttons = withOrigin(m.Buttons, m.Channel) // a press in the DM acts on that game
	}
	ch, err := a.dmChannel(ctx, m.User)
	if err == nil {
		err = a.post(ctx, ch, m)
	}
	if !isDMBlocked(err) {
		return err
	}
	a.mu.Lock()
	a.undeliver[m.User] = append(a.undeliver[m.User], m)
	if n := len(a.undeliver[m.User]); n > maxHeld {
		a.undeliver[m.User] = a.undeliver[m.User][n-maxHeld:]
	}
	a.mu.Unlock()
	a.log.InfoContext(ctx, "discord: user does not accept DMs; holding the message for their next interaction", "user", m.User)
	return err
}

// maxHeld bounds the DMs kept for one user who does not accept them; the
// newest matter (a later prompt supersedes an earlier one).
const maxHeld = 10

// takeUndelivered returns and forgets the DMs held for user.
func (a *Adapter) takeUndelivered(user string) []bot.Message {
	a.mu.Lock()
	defer a.mu.Unlock()
	held := a.undeliver[user]
	delete(a.undeliver, user)
	return held
}

func (a *Adapter) recentInteraction(user string) *recentIx {
	a.mu.Lock()
	defer a.mu.Unlock()
	r := a.recent[user]
	if r == nil || time.Since(r.at) > followupLife {
		return nil
	}
	return r
}

func (a *Adapter) dmChannel(ctx context.Context, user string) (string, error) {
	a.mu.Lock()
	ch := a.dms[user]
	a.mu.Unlock()
	if ch != "" {
		return ch, nil
	}
	c, err := a.session.UserChannelCreate(user, discordgo.WithContext(ctx))
	if err != nil {
		return "", classify(err, a.cfg.RetryDelay)
	}
	a.mu.Lock()
	a.dms[user] = c.ID
	a.mu.Unlock()
	return c.ID, nil
}

// outgoing is a channel message body; discordgo's MessageSend has no nonce
// fields, so the adapter sends its own (same JSON names as Discord's).
type outgoing struct {
	Content         string                            `json:"content,omitempty"`
	Components      []discordgo.MessageComponent      `json:"components,omitempty"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	Nonce           string                            `json:"nonce,omitempty"`
	EnforceNonce    bool                              `json:"enforce_nonce,omitempty"`
}

// post creates m in channel, or edits the message it replaces.
func (a *Adapter) post(ctx context.Context, channel string, m bot.Message) error {
	if err := a.paceWait(ctx, channel); err != nil {
		return err
	}
	body := outgoing{
		Content:         content(m),
		Components:      layout(m.Buttons, &a.pages, a.text.T(a.lang(""), msgMore, nil)),
		AllowedMentions: &discordgo.MessageAllowedMentions{Users: m.Mentions, Parse: []discordgo.AllowedMentionType{}},
	}
	var files []*discordgo.File
	if len(m.Image) > 0 {
		files = []*discordgo.File{{Name: imageName(m), ContentType: imageType(m), Reader: bytes.NewReader(m.Image)}}
	}
	if m.Replace != "" {
		if done, err := a.edit(ctx, channel, m.Replace, body, files); done || err != nil {
			return err
		}
	}
	if a.forgotten(m) {
		posted, err := a.postedSince(ctx, channel, body.Content, files, m.Queued)
		if err != nil {
			// Without the history (no Read Message History permission,
			// say) the post goes out: a possible repeat beats a lost turn.
			a.log.InfoContext(ctx, "discord: could not check the channel for an earlier attempt; posting", "channel", channel, "err", a.redact.String(err.Error()))
		}
		if posted {
			return nil
		}
	}
	body.Nonce, body.EnforceNonce = nonce(channel, m), true
	endpoint := discordgo.EndpointChannelMessages(channel)
	var (
		resp []byte
		err  error
	)
	if len(files) > 0 {
		ct, data, merr := discordgo.MultipartBodyWithJSON(body, files)
		if merr != nil {
			return fmt.Errorf("%w: discord: encoding message: %v", bot.ErrPermanent, merr)
		}
		resp, err = a.session.RequestRaw("POST", endpoint, ct, data, endpoint, 0, discordgo.WithContext(ctx))
	} else {
		resp, err = a.session.RequestWithBucketID("POST", endpoint, body, endpoint, discordgo.WithContext(ctx))
	}
	if err != nil {
		return classify(err, a.cfg.RetryDelay)
	}
	if m.Replace != "" {
		var got discordgo.Message
		if discordgo.Unmarshal(resp, &got) == nil && got.ID != "" {
			a.mu.Lock()
			a.replaced[channel+"\x00"+m.Replace] = got.ID
			a.mu.Unlock()
		}
	}
	return nil
}

// edit updates the message tagged replace in channel; done is false when
// there is none to edit (never posted, restarted, or deleted).
func (a *Adapter) edit(ctx context.Context, channel, replace string, body outgoing, files []*discordgo.File) (done bool, err error) {
	a.mu.Lock()
	id := a.replaced[channel+"\x00"+replace]
	a.mu.Unlock()
	if id == "" {
		return false, nil
	}
	empty := []discordgo.MessageComponent{}
	if body.Components == nil {
		body.Components = empty // clear the old buttons
	}
	ed := &discordgo.MessageEdit{ID: id, Channel: channel, Content: &body.Content, Components: &body.Components,
		AllowedMentions: body.AllowedMentions, Files: files}
	if len(files) > 0 {
		atts := []*discordgo.MessageAttachment{} // replace the old image
		ed.Attachments = &atts
	}
	_, err = a.session.ChannelMessageEditComplex(ed, discordgo.WithContext(ctx))
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeUnknownMessage {
		a.mu.Lock()
		delete(a.replaced, channel+"\x00"+replace)
		a.mu.Unlock()
		return false, nil
	}
	if err != nil {
		return true, classify(err, a.cfg.RetryDelay)
	}
	return true, nil
}

// Discord drops a post repeating a nonce only "in the past few minutes":
// nonceTrust is how long after an outbox entry was queued the nonce alone
// is trusted. An entry retried later (after an outage and its backoff, or
// a crash and a slow restart) may have been posted by an attempt whose
// answer was lost: the channel's latest messages tell. historyCheck bounds
// the check: a week-old entry is posted without it (and a service clock
// far from real time, as in tests, never suppresses a post); historyLimit
// is how far back it looks; clockSlack allows for our clock running ahead
// of Discord's.
const (
	nonceTrust   = time.Minute
	historyCheck = 7 * 24 * time.Hour
	historyLimit = 50
	clockSlack   = 30 * time.Second
)

// forgotten reports whether m is an outbox entry queued so long ago that
// Discord may have forgotten the nonce of an earlier attempt.
func (a *Adapter) forgotten(m bot.Message) bool {
	if m.Delivery == "" || m.Queued.IsZero() {
		return false
	}
	age := time.Since(m.Queued)
	return age > nonceTrust && age < historyCheck
}

// postedSince reports whether the bot posted a message with content and
// files' names in channel since queued: an earlier attempt of the same
// outbox entry that got through.
func (a *Adapter) postedSince(ctx context.Context, channel, content string, files []*discordgo.File, queued time.Time) (bool, error) {
	a.mu.Lock()
	self := a.self
	a.mu.Unlock()
	if self == "" {
		return false, errors.New("discord: the bot's user id is not known yet")
	}
	msgs, err := a.session.ChannelMessages(channel, historyLimit, "", "", "", discordgo.WithContext(ctx))
	if err != nil {
		return false, classify(err, a.cfg.RetryDelay)
	}
	for _, got := range msgs {
		if got.Author == nil || got.Author.ID != self || got.Timestamp.Before(queued.Add(-clockSlack)) ||
			got.Content != content || len(got.Attachments) != len(files) {
			continue
		}
		same := true
		for i, f := range files {
			same = same && got.Attachments[i].Filename == f.Name
		}
		if same {
			return true, nil
		}
	}
	return false, nil
}

// content is the message text with the mentions it pings, within Discord's
// 2000-character limit.
func content(m bot.Message) string {
	text := m.Text
	for _, u := range m.Mentions {
		if tag := "<@" + u + ">"; !strings.Contains(text, tag) {
			text = strings.TrimRight(text, " ") + " " + tag
		}
	}
	text = strings.TrimSpace(text)
	if r := []rune(text); len(r) > maxContent {
		text = string(r[:maxContent-1]) + "…"
	}
	return text
}

// imageType is the MIME type of m's image: a GIF (the game's timelapse,
// which Discord plays inline) or a PNG.
func imageType(m bot.Message) string {
	if strings.HasSuffix(imageName(m), ".gif") {
		return "image/gif"
	}
	return "image/png"
}

func imageName(m bot.Message) string {
	if m.ImageName != "" {
		return m.ImageName
	}
	return "board.png"
}

// nonce identifies a delivery so Discord posts a retried one once
// (enforce_nonce). It is derived from the outbox entry (m.Delivery) and the
// message's words and buttons, so every retry of one entry carries the same
// nonce even though its image is drawn again; two entries never share one.
// A message sent outside the outbox (no Delivery) is keyed on its image
// too: two identical ones to a channel within Discord's nonce window (a
// few minutes) would collapse into one.
func nonce(channel string, m bot.Message) string {
	h := sha256.New()
	for _, s := range []string{channel, m.Delivery, m.Text, m.ImageName, m.Replace, strings.Join(m.Mentions, ",")} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	if m.Delivery == "" {
		h.Write(m.Image)
	}
	for _, row := range m.Buttons {
		for _, b := range row {
			h.Write([]byte(b.Label + "\x00" + b.Data + "\x00"))
		}
		h.Write([]byte{1})
	}
	return strings.ToLower(base32.StdEncoding.EncodeToString(h.Sum(nil))[:25])
}

// webhookParams is m as an interaction follow-up.
func (a *Adapter) webhookParams(m bot.Message, ephemeral bool) *discordgo.WebhookParams {
	p := &discordgo.WebhookParams{
		Content:         content(m),
		Components:      layout(m.Buttons, &a.pages, a.text.T(a.lang(""), msgMore, nil)),
		AllowedMentions: &discordgo.MessageAllowedMentions{Users: m.Mentions, Parse: []discordgo.AllowedMentionType{}},
	}
	if ephemeral {
		p.Flags = discordgo.MessageFlagsEphemeral
	}
	if len(m.Image) > 0 {
		p.Files = []*discordgo.File{{Name: imageName(m), ContentType: imageType(m), Reader: bytes.NewReader(m.Image)}}
	}
	if p.Content == "" && len(p.Files) == 0 {
		p.Content = "…"
	}
	return p
}
