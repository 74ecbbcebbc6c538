package engine

import "math/rand/v2"

// Determinizer is implemented by games with hidden information or chance.
// Determinize returns a copy of the state in which everything seat cannot
// see (other hands, sealed picks of others, the order of decks and stacks,
// the random stream that decides future draws and dice) is sampled afresh
// from r, consistently with what seat does see: View(seat) and seat's
// pending prompt and options are unchanged. An AI searches such copies, so
// its decisions can depend only on what its own seat knows.
type Determinizer interface {
	Determinize(seat Seat, r *rand.Rand) State
}

// Reseed returns a fresh generator drawn from r: the future random stream
// of a determinized state.
func Reseed(r *rand.Rand) *RNG { return NewRNG(r.Uint64()) }

// Shuffle permutes xs in place drawing from r.
func Shuffle[T any](r *rand.Rand, xs []T) {
	r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
}
