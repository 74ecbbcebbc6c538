// Package leaktest is the bot half of the leak oracle: it plays random full
// games of one game through the real service (a real bbolt file, the
// outbox, the console platform) and reads everything the service shows —
// channel posts, their buttons and button payloads, image names, DMs,
// reminders and the replies to each command, as sent and as the console
// adapter prints them — and the views every board and hand image was
// drawn from. Nothing public may name a secret of the game's one hidden
// list (engine.Concealer) that the public view does not show, and nothing a
// player reads may name another player's secret. Every game runs it, now
// and later (cmd/formica's TestNoLeaks iterates the games it offers).
package leaktest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/png"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/bottest"
	"formica/bot/console"
	"formica/engine"
	"formica/engine/enginetest"
	"formica/storage"
	"formica/storage/storagetest"
)

// Config says what to play.
type Config struct {
	// Setups are played Games times each with different seeds; Game is
	// filled in, Seats is the player count, Options are typed as key=value.
	Setups []engine.Setup
	Games  int
	// MaxAnswers ends a game early (the oracle has then read every surface
	// of that many turns); 0 plays to the end.
	MaxAnswers int
	// Pixels is how many board and hand images per game are really drawn
	// and compared pixel by pixel with an independent render of the view
	// they must show; the others are checked by the view they were drawn from.
	Pixels int
	// AI seats that many AI players (new ... ai=N ailevel=random, seats
	// P2 on): their answers come from the service's scheduler, and what
	// they post is read like everyone's.
	AI int
}

// Run plays the games and fails t at the first leak, naming the surface,
// the secret and the seed and random stream that reproduce it.
func Run(t *testing.T, game bot.Game, cfg Config) {
	t.Helper()
	if cfg.Games == 0 {
		cfg.Games = 1
	}
	for _, setup := range cfg.Setups {
		for g := range cfg.Games {
			s := setup
			s.Game = game.ID
			s.Seed = setup.Seed + uint64(g)*104729
			stream := uint64(g + 1)
			if err := play(t, game, s, stream, cfg); err != nil {
				t.Fatalf("%s seats=%d options=%v seed=%d stream=PCG(%d,%d): %v",
					game.ID, s.Seats, s.Options, s.Seed, s.Seed, stream, err)
			}
		}
	}
}

// drawn is one image the service rendered: from which view, for whom.
type drawn struct {
	private bool   // a hand (Game.Private) rather than a board
	view    string // JSON of the view it was given
	lang    string
	png     []byte // the real image, for the sampled ones
	token   []byte // the stand-in PNG given for the others (tokenPNG)
}

// table is one game being played and watched.
type table struct {
	t      *testing.T
	game   bot.Game
	svc    *bot.Service
	rec    *bottest.Recorder
	db     *storage.DB
	id     string // the match id, once followed
	match  *engine.Match
	users  []string // by seat
	seen   int      // messages of rec already checked
	mu     sync.Mutex
	draws  []drawn
	sample int       // real renders left
	now    time.Time // the service's clock, moved to fire reminders
	nudges int       // reminders read
	// public holds the public view after every answer so far, by its
	// JSON: a board may show any of them (history, the timelapse), and
	// checked is how many draws were checked against it.
	public  map[string]any
	checked int
}

const (
	channel   = "leak"
	spectator = "spy"
)

