package march

import (
	"fmt"
	"slices"

	"formica/engine"
)

// Colours of the five colonies, by seat (MOA1-DATA-6).
func colour(seat int) string {
	return [5]string{"red", "yellow", "black", "blue", "purple"}[seat]
}

// View is what one seat may see (MOA1-ASYNC-1, -2). Renderers type-assert
// engine.State.View to *View. Fields are only ever added, never renamed.
type View struct {
	Game       string        `json:"game"`
	RuleSet    string        `json:"ruleset"`
	Seat       int           `json:"seat"` // -1: spectator
	Players    int           `json:"players"`
	Round      int           `json:"round"`  // 1-based
	Rounds     int           `json:"rounds"` // 4, or 5 in the Long game
	Phase      string        `json:"phase"`  // setup, worker, soldier, queen, slumber, over
	Active     int           `json:"active"`
	Marker     string        `json:"marker"` // sun | moon (MOA1-WORKER-2)
	Decree     bool          `json:"decree"` // this round has a Royal Decree
	Hexes      []HexView     `json:"hexes"`  // the Anthill; hexes[0] is the Great Tunnel
	HexStack   int           `json:"hex_stack"`
	Deck       int           `json:"deck"`
	Discard    int           `json:"discard"`
	FoodSupply int           `json:"food_supply"`
	Counters   int           `json:"counters"` // centipede/wormhole markers left
	Boxed      int           `json:"boxed"`    // destroyed centipedes
	Uprising   *HordeView    `json:"uprising,omitempty"`
	Pending    []PendingView `json:"pending"`
	Panels     []PanelView   `json:"panels"`
	Hand       []CardView    `json:"hand,omitempty"` // the viewer's own cards only
	Revealed   []CardView    `json:"revealed,omitempty"`
	// Exploring is the hex drawn for an Explore under way, shown before its
	// explorer picks where and how it lies (rotation r0, Drawn set); the
	// Scout's two hexes show to the Scout alone (MOA1-CLAR-EVO-14).
	Exploring []HexView      `json:"exploring,omitempty"`
	Battle    *BattleView    `json:"battle,omitempty"`
	Result    *engine.Result `json:"result,omitempty"`
	// Evolved: the rest tiles face up this round (MOAE-REST-3) and the
	// holder of the Great Defender (-1 none, MOAE-REST-8).
	RestTiles []RestTileView `json:"rest_tiles,omitempty"`
	// OldGuard: Old Guard ants in the Great Tunnel during its battle
	// (Evolved, 2 players, MOAE-2P-6)
	OldGuard int  `json:"old_guard,omitempty"`
	Defender *int `json:"defender,omitempty"`
	// Evolved: the centipede size track with its marker (MOAE-CENT-1..3)
	// and the Great Tunnel's reward tile with the reward stack
	// (MOAE-GT-9, MOAE-PREP-3).
	CentiTrack *CentiTrackView `json:"centi_track,omitempty"`
	Reward     *RewardView     `json:"reward,omitempty"`
}

// CentiTrackView is the centipede size track: every space's strength and
// section, the reward printed at each section's top, and the marker.
type CentiTrackView struct {
	Strength []int  `json:"strength"` // per space, top first
	Section  []int  `json:"section"`  // per space: index into Rewards
	Rewards  []Gain `json:"rewards"`
	At       int    `json:"at"` // the marker's space
}

// RewardView is the face-up reward tile in the Great Tunnel and how many
// reward tiles are left face down under it.
type RewardView struct {
	Level  string `json:"level"`  // I-II or III+
	Places []Gain `json:"places"` // 1st, 2nd, 3rd place
	Stack  int    `json:"stack"`
}

// RestTileView is one rest tile as players see it.
type RestTileView struct {
	Code string `json:"code"` // what players type: rest <code>
	Name string `json:"name"`
	PL   string `json:"pl"`
}

