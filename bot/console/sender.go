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

	mu    sync.Mutex
	n     int
	board string // path of the last channel image
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

// LastBoard is the path of the last still image posted to a channel, or "".
func (s *Sender) LastBoard() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.board
}

func (s *Sender) print(m bot.Message) error {
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
	if len(m.Image) > 0 {
		path, err := s.save(m)
		if err != nil {
			return fmt.Errorf("console: %w", bot.ErrPermanent) // a disk error will not heal by retrying
		}
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

// save writes m's image under Dir with a name that never overwrites a
// file already there (a resumed game's earlier boards, another run's).
func (s *Sender) save(m bot.Message) (string, error) {
	dir := s.Dir
	if dir == "" {
		dir = "boards"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
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
		if err != nil {
			return "", err
		}
		_, err = f.Write(m.Image)
		return path, errors.Join(err, f.Close())
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
