package telegram

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// Long polling with at-least-once handling: Telegram keeps an update until
// a getUpdates call with a higher offset confirms it. The offset only moves
// past a batch after every update in it was handled (the service committed
// and replied), so a crash mid-batch means the batch comes again; nothing
// acknowledged is lost. tgbotapi's GetUpdatesChan advances the offset as
// soon as updates arrive, so it is not used.

// allowedUpdates are the update kinds the adapter reads.
const allowedUpdates = `["message","callback_query","my_chat_member"]`

// earlyPause follows an empty batch that came back well before the poll
// timeout. Telegram holds a long poll until an update arrives, but a test
// server, a proxy that cuts long requests or a self-hosted server may answer
// at once; without a pause the loop would poll without end and burn a core.
// Updates that arrive during the pause wait at most this long.
const earlyPause = 750 * time.Millisecond

func (a *Adapter) poll(ctx context.Context) error {
	// A webhook left set from another deployment makes getUpdates fail (409).
	if _, err := a.client.call(ctx, "deleteWebhook", tgbotapi.Params{}); err != nil && ctx.Err() == nil {
		a.log.Warn("telegram: deleteWebhook failed", "err", err)
	}
	a.up.Store(true) // getMe got through; a failing getUpdates says otherwise
	defer a.up.Store(false)
	offset := 0
	pause := time.Second
	for {
		asked := time.Now()
		batch, err := a.getUpdates(ctx, offset)
		if ctx.Err() != nil {
			return nil
		}
		a.up.Store(err == nil)
		if err != nil {
			var ae *APIError
			if errors.As(err, &ae) && ae.Code == http.StatusUnauthorized {
				return fmt.Errorf("%w: telegram.token was revoked or is wrong: %w", ErrConfig, err)
			}
			if errors.As(err, &ae) && ae.RetryAfter > pause {
				pause = ae.RetryAfter
			}
			a.log.Warn("telegram: getUpdates failed; retrying", "in", pause, "err", err)
			if !sleep(ctx, pause) {
				return nil
			}
			pause = min(2*pause, 30*time.Second)
			continue
		}
		pause = time.Second
		if len(batch) == 0 {
			if time.Since(asked) < a.cfg.PollTimeout/2 && !sleep(ctx, earlyPause) {
				return nil
			}
			continue
		}
		a.handleBatch(ctx, batch)
		if ctx.Err() != nil {
			return nil // not confirmed: handled again after a restart
		}
		offset = batch[len(batch)-1].id + 1
	}
}

type rawUpdate struct {
	id  int
	raw json.RawMessage
}

func (a *Adapter) getUpdates(ctx context.Context, offset int) ([]rawUpdate, error) {
	params := tgbotapi.Params{
		"timeout":         strconv.Itoa(int(a.cfg.PollTimeout / time.Second)),
		"allowed_updates": allowedUpdates,
	}
	params.AddNonZero("offset", offset)
	cctx, cancel := context.WithTimeout(ctx, a.cfg.PollTimeout+30*time.Second)
	defer cancel()
	raw, err := a.client.call(cctx, "getUpdates", params)
	if err != nil {
		return nil, err
	}
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, fmt.Errorf("telegram getUpdates: unreadable result: %w", err)
	}
	out := make([]rawUpdate, 0, len(list))
	for _, r := range list {
		var id struct {
			ID int `json:"update_id"`
		}
		if err := json.Unmarshal(r, &id); err != nil {
			return nil, fmt.Errorf("telegram getUpdates: unreadable update: %w", err)
		}
		out = append(out, rawUpdate{id: id.ID, raw: r})
	}
	return out, nil
}

// handleBatch handles a batch: one chat's updates in order, different chats
// in parallel. It returns when all are done.
func (a *Adapter) handleBatch(ctx context.Context, batch []rawUpdate) {
	byChat := map[int64][]update{}
	var order []int64
	for _, r := range batch {
		u, err := decodeUpdate(r.raw)
		if err != nil {
			a.log.Warn("telegram: skipping an update", "update", r.id, "err", err)
			continue
		}
		k := u.orderKey()
		if _, ok := byChat[k]; !ok {
			order = append(order, k)
		}
		byChat[k] = append(byChat[k], u)
	}
	var wg sync.WaitGroup
	for _, k := range order {
		wg.Add(1)
		go func(us []update) {
			defer wg.Done()
			for _, u := range us {
				a.handleSafely(ctx, u)
			}
		}(byChat[k])
	}
	wg.Wait()
}

// handleSafely keeps a panic in one update from taking the bot down.
func (a *Adapter) handleSafely(ctx context.Context, u update) {
	defer func() {
		if r := recover(); r != nil {
			a.log.Error("telegram: panic while handling an update", "update", u.UpdateID, "panic", r)
		}
	}()
	a.handle(ctx, u)
}