func play(t *testing.T, game bot.Game, setup engine.Setup, stream uint64, cfg Config) error {
	tb := &table{t: t, game: game, rec: &bottest.Recorder{}, sample: cfg.Pixels, public: map[string]any{},
		now: time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)}
	watched := game
	watched.Board = tb.watch(game.Board, false)
	watched.Private = tb.watch(game.Private, true)
	watched.BoardImage = tb.watchImage(game.BoardImage)
	tb.db = storagetest.Open(t, nil)
	svc, err := bot.New(bot.Config{Store: tb.db, Games: []bot.Game{watched},
		Clock: func() time.Time { return tb.clock() }})
	if err != nil {
		return err
	}
	tb.svc = svc
	svc.Attach("console", tb.rec)
	tb.users = append(tb.users, "u1")
	for i := range cfg.AI {
		tb.users = append(tb.users, "ai:random:"+strconv.Itoa(i+1)) // the service's AI ids
	}
	for i := len(tb.users); i < setup.Seats; i++ {
		tb.users = append(tb.users, "u"+strconv.Itoa(i+1))
	}
	if err := tb.open(setup, cfg.AI); err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(setup.Seed, stream))
	for n := 0; tb.match.State.Result() == nil; n++ {
		if cfg.MaxAnswers > 0 && n >= cfg.MaxAnswers {
			break
		}
		pend := tb.match.State.Pending()
		if len(pend) == 0 {
			return fmt.Errorf("answer %d: nothing pending and no result", n)
		}
		p := pend[rng.IntN(len(pend))]
		if n%7 == 0 { // the other ways in: asking for options, hands, the board, the log
			if err := tb.browse(p.Seat); err != nil {
				return fmt.Errorf("answer %d: %w", n, err)
			}
		}
		if n%11 == 5 { // a day passes: reminders with their "since your turn" summaries
			before := len(tb.match.Log)
			if err := tb.remind(); err != nil {
				return fmt.Errorf("answer %d: %w", n, err)
			}
			if len(tb.match.Log) != before {
				continue // AI players answered meanwhile: p may be stale
			}
		}
		if strings.HasPrefix(tb.users[p.Seat], "ai:") {
			if err := tb.waitAI(); err != nil {
				return fmt.Errorf("answer %d (%s, an AI): %w", n, p.Seat, err)
			}
			continue
		}
		path, err := enginetest.RandomPath(tb.match.State, p.Seat, rng)
		if err != nil {
			return err
		}
		if err := tb.answer(p.Seat, path); err != nil {
			return fmt.Errorf("answer %d (%s %q): %w", n, p.Seat, path, err)
		}
		if n == 20 && tb.nudges == 0 {
			return fmt.Errorf("no reminder fired in 20 answers: the oracle reads none")
		}
	}
	return tb.browse(engine.NoSeat)
}

// watch wraps a renderer: it records the view each image was drawn from
// and draws only the sampled ones for real (the rest are named, not drawn).
func (tb *table) watch(render func(any, string) ([]byte, error), private bool) func(any, string) ([]byte, error) {
	if render == nil {
		return nil
	}
	return func(view any, lang string) ([]byte, error) {
		b, err := json.Marshal(view)
		if err != nil {
			return nil, err
		}
		tb.mu.Lock()
		defer tb.mu.Unlock()
		d := drawn{private: private, view: string(b), lang: lang}
		if d.token, err = tokenPNG(len(tb.draws)); err != nil {
			return nil, err
		}
		img := d.token
		if tb.sample > 0 {
			tb.sample--
			if d.png, err = render(view, lang); err != nil {
				return nil, err
			}
			img = d.png
		}
		tb.draws = append(tb.draws, d)
		return img, nil
	}
}

// watchImage is watch for a renderer that returns the image before
// encoding (the timelapse's frames): its stand-in is tokenImage, which the
// frames carry as the token PNG's pixel would.
func (tb *table) watchImage(render func(any, string) (image.Image, error)) func(any, string) (image.Image, error) {
	if render == nil {
		return nil
	}
	return func(view any, lang string) (image.Image, error) {
		b, err := json.Marshal(view)
		if err != nil {
			return nil, err
		}
		tb.mu.Lock()
		defer tb.mu.Unlock()
		n := len(tb.draws)
		if n >= 1<<15 {
			return nil, fmt.Errorf("leaktest: more than %d images drawn", 1<<15)
		}
		d := drawn{view: string(b), lang: lang}
		img := image.Image(tokenImage(n))
		if tb.sample > 0 {
			tb.sample--
			if img, err = render(view, lang); err != nil {
				return nil, err
			}
			d.png = []byte{} // drawn for real: not a stand-in
		}
		tb.draws = append(tb.draws, d)
		return img, nil
	}
}

