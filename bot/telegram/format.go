package telegram

import (
	"html"
	"strings"
	"unicode/utf8"
)

// Telegram's length limits, counted in UTF-16 code units of the visible
// text (after entity parsing).
const (
	maxText     = 4096
	maxCaption  = 1024
	maxCallback = 200 // answerCallbackQuery text
)

// toHTML renders the service's light markup (**bold**, `code`) as
// Telegram HTML, escaping everything else. An unpaired marker stays literal.
func toHTML(s string) string {
	var b strings.Builder
	for s != "" {
		i := strings.IndexAny(s, "*`")
		if i < 0 {
			b.WriteString(html.EscapeString(s))
			break
		}
		b.WriteString(html.EscapeString(s[:i]))
		s = s[i:]
		mark, tag := "`", "code"
		if strings.HasPrefix(s, "**") {
			mark, tag = "**", "b"
		} else if s[0] == '*' {
			b.WriteString("*")
			s = s[1:]
			continue
		}
		end := strings.Index(s[len(mark):], mark)
		if end <= 0 {
			b.WriteString(html.EscapeString(mark))
			s = s[len(mark):]
			continue
		}
		inner := s[len(mark) : len(mark)+end]
		b.WriteString("<" + tag + ">" + html.EscapeString(inner) + "</" + tag + ">")
		s = s[len(mark)+end+len(mark):]
	}
	return b.String()
}

// visibleLen is the length Telegram counts for s in the light markup.
func visibleLen(s string) int {
	n := 0
	plain := strings.NewReplacer("**", "", "`", "").Replace(s)
	for _, r := range plain {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// split cuts s into pieces of at most limit visible characters, at line
// breaks where it can, so markup (which never spans lines in practice) is
// not cut. The first piece may be given a different limit (a caption).
func split(s string, first, rest int) []string {
	s = strings.TrimSpace(s)
	var out []string
	limit := first
	for s != "" {
		if visibleLen(s) <= limit {
			out = append(out, s)
			break
		}
		cut := 0
		for i := 0; i < len(s); {
			j := strings.IndexByte(s[i:], '\n')
			end := len(s)
			if j >= 0 {
				end = i + j
			}
			if visibleLen(s[:end]) > limit {
				break
			}
			cut = end
			if j < 0 {
				break
			}
			i = end + 1
		}
		if cut == 0 { // one line longer than the limit: cut inside it
			n := 0
			for i, r := range s {
				w := 1
				if r >= 0x10000 {
					w = 2
				}
				if n+w > limit {
					cut = i
					break
				}
				n += w
			}
			if cut == 0 {
				_, cut = utf8.DecodeRuneInString(s)
			}
		}
		out = append(out, strings.TrimSpace(s[:cut]))
		s = strings.TrimSpace(s[cut:])
		limit = rest
	}
	return out
}
