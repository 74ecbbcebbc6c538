package myrmes

// The rules' fixed amounts, named once: the rules code uses these and the
// message catalogs' numbers are checked against them
// (TestTextNumbersMatchTheData), so a text cannot state another amount
// than the game applies.
const (
	maxFigures = 8 // workers and soldiers (and workers in rooms) at most (MYR-CAP-1)
	topLevel   = 3 // the highest colony level (MYR-UPG-1)

	sortieMP      = 3 // movement points of a worker's sortie (MYR-SORT-2)
	enterSoldiers = 1 // soldiers paid to enter an opponent's tile (MYR-MOVE-5)
	clearEarth    = 1 // earth paid to clear an empty pheromone (MYR-CLR-1)

	roomYield = 1 // larva, food, earth or stone from a colony room (MYR-COL-1)
	queenFood = 1 // food fed to the queen in her chamber (MYR-COL-1)
	queenVP   = 2 // VP for feeding the queen (MYR-COL-1)

	tunnelEarth = 1 // earth gained with a new tunnel exit (MYR-TUN-1)
	nurseFood   = 2 // a new nurse's food (MYR-NUR-1)
	nurseLarvae = 2 // and larvae (MYR-NUR-1)

	tradeLarvae = 3 // larvae traded ... (MYR-TRADE-1)
	tradeFood   = 1 // ... for food (MYR-TRADE-1)

	winterBase = 3 // food owed in winter: winterBase + the year (MYR-WIN-1)
	winterVP   = 3 // VP lost per food not paid (MYR-WIN-3)

	maxTunnels = 3 // tunnel exits a colony may dig (MYR-TUN-2)

	storeLow  = 4 // storeroom limit below level 2 (MYR-EOS-3)
	storeHigh = 6 // from level 2 (MYR-EOS-3)

	// Events' bonuses (MYR-EFF-1..8).
	eventLarvae  = 2 // Larvae +2
	eventMove    = 3 // Movement +3
	eventHarvest = 3 // Harvest +3: picks of special-tile yields
	eventOne     = 1 // Worker +1, Soldier +1, Level +1, Hex +1, Victory point +1
)

// upgradeCost is what raising the colony from a level costs, by way of
// paying: food, earth, stone (MYR-UPG-1, AMB-15).
var upgradeCost = map[int]map[string][3]int{
	0: {"earth": {0, 2, 0}},
	1: {"stone": {0, 0, 1}, "earth": {0, 2, 0}, "both": {0, 2, 1}},
	2: {"stone": {0, 0, 3}},
}
