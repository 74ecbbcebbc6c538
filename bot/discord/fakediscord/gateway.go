package fakediscord

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// gwConn is one bot connected to the gateway.
type gwConn struct {
	ws    *websocket.Conn
	wmu   sync.Mutex // one writer at a time
	seq   int64      // guarded by wmu
	ready bool       // guarded by Server.mu
	// shard is [id, count] from IDENTIFY (count 0: unsharded, gets all).
	shard [2]int // guarded by Server.mu
}

type gwPacket struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d,omitempty"`
	S  int64           `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

func (c *gwConn) send(op int, typ string, d any) error {
	raw, err := json.Marshal(d)
	if err != nil {
		return err
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	p := gwPacket{Op: op, D: raw, T: typ}
	if op == 0 {
		c.seq++
		p.S = c.seq
	}
	return c.ws.WriteJSON(p)
}

func (c *gwConn) close() {
	c.wmu.Lock()
	_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseGoingAway, "server closing"), time.Time{})
	c.wmu.Unlock()
	_ = c.ws.Close()
}

// serveGateway speaks the gateway protocol: HELLO, IDENTIFY -> READY (or
// close 4004 for a bad token), RESUME -> RESUMED, heartbeat -> ACK.
func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	up := websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}
	ws, err := up.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &gwConn{ws: ws}
	s.mu.Lock()
	s.conns[c] = true
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.conns, c)
		s.mu.Unlock()
		_ = ws.Close()
	}()
	if c.send(10, "", map[string]any{"heartbeat_interval": s.HeartbeatInterval.Milliseconds()}) != nil {
		return
	}
	for {
		var p gwPacket
		if err := ws.ReadJSON(&p); err != nil {
			return
		}
		switch p.Op {
		case 1:
			if c.send(11, "", nil) != nil {
				return
			}
		case 2, 6:
			var id struct {
				Token string  `json:"token"`
				Shard *[2]int `json:"shard"`
			}
			_ = json.Unmarshal(p.D, &id)
			s.mu.Lock()
			rejects := s.gwRejects
			s.mu.Unlock()
			if rejects || strings.TrimPrefix(id.Token, "Bot ") != s.token || !strings.HasPrefix(id.Token, "Bot ") {
				c.wmu.Lock()
				_ = ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."), time.Time{})
				c.wmu.Unlock()
				return
			}
			var err error
			if p.Op == 2 {
				err = c.send(0, "READY", map[string]any{
					"v": 9, "session_id": "fake-session",
					"user":        map[string]any{"id": AppID, "username": BotName, "bot": true},
					"application": map[string]any{"id": AppID},
					"guilds":      []map[string]any{{"id": Guild, "unavailable": true}},
				})
			} else {
				err = c.send(0, "RESUMED", map[string]any{})
			}
			if err != nil {
				return
			}
			s.mu.Lock()
			c.ready = true
			if id.Shard != nil {
				c.shard = *id.Shard
			}
			if p.Op == 2 {
				s.identifies++
			}
			s.notifyLocked()
			s.mu.Unlock()
		}
	}
}

// ErrNoBot is returned when an event is dispatched with no bot connected.
var ErrNoBot = errors.New("fakediscord: no bot connected to the gateway")

// broadcast dispatches an event to every ready connection of the shard
// its guild belongs to, as Discord routes them: shard (guild_id >> 22) %
// count, direct messages on shard 0; an unsharded connection gets all.
func (s *Server) broadcast(typ string, d map[string]any) error {
	guild, _ := d["guild_id"].(string)
	s.mu.Lock()
	var conns []*gwConn
	for c := range s.conns {
		if c.ready && (c.shard[1] <= 1 || shardOf(guild, c.shard[1]) == c.shard[0]) {
			conns = append(conns, c)
		}
	}
	s.mu.Unlock()
	if len(conns) == 0 {
		return ErrNoBot
	}
	var sent bool
	for _, c := range conns {
		if c.send(0, typ, d) == nil {
			sent = true
		}
	}
	if !sent {
		return ErrNoBot
	}
	return nil
}

// shardOf is Discord's shard of a guild among count; no guild is shard 0.
func shardOf(guild string, count int) int {
	id, err := strconv.ParseUint(guild, 10, 64)
	if err != nil || count <= 1 {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// Shards lists the [id, count] each ready connection identified with
// ([0, 0]: unsharded).
func (s *Server) Shards() [][2]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out [][2]int
	for c := range s.conns {
		if c.ready {
			out = append(out, c.shard)
		}
	}
	return out
}
