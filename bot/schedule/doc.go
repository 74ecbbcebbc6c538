// Package schedule decides when Formica reminds players and when a turn's
// deadline falls: reminder cadence with escalating wording, quiet hours in the
// player's time zone, vacations, per-turn deadlines, Board Game Arena style
// time banks, and the policy applied at a deadline.
//
// It is pure: every function takes the current time as an argument, so tests
// drive it with an injected clock and never sleep. The durable entries live in
// storage's time-ordered index; Runner fires them.
package schedule
