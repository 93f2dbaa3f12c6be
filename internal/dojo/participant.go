package dojo

import (
	"errors"
	"fmt"
)

// A Participant is who sends their runs' lights to a room, and the room.
type Participant struct {
	Room Room
	Name string
	// NoCode keeps the participant's code out of the room: their lights go without it.
	NoCode bool
}

// A CodeOf returns the code of the run whose commit is named: the files the light before did
// not bring alone, or whole.
type CodeOf func(commit string, whole bool) (*Code, error)

// NewParticipant returns the participant name in the room at the address addr (as kata dojo
// serve prints it), or an error that says what is wrong with either.
func NewParticipant(addr, name string) (Participant, error) {
	room, err := ParseRoom(addr)
	if err != nil {
		return Participant{}, err
	}
	if name == "" {
		return Participant{}, errors.New("the room's dashboard needs your name: --name NAME, or " + EnvName + " in the environment")
	}
	if err := CheckName(name); err != nil {
		return Participant{}, fmt.Errorf("your name for the room's dashboard: %w", err)
	}
	return Participant{Room: room, Name: name}, nil
}

// Keep keeps the light of a run in the folder dir, after the lights waiting there for the
// room, and returns its delivery, which Send sends: a run keeps its light before it prints,
// and sends it after. A light the room is away for waits in the folder (UnsentPath), and
// goes, in order and once, before the light of the next run that reaches the room; the room
// shows each at the time of its run. Each brings the code of its run, the commit of the
// folder's log named commit, as code gives it when it is sent; none where commit is "", code
// is nil, or the participant said NoCode.
func (p Participant) Keep(dir string, l Post, commit string, code CodeOf) Delivery {
	if p.NoCode {
		commit, code = "", nil
	}
	d := queue(p.Room, dir, l, commit)
	d.code = code
	return d
}
