// Package fakediscord is a small Discord on loopback for tests: the REST API
// the bot uses (over httptest) and a gateway over a real websocket, so tests
// run the real discordgo client end to end.
//
// Tests drive it: Slash, Press, Select and Autocomplete dispatch
// INTERACTION_CREATE events to the connected bot and return an *Interaction
// that records the bot's callback and follow-ups; every message the bot posts
// is kept (Messages, WaitMessage) with its components and attached files.
// Inject queues faults (429 with retry_after, 5xx, slow responses) for the
// next matching requests.
//
// It models what the bot relies on, including Discord's rules that matter:
// the bot token on every request, the 3-second interaction callback deadline,
// one callback per interaction, ephemeral flags, message nonces with
// enforce_nonce (a retried post is not posted twice) and error 50007 for a
// user who does not accept DMs. Everything else answers 404.
package fakediscord
