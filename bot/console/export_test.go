package console

// OnWait sets the function Wait calls when it begins to wait for a board.
func OnWait(s *Sender, f func()) { s.waiting = f }