// HexView is one hex of the Anthill at axial coordinates (q, r); edge order
// is e, ne, nw, w, sw, se (counter-clockwise from east).
type HexView struct {
	Num            int          `json:"num"` // 0: Great Tunnel
	Code           string       `json:"code"`
	Name           string       `json:"name"`
	NameRU         string       `json:"name_ru"`
	Kind           string       `json:"kind"` // gt, start, std, nf
	Q              int          `json:"q"`
	R              int          `json:"r"`
	Rot            int          `json:"rot"`
	Sites          []SiteView   `json:"sites"`
	Outskirts      []int        `json:"outskirts"` // ants per seat (GT: ants in the tunnel)
	Tunnels        []TunnelView `json:"tunnels"`
	Centipede      bool         `json:"centipede"`
	CentipedeIcon  bool         `json:"centipede_icon"`
	Wormhole       bool         `json:"wormhole"`
	WormholeMarker bool         `json:"wormhole_marker"`
	Effect         string       `json:"effect,omitempty"` // New Frontiers effect id
	Controller     int          `json:"controller"`       // seat on the control site, -1
	Contested      bool         `json:"contested"`
	Drawn          bool         `json:"drawn,omitempty"`      // drawn to explore, not yet on the meadow
	Centipedes     int          `json:"centipedes,omitempty"` // GT only: centipedes that entered it
}

// SiteView is one collection site; Code is what players type ("s1").
type SiteView struct {
	Code    string `json:"code"`
	Res     string `json:"res"` // f, l, l2, c, p
	Amount  int    `json:"amount"`
	Control bool   `json:"control"`
	Owner   int    `json:"owner"` // seat, -1 free
}

// TunnelView is one edge of a hex.
type TunnelView struct {
	Edge      string `json:"edge"`
	Open      bool   `json:"open"`      // a tunnel opening on this edge
	Connected bool   `json:"connected"` // meets an opening of the neighbour
	Blocked   bool   `json:"blocked"`   // opening facing a neighbour's closed edge
}

// PendingView says who must decide what.
type PendingView struct {
	Seat   int    `json:"seat"`
	Kind   string `json:"kind"`
	Secret bool   `json:"secret,omitempty"`
}

// PanelView is one player's Nest, public to everyone.
type PanelView struct {
	Seat    int    `json:"seat"`
	Colour  string `json:"colour"`
	Species string `json:"species,omitempty"`
	// Evolved: the strength marker on the unique action's circular space,
	// so the action is still unused this Worker phase (MOAE-ANC-4)
	Marker     bool           `json:"marker,omitempty"`
	Supply     int            `json:"supply"`
	Larvae     int            `json:"larvae"`
	Food       int            `json:"food"`
	CP         int            `json:"cp"`
	HandSize   int            `json:"hand_size"`
	RestLarvae int            `json:"rest_larvae"`
	RestFood   int            `json:"rest_food"`
	Rested     bool           `json:"rested"`
	Ants       int            `json:"ants"` // in the Anthill
	Bodies     int            `json:"bodies"`
	Segments   []SegmentView  `json:"segments"` // head, thorax, abdomen
	Goals      []CardView     `json:"goals"`
	RestTiles  []RestTileView `json:"rest_tiles,omitempty"` // Evolved: taken this round
}

// SegmentView is one Evolution stack, bottom first; Active is the top card.
type SegmentView struct {
	Segment string     `json:"segment"`
	Cards   []CardView `json:"cards"`
	Active  *CardView  `json:"active,omitempty"`
}

// CardView is a full card face. Ref is a unique token ("card:007").
type CardView struct {
	ID       int    `json:"id"`
	Code     string `json:"code"` // what players type: c7
	Ref      string `json:"ref"`
	Name     string `json:"name"`
	NameRU   string `json:"name_ru"`
	Type     string `json:"type"`
	Segment  string `json:"segment,omitempty"`
	Effect   string `json:"effect"`
	TextKey  string `json:"text_key"` // message key of the card text
	Cost     int    `json:"cost"`
	Pay      string `json:"pay,omitempty"`
	Ferocity int    `json:"ferocity"`
	CP       int    `json:"cp,omitempty"`
	Centi    bool   `json:"centipede_symbol,omitempty"`
}

