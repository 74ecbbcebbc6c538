package march

import "formica/engine"

// SpoilsMove reports an answer that moves an ant in a battle's spoils:
// since each ant moves once there (TestSpoilsMoveEachAntOnce), what follows
// it may differ from play recorded when an ant could move again.
func SpoilsMove(st engine.State, path []string) bool {
	s := st.(*State)
	return len(s.Tasks) > 0 && s.top().K == kSpoils && !s.top().Fight.Control && len(path) > 0 && path[0] != "done"
}
