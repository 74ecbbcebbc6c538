package locale

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// Fallback is the language used when a key is missing in the reader's.
const Fallback = "en"

// Forms are the CLDR plural form names a plural text may use, in CLDR order.
var forms = []string{"zero", "one", "two", "few", "many", "other"}

// Message is one key's text in one language: either a single Text or, for a
// text that depends on a number, one text per CLDR plural form.
type Message struct {
	Text  string
	Count string            // plural: the argument holding the number ("n" if empty)
	Forms map[string]string // plural: form name ("one", "few"...) -> text
}

// Plural reports whether the message has plural forms.
func (m Message) Plural() bool { return m.Forms != nil }

// CountArg is the argument whose number chooses a plural form.
func (m Message) CountArg() string {
	if m.Count == "" {
		return "n"
	}
	return m.Count
}

// Texts lists every text of the message: Text, or each form's in CLDR order.
func (m Message) Texts() []string {
	if !m.Plural() {
		return []string{m.Text}
	}
	var out []string
	for _, f := range forms {
		if s, ok := m.Forms[f]; ok {
			out = append(out, s)
		}
	}
	return out
}

// UnmarshalJSON reads a string, or an object of plural forms with an
// optional "count".
func (m *Message) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		*m = Message{}
		// A string without escapes is its bytes between the quotes (the
		// decoder calling this has checked the JSON): catalogs are
		// thousands of plain texts, read at start-up.
		if plain(b) {
			m.Text = string(b[1 : len(b)-1])
			return nil
		}
		return json.Unmarshal(b, &m.Text)
	}
	var obj map[string]string
	if err := json.Unmarshal(b, &obj); err != nil {
		return errors.New("a text must be a string or an object of plural forms")
	}
	*m = Message{Count: obj["count"], Forms: map[string]string{}}
	delete(obj, "count")
	for k, v := range obj {
		if !slices.Contains(forms, k) {
			return fmt.Errorf("%q is not a CLDR plural form (%s)", k, strings.Join(forms, ", "))
		}
		m.Forms[k] = v
	}
	if len(m.Forms) == 0 {
		return errors.New("a plural text needs at least one form")
	}
	return nil
}

// plain reports whether b is a JSON string that needs no decoding: quoted,
// valid UTF-8, without escapes or control characters.
func plain(b []byte) bool {
	if len(b) < 2 || b[len(b)-1] != '"' {
		return false
	}
	inner := b[1 : len(b)-1]
	for _, c := range inner {
		if c < 0x20 || c == '\\' || c == '"' {
			return false
		}
	}
	return utf8.Valid(inner)
}

