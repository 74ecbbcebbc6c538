package micropolis

import (
	"math/bits"

	"formica/engine"
)

// View returns the public view; every seat sees the same (§14.2). The stack
// order is never included, only its size.
func (s *state) View(engine.Seat) any {
	v := View{
		Variant: s.Variant, Round: s.Round, Rounds: s.rounds(), Phase: s.Phase, Current: s.Current,
		General: s.General, GeneralHill: s.GeneralHill, Stack: len(s.Stack), Supply: s.Supply,
		ArchitectSupply: s.ArchSupply, Final: s.Final,
	}
	if s.Last != nil {
		l := *s.Last
		v.Last = &l
	}
	for i, rt := range s.Row {
		v.Row = append(v.Row, RowTile{Pos: i + 1, Cost: i, Soldiers: rt.Soldiers, Tile: *s.tile(rt.ID)})
	}
	for _, c := range s.Cands {
		v.Contenders = append(v.Contenders, Candidate{Seat: c.Seat, Hill: hillLabel(c.Hill), Army: s.army(c)})
	}
	for seat := range s.Players {
		p := &s.Players[seat]
		pv := PlayerView{Seat: seat, Architects: p.Arch, General: seat == s.General}
		for h := range p.Hills {
			hv := s.hillView(&p.Hills[h], h)
			hv.General = pv.General && h == s.GeneralHill
			pv.Army += hv.Army
			pv.Hills = append(pv.Hills, hv)
		}
		v.Players = append(v.Players, pv)
	}
	return v
}

func (s *state) hillView(h *hill, idx int) HillView {
	hv := HillView{Label: hillLabel(idx), Army: h.Army, Tiles: h.Count, Complete: h.complete(), Open: h.open(),
		Slots: make([]SlotView, ringSize), Tunnels: []TunnelView{}}
	ts, segOf := s.tunnels(h)
	for i, id := range h.Slots {
		sv := SlotView{Slot: i}
		if id != 0 {
			t := s.tile(int(id))
			sv.Tile, sv.Order, sv.Barracks, sv.Tunnels = t, int(h.Order[i]), t.Barracks, segOf[i]
			if h.Full[i] {
				sv.Garrison = t.Barracks
				hv.Garrison += t.Barracks
			}
		}
		hv.Slots[i] = sv
	}
	for _, t := range ts {
		tv := TunnelView{Ants: t.ants, Queens: t.queens, Gifts: t.gifts, Kinds: t.kinds(), Fruits: []string{}}
		for i, f := range fruitKinds {
			if t.fruits&(1<<i) != 0 {
				tv.Fruits = append(tv.Fruits, f)
			}
		}
		for sl := t.slots; sl != 0; sl &= sl - 1 {
			tv.Slots = append(tv.Slots, bits.TrailingZeros16(sl))
		}
		hv.Tunnels = append(hv.Tunnels, tv)
	}
	return hv
}