// open starts the match through the lobby, as players would.
func (tb *table) open(setup engine.Setup, ais int) error {
	words := []string{"new", setup.Game}
	if ais > 0 {
		words = append(words, "ai="+strconv.Itoa(ais), "ailevel=random")
	}
	if setup.RuleSet != "" {
		words = append(words, setup.RuleSet)
	}
	words = append(words, "players="+strconv.Itoa(setup.Seats), "seed="+strconv.FormatUint(setup.Seed, 10))
	for k, v := range setup.Options {
		words = append(words, k+"="+v)
	}
	if err := tb.do(tb.users[0], strings.Join(words, " "), false); err != nil {
		return err
	}
	// A spectator watches: every turn by DM is a public surface too.
	if err := tb.do(spectator, "watch", false); err != nil {
		return err
	}
	for _, u := range tb.users[1+ais:] {
		if err := tb.do(u, "join", false); err != nil {
			return err
		}
	}
	m, err := engine.Start(tb.game.Descriptor, setup)
	if err != nil {
		return err
	}
	tb.match = m
	if err := tb.seePublic(); err != nil {
		return err
	}
	return tb.check(nil)
}

// seePublic adds the public view as the match stands to tb.public.
func (tb *table) seePublic() error {
	v := tb.match.State.View(engine.NoSeat)
	b, err := json.Marshal(v)
	tb.public[string(b)] = v
	return err
}

// answer types seat's path as the player would.
func (tb *table) answer(seat engine.Seat, path engine.Path) error {
	replies := tb.svc.Handle(context.Background(), tb.command(tb.users[seat], path.String()))
	for _, m := range replies {
		if m.Refused {
			return fmt.Errorf("the service refused an answer the engine offers: %s", m.Text)
		}
	}
	if _, err := tb.match.Answer(engine.Answer{Seat: seat, Path: path}); err != nil {
		return err
	}
	if err := tb.seePublic(); err != nil {
		return err
	}
	return tb.check(replies)
}

// browse runs the commands that show state: seat asks for its options and
// hand, a spectator for the board, the status and the whole log.
func (tb *table) browse(seat engine.Seat) error {
	var replies []bot.Message
	if seat != engine.NoSeat {
		for _, c := range []string{"options", "hand"} {
			replies = append(replies, tb.svc.Handle(context.Background(), tb.command(tb.users[seat], c))...)
		}
	}
	// A past board too: history must show only what was public then.
	past := "board " + strconv.Itoa(len(tb.match.Log)/2)
	for _, c := range []string{"board", past, "status", "log 1000"} {
		replies = append(replies, tb.svc.Handle(context.Background(), tb.command(spectator, c))...)
	}
	return tb.check(replies)
}

func (tb *table) clock() time.Time {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return tb.now
}

// remind moves the clock a day on and fires what came due.
func (tb *table) remind() error {
	tb.mu.Lock()
	tb.now = tb.now.Add(25 * time.Hour)
	tb.mu.Unlock()
	fired, err := tb.svc.Tick(context.Background())
	if err != nil {
		return err
	}
	tb.nudges += fired
	if err := tb.follow(); err != nil {
		return err
	}
	return tb.check(nil)
}

// waitAI moves the clock past an AI's thinking delay, lets it answer and
// follows its answers.
func (tb *table) waitAI() error {
	tb.mu.Lock()
	tb.now = tb.now.Add(16 * time.Second)
	tb.mu.Unlock()
	if _, err := tb.svc.Tick(context.Background()); err != nil {
		return err
	}
	before := len(tb.match.Log)
	if err := tb.follow(); err != nil {
		return err
	}
	if len(tb.match.Log) == before {
		due, _ := tb.db.Due(context.Background(), tb.now.Add(1000*time.Hour))
		var es []string
		for _, e := range due {
			es = append(es, e.Kind+":"+e.Seat.String()+"@"+e.At.Sub(tb.now).String())
		}
		return fmt.Errorf("the AI did not answer (pending %v, entries %v)", tb.match.State.Pending(), es)
	}
	return tb.check(nil)
}

// follow applies to the local match the answers the service logged that
// it has not seen (the AI players').
func (tb *table) follow() error {
	ctx := context.Background()
	if tb.id == "" {
		m, err := tb.db.Match(ctx, storage.MatchKey{Platform: "console", Channel: channel})
		if err != nil {
			return err
		}
		tb.id = m.ID // kept: a finished game leaves the channel
	}
	log, err := tb.db.Log(ctx, tb.id)
	if err != nil {
		return err
	}
	for _, e := range log[len(tb.match.Log):] {
		if _, err := tb.match.Answer(engine.Answer{Seat: e.Seat, Path: e.Path}); err != nil {
			return fmt.Errorf("the service logged %s %q, which the engine refuses: %w", e.Seat, e.Path, err)
		}
		if err := tb.seePublic(); err != nil {
			return err
		}
	}
	return nil
}

