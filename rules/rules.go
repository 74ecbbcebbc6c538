// Package rules embeds the rules references (shared/rules: one Markdown file
// per game, every rule under a stable ID such as MIC-TURN-1) and finds one
// rule's text by its ID, so a player who asks why a move was refused can
// read the rule itself.
package rules

import (
	"embed"
	"regexp"
	"strings"
)

//go:embed *.md
var files embed.FS

// ruleLine starts a rule: a bullet "* **MIC-TURN-1** …" or
// "- **MOA1-2P-2. Starting hexes.** …", or a table row "| FUN-AMB-1 | …".
var ruleLine = regexp.MustCompile(`^(\s*)(?:[-*] \*\*([A-Z][A-Z0-9]*-[A-Z0-9-]*[0-9])\b|\| *\**([A-Z][A-Z0-9]*-[A-Z0-9-]*[0-9])\** *\|)`)

// Reference is the parsed rule texts of every embedded reference, by ID.
type Reference map[string]string

// Load parses the embedded references. Callers keep the result; it is
// never changed.
func Load() (Reference, error) {
	ref := Reference{}
	entries, err := files.ReadDir(".")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		b, err := files.ReadFile(e.Name())
		if err != nil {
			return nil, err
		}
		parse(string(b), ref)
	}
	return ref, nil
}

// Text returns the text of rule id, in the reference's words with the
// Markdown emphasis removed, and whether the rule exists.
func (r Reference) Text(id string) (string, bool) {
	s, ok := r[strings.ToUpper(strings.TrimSpace(id))]
	return s, ok
}

func parse(doc string, into Reference) {
	lines := strings.Split(doc, "\n")
	for i := 0; i < len(lines); i++ {
		m := ruleLine.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		id := m[2] + m[3]
		if _, seen := into[id]; seen {
			continue // the first statement of a rule is the rule; later rows cite it
		}
		text := []string{strings.TrimSpace(lines[i])}
		if m[3] == "" { // a bullet: its continuation lines are indented deeper
			indent := len(m[1])
			for j := i + 1; j < len(lines); j++ {
				l := lines[j]
				trimmed := strings.TrimLeft(l, " ")
				if trimmed == "" || len(l)-len(trimmed) <= indent {
					break
				}
				text = append(text, strings.TrimSpace(l))
			}
		}
		into[id] = clean(strings.Join(text, "\n"))
	}
}

// clean strips the bullet, table bars and Markdown emphasis.
func clean(s string) string {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "* "), "- ")
	s = strings.ReplaceAll(s, "**", "")
	if strings.HasPrefix(s, "|") {
		cells := strings.Split(strings.Trim(s, "| "), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		s = strings.Join(cells, " — ")
	}
	return s
}
