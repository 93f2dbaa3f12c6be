package server

import (
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"
)

// heartbeat is how often a quiet stream says it is there, so that no proxy closes it.
const heartbeat = 15 * time.Second

// events streams a room's lights to its dashboard, as server-sent events: GET
// /rooms/NAME/TOKEN/events. Each event is a light, its id the light's: a page reconnecting
// with the id of the last it has (Last-Event-ID, as EventSource sends it, or ?after=ID, as a
// page that opens a new EventSource asks) gets those after it, and every light comes once, in
// the order the room took them. The lights before come from the room's backlog in memory,
// so that a dashboard's catching up costs the store, and the participants, nothing. An event
// "trouble" says the server could not keep a light.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	rm, ok := s.room(r)
	if !ok {
		http.Error(w, noRoom, http.StatusNotFound)
		return
	}
	var last int64
	id := r.Header.Get("Last-Event-ID")
	if id == "" {
		id = r.URL.Query().Get("after")
	}
	if id != "" {
		n, err := strconv.ParseInt(id, 10, 64)
		if err != nil || n < 0 {
			http.Error(w, "Last-Event-ID is no light's id", http.StatusBadRequest)
			return
		}
		last = n
	}
	// Subscribed before the backlog is read, so that no light falls between the two; one in
	// both is sent once, by its id.
	live, full := s.hub.subscribe(rm.name, clientOf(r))
	if full != "" {
		http.Error(w, full, http.StatusServiceUnavailable)
		return
	}
	defer s.hub.unsubscribe(rm.name, live)
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	send := func(f frame) error {
		if f.id != 0 && f.id <= last {
			return nil
		}
		if f.id != 0 {
			last = f.id
		}
		_, err := w.Write(f.data)
		return err
	}
	fmt.Fprint(w, "retry: 1000\n\n")
	for _, f := range s.since(rm, last) {
		if send(f) != nil {
			return
		}
	}
	// The page knows it has every light so far: it has caught up.
	fmt.Fprint(w, "event: caught-up\ndata: {}\n\n")
	if rc.Flush() != nil {
		return
	}
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.done:
			return
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": still here\n\n"); err != nil || rc.Flush() != nil {
				return
			}
		case f, ok := <-live:
			if !ok {
				return // too far behind, or the server is stopping: the page reconnects
			}
			if send(f) != nil {
				return
			}
			// Whatever else has come goes in the same write.
			for more := true; more; {
				select {
				case f, ok := <-live:
					if !ok {
						rc.Flush()
						return
					}
					if send(f) != nil {
						return
					}
				default:
					more = false
				}
			}
			if rc.Flush() != nil {
				return
			}
		}
	}
}

// clientOf is the address a request came from, without its port: a client's dashboards count
// together.
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