func (tb *table) command(user, text string) bot.Command {
	return bot.Command{Platform: "console", Channel: channel, Text: text, User: bot.User{Platform: "console", ID: user, Name: strings.ToUpper(user)}}
}

func (tb *table) do(user, text string, mayRefuse bool) error {
	replies := tb.svc.Handle(context.Background(), tb.command(user, text))
	for _, m := range replies {
		if m.Refused && !mayRefuse {
			return fmt.Errorf("%s %q refused: %s", user, text, m.Text)
		}
	}
	if err := tb.svc.Flush(context.Background()); err != nil {
		return err
	}
	return nil
}

// check delivers the outbox and reads every new message and the replies.
func (tb *table) check(replies []bot.Message) error {
	if err := tb.svc.Flush(context.Background()); err != nil {
		return err
	}
	x, err := enginetest.Expose(tb.match.State, tb.match.Setup.Seats)
	if err != nil {
		return err
	}
	if err := tb.checkDraws(); err != nil {
		return err
	}
	msgs := tb.rec.Messages()
	fresh := msgs[tb.seen:]
	tb.seen = len(msgs)
	for _, m := range append(fresh, replies...) {
		if err := tb.read(x, m); err != nil {
			return err
		}
	}
	return nil
}

// read checks one message against what its reader may know.
func (tb *table) read(x *enginetest.Exposure, m bot.Message) error {
	reader := engine.NoSeat
	if m.To != bot.Channel {
		reader = tb.seatOf(m.User)
	}
	surface := map[string]string{"text": m.Text, "image name": m.ImageName, "alt text": m.Alt, "console line": tb.printed(m)}
	for _, row := range m.Buttons {
		for _, b := range row {
			surface["button "+b.Label] = b.Label + " | " + pressText(b.Data)
		}
	}
	for where, text := range surface {
		if l, ok := x.Find(reader, text); ok {
			return fmt.Errorf("%s of a %s names %s:\n%s", where, audience(m, reader), l, text)
		}
	}
	if len(m.Image) > 0 {
		return tb.readImage(x, m, reader)
	}
	return nil
}

// printed is m as the console adapter shows it (the terminal of local
// play), images named but not written.
func (tb *table) printed(m bot.Message) string {
	var b strings.Builder
	m.Image = nil
	if err := (&console.Sender{W: &b}).Print(m); err != nil {
		return err.Error()
	}
	return b.String()
}

// readImage checks that an image was drawn from a view its reader may see:
// the public one, or the reader's own hand.
// x is the Exposure of the current state: its views are the ones an image
// must have been drawn from (marshalled once per check, not per image).
func (tb *table) readImage(x *enginetest.Exposure, m bot.Message, reader engine.Seat) error {
	if strings.HasSuffix(m.ImageName, ".gif") {
		return tb.readTimelapse(m, reader)
	}
	if strings.HasSuffix(m.ImageName, "-scores.png") {
		// The final table: names and the engine's Result, public once the
		// game is over, and only then.
		if reader != engine.NoSeat || m.To == bot.Caller || tb.match.State.Result() == nil {
			return fmt.Errorf("a score table went to %s before the end", audience(m, reader))
		}
		if _, err := png.Decode(bytes.NewReader(m.Image)); err != nil {
			return fmt.Errorf("score table: %w", err)
		}
		return nil
	}
	d, ok := tb.drawnFor(m.Image)
	if !ok {
		return fmt.Errorf("%s carries an image the oracle did not see drawn", audience(m, reader))
	}
	want := engine.NoSeat
	if d.private {
		if reader == engine.NoSeat {
			return fmt.Errorf("a hand image was shown to %s", audience(m, reader))
		}
		want = reader
	}
	var now any // the view d was drawn from, for a render to compare pixels with
	view, ok := x.ViewJSON(want)
	if !ok { // a game that hides nothing has no Exposure
		now = tb.match.State.View(want)
		b, err := json.Marshal(now)
		if err != nil {
			return err
		}
		view = string(b)
	}
	if past, ok := tb.public[d.view]; d.view != view && !d.private && ok {
		// `board <n>`: the public view as it was after an earlier answer.
		now, view = past, d.view
	}
	if d.view != view {
		return fmt.Errorf("%s shows an image drawn from another view than %s's", audience(m, reader), want)
	}
	if d.png == nil {
		return nil
	}
	if now == nil {
		now = tb.match.State.View(want)
	}
	render := tb.game.Board
	if d.private {
		render = tb.game.Private
	}
	again, err := render(now, d.lang)
	if err != nil {
		return err
	}
	return samePixels(d.png, again)
}

