package dojo

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/deliberate-practice/katas/internal/brief"
)

// The environment of a run the kit sends to a room: the room's address and the name its
// dashboard shows. kata run takes them as defaults for --dojo and --name.
const (
	EnvRoom = "KATA_DOJO"
	EnvName = "KATA_DOJO_NAME"
	// EnvNoCode, set to 1, keeps the participant's code out of the room: their lights go
	// without it (kata run's --no-code).
	EnvNoCode = "KATA_DOJO_NO_CODE"
)

// RoomPattern is the path of a room's address: /rooms/NAME/TOKEN, the room's name and the
// token that lets a participant in.
const RoomPattern = "/rooms/{room}/{token}"

// roomPath matches a room's path, as RoomPattern serves it, and roomName a room's name.
var (
	roomPath = regexp.MustCompile(`^/rooms/[a-z0-9][a-z0-9-]{0,31}/[a-z2-7]{26,64}/?$`)
	roomName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,31}$`)
)

// CheckRoomName returns an error that says what is wrong with a room's name, or nil: a name is
// 1 to 32 lower-case letters, digits and hyphens, the first no hyphen, for it is part of the
// room's address.
func CheckRoomName(name string) error {
	if !roomName.MatchString(name) {
		return fmt.Errorf("the room's name %s is not 1 to 32 lower-case letters, digits and hyphens (a letter or digit first)", brief.Quote(name))
	}
	return nil
}

// SendTimeout is how long sending a light may take: a participant whose room's server is away
// waits no longer, and goes on practising.
const SendTimeout = 2 * time.Second

// MaxReply is the most of a server's reply a participant reads: its error message.
const MaxReply = 1024

// A Room is a room's address, as kata dojo serve prints it: http://HOST:PORT/rooms/NAME/TOKEN.
type Room struct{ url *url.URL }

// ParseRoom reads a room's address, and says what is wrong with one that is not.
func ParseRoom(s string) (Room, error) {
	u, err := url.Parse(s)
	switch {
	case err != nil:
		return Room{}, fmt.Errorf("the dojo's address %s is no URL", brief.Quote(s))
	case u.Scheme != "http" && u.Scheme != "https" || u.Host == "":
		return Room{}, fmt.Errorf("the dojo's address %s is not http://HOST:PORT/rooms/NAME/TOKEN, as kata dojo serve prints it", brief.Quote(s))
	case !roomPath.MatchString(u.Path) || u.RawQuery != "" || u.Fragment != "" || u.User != nil:
		return Room{}, fmt.Errorf("the dojo's address %s names no room: want http://HOST:PORT/rooms/NAME/TOKEN, as kata dojo serve prints it", brief.Quote(s))
	}
	u.Path = strings.TrimSuffix(u.Path, "/")
	return Room{u}, nil
}

// key names the room by its path, /rooms/NAME/TOKEN, which its token makes its own: the same
// room at another host or port (localhost or 127.0.0.1, a server restarted elsewhere) is the
// same room, and another room, even of the same server and name, is not.
func (r Room) key() string {
	if r.url == nil {
		return ""
	}
	return r.url.Path
}

// String returns the room's address.
func (r Room) String() string {
	if r.url == nil {
		return ""
	}
	return r.url.String()
}

// Send posts a light to the room, within SendTimeout, and returns an error that says why the
// room did not take it: the server did not answer, or refused the light, in its own words.
func (r Room) Send(ctx context.Context, l Post) error {
	if r.url == nil {
		return errors.New("no room to send the light to")
	}
	if err := l.Check(); err != nil {
		return err
	}
	body, err := json.Marshal(l)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, SendTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.url.String()+"/lights", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err // the address is in the message already
		}
		return away{fmt.Errorf("the dojo at %s did not answer: %w", r.url.Host, err)}
	}
	defer resp.Body.Close()
	reply, _ := io.ReadAll(io.LimitReader(resp.Body, MaxReply))
	if resp.StatusCode == http.StatusCreated {
		return nil
	}
	var e struct {
		Error string `json:"error"`
	}
	msg := resp.Status
	if json.Unmarshal(reply, &e) == nil && e.Error != "" {
		msg = e.Error
	}
	if len(msg) > MaxReply/4 {
		msg = msg[:MaxReply/4] + "…"
	}
	if resp.StatusCode == http.StatusConflict {
		return fmt.Errorf("the dojo at %s asks for the code whole: %s: %w", r.url.Host, brief.Safe(msg), ErrWholeCode)
	}
	if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests {
		// The room could not keep it, a proxy has no room behind it, or it comes too fast:
		// it can go later.
		return away{fmt.Errorf("the dojo at %s could not take the light: %s", r.url.Host, brief.Safe(msg))}
	}
	return fmt.Errorf("the dojo at %s refused the light: %s", r.url.Host, brief.Safe(msg))
}

// ErrWholeCode is the error of a light whose code came as a change from the light before,
// which the room does not hold (409 Conflict): sent again with the code whole, it is taken.
var ErrWholeCode = errors.New("the room does not hold the light before")

// away is the error of a light the room was away for: ErrAway, in the words of its cause.
type away struct{ err error }

func (a away) Error() string        { return a.err.Error() }
func (a away) Unwrap() error        { return a.err }
func (a away) Is(target error) bool { return target == ErrAway }
