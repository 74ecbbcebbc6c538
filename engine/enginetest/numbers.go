package enginetest

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"formica/engine/locale"
)

// Numbers is what a game's texts may state as numbers: for each message
// key whose text writes numbers, the numbers it must write, computed from
// the game's data (components file, rule set, constants); and the keys
// whose numbers are not game data (an example to copy, a player count from
// the descriptor's own table) with the reason.
type Numbers struct {
	Data map[string][]int
	// Includes are numbers a text must state among others (a goal card's
	// colony points, beside its effect's amounts).
	Includes map[string][]int
	NotData  map[string]string
}

var (
	// What a player types is an example, not a claim: `take 1 0`.
	typedRe = regexp.MustCompile("`[^`]*`")
	// Placeholders and references are filled in at run time.
	placeholderRe = regexp.MustCompile(`\{[^}]*\}`)
	// Step numbering: "1." opening a line, "1) " opening a step inline.
	stepRe = regexp.MustCompile(`(?m)(^\s*)\d+\.(\s)|([\s:,;])\d+\)(\s)`)
	// A number standing alone, not part of a code (a1, 2b, P1, c19).
	numberRe = regexp.MustCompile(`(^|[^\p{L}\p{N}_])(\d+)`)
)

// StatedNumbers are the numbers a text states, in order: placeholders,
// typed examples and step numbering left out, codes such as a1 or P2 too.
func StatedNumbers(s string) []int {
	s = typedRe.ReplaceAllString(s, " ")
	s = placeholderRe.ReplaceAllString(s, " ")
	s = stepRe.ReplaceAllString(s, "$1$3 $2$4")
	var out []int
	for _, m := range numberRe.FindAllStringSubmatchIndex(s, -1) {
		end := m[5]
		if end < len(s) && isLetterAt(s, end) {
			continue // 2b, 3x: a code, not an amount
		}
		n, err := strconv.Atoi(s[m[4]:m[5]])
		if err == nil {
			out = append(out, n)
		}
	}
	return out
}

func isLetterAt(s string, i int) bool {
	for _, r := range s[i:] {
		return r == '_' || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || r > 0x7F && !strings.ContainsRune("–—−×·«»“”„’ ", r)
	}
	return false
}

// CheckNumbers renders every key of msgs in every language (every plural
// form, placeholders left empty, so only the numbers written in the text
// remain) and checks that the numbers each states are those nums.Data
// gives for it, in any order; a key that states numbers and is in neither
// nums.Data nor nums.NotData fails, so a new numeric text must be tied to
// the data. Subtests are named by key.
func CheckNumbers(t *testing.T, msgs *locale.Catalog, nums Numbers) {
	t.Helper()
	seen := map[string]bool{}
	for _, lang := range msgs.Languages() {
		for _, key := range msgs.Keys(lang) {
			m, ok := msgs.Message(lang, key)
			if !ok {
				continue
			}
			for _, text := range m.Texts() {
				got := StatedNumbers(text)
				want, isData := nums.Data[key]
				some, includes := nums.Includes[key]
				_, notData := nums.NotData[key]
				switch {
				case includes:
					seen[key] = true
					if !contains(got, some) {
						t.Errorf("%s (%s) states %v, which lacks %v from the data: %q", key, lang, got, some, text)
					}
				case notData:
				case isData:
					seen[key] = true
					if !sameNumbers(got, want) {
						t.Errorf("%s (%s) states %v, the data gives %v: %q", key, lang, got, want, text)
					}
				case len(got) > 0:
					t.Errorf("%s (%s) states %v, tied to no data (add it to the game's Numbers): %q", key, lang, got, text)
				}
			}
		}
	}
	for key := range nums.Data {
		if !seen[key] {
			t.Errorf("%s is in the game's Numbers but not in its catalog", key)
		}
	}
	for key := range nums.Includes {
		if !seen[key] {
			t.Errorf("%s is in the game's Numbers but not in its catalog", key)
		}
	}
}

// sameNumbers compares two lists as multisets.
func sameNumbers(a, b []int) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// contains reports that every number of sub is in all (as multisets).
func contains(all, sub []int) bool {
	left := slices.Clone(all)
	for _, n := range sub {
		i := slices.Index(left, n)
		if i < 0 {
			return false
		}
		left = slices.Delete(left, i, i+1)
	}
	return true
}

// Ns is a readable way to list expected numbers.
func Ns(n ...int) []int { return n }

// String shows a Numbers entry (for messages).
func (n Numbers) String() string {
	return fmt.Sprintf("%d data keys, %d not data", len(n.Data), len(n.NotData))
}