// HordeView is the Centipede Horde board (MOA1-SOLO).
type HordeView struct {
	CP         int        `json:"cp"`
	Deck       int        `json:"deck"`
	Board      []CardView `json:"board"` // revealed centipede cards
	Difficulty string     `json:"difficulty"`
}

// BattleView describes the battle being fought.
type BattleView struct {
	Hex       int   `json:"hex"`
	Centipede bool  `json:"centipede"`
	Defender  int   `json:"defender"`
	Invader   int   `json:"invader"` // -1: the centipede
	Strength  []int `json:"strength,omitempty"`
	// Sides: every side's strength while an Evolved battle is decided,
	// without the face-down ferocity cards (public only); Seat is
	// SideCentipede or SideOldGuard for those.
	Sides []SideView `json:"sides,omitempty"`
}

// SideView is one side of a battle and its strength.
type SideView struct {
	Seat     int `json:"seat"`
	Strength int `json:"strength"`
}

// Non-player sides of a battle (SideView.Seat).
const (
	SideCentipede = -1
	SideOldGuard  = -2
)

func cardRef(id int) string { return fmt.Sprintf("card:%03d", id) }

func (s *State) cardView(id int) CardView {
	c := s.data.Card(id)
	return CardView{ID: id, Code: cardCode(id), Ref: cardRef(id), Name: c.Name, NameRU: c.RU, Type: c.Type,
		Segment: c.Seg, Effect: c.Effect, TextKey: s.rules.CardText + c.Effect, Cost: c.Cost, Pay: c.Pay,
		Ferocity: c.Fer, CP: c.CP, Centi: c.Solo}
}

// View implements engine.State.
func (s *State) View(seat engine.Seat) any {
	v := &View{Game: "march", RuleSet: s.Rules, Seat: int(seat), Players: s.N, Round: s.Round, Rounds: s.Rounds,
		Phase: string(s.Phase), Active: s.Active, Marker: "sun", Decree: s.decreeRound(), HexStack: len(s.Stack),
		Deck: len(s.Deck), Discard: len(s.Discard), FoodSupply: max(s.Food, 0), Counters: s.Counters, Boxed: s.Boxed,
		Result: s.Res}
	if s.Moon {
		v.Marker = "moon"
	}
	for i := range s.Tiles {
		v.Hexes = append(v.Hexes, s.hexView(&s.Tiles[i]))
	}
	for _, p := range s.Pending() {
		v.Pending = append(v.Pending, PendingView{Seat: int(p.Seat), Kind: p.Kind, Secret: p.Secret})
	}
	for i := range s.Players {
		p := &s.Players[i]
		pv := PanelView{Seat: i, Colour: colour(i), Species: p.Species, Supply: p.Supply, Larvae: p.Larvae,
			Food: p.Food, CP: p.CP, HandSize: len(p.Hand), RestLarvae: p.RestLarva, RestFood: p.RestFood,
			Rested: p.Rested, Ants: s.antsInAnthill(i), Bodies: p.Bodies, Marker: p.Marker}
		for sg := 0; sg < 3; sg++ {
			sv := SegmentView{Segment: segName(sg), Cards: []CardView{}}
			for _, id := range p.Evo[sg] {
				sv.Cards = append(sv.Cards, s.cardView(id))
			}
			if n := len(sv.Cards); n > 0 {
				a := sv.Cards[n-1]
				sv.Active = &a
			}
			pv.Segments = append(pv.Segments, sv)
		}
		pv.Goals = []CardView{}
		for _, id := range p.Goals {
			pv.Goals = append(pv.Goals, s.cardView(id))
		}
		for _, id := range p.Rests {
			pv.RestTiles = append(pv.RestTiles, s.restTileView(id))
		}
		v.Panels = append(v.Panels, pv)
	}
	if seat >= 0 && int(seat) < s.N {
		for _, id := range s.Players[seat].Hand {
			v.Hand = append(v.Hand, s.cardView(id))
		}
	}
	for _, id := range s.Shown {
		if !s.inSomeHand(id) { // a revealed card may have been reshuffled and drawn since
			v.Revealed = append(v.Revealed, s.cardView(id))
		}
	}
	for _, t := range s.Tasks {
		if t.K == kEff && t.Effect.ID == "espionage" { // MOA1-CLAR-EV-3: the three cards are face up until chosen
			for _, id := range t.Effect.Drawn {
				v.Revealed = append(v.Revealed, s.cardView(id))
			}
		}
	}
	if s.Opt.Uprising {
		h := &HordeView{CP: s.Horde, Deck: len(s.CDeck), Board: []CardView{}, Difficulty: s.Opt.Difficulty}
		for _, id := range s.CUsed {
			h.Board = append(h.Board, s.cardView(id))
		}
		v.Uprising = h
	}
	v.Battle = s.battleView()
	v.Exploring = s.exploringView(int(seat))
	if s.restTiles() {
		for _, id := range s.RestUp {
			v.RestTiles = append(v.RestTiles, s.restTileView(id))
		}
		d := s.defender()
		v.Defender = &d
		v.OldGuard = s.OldGuard
	}
	if s.evolved() {
		v.CentiTrack, v.Reward = s.centiTrackView(), s.rewardView()
	}
	return v
}

