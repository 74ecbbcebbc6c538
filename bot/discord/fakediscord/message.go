package fakediscord

import (
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
	"time"
)

// Message is a message the bot posted: in a channel, in a DM channel, or as
// an interaction's response or follow-up.
type Message struct {
	ID        string
	ChannelID string
	Content   string
	// Ephemeral is set for messages only the interacting user sees.
	Ephemeral bool
	// Interaction is the id of the interaction this message answers; empty
	// for plain channel posts.
	Interaction string
	Rows        [][]Component
	Files       []File
	Nonce       string
	// Mentions are the user ids allowed to be pinged.
	Mentions []string
	Edits    int
	Deleted  bool
	// Created is when the fake posted it (its clock, SetClock).
	Created time.Time
}

// Component is a button or a select menu.
type Component struct {
	Type     int // 2 button, 3 string select
	CustomID string
	Label    string
	Disabled bool
	Options  []Option // select menus
}

// Option is one select menu entry.
type Option struct {
	Label, Value string
}

// File is an attachment.
type File struct {
	Name        string
	ContentType string
	Data        []byte
}

// Buttons returns every button of m, row by row.
func (m Message) Buttons() []Component {
	var out []Component
	for _, row := range m.Rows {
		for _, c := range row {
			if c.Type == 2 {
				out = append(out, c)
			}
		}
	}
	return out
}

// Selects returns every select menu of m.
func (m Message) Selects() []Component {
	var out []Component
	for _, row := range m.Rows {
		for _, c := range row {
			if c.Type == 3 {
				out = append(out, c)
			}
		}
	}
	return out
}

// Button returns the first button whose label or custom id contains part.
func (m Message) Button(part string) (Component, bool) {
	for _, b := range m.Buttons() {
		if strings.Contains(b.Label, part) || strings.Contains(b.CustomID, part) {
			return b, true
		}
	}
	return Component{}, false
}

func (m *Message) copy() Message {
	c := *m
	c.Rows = make([][]Component, len(m.Rows))
	for i, r := range m.Rows {
		c.Rows[i] = append([]Component(nil), r...)
	}
	c.Files = append([]File(nil), m.Files...)
	c.Mentions = append([]string(nil), m.Mentions...)
	return c
}

// payload is the JSON body of a message create or edit.
type payload struct {
	Content         *string         `json:"content"`
	Flags           int             `json:"flags"`
	Nonce           json.RawMessage `json:"nonce"`
	EnforceNonce    bool            `json:"enforce_nonce"`
	Components      []rawRow        `json:"components"`
	AllowedMentions *struct {
		Users []string `json:"users"`
	} `json:"allowed_mentions"`
	Choices []struct {
		Name  string `json:"name"`
		Value any    `json:"value"`
	} `json:"choices"`
}

type rawRow struct {
	Type       int       `json:"type"`
	Components []rawComp `json:"components"`
}

type rawComp struct {
	Type     int    `json:"type"`
	CustomID string `json:"custom_id"`
	Label    string `json:"label"`
	Disabled bool   `json:"disabled"`
	Options  []struct {
		Label string `json:"label"`
		Value string `json:"value"`
	} `json:"options"`
}

// nonce returns the nonce as a string (Discord accepts strings or integers).
func (p *payload) nonce() string {
	if len(p.Nonce) == 0 || string(p.Nonce) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(p.Nonce, &s) == nil {
		return s
	}
	return string(p.Nonce)
}

