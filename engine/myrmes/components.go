package myrmes

// Shape is one pheromone tile as printed: its spaces as axial (q, r)
// offsets, the VP it scores when laid and how many each player has.
type Shape struct {
	ID    string
	Hexes [][2]int
	VP    int
	Count int
}

// Special is one special tile: the colony level it needs, its cost in
// food, earth and stone, the VP it scores and how many the box holds.
type Special struct {
	ID    string
	Level int
	Cost  [3]int
	VP    int
	Count int
}

// Tiles lists the pheromone and special tiles of the components file, for
// lookups and pictures (`tile <name>`).
func Tiles() ([]Shape, []Special, error) {
	b, err := defaultBoard()
	if err != nil {
		return nil, nil, err
	}
	var shapes []Shape
	for _, s := range b.Pheromones {
		shapes = append(shapes, Shape{ID: s.ID, Hexes: append([][2]int(nil), s.Hexes...), VP: s.VP, Count: s.Count})
	}
	var specials []Special
	for _, s := range b.Specials {
		specials = append(specials, Special{ID: s.ID, Level: s.Level, Cost: s.Cost, VP: s.VP, Count: b.Pools[s.Pool]})
	}
	return shapes, specials, nil
}
