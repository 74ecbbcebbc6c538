// Command msgconv moves the message texts of a Go map literal
// (var X = map[string]map[string]string{"en": {...}, "ru": {...}}) into a
// locale directory of JSON files, one per language, in the format of
// formica/engine/locale. It is re-runnable: keys already in the JSON files
// are kept (with the JSON text, which may have been edited or made plural),
// keys only in Go are added, and every difference is reported, so after a
// merge brings new keys into a messages.go it carries them over in one run:
//
//	go run ./engine/locale/msgconv -var Messages engine/march/messages.go engine/march/locales
//
// Keys ending in .one/.few/.many/.other become one plural text. Languages
// the Go map lacks (uk, pl) get no text: the catalog tests list what is
// left to translate. With -overwrite, a Go text replaces a differing JSON
// text (a plain JSON text only; plural JSON texts are never replaced).
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"formica/engine/locale"
)

func main() {
	name := flag.String("var", "Messages", "name of the map variable")
	overwrite := flag.Bool("overwrite", false, "let Go texts replace differing plain JSON texts")
	langs := flag.String("langs", "en,ru,uk,pl", "languages to write a file for")
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: msgconv [-var Messages] [-overwrite] file.go localesdir")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), flag.Arg(1), *name, *overwrite, strings.Split(*langs, ",")); err != nil {
		fmt.Fprintln(os.Stderr, "msgconv:", err)
		os.Exit(1)
	}
}

func run(file, dir, name string, overwrite bool, langs []string) error {
	src, err := readMap(file, name)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for lang := range src {
		if !slices.Contains(langs, lang) {
			langs = append(langs, lang)
		}
	}
	for _, lang := range langs {
		path := filepath.Join(dir, lang+".json")
		have := map[string]locale.Message{}
		if b, err := os.ReadFile(path); err == nil {
			if err := json.Unmarshal(b, &have); err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
		} else if !errors.Is(err, os.ErrNotExist) {
			return err
		}
		added, changed := 0, 0
		for key, m := range plurals(lang, src[lang]) {
			old, ok := have[key]
			switch {
			case !ok:
				have[key] = m
				added++
			case old.Plural() || slices.Equal(old.Texts(), m.Texts()):
			case overwrite:
				fmt.Printf("%s %s: %q -> %q\n", lang, key, old.Text, m.Texts()[0])
				have[key] = m
				changed++
			default:
				fmt.Printf("%s %s: JSON keeps %q; Go has %q (-overwrite to take it)\n", lang, key, old.Text, m.Texts()[0])
			}
		}
		missing := 0
		for key := range plurals("en", src["en"]) {
			if _, ok := have[key]; !ok {
				missing++
			}
		}
		if err := write(path, have); err != nil {
			return err
		}
		fmt.Printf("%s: %d keys, %d added, %d replaced, %d still to translate\n", path, len(have), added, changed, missing)
	}
	return nil
}

// plurals groups key.one/.few/.many/.other texts into one plural message;
// English keeps one and other (its few and many read as other).
func plurals(lang string, texts map[string]string) map[string]locale.Message {
	out := map[string]locale.Message{}
	for key, s := range texts {
		base, form, ok := cutForm(key)
		if !ok {
			out[key] = locale.Message{Text: s}
			continue
		}
		if lang == locale.Fallback && form != "one" {
			form = "other"
		}
		m := out[base]
		if m.Forms == nil {
			m.Forms = map[string]string{}
		}
		m.Forms[form] = s
		if form == "many" && m.Forms["other"] == "" {
			m.Forms["other"] = s
		}
		out[base] = m
	}
	return out
}

func cutForm(key string) (base, form string, ok bool) {
	i := strings.LastIndexByte(key, '.')
	if i < 0 {
		return "", "", false
	}
	switch f := key[i+1:]; f {
	case "one", "few", "many", "other":
		return key[:i], f, true
	}
	return "", "", false
}

// readMap finds var name's map literal in file and returns its strings.
func readMap(file, name string) (map[string]map[string]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		return nil, err
	}
	consts := map[string]string{}
	var lit *ast.CompositeLit
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok {
			return true
		}
		for i, id := range vs.Names {
			if i >= len(vs.Values) {
				continue
			}
			if b, ok := vs.Values[i].(*ast.BasicLit); ok && b.Kind == token.STRING {
				consts[id.Name], _ = strconv.Unquote(b.Value)
			}
			if c, ok := vs.Values[i].(*ast.CompositeLit); ok && id.Name == name {
				lit = c
			}
		}
		return true
	})
	if lit == nil {
		return nil, fmt.Errorf("%s: no var %s = map literal", file, name)
	}
	str := func(e ast.Expr) (string, error) {
		switch e := e.(type) {
		case *ast.BasicLit:
			return strconv.Unquote(e.Value)
		case *ast.Ident:
			if s, ok := consts[e.Name]; ok {
				return s, nil
			}
		}
		return "", fmt.Errorf("%s: not a string literal or constant", fset.Position(e.Pos()))
	}
	out := map[string]map[string]string{}
	for _, e := range lit.Elts {
		kv := e.(*ast.KeyValueExpr)
		lang, err := str(kv.Key)
		if err != nil {
			return nil, err
		}
		inner, ok := kv.Value.(*ast.CompositeLit)
		if !ok {
			return nil, fmt.Errorf("%s: %s is not a map literal", fset.Position(kv.Pos()), lang)
		}
		out[lang] = map[string]string{}
		for _, e := range inner.Elts {
			kv := e.(*ast.KeyValueExpr)
			k, err := str(kv.Key)
			if err != nil {
				return nil, err
			}
			v, err := str(kv.Value)
			if err != nil {
				return nil, err
			}
			out[lang][k] = v
		}
	}
	return out, nil
}

// write stores texts as JSON, one key a line, sorted.
func write(path string, texts map[string]locale.Message) error {
	var b bytes.Buffer
	b.WriteString("{\n")
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range texts {
			if !yield(k) {
				return
			}
		}
	})
	for i, k := range keys {
		kb, _ := json.Marshal(k)
		vb, err := texts[k].MarshalJSON()
		if err != nil {
			return err
		}
		sep := ","
		if i == len(keys)-1 {
			sep = ""
		}
		fmt.Fprintf(&b, "  %s: %s%s\n", kb, vb, sep)
	}
	b.WriteString("}\n")
	return os.WriteFile(path, b.Bytes(), 0o644)
}