func (p *payload) rows() ([][]Component, error) {
	var rows [][]Component
	for _, r := range p.Components {
		if r.Type != 1 {
			return nil, fmt.Errorf("top-level component of type %d, want action row (1)", r.Type)
		}
		if len(r.Components) == 0 || len(r.Components) > 5 {
			return nil, fmt.Errorf("action row with %d components, want 1..5", len(r.Components))
		}
		var row []Component
		for _, c := range r.Components {
			comp := Component{Type: c.Type, CustomID: c.CustomID, Label: c.Label, Disabled: c.Disabled}
			switch c.Type {
			case 2:
				if len(c.CustomID) == 0 || len(c.CustomID) > 100 {
					return nil, fmt.Errorf("button custom_id of %d characters, want 1..100", len(c.CustomID))
				}
				if len([]rune(c.Label)) > 80 {
					return nil, fmt.Errorf("button label longer than 80 characters: %q", c.Label)
				}
			case 3:
				if len(r.Components) != 1 {
					return nil, fmt.Errorf("a select menu must be alone in its row")
				}
				if len(c.Options) == 0 || len(c.Options) > 25 {
					return nil, fmt.Errorf("select menu with %d options, want 1..25", len(c.Options))
				}
				for _, o := range c.Options {
					if len(o.Value) > 100 || len([]rune(o.Label)) > 100 {
						return nil, fmt.Errorf("select option too long: %q", o.Value)
					}
					comp.Options = append(comp.Options, Option{Label: o.Label, Value: o.Value})
				}
			default:
				return nil, fmt.Errorf("unsupported component type %d", c.Type)
			}
			row = append(row, comp)
		}
		rows = append(rows, row)
	}
	if len(rows) > 5 {
		return nil, fmt.Errorf("%d action rows, want at most 5", len(rows))
	}
	return rows, nil
}

// readBody decodes a JSON or multipart (payload_json + files[n]) body into
// v and returns the attached files.
// readMessage decodes a message body (JSON or multipart): its payload, its
// component rows and its files.
func readMessage(r *http.Request) (payload, [][]Component, []File, error) {
	var p payload
	files, err := readBody(r, &p)
	if err != nil {
		return p, nil, nil, err
	}
	rows, err := p.rows()
	if err != nil {
		return p, nil, nil, errorf(400, 50035, "%v", err)
	}
	return p, rows, files, nil
}

func readBody(r *http.Request, v any) ([]File, error) {
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if !strings.HasPrefix(mt, "multipart/") {
		if err := json.NewDecoder(r.Body).Decode(v); err != nil && err != io.EOF {
			return nil, fmt.Errorf("bad JSON body: %v", err)
		}
		return nil, nil
	}
	mr := multipart.NewReader(r.Body, params["boundary"])
	var files []File
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return files, nil
		}
		if err != nil {
			return nil, fmt.Errorf("bad multipart body: %v", err)
		}
		data, err := io.ReadAll(part)
		if err != nil {
			return nil, err
		}
		if part.FormName() == "payload_json" {
			if err := json.Unmarshal(data, v); err != nil {
				return nil, fmt.Errorf("bad payload_json: %v", err)
			}
			continue
		}
		files = append(files, File{Name: part.FileName(), ContentType: part.Header.Get("Content-Type"), Data: data})
		if len(data) > MaxUpload {
			return nil, errTooLarge
		}
	}
}

// messageJSON is the message object the fake returns.
func messageJSON(m *Message) map[string]any {
	atts := []map[string]any{}
	for i, f := range m.Files {
		atts = append(atts, map[string]any{
			"id": fmt.Sprint(i + 1), "filename": f.Name, "size": len(f.Data),
			"url": "https://cdn.invalid/" + m.ID + "/" + f.Name, "content_type": f.ContentType,
		})
	}
	flags := 0
	if m.Ephemeral {
		flags = 64
	}
	return map[string]any{
		"id": m.ID, "channel_id": m.ChannelID, "content": m.Content, "flags": flags,
		"nonce": m.Nonce, "attachments": atts, "type": 0, "timestamp": m.Created.Format(time.RFC3339Nano),
		"author": map[string]any{"id": AppID, "username": BotName, "bot": true},
	}
}

// MaxUpload is the largest file a bot may attach in a server without
// boosts: 8 MB. Discord refuses a larger one with 413 and code 40005.
const MaxUpload = 8 << 20

var errTooLarge = errorf(413, 40005, "Request entity too large")
