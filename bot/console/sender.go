package console

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"formica/bot"
)

// Platform is the platform name of console users and channels.
const Platform = "console"

// Sender prints messages to W and writes their images as PNG files under
// Dir, printing each file's path. It is safe for concurrent use.
type Sender struct {
	W   io.Writer
	Dir string // created on first image; "" means "boards"
	// Later: a board post is printed, with the path its file will have,
	// before the board is drawn; the board is drawn and written in the
	// background, one at a time in order, and Wait waits for it. A player
	// reads the post and the next prompt meanwhile.
	Later bool

	mu    sync.Mutex
	n     int
	board string // path of the last channel image
	// last is closed when the newest background board is written; lost
	// gathers the boards that could not be.
	last chan struct{}
	lost []error
	// waiting, when set (by tests), is called when Wait begins to wait
	// for a board.
	waiting func()
}

// Send prints m.
func (s *Sender) Send(ctx context.Context, m bot.Message) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.print(m)
}

// Print shows a message the way Send does (for the caller's replies).
func (s *Sender) Print(m bot.Message) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.print(m)
}

// SendLate prints a board post whose image draw renders (see
// bot.LateImager): with Later, at once, drawing in the background;
// otherwise drawn first, as Send. A board that cannot be drawn leaves the
// post as text.
func (s *Sender) SendLate(ctx context.Context, m bot.Message, draw func() ([]byte, error)) error {
	if !s.Later {
		if img, err := draw(); err == nil {
			m.Image = img
		}
		return s.Send(ctx, m)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// The file is created now, so its name is the one printed whatever
	// else is written to Dir meanwhile.
	f, path, err := s.create(m)
	if err != nil {
		return fmt.Errorf("console: %w", bot.ErrPermanent) // as print: a disk error will not heal
	}
	prev, done := s.last, make(chan struct{})
	s.last = done
	go func() {
		defer close(done)
		if prev != nil {
			<-prev // one board at a time, in order
		}
		img, err := draw()
		if err == nil {
			_, err = f.Write(img)
		}
		if err = errors.Join(err, f.Close()); err != nil {
			err = errors.Join(err, os.Remove(path))
			s.mu.Lock()
			s.lost = append(s.lost, fmt.Errorf("%s not written: %w", path, err))
			s.mu.Unlock()
		}
	}()
	return s.printAt(m, path)
}

// Wait returns when every board that SendLate began drawing before the
// call is written; its error names the boards that could not be.
func (s *Sender) Wait() error {
	s.mu.Lock()
	last := s.last
	s.mu.Unlock()
	if last != nil {
		if s.waiting != nil {
			s.waiting()
		}
		<-last
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	err := errors.Join(s.lost...)
	s.lost = nil
	return err
}

// LastBoard is the path of the last still image posted to a channel, or "".
// With Later, its file is written once Wait returns.
func (s *Sender) LastBoard() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.board
}

func (s *Sender) print(m bot.Message) error {
	path := ""
	if len(m.Image) > 0 {
		var err error
		if path, err = s.save(m); err != nil {
			return fmt.Errorf("console: %w", bot.ErrPermanent) // a disk error will not heal by retrying
		}
	}
	return s.printAt(m, path)
}

// printAt prints m, naming path as its image's file when path is not "".
func (s *Sender) printAt(m bot.Message, path string) error {
	var b strings.Builder
	switch m.To {
	case bot.Channel:
		fmt.Fprintf(&b, "── #%s ──\n", m.Channel)
	case bot.Direct:
		fmt.Fprintf(&b, "── private to %s ──\n", m.User)
	}
	if m.Text != "" {
		b.WriteString(m.Text)
		b.WriteByte('\n')
	}
	if path != "" {
		if m.To == bot.Channel && !endPicture(path) {
			s.board = path
		}
		fmt.Fprintf(&b, "  [image: %s]\n", path)
	}
	if opts := typed(m.Buttons); len(opts) > 0 {
		fmt.Fprintf(&b, "  type: %s\n", strings.Join(opts, " | "))
	}
	_, err := io.WriteString(s.W, b.String())
	return err
}

// save writes m's image under Dir (see create).
func (s *Sender) save(m bot.Message) (string, error) {
	f, path, err := s.create(m)
	if err != nil {
		return "", err
	}
	_, err = f.Write(m.Image)
	return path, errors.Join(err, f.Close())
}

// create makes the file for m's image under Dir, with a name that never
// overwrites a file already there (a resumed game's earlier boards,
// another run's).
func (s *Sender) create(m bot.Message) (*os.File, string, error) {
	dir := s.Dir
	if dir == "" {
		dir = "boards"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, "", err
	}
	base := m.ImageName
	if base == "" {
		base = "image.png"
	}
	base = filepath.Base(base)
	if m.To == bot.Direct {
		base = m.User + "-" + base
	}
	for {
		s.n++
		path := filepath.Join(dir, fmt.Sprintf("%03d-%s", s.n, base))
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, path, err
	}
}

// typed shows buttons as the commands one would type instead.
func typed(rows [][]bot.Button) []string {
	var out []string
	for _, row := range rows {
		for _, btn := range row {
			p, err := bot.DecodePress(btn.Data)
			if err != nil {
				continue
			}
			s := p.Path.String()
			if p.Kind == bot.PressCommand && len(p.Path) == 1 && p.Path[0] == "options" {
				s = "options"
			}
			if btn.Label != "" && btn.Label != s && p.Kind != bot.PressSubmit {
				s += " (" + btn.Label + ")"
			}
			out = append(out, s)
		}
	}
	return out
}

// endPicture reports whether path is one of the pictures posted after a
// game's final board (the score table, the timelapse): not the board.
func endPicture(path string) bool {
	return strings.HasSuffix(path, "-scores.png") || strings.HasSuffix(path, "-timelapse.gif")
}