func (tb *table) drawnFor(img []byte) (drawn, bool) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for _, d := range tb.draws {
		if d.png != nil && bytes.Equal(d.png, img) || d.png == nil && bytes.Equal(d.token, img) {
			return d, true
		}
	}
	return drawn{}, false
}

// samePixels compares two PNGs decoded (the same bytes are the same
// pixels: decoding and comparing a board pixel by pixel was most of
// opening a game under -race).
func samePixels(a, b []byte) error {
	if bytes.Equal(a, b) {
		return nil
	}
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		return fmt.Errorf("posted image: %w", err)
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return fmt.Errorf("reference image: %w", err)
	}
	if ia.Bounds() != ib.Bounds() {
		return fmt.Errorf("posted image is %v, a render of its view %v", ia.Bounds(), ib.Bounds())
	}
	r := ia.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if !sameColor(ia, ib, image.Pt(x, y)) {
				return fmt.Errorf("posted image differs from a render of its view at (%d,%d)", x, y)
			}
		}
	}
	return nil
}

func sameColor(a, b image.Image, p image.Point) bool {
	r1, g1, b1, a1 := a.At(p.X, p.Y).RGBA()
	r2, g2, b2, a2 := b.At(p.X, p.Y).RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
}

func (tb *table) seatOf(user string) engine.Seat {
	for i, u := range tb.users {
		if u == user {
			return engine.Seat(i)
		}
	}
	return engine.NoSeat
}

// pressText is what a button payload says: the path it answers.
func pressText(data string) string {
	p, err := bot.DecodePress(data)
	if err != nil {
		return data
	}
	return p.Path.String()
}

func audience(m bot.Message, reader engine.Seat) string {
	switch {
	case m.To == bot.Channel:
		return "channel post"
	case reader == engine.NoSeat:
		return "reply to a spectator"
	default:
		return "private message to " + reader.String()
	}
}

// Surface is one thing a platform showed, as the oracle reads it on the
// fake Discord and Telegram servers: where it was, who may read it (NoSeat:
// everyone in the channel), and all its words (text, caption, button labels
// and payloads, file names).
type Surface struct {
	Where  string
	Reader engine.Seat
	Text   string
}

// Check returns an error naming the first surface that names a secret of
// s its reader may not know.
func Check(s engine.State, seats int, surfaces []Surface) error {
	x, err := enginetest.Expose(s, seats)
	if err != nil {
		return err
	}
	for _, sf := range surfaces {
		if l, ok := x.Find(sf.Reader, sf.Text); ok {
			return fmt.Errorf("%s (read by %s) names %s:\n%s", sf.Where, audienceOf(sf.Reader), l, sf.Text)
		}
	}
	return nil
}

func audienceOf(s engine.Seat) string {
	if s == engine.NoSeat {
		return "everyone"
	}
	return s.String()
}

// PressText is what a button payload says, for Surface.Text.
func PressText(data string) string { return pressText(data) }

