package bot

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"formica/engine"
)

// MaxPress is the longest button payload: Telegram's callback_data limit
// (Discord allows 100).
const MaxPress = 64

// PressKind says what a button does.
type PressKind byte

const (
	// PressStep chooses one more step of an answer: a complete answer is
	// applied, a partial one brings the next step's buttons.
	PressStep PressKind = 's'
	// PressSubmit applies Path as it is, even though longer answers exist.
	PressSubmit PressKind = 'a'
	// PressCommand runs a lobby command ("join", "start"); Path holds its words.
	PressCommand PressKind = 'c'
)

// Press is a decoded button payload.
type Press struct {
	Kind PressKind
	// Version is the match version (engine.Match.Version) the button was
	// made for; a press against another version is stale. Unused for commands.
	Version int
	Path    engine.Path
}

// Errors from DecodePress.
var (
	ErrPressFormat = errors.New("bot: malformed button payload")
	ErrPressLong   = errors.New("bot: button payload longer than 64 bytes")
)

// EncodePress writes p in the payload format, documented here as the one
// place that defines it:
//
//	payload = kind version { " " code }
//	kind    = "s" | "a" | "c"
//	version = decimal digits (0 for commands)
//
// e.g. "s12 take 3" (step 2 of "take 3" at version 12), "a12 take" (submit
// "take"), "c0 join". Codes are the space-free option codes of engine.Path,
// so the space separator never needs escaping.
func EncodePress(p Press) (string, error) {
	switch p.Kind {
	case PressStep, PressSubmit, PressCommand:
	default:
		return "", fmt.Errorf("%w: kind %q", ErrPressFormat, p.Kind)
	}
	if p.Version < 0 {
		return "", fmt.Errorf("%w: negative version", ErrPressFormat)
	}
	var b strings.Builder
	b.WriteByte(byte(p.Kind))
	b.WriteString(strconv.Itoa(p.Version))
	for _, c := range p.Path {
		if !validCode(c) {
			return "", fmt.Errorf("%w: code %q", ErrPressFormat, c)
		}
		b.WriteByte(' ')
		b.WriteString(c)
	}
	if b.Len() > MaxPress {
		return "", fmt.Errorf("%w: %q", ErrPressLong, b.String())
	}
	return b.String(), nil
}

// DecodePress reads a payload written by EncodePress.
func DecodePress(s string) (Press, error) {
	if len(s) > MaxPress {
		return Press{}, ErrPressLong
	}
	if len(s) < 2 {
		return Press{}, fmt.Errorf("%w: %q", ErrPressFormat, s)
	}
	p := Press{Kind: PressKind(s[0])}
	switch p.Kind {
	case PressStep, PressSubmit, PressCommand:
	default:
		return Press{}, fmt.Errorf("%w: kind %q", ErrPressFormat, s[0])
	}
	head, rest, found := strings.Cut(s[1:], " ")
	if found && rest == "" {
		return Press{}, fmt.Errorf("%w: trailing space", ErrPressFormat)
	}
	v, err := strconv.Atoi(head)
	if err != nil || v < 0 || strconv.Itoa(v) != head {
		return Press{}, fmt.Errorf("%w: version %q", ErrPressFormat, head)
	}
	p.Version = v
	if rest != "" {
		p.Path = strings.Split(rest, " ")
		for _, c := range p.Path {
			if !validCode(c) {
				return Press{}, fmt.Errorf("%w: code %q", ErrPressFormat, c)
			}
		}
	}
	return p, nil
}

// validCode accepts what engine.ParsePath can produce: non-empty, lowercase,
// printable, no spaces.
func validCode(c string) bool {
	if c == "" {
		return false
	}
	for _, r := range c {
		if r <= ' ' || r == 0x7f || strings.ToLower(string(r)) != string(r) {
			return false
		}
	}
	return true
}

// ListPress is the payload that shows again the list of options one of
// whose buttons carries press: the option's step, pressed at the same
// version. The service answers it with that step's buttons, or refuses it
// once the prompt has moved on, so an adapter that shows a long list a page
// at a time (Message.Buttons) can draw any page again without keeping the
// list, and a page of a stale list is refused like any stale press.
func ListPress(press string) (string, error) {
	p, err := DecodePress(press)
	if err != nil {
		return "", err
	}
	if p.Kind != PressStep || len(p.Path) == 0 {
		return "", fmt.Errorf("%w: %q is not an option of a list", ErrPressFormat, press)
	}
	p.Path = p.Path[:len(p.Path)-1]
	return EncodePress(p)
}
