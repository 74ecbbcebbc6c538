package locale_test

import (
	"io/fs"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"formica/engine/locale"
)

// openCount is an fs.FS that counts the opens of each file.
type openCount struct {
	fs.FS
	mu sync.Mutex
	n  map[string]int
}

func (o *openCount) Open(name string) (fs.File, error) {
	o.mu.Lock()
	o.n[name]++
	o.mu.Unlock()
	return o.FS.Open(name)
}

func (o *openCount) opened() map[string]int {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := map[string]int{}
	for k, v := range o.n {
		if strings.HasSuffix(k, ".json") {
			out[k] = v
		}
	}
	return out
}

func soldiersFS() *openCount {
	m := fstest.MapFS{}
	for name, body := range soldiers {
		m["locales/"+name] = &fstest.MapFile{Data: []byte(body)}
	}
	return &openCount{FS: m, n: map[string]int{}}
}

// Load reads English only; another language's file is read once, when
// the language is first used, however many goroutines use it at once.
func TestLoadReadsLanguagesWhenUsed(t *testing.T) {
	fsys := soldiersFS()
	c, err := locale.Load(fsys, "locales")
	if err != nil {
		t.Fatal(err)
	}
	if got := fsys.opened(); len(got) != 1 || got["locales/en.json"] != 1 {
		t.Fatalf("Load opened %v, want en.json only", got)
	}
	if got := c.Languages(); !slices.Equal(got, []string{"en", "pl", "ru", "uk"}) {
		t.Fatalf("Languages = %v before their files are read", got)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got := c.T("ru", "s", map[string]string{"n": "2"}); got != "2 солдата" {
				t.Errorf("ru: %q", got)
			}
		}()
	}
	wg.Wait()
	if got := fsys.opened(); len(got) != 2 || got["locales/ru.json"] != 1 {
		t.Fatalf("after reading Russian: opened %v, want en.json and ru.json once each", got)
	}
}

// A language whose file does not parse falls back to English, and Check
// names the file.
func TestLoadBrokenLanguage(t *testing.T) {
	fsys := fstest.MapFS{
		"l/en.json": &fstest.MapFile{Data: []byte(`{"k": "Hello"}`)},
		"l/ru.json": &fstest.MapFile{Data: []byte(`{"k": "Привет",}`)},
	}
	c, err := locale.Load(fsys, "l")
	if err != nil {
		t.Fatal(err)
	}
	if got := c.T("ru", "k", nil); got != "Hello" {
		t.Errorf("a broken ru.json reads %q, want the English", got)
	}
	errs := c.Check([]string{"ru"}, nil)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "l/ru.json") {
		t.Fatalf("Check = %v, want one error naming l/ru.json", errs)
	}
}
