// Package console is the terminal adapter: a bot.Sender that prints
// messages and writes board PNGs to a directory, a hot-seat loop where
// several people share one keyboard, and a script runner (Replay) that plays
// a game as players would type it. The game lives in the service's
// database, so quitting and starting again resumes it.
package console
