package bot

import (
	"context"
	"log/slog"
)

// Log lines of one request carry its platform, match and command id: the
// service and the adapters put them in the request's context (WithLog) and
// log with it (InfoContext...); ContextHandler adds them to each record.

type logAttrsKey struct{}

// WithLog returns ctx carrying log attributes, given as slog takes them
// ("key", value, ...), added to those ctx already carries.
func WithLog(ctx context.Context, args ...any) context.Context {
	prev, _ := ctx.Value(logAttrsKey{}).([]slog.Attr)
	var r slog.Record
	r.Add(args...)
	attrs := append([]slog.Attr(nil), prev...)
	r.Attrs(func(a slog.Attr) bool {
		attrs = append(attrs, a)
		return true
	})
	return context.WithValue(ctx, logAttrsKey{}, attrs)
}

// ContextHandler wraps h so that records logged with a context get the
// attributes WithLog put in it. Wrapping twice changes nothing.
func ContextHandler(h slog.Handler) slog.Handler {
	if _, ok := h.(ctxHandler); ok {
		return h
	}
	return ctxHandler{Handler: h}
}

// ctxHandler adds the context's attributes, except those the logger
// already carries (an adapter's logger has its platform).
type ctxHandler struct {
	slog.Handler
	has map[string]bool // keys added by WithAttrs
}

func (h ctxHandler) Handle(ctx context.Context, r slog.Record) error {
	if attrs, ok := ctx.Value(logAttrsKey{}).([]slog.Attr); ok && len(attrs) > 0 {
		r = r.Clone()
		seen := map[string]bool{}
		for i := len(attrs) - 1; i >= 0; i-- { // the latest value of a key wins
			if a := attrs[i]; !h.has[a.Key] && !seen[a.Key] {
				seen[a.Key] = true
				r.AddAttrs(a)
			}
		}
	}
	return h.Handler.Handle(ctx, r)
}

func (h ctxHandler) WithAttrs(as []slog.Attr) slog.Handler {
	has := map[string]bool{}
	for k := range h.has {
		has[k] = true
	}
	for _, a := range as {
		has[a.Key] = true
	}
	return ctxHandler{h.Handler.WithAttrs(as), has}
}

func (h ctxHandler) WithGroup(name string) slog.Handler {
	return ctxHandler{h.Handler.WithGroup(name), h.has}
}
