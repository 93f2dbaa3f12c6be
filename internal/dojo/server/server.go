// Package server is a room of practitioners' server, as kata dojo serve runs it: it takes the
// lights that participants' runs send (package dojo), keeps them in an SQLite file, and serves
// each room's dashboard, a page that shows every participant's lights over time and takes
// each new one as it comes, through server-sent events.
//
// Each room's address holds a token, and a request without it learns nothing of the room.
// Requests are bounded in size and rate (limit.go), a bad one changes nothing, and what a
// participant names — themselves, their kata — reaches the page only as text. A light's mark
// is held to its kata's scale, which the server is given (Options.Scales): a mark no
// implementation reaches, or one on a kata without marks, is refused (marks.go).
package server

import (
	"bytes"
	"cmp"
	"crypto/rand"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// A Server serves a dojo's rooms from its store. Its zero value is not usable: Open makes one.
type Server struct {
	store  *store
	now    func() time.Time
	scales map[string]verdict.Scale // by kata: the marks the server takes
	shown  map[string]shownScale    // the same, as the dashboard shows them
	// shownLights is how many of a room's latest lights its dashboard shows one by one.
	shownLights int
	mux         *http.ServeMux
	hub         hub
	done        chan struct{} // closed by Close, which ends every stream
	// posting bounds the requests for lights read at once: each may bring a light's code,
	// up to MaxBody bytes.
	posting chan struct{}
	// reviewing bounds the reviews read at once, each a light's code and the one's before.
	reviewing chan struct{}

	mu     sync.Mutex // orders the lights each room takes, and guards rooms and unkept
	rooms  map[string]*room
	unkept Unkept // the lights the store could not keep
}

// A room is a room's token, its participants' allowances, and its lights.
type room struct {
	name, token  string
	participants map[string]*bucket
	// backlog is every light the room took, oldest first, as a stream writes it: a
	// dashboard that opens, or reconnects, catches up from memory, and costs the store
	// nothing. It only grows; a stream reads the part it took under the lock.
	backlog  []frame
	lights   []Stored          // the same lights, for the page's first paint (board.go)
	taken    map[runKey]Stored // each light by its participant and run's time: a light sent again is taken once
	troubled time.Time         // when the room's dashboards were last told of a light not kept
}

// A runKey is a light's participant and the time of its run.
type runKey struct {
	name string
	at   int64
}

// MaxLate is how long after its run a light may come and be shown at its run's time: a light
// kept while the room was away. One older, or from the future, is shown when it comes.
const MaxLate = 24 * time.Hour

// Unkept counts the lights a server could not keep, and says why the last was not.
type Unkept struct {
	Lights int
	Last   error
}

// Options are how a server runs: its clock, and the katas' scales of marks. The zero value
// is a server on time.Now that takes no mark.
type Options struct {
	// Now is the server's clock; time.Now where nil.
	Now func() time.Time
	// Scales are the scales of the katas whose runs carry a mark, by the kata's name: a
	// light's mark is taken only on its kata's scale, and only where the scale says an
	// implementation reaches it (verdict.Scale.Check). A kata not here has no marks.
	Scales map[string]verdict.Scale
	// Shown is how many of a room's latest lights its dashboard shows one by one, however
	// many it holds: those before are counted, by participant and light, in the column
	// earlier. ShownLights where 0.
	Shown int
}

// Open opens the server of the store in the file at path, making the file if there is none,
// to run as opts say. The file holds rooms and lights from before, and the server serves
// them; a mark among them that the katas' scales refuse — kept before marks were held to
// them, or on a scale since changed — is set aside: its light is shown, without the mark,
// which is neither shown nor ranked. The file keeps it as it was.
func Open(path string, opts Options) (*Server, error) {
	st, err := openStore(path)
	if err != nil {
		return nil, err
	}
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	s := &Server{store: st, now: now, scales: maps.Clone(opts.Scales), shown: shown(opts.Scales), shownLights: cmp.Or(max(opts.Shown, 0), ShownLights), done: make(chan struct{}), rooms: map[string]*room{}, posting: make(chan struct{}, MaxPosting), reviewing: make(chan struct{}, MaxReviewing)}
	tokens, err := st.rooms()
	if err != nil {
		st.close()
		return nil, fmt.Errorf("%s: reading its rooms: %w", path, err)
	}
	for name, token := range tokens {
		rm := &room{name: name, token: token, participants: map[string]*bucket{}, taken: map[runKey]Stored{}}
		if err := s.load(rm); err != nil {
			st.close()
			return nil, fmt.Errorf("%s: reading the lights of the room %s: %w", path, name, err)
		}
		s.rooms[name] = rm
	}
	names, err := st.participants()
	if err != nil {
		st.close()
		return nil, fmt.Errorf("%s: reading its participants: %w", path, err)
	}
	for name, people := range names {
		if r := s.rooms[name]; r != nil {
			for p, last := range people {
				r.participants[p] = &bucket{tokens: Burst, at: last} // quiet since its last light
			}
		}
	}
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("GET /{$}", s.home)
	s.mux.HandleFunc("GET "+dojo.RoomPattern+"/{$}", s.page)
	s.mux.HandleFunc("GET "+dojo.RoomPattern, s.page)
	s.mux.HandleFunc("GET "+dojo.RoomPattern+"/events", s.events)
	s.mux.HandleFunc("POST "+dojo.RoomPattern+"/lights", s.postLight)
	s.mux.HandleFunc("GET "+dojo.RoomPattern+"/lights/{id}", s.review)
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
	return s, nil
}

// load reads a room's lights from the store into its backlog.
func (s *Server) load(rm *room) error {
	var last int64
	for {
		lights, err := s.store.after(rm.name, last, backlogChunk)
		if err != nil {
			return err
		}
		for _, l := range lights {
			if l.Mark != nil && s.checkMark(l.Post) != nil {
				l.Mark = nil // set aside: no implementation reaches it, or its kata has no marks
			}
			f, err := lightFrame(l)
			if err != nil {
				return err
			}
			rm.backlog = append(rm.backlog, f)
			rm.lights = append(rm.lights, l)
			rm.taken[runKey{l.Name, l.At}] = l
			last = l.ID
		}
		if len(lights) < backlogChunk {
			return nil
		}
	}
}

// backlogChunk is how many lights Open reads from the store at a time.
const backlogChunk = 1000

// Unkept returns how many lights the server could not keep since it opened, and why the last
// was not: a full disk, a file that became read-only. Each was refused to its sender, who
// goes on practising, and the room's dashboards were told.
func (s *Server) Unkept() Unkept {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.unkept
}

// Close ends every dashboard's stream and closes the store.
func (s *Server) Close() error {
	select {
	case <-s.done:
		return nil
	default:
	}
	close(s.done)
	s.hub.closeAll()
	return s.store.close()
}

// Room returns the token of the room named name, making the room, with a new token, if there
// is none of that name. A name a room's address cannot hold is an error (dojo.CheckRoomName).
func (s *Server) Room(name string) (token string, err error) {
	if err := dojo.CheckRoomName(name); err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if r := s.rooms[name]; r != nil {
		return r.token, nil
	}
	token = newToken()
	if err := s.store.addRoom(name, token, s.now()); err != nil {
		return "", fmt.Errorf("keeping the room %s: %w", name, err)
	}
	s.rooms[name] = &room{name: name, token: token, participants: map[string]*bucket{}, taken: map[runKey]Stored{}}
	return token, nil
}

// Rooms returns the names of the rooms, sorted.
func (s *Server) Rooms() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Sorted(maps.Keys(s.rooms))
}

