package bot

import (
	"slices"
	"strings"
	"unicode"

	"formica/bot/i18n"
	"formica/engine"
)

// maxNameWords bounds how many typed words one option's name may span
// ("play royal jelly").
const maxNameWords = 4

// resolveNames lets players type an option by its name: a word (or a few)
// that is no option code but is the name of exactly one kind of option at
// that step, in the caller's language or in English ("play trap", "play
// ловушка"), becomes that option's code. Identical cards share a name; the
// first is taken. Anything else is left as typed for the engine to judge.
func (r *request) resolveNames(st engine.State, seat engine.Seat, path engine.Path) engine.Path {
	out := make(engine.Path, 0, len(path))
	for i := 0; i < len(path); {
		step, err := st.Choices(seat, out)
		if err != nil || slices.ContainsFunc(step.Options, func(o engine.Option) bool { return o.Code == path[i] }) {
			out = append(out, path[i])
			i++
			continue
		}
		n, code := r.nameAt(step, path[i:])
		if n == 0 {
			return append(out, path[i:]...)
		}
		out = append(out, code)
		i += n
	}
	return out
}

// nameAt finds the longest run of words at the start of words that names
// an option of step; it returns how many words and the option's code.
func (r *request) nameAt(step engine.Step, words []string) (int, string) {
	for n := min(maxNameWords, len(words)); n >= 1; n-- {
		typed := normName(strings.Join(words[:n], ""))
		if typed == "" {
			continue
		}
		code, label := "", ""
		for _, o := range step.Options {
			if o.Key == "" {
				continue
			}
			for _, lang := range []string{r.lang, i18n.Fallback} {
				l := r.optionLabel(lang, o)
				if normName(shortLabel(l)) != typed {
					continue
				}
				switch {
				case code == "":
					code, label = o.Code, l
				case l != label:
					return 0, "" // two different things by one name: let the engine refuse
				}
				break
			}
		}
		if code != "" {
			return n, code
		}
	}
	return 0, ""
}

// shortLabel is a label's name part: "Trap (1 food)" -> "Trap",
// "Forage: take 1 cake" -> "Forage".
func shortLabel(l string) string {
	if i := strings.IndexAny(l, "(:"); i > 0 {
		l = l[:i]
	}
	return l
}

// normName keeps letters and digits, lower-cased: "Royal Jelly" and
// "royal-jelly" read alike.
func normName(s string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(s) {
		if unicode.IsLetter(c) || unicode.IsDigit(c) {
			b.WriteRune(c)
		}
	}
	return b.String()
}
