package dojo

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/deliberate-practice/katas/internal/journal"
)

// UnsentPath is where a folder keeps the lights its room was away for, a post a line, oldest
// first, to send with the next run that reaches the room.
const UnsentPath = ".kata/unsent"

// UnreadablePath is where a UnsentPath that kata cannot read (edited by hand, cut short) is
// moved, kept for the person to look at, so that the folder's lights go on reaching the room.
const UnreadablePath = UnsentPath + ".unreadable"

// MaxUnsent is how many lights a folder keeps for its room: past it, the oldest go.
const MaxUnsent = 200

// maxPost bounds a light's line in the file, as the room bounds its request.
const maxPost = 4 << 10

// ErrAway wraps the error of a light the room did not answer for, or could not keep: the
// light waits in the folder, to go with the next run. A light the room refused, for what it
// is, does not wait.
var ErrAway = errors.New("the room is away")

// A waiting light is a light kept in the folder for its room: it goes there alone, whatever
// room a later run sends to. A line an older kata kept, with no room, goes nowhere.
type waiting struct {
	Room   string `json:"room,omitempty"`   // the room, known by its name and token: Room.key
	Commit string `json:"commit,omitempty"` // the commit of its run's code in the folder's log
	Post
}

// readUnsent returns the lights waiting in the folder dir, oldest first; none where there is
// no file, and an error that says so where it cannot be read as kata writes it.
func readUnsent(dir string) ([]waiting, error) {
	data, err := journal.ReadPlain(filepath.Join(dir, UnsentPath), MaxUnsent*(maxPost+1))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []waiting
	for line := range bytes.SplitSeq(bytes.TrimSpace(data), []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		var p waiting
		if err := json.Unmarshal(line, &p); err != nil || p.Check() != nil {
			return nil, fmt.Errorf("%s holds a line that is no light kata kept", filepath.Join(dir, UnsentPath))
		}
		out = append(out, p)
	}
	return out, nil
}

// writeUnsent keeps posts as the lights waiting in dir, the newest MaxUnsent of them; none
// removes the file.
func writeUnsent(dir string, posts []waiting) error {
	path := filepath.Join(dir, UnsentPath)
	if len(posts) == 0 {
		err := os.Remove(path)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	if err := journal.Check(dir); err != nil {
		return err
	}
	posts = posts[max(0, len(posts)-MaxUnsent):]
	var buf bytes.Buffer
	for _, p := range posts {
		line, _ := json.Marshal(p) // strings and numbers
		buf.Write(append(line, '\n'))
	}
	tmp := path + ".new"
	f, err := journal.OpenPlain(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(buf.Bytes())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// A Delivery is a run's light on its way to the room, kept in the folder with the lights that
// wait there (UnsentPath) until the room has taken them: a run keeps it before it prints, and
// sends it after, so that nothing that happens in between — an output closed early, a kill —
// loses it; the next run that reaches the room sends it.
type Delivery struct {
	room   Room
	dir    string
	queue  []waiting // the lights waiting for the room, then the run's own
	others []waiting // the lights waiting for other rooms, which stay
	// stuck says the folder's file could not be read nor moved aside: it is not written over,
	// and the run's light goes from memory alone.
	stuck bool
	bad   error  // why the lights that waited could not be read, or the run's kept
	code  CodeOf // the code of a light's run, by its commit; nil for none
}

// queue keeps post in dir, after the lights waiting there, and returns its delivery. A file of
// waiting lights that cannot be read is moved to UnreadablePath, and post goes all the same.
func queue(room Room, dir string, post Post, commit string) Delivery {
	d := Delivery{room: room, dir: dir}
	own := waiting{room.key(), commit, post}
	kept, bad := readUnsent(dir)
	if bad != nil {
		// What cannot be read is moved aside, not lost, and the run's own light still goes.
		if err := moveAside(dir); err != nil {
			d.queue, d.stuck = []waiting{own}, true
			d.bad = fmt.Errorf("the lights kept for the room: %w; nor could it be moved aside: %v", bad, err)
			return d
		}
		d.bad = fmt.Errorf("the lights kept for the room could not be read, and are moved to %s: %w", UnreadablePath, bad)
	}
	for _, w := range kept {
		if w.Room == own.Room {
			d.queue = append(d.queue, w)
		} else {
			d.others = append(d.others, w)
		}
	}
	d.queue = append(d.queue, own)
	if err := writeUnsent(dir, append(d.others, d.queue...)); err != nil {
		d.bad = errors.Join(d.bad, fmt.Errorf("the light could not be kept to send later: %w", err))
	}
	return d
}

// Send sends the lights of the delivery's room, in order, each once: those kept for another
// room stay for it. At the first the room is away for (ErrAway) it stops, and that light and
// those after it wait in the folder for the next run; a light the room refuses for what it is
// is not sent again. It returns an error that says what happened to the run's own light —
// not sent, and why; or sent, where something of the folder's file went wrong.
func (d Delivery) Send(ctx context.Context) error {
	notSent := func(err error) error { return fmt.Errorf("the light was not sent to the dojo: %w", err) }
	var last error
	for i, p := range d.queue {
		err := d.send(ctx, p)
		if errors.Is(err, ErrAway) {
			if d.stuck {
				return errors.Join(notSent(fmt.Errorf("%w; nor can it be kept to send with the next run", err)), d.bad)
			}
			if werr := writeUnsent(d.dir, append(d.others, d.queue[i:]...)); werr != nil {
				return errors.Join(notSent(fmt.Errorf("%w; nor could it be kept to send with the next run: %v", err, werr)), d.bad)
			}
			return errors.Join(notSent(fmt.Errorf("%w; %s", err, kept(len(d.queue)-i))), d.bad)
		}
		last = err // a refusal: of the run's own light, it is said
	}
	var werr error
	if !d.stuck {
		werr = writeUnsent(d.dir, d.others)
	}
	switch {
	case last != nil:
		return errors.Join(notSent(last), werr, d.bad)
	case werr != nil || d.bad != nil:
		return fmt.Errorf("the light reached the dojo; but %w", errors.Join(d.bad, werr))
	}
	return nil
}

// send sends a waiting light with its code: the files the light before did not bring, or,
// where the room does not hold those (ErrWholeCode), whole. A run whose code cannot be read
// sends its light without it.
func (d Delivery) send(ctx context.Context, w waiting) error {
	post := w.Post
	if d.code == nil || w.Commit == "" {
		return d.room.Send(ctx, post)
	}
	post.Code, _ = d.code(w.Commit, false)
	err := d.room.Send(ctx, post)
	if errors.Is(err, ErrWholeCode) {
		if post.Code, err = d.code(w.Commit, true); err == nil {
			err = d.room.Send(ctx, post)
		}
	}
	return err
}

// moveAside moves the folder's UnsentPath to UnreadablePath, where no file is yet: one moved
// before is not written over.
func moveAside(dir string) error {
	to := filepath.Join(dir, UnreadablePath)
	if _, err := os.Lstat(to); !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s is there already: look at both, then remove them", UnreadablePath)
	}
	return os.Rename(filepath.Join(dir, UnsentPath), to)
}

// kept says that n lights wait for the room.
func kept(n int) string {
	if n == 1 {
		return "it is kept, to go with the next run that reaches the room"
	}
	return fmt.Sprintf("it is kept with the %d before it, to go with the next run that reaches the room", n-1)
}
