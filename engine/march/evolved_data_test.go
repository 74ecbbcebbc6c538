package march

import (
	"encoding/json"
	"strings"
	"testing"
)

func loadEvolved(t *testing.T) *Data {
	t.Helper()
	d, err := Evolved().LoadData(componentsEvolved)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func evolvedCard(t *testing.T, d *Data, name string) *CardData {
	t.Helper()
	for i := range d.Cards {
		if d.Cards[i].Name == name {
			return &d.Cards[i]
		}
	}
	t.Fatalf("no card %q", name)
	return nil
}

// TestEvolvedComponents checks the designed Evolved component file against
// what the rulebook states about its components.
func TestEvolvedComponents(t *testing.T) {
	d := loadEvolved(t)
	t.Run("MOAE-SETUP-3/MOAE-SETUP-4 tiles 1-10, 11-23, 24-28", func(t *testing.T) {
		kinds := map[string]int{}
		for n := 1; n <= 28; n++ {
			kinds[d.Hex(n).Kind]++
		}
		if kinds["start"] != 10 || kinds["std"] != 13 || kinds["beyond"] != 5 {
			t.Fatalf("tile kinds %v", kinds)
		}
	})
	t.Run("MOAE-CL-26 MOAE-CL-27 MOAE-CL-28 beyond-the-meadow tiles", func(t *testing.T) {
		want := map[string]string{"Centipede Nest": "Gniazdo skolopendr", "Antlion Pit": "Jama mrówkolwa", "Empty Spider Lair": "Puste leże pająka"}
		for n := 24; n <= 28; n++ {
			h := d.Hex(n)
			if pl, ok := want[h.Name]; ok && pl == h.PL {
				delete(want, h.Name)
			}
			if h.Effect == "" {
				t.Errorf("tile %d has no printed effect", n)
			}
		}
		if len(want) > 0 {
			t.Fatalf("missing %v", want)
		}
	})
	t.Run("§13.5 named meadow tiles", func(t *testing.T) {
		names := map[string]bool{}
		for n := 1; n <= 23; n++ {
			names[d.Hex(n).PL] = true
		}
		for _, pl := range []string{"Ściółka", "Grzybnia", "Kamienny kopiec", "Obornik", "Sucha ścieżka",
			"Brzeg kałuży", "Kora", "Gleba", "Wysokie piaski", "Gliniaste tunele"} {
			if !names[pl] {
				t.Errorf("no tile %s", pl)
			}
		}
	})
	t.Run("MOAE-CL named cards", func(t *testing.T) {
		for _, c := range []struct{ name, pl, typ, seg string }{
			{"Surprise Attack", "Atak z zaskoczenia", TypeEvent, ""},      // MOAE-CL-1
			{"Into the Unknown", "Ku nieznanemu", TypeEvent, ""},          // MOAE-CL-2
			{"Nuptial Flight", "Lot godowy", TypeEvent, ""},               // MOAE-CL-3
			{"Adaptive Radiation", "Radiacja adaptacyjna", TypeEvent, ""}, // MOAE-CL-4
			{"Sparrow Attack", "Atak wróbli", TypeEvent, ""},              // MOAE-CL-5
			{"Amazon Head", "Głowa amazonki", TypeEvo, "head"},            // MOAE-CL-7
			{"Treacherous Head", "Zdradziecka głowa", TypeEvo, "head"},    // MOAE-CL-8
			{"Traitor Abdomen", "Odwłok zdrajcy", TypeEvo, "abdomen"},     // MOAE-CL-8
			{"Fire Head", "Ognista głowa", TypeEvo, "head"},               // MOAE-CL-9
			{"Armored Head", "Opancerzona głowa", TypeEvo, "head"},        // MOAE-CL-10
			{"Shooting Head", "Strzelająca głowa", TypeEvo, "head"},       // MOAE-CL-11
			{"Military Head", "Wojskowa głowa", TypeEvo, "head"},          // MOAE-CL-12
			{"Trap Head", "Głowa pułapkowa", TypeEvo, "head"},             // MOAE-CL-13
			{"Winged Thorax", "Skrzydlaty tułów", TypeEvo, "thorax"},      // MOAE-CL-14
			{"Rebel Thorax", "Tułów buntownika", TypeEvo, "thorax"},       // MOAE-CL-15
			{"Weaver Thorax", "Tułów tkacza", TypeEvo, "thorax"},          // MOAE-CL-16
			{"Digger Thorax", "Tułów kopacza", TypeEvo, "thorax"},         // MOAE-CL-17
			{"Parasite Thorax", "Tułów pasożyta", TypeEvo, "thorax"},      // MOAE-CL-18
			{"Spinner Thorax", "Tułów prządki", TypeEvo, "thorax"},        // MOAE-CL-19
			{"Wanderer Thorax", "Tułów wędrowcy", TypeEvo, "thorax"},      // MOAE-CL-20
			{"Scout Thorax", "Tułów zwiadowcy", TypeEvo, "thorax"},        // MOAE-CL-21
			{"Gatherer Thorax", "Tułów zbieracza", TypeEvo, "thorax"},     // MOAE-CL-22
			{"Pollinator Thorax", "Tułów zapylacza", TypeEvo, "thorax"},   // MOAE-CL-22
			{"Clever Innovators", "Sprytni innowatorzy", TypeGoal, ""},    // MOAE-CL-23
			{"Sprawling Tunnel", "Rozległy tunel", TypeGoal, ""},          // MOAE-CL-24
			{"Blind Lords", "Ślepi władcy", TypeGoal, ""},                 // MOAE-CL-25
		} {
			got := evolvedCard(t, d, c.name)
			if got.PL != c.pl || got.Type != c.typ || got.Seg != c.seg {
				t.Errorf("%s: %s %s %s, want %s %s %s", c.name, got.PL, got.Type, got.Seg, c.pl, c.typ, c.seg)
			}
		}
	})
	t.Run("MOAE-CL-5 Sparrow Attack costs 2 larvae", func(t *testing.T) {
		if c := evolvedCard(t, d, "Sparrow Attack"); c.Cost != 2 || c.Pay != "larvae" {
			t.Fatalf("cost %d %s", c.Cost, c.Pay)
		}
	})
	t.Run("MOAE-CL-23 Clever Innovators", func(t *testing.T) {
		c := evolvedCard(t, d, "Clever Innovators")
		if c.Cost != 2 || c.Pay != "any" || c.Counts != "card_sites" {
			t.Fatalf("cost %d %s, counts %s", c.Cost, c.Pay, c.Counts)
		}
	})
	t.Run("MOAE-CL-24 Sprawling Tunnel counts a tunnel path", func(t *testing.T) {
		if c := evolvedCard(t, d, "Sprawling Tunnel"); c.Counts != "tunnel_path" {
			t.Fatal(c.Counts)
		}
	})
	t.Run("§15.6 an Evolution paid only with ants", func(t *testing.T) {
		for _, c := range d.Cards {
			if c.Type == TypeEvo && c.Pay == "ants" {
				return
			}
		}
		t.Fatal("none")
	})
	t.Run("MOAE-REST-8 one Great Defender among 13 rest tiles", func(t *testing.T) {
		if len(d.Rest) != 13 || !d.Rest[0].Defender || d.Rest[0].PL != "Wielki obrońca" {
			t.Fatalf("%d rest tiles, first %+v", len(d.Rest), d.Rest[0])
		}
	})
	t.Run("MOAE-CENT-17 size track starts by player count", func(t *testing.T) {
		got := []int{}
		for n := 2; n <= 5; n++ {
			got = append(got, d.Centipede.Spaces[d.Centipede.Start(n)].Strength)
		}
		if want := []int{2, 2, 3, 3}; !equalInts(got, want) {
			t.Fatalf("starting strengths %v, want %v", got, want)
		}
	})
	t.Run("Appendix A settings", func(t *testing.T) {
		s := d.Settings
		got := []int{s.BodyCP, s.TileBattleCP, s.TrapHeadCP, s.CentipedeIconCP, s.StarvationCP, s.AwardCP, s.AwardTieCP, s.EggKeepersCP, s.InnerMeadowCP}
		if want := []int{3, 1, 1, 1, 3, 3, 1, 1, 1}; !equalInts(got, want) {
			t.Fatalf("settings %v, want the design values %v", got, want)
		}
	})
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestEvolvedDataRefused breaks one constraint at a time and expects the
// loader to refuse the file naming the rule.
func TestEvolvedDataRefused(t *testing.T) {
	for _, c := range []struct {
		rule   string
		break_ func(d *Data)
	}{
		{"MOAE-SETUP-3", func(d *Data) { d.Hexes[0].Kind = "std" }},
		{"MOAE-SETUP-4", func(d *Data) { d.Hexes[27].Kind = "std" }},
		{"MOAE-CL-26", func(d *Data) { d.Hexes[25].Effect = "" }},
		{"MOAE-CL-2", func(d *Data) { d.Hexes[13].Worm = true }},
		{"MOAE-PLAY-2", func(d *Data) { d.Cards[3].Pay = "food" }},
		{"MOAE-PLAY-5", func(d *Data) { d.Cards[3].Cost = 0 }},
		{"MOAE-CENT-9", func(d *Data) {
			for i := range d.Cards {
				if d.Cards[i].Fer == 1 {
					d.Cards[i].Fer = 2
				}
			}
		}},
		{"MOAE-GOAL-2", func(d *Data) { d.Cards[60].Tiers = []int{3, 2, 4} }},
		{"MOAE-REST-8", func(d *Data) { d.Rest[0].Defender = false }},
		{"MOAE-SETUP-7", func(d *Data) { d.Rewards[0].Level = "III+"; d.Rewards[1].Level = "III+" }},
		{"MOAE-CENT-3", func(d *Data) { d.Centipede.Spaces[5].Strength = 1 }},
		{"MOAE-CENT-17", func(d *Data) { d.Centipede.Spaces[1].Start = nil }},
		{"§15.4", func(d *Data) { d.Centipede.Spaces = d.Centipede.Spaces[:6] }},
		{"MOAE-QUEEN-2", func(d *Data) {
			for i := range d.Hexes {
				for j, s := range d.Hexes[i].RawSites {
					d.Hexes[i].RawSites[j] = strings.Replace(s, "p", "f", 1)
				}
			}
		}},
		{"setting starvation_cp", func(d *Data) { d.Settings.StarvationCP = 0 }},
	} {
		t.Run(c.rule, func(t *testing.T) {
			d := loadEvolved(t)
			c.break_(d)
			b, err := json.Marshal(d)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Evolved().LoadData(b)
			if err == nil || !strings.Contains(err.Error(), c.rule) {
				t.Fatalf("want an error naming %s, got %v", c.rule, err)
			}
		})
	}
}
