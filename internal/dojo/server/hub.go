package server

import (
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

// A hub hands each frame of a room to the room's open streams.
type hub struct {
	mu      sync.Mutex
	streams map[string]map[chan frame]struct{} // by room
	count   int
}

// subscribe opens a stream of the room's frames, unless max streams are open already.
func (h *hub) subscribe(room string, max int) (chan frame, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.count >= max {
		return nil, false
	}
	if h.streams == nil {
		h.streams = map[string]map[chan frame]struct{}{}
	}
	if h.streams[room] == nil {
		h.streams[room] = map[chan frame]struct{}{}
	}
	ch := make(chan frame, streamBuffer)
	h.streams[room][ch] = struct{}{}
	h.count++
	return ch, true
}

// unsubscribe closes a stream, unless publish has.
func (h *hub) unsubscribe(room string, ch chan frame) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.streams[room][ch]; ok {
		delete(h.streams[room], ch)
		h.count--
		close(ch)
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
			delete(h.streams[room], ch)
			h.count--
			close(ch)
		}
	}
}

// closeAll closes every stream, as the server stops.
func (h *hub) closeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for room, chans := range h.streams {
		for ch := range chans {
			close(ch)
		}
		delete(h.streams, room)
	}
	h.count = 0
}