// exploringView shows the hex an Explore under way drew, as printed (r0),
// so its explorer sees what to place before choosing edge, rotation and
// sites; the hex_drawn event made it public. The Scout's two stay its own.
func (s *State) exploringView(seat int) []HexView {
	for i := len(s.Tasks) - 1; i >= 0; i-- {
		t := &s.Tasks[i]
		if t.K != kExplore || (len(t.Explore.Hexes) > 1 && seat != t.Seat) {
			continue
		}
		var out []HexView
		for _, n := range t.Explore.Hexes {
			tile := Tile{Num: n} // unrotated, as the explorer sees it drawn
			h := HexView{Num: n, Code: hexCode(n), Drawn: true, Controller: -1, Sites: []SiteView{}, Outskirts: make([]int, s.N)}
			d := s.data.Hex(n)
			h.Name, h.NameRU, h.Kind, h.Effect, h.CentipedeIcon = d.Name, d.RU, d.Kind, d.Effect, d.Centi
			for j, sd := range d.Sites {
				amt := 1
				if sd.Res == ResLarva2 {
					amt = 2
				}
				h.Sites = append(h.Sites, SiteView{Code: siteCode(j), Res: sd.Res, Amount: amt, Control: sd.Control, Owner: -1})
			}
			for e := 0; e < 6; e++ {
				h.Tunnels = append(h.Tunnels, TunnelView{Edge: edgeCode(e), Open: s.opening(&tile, e)})
			}
			out = append(out, h)
		}
		return out
	}
	return nil
}

func (s *State) hexView(t *Tile) HexView {
	h := HexView{Num: t.Num, Code: hexCode(t.Num), Q: t.Q, R: t.R, Rot: t.Rot, Outskirts: append([]int(nil), t.Out...),
		Centipede: t.Centi, WormholeMarker: t.Worm, Wormhole: s.hasWorm(t), Controller: -1, Contested: t.contested(),
		Sites: []SiteView{}}
	if t.Num == 0 {
		h.Name, h.NameRU, h.Kind, h.Centipedes = "Great Tunnel", "Великий Туннель", "gt", s.CentiGT
	} else {
		d := s.data.Hex(t.Num)
		h.Name, h.NameRU, h.Kind, h.Effect, h.CentipedeIcon = d.Name, d.RU, d.Kind, d.Effect, d.Centi
		h.Controller = s.control(t)
		for i, sd := range d.Sites {
			amt := 1
			if sd.Res == ResLarva2 {
				amt = 2
			}
			h.Sites = append(h.Sites, SiteView{Code: siteCode(i), Res: sd.Res, Amount: amt, Control: sd.Control, Owner: t.Sites[i]})
		}
	}
	for e := 0; e < 6; e++ {
		tv := TunnelView{Edge: edgeCode(e), Open: s.opening(t, e)}
		if n := s.neighbor(t, e); n != nil && tv.Open {
			tv.Connected = s.opening(n, (e+3)%6)
			tv.Blocked = !tv.Connected
		}
		h.Tunnels = append(h.Tunnels, tv)
	}
	return h
}