// newToken returns a room's new token: 128 random bits, in the 26 letters and digits of
// base32, lower case.
func newToken() string {
	return strings.ToLower(rand.Text())
}

// ServeHTTP serves the dojo's pages, streams and lights.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	s.mux.ServeHTTP(w, r)
}

// noRoom is what a request for a room that is not there, or without the room's token, learns.
const noRoom = "no such room, or not its token: ask the facilitator for the room's address"

// room returns the room the request's path names, if its token is the room's.
func (s *Server) room(r *http.Request) (*room, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rm := s.rooms[r.PathValue("room")]
	if rm == nil || subtle.ConstantTimeCompare([]byte(rm.token), []byte(r.PathValue("token"))) != 1 {
		return nil, false
	}
	return rm, true
}

// maxMessage bounds an error message the server sends: none grows with what it was sent.
const maxMessage = 300

// refuse answers a request for a light with an error, as JSON, which dojo.Room.Send reads.
func refuse(w http.ResponseWriter, code int, msg string) {
	msg = cutMessage(msg)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(map[string]string{"error": strings.ToValidUTF8(msg, "?")})
}

// postLight takes a participant's light: POST /rooms/NAME/TOKEN/lights, a dojo.Post as JSON.
func (s *Server) postLight(w http.ResponseWriter, r *http.Request) {
	rm, ok := s.room(r)
	if !ok {
		refuse(w, http.StatusNotFound, noRoom)
		return
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		refuse(w, http.StatusUnsupportedMediaType, "a light is sent as application/json")
		return
	}
	select {
	case s.posting <- struct{}{}:
		defer func() { <-s.posting }()
	case <-r.Context().Done():
		return
	}
	body := http.MaxBytesReader(w, r.Body, MaxBody) // the whole request, the light and all after it
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	var l dojo.Post
	err := dec.Decode(&l)
	if err == nil {
		// Nothing but white space after the light: read to the end, within the bound.
		rest, rerr := io.ReadAll(io.MultiReader(dec.Buffered(), body))
		switch {
		case rerr != nil:
			err = rerr
		case len(bytes.TrimSpace(rest)) > 0:
			err = errors.New("more follows the light: a request is one light")
		}
	}
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		refuse(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request is larger than the %d bytes a light takes", MaxBody))
		return
	case errors.Is(err, os.ErrDeadlineExceeded):
		refuse(w, http.StatusRequestTimeout, "the light came too slowly: the server reads a request for so long, and no longer")
		return
	case err != nil:
		refuse(w, http.StatusBadRequest, "the request is no light: "+err.Error())
		return
	}
	// The mark first: of a light whose mark no implementation reaches, that is what to say.
	if err := s.checkMark(l); err != nil {
		refuse(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := l.Check(); err != nil {
		refuse(w, http.StatusBadRequest, err.Error())
		return
	}
	// Code that comes as a change from the light before, which the room does not hold (a
	// light before sent elsewhere, or cut): the participant sends it again whole.
	if n, err := s.store.missing(rm.name, l.Code); err != nil || n > 0 {
		if err != nil {
			refuse(w, http.StatusInternalServerError, "the dojo could not read the code it holds: "+err.Error())
			return
		}
		refuse(w, http.StatusConflict, fmt.Sprintf("the room does not hold %d of the light's files: send the code whole", n))
		return
	}
	stored, code, err := s.take(rm, l)
	if err != nil {
		refuse(w, code, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusCreated)
	json.NewEncoder(w).Encode(stored)
}

// take keeps a room's light and hands it to the room's streams, unless the room has all the
// participants it takes or the participant has sent too many lights too fast: then it
// returns the status and the error, and nothing changes.
func (s *Server) take(rm *room, l dojo.Post) (Stored, int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	at := now // when the room shows the light: its run's time, where it says one within bounds
	if run := time.UnixMilli(l.At); l.At > 0 && !run.After(now) && now.Sub(run) <= MaxLate {
		at = run
		if kept, ok := rm.taken[runKey{l.Name, l.At}]; ok {
			return kept, 0, nil // sent again, as a light kept while the room was away may be: taken once
		}
	}
	b := rm.participants[l.Name]
	if b == nil || now.Sub(b.at) >= QuietAfter {
		if rm.active(now) >= MaxParticipants {
			return Stored{}, http.StatusForbidden, fmt.Errorf("the room has its %d participants already, each with a light in the last %v: a name makes room when it has gone that long without one; or ask the facilitator for another room", MaxParticipants, QuietAfter)
		}
	}
	if b == nil {
		b = &bucket{}
	}
	before := *b
	if !b.take(now) {
		return Stored{}, http.StatusTooManyRequests, fmt.Errorf("too many lights from %s: at most %d at once and %d a minute", l.Name, Burst, PerMinute)
	}
	l.At = 0 // the room's time is Stored.At
	stored, err := s.store.add(rm.name, at, l)
	var f frame
	if err == nil {
		f, err = lightFrame(stored)
	}
	if err != nil {
		*b = before
		s.unkept.Lights++
		s.unkept.Last = err
		if now.Sub(rm.troubled) >= troubleEvery { // the dashboards told, and not flooded
			rm.troubled = now
			s.hub.publish(rm.name, troubleFrame(now.UnixMilli(), "the dojo could not keep a light: "+cutMessage(err.Error())))
		}
		return Stored{}, http.StatusInternalServerError, fmt.Errorf("the dojo could not keep the light: %v", err)
	}
	rm.participants[l.Name] = b
	rm.backlog = append(rm.backlog, f)
	rm.lights = append(rm.lights, stored)
	rm.taken[runKey{l.Name, stored.At}] = stored
	s.hub.publish(rm.name, f)
	return stored, 0, nil
}

// active counts the room's participants at time now: the names with a light in the last
// QuietAfter.
func (rm *room) active(now time.Time) int {
	n := 0
	for _, b := range rm.participants {
		if now.Sub(b.at) < QuietAfter {
			n++
		}
	}
	return n
}

// troubleEvery is how often, at most, a room's dashboards are told of lights not kept.
const troubleEvery = time.Second

// cutMessage cuts msg to maxMessage bytes, at a character's boundary: no message the server
// sends grows with its cause.
func cutMessage(msg string) string {
	if len(msg) > maxMessage {
		msg = strings.ToValidUTF8(msg[:maxMessage], "") + "…"
	}
	return msg
}

// lights returns every light the room took, oldest first. Like the backlog, the list only
// grows: what it returns stays as it is.
func (s *Server) lights(rm *room) []Stored {
	s.mu.Lock()
	defer s.mu.Unlock()
	return rm.lights[:len(rm.lights):len(rm.lights)]
}

// since returns the part of the room's backlog after the light numbered last.
func (s *Server) since(rm *room, last int64) []frame {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := rm.backlog
	i, _ := slices.BinarySearchFunc(b, last, func(f frame, id int64) int { return cmp.Compare(f.id, id) })
	if i < len(b) && b[i].id == last {
		i++
	}
	return b[i:len(b):len(b)]
}
