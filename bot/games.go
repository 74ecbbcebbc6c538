package bot

import (
	"context"
	"strings"

	"formica/storage"
)

// maxGames caps the lines of one `games` reply.
const maxGames = 20

// cmdGames lists the games of the caller's chat (Command.Chat: a Telegram
// group's topics, a Discord server's channels and threads; else this
// channel alone): where each is, and whether it waits for players or for
// whose move. Like `mygames` it reads every stored match.
func cmdGames(ctx context.Context, r *request) ([]Message, error) {
	if r.cmd.Channel == "" {
		return nil, refuse("err.private_chat", nil)
	}
	all, _, err := r.s.store.Matches(ctx)
	if err != nil {
		return nil, err
	}
	style := r.s.styler(r.cmd.Platform)
	var lines []string
	for _, m := range all {
		ms := decodeSettings(m.Settings)
		here := m.Key.Channel == r.cmd.Channel || r.cmd.Chat != "" && ms.Chat == r.cmd.Chat
		g := r.s.game(m.Setup.Game)
		if m.Key.Platform != r.cmd.Platform || !here || g == nil {
			continue
		}
		args := map[string]string{"game": g.Name, "channel": style.ChannelRef(m.Key.Channel), "move": itoa(int(m.Seq)), "n": itoa(len(m.Players))}
		if m.Status == storage.StatusLobby {
			lines = append(lines, r.t("games.lobby", args))
			continue
		}
		sub := &request{s: r.s, cmd: Command{Platform: m.Key.Platform, Channel: m.Key.Channel, User: r.cmd.User},
			key: m.Key, lang: r.lang, user: r.user, match: m, game: g}
		st, err := sub.state()
		if err != nil {
			continue // a match this build cannot read is not listed
		}
		args["waiting"] = sub.waitingFor(st)
		lines = append(lines, r.t("games.turn", args))
	}
	if len(lines) == 0 {
		return r.say("games.none", map[string]string{"new": style.CommandRef("new")}), nil
	}
	more := len(lines) - maxGames
	lines = lines[:min(len(lines), maxGames)]
	text := r.t("games.title", map[string]string{"n": itoa(len(lines) + max(more, 0))}) + "\n" + strings.Join(lines, "\n")
	if more > 0 {
		text += "\n" + r.t("mygames.more", map[string]string{"n": itoa(more)})
	}
	return []Message{reply(r.cmd, text)}, nil
}