func siteCode(i int) string {
	if i >= 0 && i < len(siteCodes) {
		return siteCodes[i] // options and events name sites on every answer
	}
	return "s" + itoa(i+1)
}

// siteCodes are the codes of the first sites of a tile, spelled out: a
// concatenation cost an allocation each.
var siteCodes = [...]string{"s1", "s2", "s3", "s4", "s5", "s6"}

func (s *State) battleView() *BattleView {
	for i := len(s.Tasks) - 1; i >= 0; i-- {
		t := &s.Tasks[i]
		switch t.K {
		case kBattle:
			if t.Fight.Invader < 0 {
				return &BattleView{Hex: t.Hex, Defender: t.Seat, Invader: -1}
			}
			b := &BattleView{Hex: t.Hex, Defender: t.Seat, Invader: t.Fight.Invader}
			b.Strength = []int{s.strength(t.Seat, t.Hex), s.strength(t.Fight.Invader, t.Hex)}
			return b
		case kCentiFight: // Evolved: ants + head Evolutions (MOAE-CENT-7)
			// the centipede's marker on the track while it fights: its
			// starting strength (MOAE-CENT-4); its cards come after
			mine, its := s.tile(t.Hex).ants(t.Seat)+s.evoStrength(t.Seat), s.centiStrength()+s.attackStrength(t) // RISE-8
			return &BattleView{Hex: t.Hex, Centipede: true, Defender: t.Seat, Invader: -1,
				Strength: []int{mine, its}, Sides: []SideView{{t.Seat, mine}, {SideCentipede, its}}}
		case kTileBattle: // Evolved: every colony on the tile fights
			tl := s.tile(t.Hex)
			b := &BattleView{Hex: t.Hex, Defender: s.tileDefender(tl), Invader: -1}
			if t.Stage < 2 { // decided at stage 1; then losses and spoils
				b.Sides = s.sides(tl, nil)
			}
			return b
		case kGTBattle: // Evolved: everyone in the Great Tunnel (MOAE-GT-8)
			b := &BattleView{Hex: 0, Defender: s.defender(), Invader: -1}
			var og []SideView
			if s.OldGuard > 0 {
				og = []SideView{{SideOldGuard, s.OldGuard}} // no Evolutions (MOAE-2P-8)
			}
			b.Sides = s.sides(&s.Tiles[0], og)
			return b
		case kCenti:
			return &BattleView{Hex: t.Hex, Centipede: true, Defender: t.Seat, Invader: -1,
				Strength: []int{s.strength(t.Seat, t.Hex)}}
		}
	}
	return nil
}

// sides lists the strength of every colony with ants on tl, in player
// order from the active player, then more (the ferocity cards stay face
// down until all are in, so they are not counted).
func (s *State) sides(tl *Tile, more []SideView) []SideView {
	var out []SideView
	for _, p := range s.order(s.Active) {
		if n := tl.ants(p); n > 0 {
			out = append(out, SideView{p, n + s.evoStrength(p)}) // MOAE-BATTLE-3
		}
	}
	return append(out, more...)
}

func (s *State) centiTrackView() *CentiTrackView {
	tr := s.centiTrack()
	if tr == nil {
		return nil
	}
	v := &CentiTrackView{Rewards: slices.Clone(tr.Sections), At: s.CentiSize}
	for _, sp := range tr.Spaces {
		v.Strength = append(v.Strength, sp.Strength)
		v.Section = append(v.Section, sp.Section)
	}
	return v
}

func (s *State) rewardView() *RewardView {
	w := s.rewardTile()
	if w == nil {
		return nil
	}
	return &RewardView{Level: w.Level, Places: slices.Clone(w.Places[:]), Stack: len(s.Rewards)}
}

func (s *State) inSomeHand(id int) bool {
	for i := range s.Players {
		for _, h := range s.Players[i].Hand {
			if h == id {
				return true
			}
		}
	}
	return false
}

func (s *State) restTileView(id string) RestTileView {
	r := s.restTile(id)
	return RestTileView{Code: id, Name: r.Name, PL: r.PL}
}
