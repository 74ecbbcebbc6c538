package bot

import (
	"errors"
	"slices"
	"testing"

	"formica/engine"
)

func TestPressRoundTrip(t *testing.T) {
	for _, p := range []Press{
		{Kind: PressStep, Version: 12, Path: engine.Path{"take", "3"}},
		{Kind: PressSubmit, Version: 0, Path: engine.Path{"pass"}},
		{Kind: PressCommand, Path: engine.Path{"join"}},
		{Kind: PressStep, Version: 7},
	} {
		s, err := EncodePress(p)
		if err != nil {
			t.Fatalf("encode %+v: %v", p, err)
		}
		back, err := DecodePress(s)
		if err != nil {
			t.Fatalf("decode %q: %v", s, err)
		}
		if back.Kind != p.Kind || back.Version != p.Version || !slices.Equal(back.Path, p.Path) {
			t.Fatalf("round trip %+v -> %q -> %+v", p, s, back)
		}
	}
}

func TestPressRejects(t *testing.T) {
	long := engine.Path{}
	for range 20 {
		long = append(long, "abcd")
	}
	if _, err := EncodePress(Press{Kind: PressStep, Path: long}); !errors.Is(err, ErrPressLong) {
		t.Fatalf("long path: got %v, want ErrPressLong", err)
	}
	for _, bad := range []Press{
		{Kind: 'x'},
		{Kind: PressStep, Version: -1},
		{Kind: PressStep, Path: engine.Path{"has space"}},
		{Kind: PressStep, Path: engine.Path{""}},
		{Kind: PressStep, Path: engine.Path{"UPPER"}},
	} {
		if _, err := EncodePress(bad); err == nil {
			t.Errorf("encode %+v succeeded", bad)
		}
	}
	for _, bad := range []string{"", "s", "x1 a", "s-1 a", "s01 a", "s1  a", "s1 a ", "sx", "s1 A"} {
		if _, err := DecodePress(bad); err == nil {
			t.Errorf("decode %q succeeded", bad)
		}
	}
}

func FuzzPress(f *testing.F) {
	for _, s := range []string{"s12 take 3", "a0 pass", "c0 join", "s1", "x", "s1 a b c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := DecodePress(s)
		if err != nil {
			return
		}
		enc, err := EncodePress(p)
		if err != nil {
			t.Fatalf("decoded %q but cannot re-encode %+v: %v", s, p, err)
		}
		if enc != s {
			t.Fatalf("%q decodes and re-encodes as %q", s, enc)
		}
	})
}