// CheckPicks reports a surface that shows a seat's secret answer (picks, by
// seat, as typed: "soldier", "0 2 0 0") to anyone else while the engine
// still hides it (a sealed pick of a simultaneous secret phase, revealed
// together). It backs Check, whose word test cannot tell a pick like
// "soldier" from the same word in the public view.
func CheckPicks(st engine.State, picks map[engine.Seat]string, surfaces []Surface) error {
	c, ok := st.(engine.Concealer)
	if !ok {
		return nil
	}
	for _, sec := range c.Hidden() {
		pick := picks[sec.Owner]
		if pick == "" || !slices.ContainsFunc(sec.Forms, func(f string) bool { return enginetest.ContainsWord(f, pick) }) {
			continue // revealed, or another secret
		}
		for _, sf := range surfaces {
			if sf.Reader != sec.Owner && enginetest.ContainsWord(sf.Text, pick) {
				return fmt.Errorf("%s shows %s's secret pick %q before the reveal:\n%s", sf.Where, sec.Owner, pick, sf.Text)
			}
		}
	}
	return nil
}

// tokenPNG is the image the oracle gives for a board or hand it does not
// draw: one pixel whose colour spells draw n, 5 bits a channel (each in
// the middle of its 5-bit bucket, so a quantizing encoder, like the
// timelapse's, keeps it exact). The service handles it as any PNG, and a
// timelapse made of such frames names the draws it shows.
func tokenPNG(n int) ([]byte, error) {
	if n >= 1<<15 {
		return nil, fmt.Errorf("leaktest: more than %d images drawn", 1<<15)
	}
	var b bytes.Buffer
	err := png.Encode(&b, tokenImage(n))
	return b.Bytes(), err
}

// tokenImage is tokenPNG's one pixel before encoding.
func tokenImage(n int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 1, 1))
	img.Set(0, 0, tokenColor(n))
	return img
}

func tokenColor(n int) color.RGBA {
	return color.RGBA{R: uint8(n>>10&31)<<3 | 4, G: uint8(n>>5&31)<<3 | 4, B: uint8(n&31)<<3 | 4, A: 255}
}

// checkDraws checks every board drawn since the last check: each must be
// drawn from the public view as the match stands or stood after an
// earlier answer (a past board, a timelapse frame), never from a view with
// more in it.
func (tb *table) checkDraws() error {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for ; tb.checked < len(tb.draws); tb.checked++ {
		d := tb.draws[tb.checked]
		if _, ok := tb.public[d.view]; !d.private && !ok {
			return fmt.Errorf("board %d was drawn from a view that was never the public one", tb.checked)
		}
	}
	return nil
}

// readTimelapse checks an animated board: a channel post or a watcher's
// copy (nobody's hand),
// under Discord's 8 MB, at most 60 frames, each frame one of the boards
// drawn from public views (checkDraws), in the order of the game.
func (tb *table) readTimelapse(m bot.Message, reader engine.Seat) error {
	if reader != engine.NoSeat || m.To == bot.Caller {
		return fmt.Errorf("a timelapse was sent to %s", audience(m, reader))
	}
	if len(m.Image) >= 8<<20 {
		return fmt.Errorf("timelapse of %d bytes is over Discord's 8 MB", len(m.Image))
	}
	g, err := gif.DecodeAll(bytes.NewReader(m.Image))
	if err != nil {
		return fmt.Errorf("timelapse: %w", err)
	}
	if len(g.Image) == 0 || len(g.Image) > 60 {
		return fmt.Errorf("timelapse has %d frames", len(g.Image))
	}
	// Frames made of stand-ins name their draws by the colour of the
	// frame's centre, where the one-pixel image sits.
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	c := image.Pt((g.Config.Width-1)/2, (g.Config.Height-1)/2)
	last := -1
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for i, p := range g.Image {
		draw.Draw(canvas, p.Rect, p, p.Rect.Min, draw.Over)
		got := canvas.RGBAAt(c.X, c.Y)
		n := int(got.R>>3)<<10 | int(got.G>>3)<<5 | int(got.B>>3)
		if n >= len(tb.draws) || tb.draws[n].png != nil || tokenColor(n) != got {
			continue // a real render (sampled) or not a stand-in: checkDraws read its view
		}
		d := tb.draws[n]
		if _, ok := tb.public[d.view]; d.private || !ok {
			return fmt.Errorf("timelapse frame %d shows draw %d, not a public board", i, n)
		}
		if n <= last {
			return fmt.Errorf("timelapse frame %d shows draw %d after draw %d", i, n, last)
		}
		last = n
	}
	return nil
}
