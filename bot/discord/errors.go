package discord

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"formica/bot"
)

// classify maps a discordgo error to the Sender contract: *bot.RetryAfter
// when waiting can help (429, 5xx, network trouble), bot.ErrPermanent
// wrapped when it cannot (no access, unknown channel, blocked DMs, bad
// request). backoff is the delay for failures that name none.
func classify(err error, backoff time.Duration) error {
	if err == nil {
		return nil
	}
	var (
		rl   *discordgo.RateLimitError
		rest *discordgo.RESTError
		ra   *bot.RetryAfter
	)
	switch {
	case errors.As(err, &ra), errors.Is(err, bot.ErrPermanent):
		return err
	case errors.As(err, &rl):
		return &bot.RetryAfter{Delay: max(rl.RetryAfter, 50*time.Millisecond)}
	case errors.As(err, &rest) && rest.Response != nil:
		code := rest.Response.StatusCode
		if code == http.StatusTooManyRequests {
			return &bot.RetryAfter{Delay: backoff}
		}
		if code >= 500 {
			// Retried after backoff, but logged as what it is: a server
			// error, not a rate limit.
			return &retryError{msg: "discord: " + rest.Response.Status, delay: &bot.RetryAfter{Delay: backoff}, err: err}
		}
		what := rest.Response.Status
		if rest.Message != nil {
			what = fmt.Sprintf("%s (Discord error %d: %s)", what, rest.Message.Code, rest.Message.Message)
		}
		return &permanentError{msg: fmt.Sprintf("%v: discord: %s", bot.ErrPermanent, what), err: err}
	case errors.Is(err, discordgo.ErrJSONUnmarshal):
		return fmt.Errorf("%w: discord: %v", bot.ErrPermanent, err)
	}
	// Transport errors (timeouts, refused connections) are worth retrying;
	// the nonce keeps a post that did arrive from being posted twice.
	return &retryError{msg: "discord: " + err.Error(), delay: &bot.RetryAfter{Delay: backoff}, err: err}
}

// retryError is a transient failure (5xx, network) that the service
// retries after delay; its message says what happened, where a bare
// *bot.RetryAfter would read "rate limited".
type retryError struct {
	msg   string
	delay *bot.RetryAfter
	err   error
}

func (e *retryError) Error() string   { return e.msg }
func (e *retryError) Unwrap() []error { return []error{e.delay, e.err} }

// isRetryable reports a failure that the server reported before doing
// anything (429, 5xx): safe to retry even without a nonce.
func isRetryable(err error) bool {
	var (
		rl   *discordgo.RateLimitError
		rest *discordgo.RESTError
	)
	if errors.As(err, &rl) {
		return true
	}
	return errors.As(err, &rest) && rest.Response != nil &&
		(rest.Response.StatusCode == http.StatusTooManyRequests || rest.Response.StatusCode >= 500)
}

// isDMBlocked reports Discord error 50007: the user does not accept DMs
// from this bot (privacy settings, or they blocked it).
func isDMBlocked(err error) bool {
	var rest *discordgo.RESTError
	return errors.As(err, &rest) && rest.Message != nil &&
		rest.Message.Code == discordgo.ErrCodeCannotSendMessagesToThisUser
}

// permanentError is bot.ErrPermanent with the REST error kept for errors.As.
type permanentError struct {
	msg string
	err error
}

func (e *permanentError) Error() string   { return e.msg }
func (e *permanentError) Unwrap() []error { return []error{bot.ErrPermanent, e.err} }
