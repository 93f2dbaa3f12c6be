package server

import "sync"

// streamBuffer is how many lights a dashboard's stream holds for it while it writes: one that
// falls further behind is ended, and its page, reconnecting, reads what it missed from the
// store.
const streamBuffer = 512

// A hub hands each light a room takes to the room's open streams.
type hub struct {
	mu      sync.Mutex
	streams map[string]map[chan Stored]struct{} // by room
	count   int
}

// subscribe opens a stream of the room's lights, unless max streams are open already.
func (h *hub) subscribe(room string, max int) (chan Stored, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.count >= max {
		return nil, false
	}
	if h.streams == nil {
		h.streams = map[string]map[chan Stored]struct{}{}
	}
	if h.streams[room] == nil {
		h.streams[room] = map[chan Stored]struct{}{}
	}
	ch := make(chan Stored, streamBuffer)
	h.streams[room][ch] = struct{}{}
	h.count++
	return ch, true
}

// unsubscribe closes a stream, unless publish has.
func (h *hub) unsubscribe(room string, ch chan Stored) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.streams[room][ch]; ok {
		delete(h.streams[room], ch)
		h.count--
		close(ch)
	}
}

// publish hands a light to the room's streams, and closes any stream too far behind to take it.
func (h *hub) publish(l Stored) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.streams[l.Room] {
		select {
		case ch <- l:
		default:
			delete(h.streams[l.Room], ch)
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
