package server

import (
	"cmp"
	"encoding/json"
	"fmt"
	"sync"
)

// streamBuffer is how many frames a dashboard's stream holds for it while it writes: one that
// falls further behind is ended, and its page, reconnecting, reads what it missed from the
// room's backlog.
const streamBuffer = 512

// A frame is what a stream writes for an event, encoded once for every stream: a light (its
// id the light's), or trouble (id 0).
type frame struct {
	id   int64
	data []byte
}

// lightFrame is the frame of a light the room took.
func lightFrame(l Stored) (frame, error) {
	data, err := json.Marshal(l)
	if err != nil {
		return frame{}, err
	}
	return frame{l.ID, fmt.Appendf(nil, "id: %d\nevent: light\ndata: %s\n\n", l.ID, data)}, nil
}

// troubleFrame is the frame that tells a room's dashboards the server could not keep a light.
func troubleFrame(at int64, msg string) frame {
	data, _ := json.Marshal(map[string]any{"at": at, "error": msg}) // a string and a number: never fails
	return frame{0, fmt.Appendf(nil, "event: trouble\ndata: %s\n\n", data)}
}

// A hub hands each frame of a room to the room's open streams. It bounds the streams open at
// once: in all, in a room, and of one client, so that no room, nor one machine, can take every
// dashboard the server has.
type hub struct {
	mu      sync.Mutex
	streams map[string]map[chan frame]string // by room: each stream's client
	clients map[string]int                   // streams open by client
	count   int
	// The bounds: every room's streams together, a room's, a client's; 0 for the Max ones.
	all, room, client int
}

// subscribe opens a stream of the room's frames for a client (its address), unless the
// streams open already are at a bound; then it returns why not.
func (h *hub) subscribe(room, client string) (chan frame, string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	all, perRoom, perClient := cmp.Or(h.all, MaxStreams), cmp.Or(h.room, MaxRoomStreams), cmp.Or(h.client, MaxClientStreams)
	switch {
	case h.count >= all:
		return nil, fmt.Sprintf("the dojo has %d dashboards open: close one", all)
	case len(h.streams[room]) >= perRoom:
		return nil, fmt.Sprintf("the room has %d dashboards open: close one", perRoom)
	case h.clients[client] >= perClient:
		return nil, fmt.Sprintf("%d dashboards of the dojo are open from %s: close one", perClient, client)
	}
	if h.streams == nil {
		h.streams, h.clients = map[string]map[chan frame]string{}, map[string]int{}
	}
	if h.streams[room] == nil {
		h.streams[room] = map[chan frame]string{}
	}
	ch := make(chan frame, streamBuffer)
	h.streams[room][ch] = client
	h.clients[client]++
	h.count++
	return ch, ""
}

// drop forgets a stream of the room and closes it; the lock is held.
func (h *hub) drop(room string, ch chan frame) {
	client := h.streams[room][ch]
	delete(h.streams[room], ch)
	if len(h.streams[room]) == 0 {
		delete(h.streams, room)
	}
	if h.clients[client]--; h.clients[client] <= 0 {
		delete(h.clients, client)
	}
	h.count--
	close(ch)
}

// unsubscribe closes a stream, unless publish has.
func (h *hub) unsubscribe(room string, ch chan frame) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.streams[room][ch]; ok {
		h.drop(room, ch)
	}
}

// publish hands a frame to the room's streams, and closes any stream too far behind to take it.
func (h *hub) publish(room string, f frame) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.streams[room] {
		select {
		case ch <- f:
		default:
			h.drop(room, ch)
		}
	}
}

// closeAll closes every stream, as the server stops.
func (h *hub) closeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for room, chans := range h.streams {
		for ch := range chans {
			h.drop(room, ch)
		}
	}
}
