package telegram

import (
	"strconv"
	"testing"

	"formica/bot"
)

// list makes n option buttons of one step at version 4, as the service does.
func list(n int) []bot.Button {
	var out []bot.Button
	for i := 1; i <= n; i++ {
		out = append(out, bot.Button{Label: "hex " + strconv.Itoa(i), Data: "s4 go " + strconv.Itoa(i)})
	}
	return out
}

// A list is shown pageSize options at a time with ◀ k/n ▶; every option is
// on exactly one page, every page button names a page that exists, and a
// short row stays as it is.
func TestListPages(t *testing.T) {
	done := []bot.Button{{Label: "done", Data: "a4 go"}}
	for _, n := range []int{6, 20, 21, 45, 100} {
		pages := (n + pageSize - 1) / pageSize
		seen := map[string]int{}
		for page := 1; page <= pages; page++ {
			kb := keyboardAt([][]bot.Button{list(n), done}, page)
			last := kb[len(kb)-1]
			if len(last) != 1 || last[0]["callback_data"] != "a4 go" {
				t.Fatalf("%d options, page %d: last row %v, want done", n, page, last)
			}
			for _, row := range kb[:len(kb)-1] {
				if len(row) > bot.RowButtons {
					t.Fatalf("%d options: a row of %d buttons", n, len(row))
				}
				for _, b := range row {
					d := b["callback_data"]
					if len(d) > bot.MaxPress {
						t.Fatalf("callback data %q longer than 64 bytes", d)
					}
					if p, lp, ok := parsePage(d); ok {
						if p < 1 || p > pages || lp != "s4 go" {
							t.Fatalf("%d options, page %d: page button %q", n, page, d)
						}
						continue
					}
					seen[d]++
				}
			}
		}
		for i := 1; i <= n; i++ {
			if d := "s4 go " + strconv.Itoa(i); seen[d] != 1 {
				t.Fatalf("%d options: option %d shown %d times", n, i, seen[d])
			}
		}
	}
	// A page past the end shows the last page.
	kb := keyboardAt([][]bot.Button{list(45)}, 9)
	if got := kb[0][0]["callback_data"]; got != "s4 go 41" {
		t.Fatalf("page 9 of 3 starts at %q, want the last page", got)
	}
	nav := kb[len(kb)-1]
	if len(nav) != 2 || nav[0]["text"] != "◀" || nav[1]["text"] != "3/3" {
		t.Fatalf("last page's navigation %v", nav)
	}
}

func TestParsePage(t *testing.T) {
	for _, d := range []string{"~2s4 go", "~1s0", "~12s9 a b"} {
		if _, _, ok := parsePage(d); !ok {
			t.Errorf("parsePage(%q) refused", d)
		}
	}
	for _, d := range []string{"~0s4 go", "~s4 go", "~2", "~02s4", "2s4", "~2x4", "~-1s4", "~99999s4", ""} {
		if p, l, ok := parsePage(d); ok {
			t.Errorf("parsePage(%q) = %d %q", d, p, l)
		}
	}
}