// MarshalJSON writes a string, or the forms (and count) in CLDR order.
func (m Message) MarshalJSON() ([]byte, error) {
	if !m.Plural() {
		return marshal(m.Text)
	}
	var b bytes.Buffer
	b.WriteByte('{')
	sep := ""
	if m.Count != "" {
		c, _ := marshal(m.Count)
		fmt.Fprintf(&b, `"count": %s`, c)
		sep = ", "
	}
	for _, f := range forms {
		if s, ok := m.Forms[f]; ok {
			t, _ := marshal(s)
			fmt.Fprintf(&b, `%s"%s": %s`, sep, f, t)
			sep = ", "
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// marshal encodes v as JSON without escaping <, > and &.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	err := e.Encode(v)
	return bytes.TrimRight(b.Bytes(), "\n"), err
}

// Catalog maps language -> message key -> message. It is read-only once
// loaded (safe for concurrent use); Load returns a fresh one each call.
type Catalog struct {
	langs map[string]*langTexts
}

// langTexts is one language's messages. A file other than English is parsed
// when the language is first read: a program reads few of its languages
// (a console game one), and parsing them all was most of its start-up.
type langTexts struct {
	once sync.Once
	load func() (map[string]Message, error) // nil: m is loaded
	m    map[string]Message
	err  error // the file did not parse: m is empty
}

// get returns the messages, parsing the file on first use.
func (t *langTexts) get() (map[string]Message, error) {
	t.once.Do(func() {
		if t.load != nil {
			t.m, t.err = t.load()
		}
	})
	return t.m, t.err
}

// Load reads the dir/<lang>.json files of fsys into a catalog. Each file's
// language is its name without .json; a catalog without English, or whose
// English does not parse, is an error naming the file. The other files are
// parsed when their language is first read; one that does not parse reads
// as empty (every key falls back to English) and Check reports it.
func Load(fsys fs.FS, dir string) (*Catalog, error) {
	files, err := fs.Glob(fsys, path.Join(dir, "*.json"))
	if err != nil {
		return nil, fmt.Errorf("locale: %w", err)
	}
	c := &Catalog{langs: map[string]*langTexts{}}
	for _, f := range files {
		c.langs[strings.TrimSuffix(path.Base(f), ".json")] = &langTexts{load: func() (map[string]Message, error) { return parse(fsys, f) }}
	}
	en, ok := c.langs[Fallback]
	if !ok {
		return nil, fmt.Errorf("locale: no %s/%s.json", dir, Fallback)
	}
	if _, err := en.get(); err != nil {
		return nil, err
	}
	return c, nil
}

// parse reads one language's file.
func parse(fsys fs.FS, file string) (map[string]Message, error) {
	b, err := fs.ReadFile(fsys, file)
	if err != nil {
		return map[string]Message{}, fmt.Errorf("locale: %w", err)
	}
	m := map[string]Message{}
	if err := json.Unmarshal(b, &m); err != nil {
		return map[string]Message{}, fmt.Errorf("locale: %s: %w", file, err)
	}
	return m, nil
}

// FromTexts builds a catalog of plain texts (language -> key -> text), for
// the few words a package keeps in code.
func FromTexts(texts map[string]map[string]string) *Catalog {
	c := &Catalog{langs: map[string]*langTexts{}}
	for lang, m := range texts {
		ms := map[string]Message{}
		for k, s := range m {
			ms[k] = Message{Text: s}
		}
		c.langs[lang] = loaded(ms)
	}
	return c
}

// loaded is a language whose messages are in hand.
func loaded(m map[string]Message) *langTexts { return &langTexts{m: m} }

// lang is lang's messages (nil when the catalog has no such language or
// its file does not parse).
func (c *Catalog) lang(lang string) map[string]Message {
	t, ok := c.langs[lang]
	if !ok {
		return nil
	}
	m, _ := t.get()
	return m
}

// Languages lists the catalog's languages, sorted (none for a nil catalog).
func (c *Catalog) Languages() []string {
	if c == nil {
		return nil
	}
	return slices.Sorted(maps.Keys(c.langs))
}

// Keys lists the keys of one language, sorted (none for a nil catalog).
func (c *Catalog) Keys(lang string) []string {
	if c == nil {
		return nil
	}
	return slices.Sorted(maps.Keys(c.lang(lang)))
}

// Message returns key's message in exactly lang (no fallback).
func (c *Catalog) Message(lang, key string) (Message, bool) {
	if c == nil {
		return Message{}, false
	}
	m, ok := c.lang(lang)[key]
	return m, ok
}

// Lookup returns key's text in lang, with args filled in and the plural
// form chosen by lang's rules; false if lang has no such key.
func (c *Catalog) Lookup(lang, key string, args map[string]string) (string, bool) {
	return Bundle{c}.lookup(lang, key, args)
}

// T returns key's text in lang, else in English, else the key itself.
func (c *Catalog) T(lang, key string, args map[string]string) string {
	return Bundle{c}.T(lang, key, args)
}

// pick chooses the text for args: Text, or the plural form of the count
// argument's number (a count that is not a whole number reads as "other").
func (m Message) pick(lang string, args map[string]string) string {
	if !m.Plural() {
		return m.Text
	}
	f := "other"
	if n, err := strconv.Atoi(strings.TrimSpace(args[m.CountArg()])); err == nil {
		f = Form(lang, n)
	}
	for _, f := range []string{f, "other", "many"} {
		if s, ok := m.Forms[f]; ok {
			return s
		}
	}
	return m.Texts()[0]
}

// Form is the CLDR cardinal plural form of the whole number n in lang
// ("one", "few", "many" or "other"...).
func Form(lang string, n int) string {
	if n < 0 {
		n = -n
	}
	return forms[formIndex(plural.Cardinal.MatchPlural(tagOf(lang), n, 0, 0, 0, 0))]
}

// tagOf is lang's language tag; the shipped languages skip parsing, which
// costs more than the rest of a lookup.
func tagOf(lang string) language.Tag {
	switch lang {
	case "en":
		return language.English
	case "ru":
		return language.Russian
	case "uk":
		return language.Ukrainian
	case "pl":
		return language.Polish
	}
	tag, _ := language.Parse(lang)
	return tag
}

// formIndex maps the library's Form values to forms' order.
func formIndex(f plural.Form) int {
	switch f {
	case plural.Zero:
		return 0
	case plural.One:
		return 1
	case plural.Two:
		return 2
	case plural.Few:
		return 3
	case plural.Many:
		return 4
	}
	return 5
}

// NeededForms lists the plural forms whole numbers take in lang, in CLDR
// order: what a plural text needs to read right for every count.
func NeededForms(lang string) []string {
	seen := map[string]bool{}
	for n := 0; n <= 1000; n++ {
		seen[Form(lang, n)] = true
	}
	var out []string
	for _, f := range forms {
		if seen[f] {
			out = append(out, f)
		}
	}
	return out
}

// Format replaces each {name} in s with args[name]. Unknown placeholders are
// left as written, so a missing argument shows instead of vanishing. A
// placeholder {name@prefix} is filled with args[name] too: only catalogs
// (T, Lookup) translate it, as the text of key prefix.<value>; they also
// fill {@key} with the text of key.
func Format(s string, args map[string]string) string { return format(s, args, nil) }

// format is Format with ref translating {name@prefix} values; ref reports
// false when it has no text for the value, which is then shown as given.
func format(s string, args map[string]string, ref func(key string) (string, bool)) string {
	if (len(args) == 0 && ref == nil) || !strings.Contains(s, "{") {
		return s
	}
	var out strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		name, prefix, isRef := strings.Cut(s[i+1:i+j], "@")
		out.WriteString(s[:i])
		v, ok := args[name]
		switch {
		case name == "" && isRef && ref != nil:
			if t, ok := ref(prefix); ok {
				out.WriteString(t)
			} else {
				out.WriteString(s[i : i+j+1])
			}
		case !ok:
			out.WriteString(s[i : i+j+1])
		case isRef && ref != nil:
			if t, ok := ref(prefix + "." + v); ok {
				v = t
			}
			out.WriteString(v)
		default:
			out.WriteString(v)
		}
		s = s[i+j+1:]
	}
	out.WriteString(s)
	return out.String()
}

// Placeholders lists the distinct {name} placeholders of the texts, sorted.
func Placeholders(texts ...string) []string {
	var names []string
	for _, s := range texts {
		for {
			i := strings.IndexByte(s, '{')
			if i < 0 {
				break
			}
			j := strings.IndexByte(s[i:], '}')
			if j < 0 {
				break
			}
			if name, _, _ := strings.Cut(s[i+1:i+j], "@"); name != "" {
				names = append(names, name)
			}
			s = s[i+j+1:]
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// Source is what a Bundle layer offers: a message by language and key.
type Source interface {
	Message(lang, key string) (Message, bool)
}

// Texts is a catalog of plain texts kept in code (language -> key -> text),
// for the few words of a package that has no locale files.
type Texts map[string]map[string]string

// Message returns key's text in exactly lang.
func (t Texts) Message(lang, key string) (Message, bool) {
	s, ok := t[lang][key]
	return Message{Text: s}, ok
}

// Bundle looks keys up in several catalogs, first match wins: the service
// catalog plus the catalog of the game being played.
type Bundle []Source

// Has reports whether key exists in the fallback language of any layer.
func (b Bundle) Has(key string) bool {
	for _, c := range b {
		if _, ok := c.Message(Fallback, key); ok {
			return true
		}
	}
	return false
}

// T returns key's text in lang with args filled in: the first layer that has
// it in lang, else the first that has it in English, else the key itself.
func (b Bundle) T(lang, key string, args map[string]string) string {
	if s, ok := b.lookup(lang, key, args); ok {
		return s
	}
	if s, ok := b.lookup(Fallback, key, args); ok {
		return s
	}
	return key
}

// ref1 resolves references inside a referenced text (two levels in all), so a
// cycle of references cannot loop.
func ref1(b Bundle, lang string, args map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) {
		for _, l := range []string{lang, Fallback} {
			for _, c := range b {
				if m, ok := c.Message(l, k); ok {
					return format(m.pick(l, args), args, nil), true
				}
			}
		}
		return "", false
	}
}

// lookup is T in exactly lang; {name@prefix} references are translated
// through the whole bundle, in lang then English.
func (b Bundle) lookup(lang, key string, args map[string]string) (string, bool) {
	for _, c := range b {
		m, ok := c.Message(lang, key)
		if !ok {
			continue
		}
		return format(m.pick(lang, args), args, func(k string) (string, bool) {
			for _, l := range []string{lang, Fallback} {
				for _, c := range b {
					if m, ok := c.Message(l, k); ok {
						return format(m.pick(l, args), args, ref1(b, l, args)), true
					}
				}
			}
			return "", false
		}), true
	}
	return "", false
}
