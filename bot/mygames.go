package bot

import (
	"context"
	"slices"
	"strings"

	"formica/engine"
	"formica/storage"
)

// maxMyGames caps the lines of one `mygames` reply.
const maxMyGames = 20

// cmdMyGames lists, to the caller only, every running game on this
// platform they sit in: where it is, whose turn it is, and first the ones
// waiting for them. It reads every stored match: fine for one process's
// games (a bot at scale would index matches by player).
func cmdMyGames(ctx context.Context, r *request) ([]Message, error) {
	all, _, err := r.s.store.Matches(ctx)
	if err != nil {
		return nil, err
	}
	style := r.s.styler(r.cmd.Platform)
	var yours, others []string
	for _, m := range all {
		if m.Key.Platform != r.cmd.Platform || m.Status != storage.StatusActive {
			continue
		}
		i := slices.IndexFunc(m.Players, func(p storage.Player) bool { return p.User == r.cmd.User.ID })
		g := r.s.game(m.Setup.Game)
		if i < 0 || g == nil {
			continue
		}
		sub := &request{s: r.s, cmd: Command{Platform: m.Key.Platform, Channel: m.Key.Channel, User: r.cmd.User},
			key: m.Key, lang: r.lang, user: r.user, match: m, game: g}
		st, err := sub.state()
		if err != nil {
			continue // a match this build cannot read is not listed
		}
		args := map[string]string{"game": g.Name, "channel": style.ChannelRef(m.Key.Channel), "move": itoa(int(m.Seq))}
		if p, ok := engine.PromptFor(st, m.Players[i].Seat); ok {
			args["prompt"] = sub.promptLabel(r.lang, p.Kind)
			yours = append(yours, r.t("mygames.turn", args))
			continue
		}
		args["waiting"] = sub.waitingFor(st)
		others = append(others, r.t("mygames.wait", args))
	}
	if len(yours)+len(others) == 0 {
		return r.say("mygames.none", map[string]string{"new": style.CommandRef("new")}), nil
	}
	lines := append(yours, others...)
	more := len(lines) - maxMyGames
	lines = lines[:min(len(lines), maxMyGames)]
	head := r.t("mygames.title", map[string]string{"n": itoa(len(yours))})
	text := head + "\n" + strings.Join(lines, "\n")
	if more > 0 {
		text += "\n" + r.t("mygames.more", map[string]string{"n": itoa(more)})
	}
	return []Message{reply(r.cmd, text)}, nil
}
