package main

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"formica/bot"
)

// metrics are the server's Prometheus metrics, on a registry of their own
// (nothing package-level). They implement bot.Observer.
type metrics struct {
	reg       *prometheus.Registry
	commands  *prometheus.CounterVec
	latency   *prometheus.HistogramVec
	retries   *prometheus.CounterVec
	waits     *prometheus.CounterVec
	reminders *prometheus.CounterVec
}

func newMetrics(db database) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		commands: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "formica_commands_total", Help: "Commands handled, by platform and result (handled or refused).",
		}, []string{"platform", "result"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "formica_board_latency_seconds",
			Help:    "Time from the command's commit to its board being posted.",
			Buckets: []float64{.1, .25, .5, 1, 2.5, 5, 10, 30, 60, 300},
		}, []string{"platform"}),
		retries: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "formica_outbox_retries_total", Help: "Deliveries that failed and will be retried, by platform.",
		}, []string{"platform"}),
		waits: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "formica_rate_limit_waits_total", Help: "Deliveries held back because the platform or our pacing said to wait.",
		}, []string{"platform"}),
		reminders: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "formica_reminders_sent_total", Help: "Reminders queued for players, by platform.",
		}, []string{"platform"}),
	}
	// Every platform's series exist from the start, at zero.
	for _, p := range platformAdapters() {
		m.commands.WithLabelValues(p.name, "handled")
		m.commands.WithLabelValues(p.name, "refused")
		m.latency.WithLabelValues(p.name)
		m.retries.WithLabelValues(p.name)
		m.waits.WithLabelValues(p.name)
		m.reminders.WithLabelValues(p.name)
	}
	m.reg.MustRegister(m.commands, m.latency, m.retries, m.waits, m.reminders, outboxDepth{db},
		prometheus.NewGoCollector(), prometheus.NewProcessCollector(prometheus.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) Command(platform string, refused bool) {
	result := "handled"
	if refused {
		result = "refused"
	}
	m.commands.WithLabelValues(platform, result).Inc()
}

func (m *metrics) BoardPosted(platform string, d time.Duration) {
	m.latency.WithLabelValues(platform).Observe(d.Seconds())
}

func (m *metrics) DeliveryRetry(platform string, rateLimited bool) {
	m.retries.WithLabelValues(platform).Inc()
	if rateLimited {
		m.waits.WithLabelValues(platform).Inc()
	}
}

func (m *metrics) ReminderSent(platform string) { m.reminders.WithLabelValues(platform).Inc() }

var _ bot.Observer = (*metrics)(nil)

// outboxDepth reports the messages waiting in the outbox per platform,
// read at scrape time.
type outboxDepth struct{ db database }

var outboxDesc = prometheus.NewDesc("formica_outbox_depth", "Messages waiting in the outbox, by platform.", []string{"platform"}, nil)

func (o outboxDepth) Describe(ch chan<- *prometheus.Desc) { ch <- outboxDesc }

func (o outboxDepth) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	n, err := o.db.QueueDepth(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(outboxDesc, err)
		return
	}
	for _, p := range platformAdapters() {
		n[p.name] += 0
	}
	for p, c := range n {
		ch <- prometheus.MustNewConstMetric(outboxDesc, prometheus.GaugeValue, float64(c), p)
	}
}

// connector is an adapter that can say whether it is connected.
type connector interface{ Connected() bool }

// health answers /healthz: 200 when the database takes a write and every
// adapter is connected, else 503; the body says which part is down.
func health(db database, adapters map[string]connector) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		st := map[string]string{"database": "ok"}
		ok := true
		if err := db.Writable(ctx); err != nil {
			st["database"], ok = "not writable: "+err.Error(), false
		}
		for name, a := range adapters {
			st[name] = "connected"
			if !a.Connected() {
				st[name], ok = "disconnected", false
			}
		}
		w.Header().Set("Content-Type", "application/json")
		if !ok {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
		_ = json.NewEncoder(w).Encode(st)
	})
}

// serveHTTP serves /healthz and /metrics on ln until ctx ends.
func serveHTTP(ctx context.Context, ln net.Listener, h http.Handler) error {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// opsHandler routes the operations endpoints.
func opsHandler(m *metrics, db database, adapters map[string]connector) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /healthz", health(db, adapters))
	mux.Handle("GET /metrics", promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg}))
	return mux
}
