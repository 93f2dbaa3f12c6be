package server

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/deliberate-practice/katas/internal/history"
)

// review answers GET /rooms/NAME/TOKEN/lights/ID: one light of the room with its code, the
// diff from the participant's light before, and the lights to step to (Review), as JSON. It
// reads the one light asked for, so that a room of a day's lights answers as fast as a new
// one; the page holds no code.
func (s *Server) review(w http.ResponseWriter, r *http.Request) {
	rm, ok := s.room(r)
	if !ok {
		refuse(w, http.StatusNotFound, noRoom)
		return
	}
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id < 1 {
		refuse(w, http.StatusNotFound, "no such light: want its number")
		return
	}
	select {
	case s.reviewing <- struct{}{}:
		defer func() { <-s.reviewing }()
	case <-r.Context().Done():
		return // the dashboard has gone: nothing to answer
	}
	if r.Context().Err() != nil {
		return
	}
	rv, found, err := s.reviewOf(rm.name, id)
	switch {
	case err != nil:
		refuse(w, http.StatusInternalServerError, "the dojo could not read the light: "+err.Error())
		return
	case !found:
		refuse(w, http.StatusNotFound, "the room has no light "+strconv.FormatInt(id, 10))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(rv)
}

// reviewOf is the review of a room's light numbered id.
func (s *Server) reviewOf(room string, id int64) (Review, bool, error) {
	l, code, ok, err := s.store.light(room, id)
	if err != nil || !ok {
		return Review{}, ok, err
	}
	rv := Review{Stored: l, Files: []ReviewFile{}, Cut: []string{}, Diff: []ReviewDiff{}, Sent: code != nil}
	if rv.Prev, rv.Next, err = s.store.neighbours(room, l.Name, id); err != nil {
		return Review{}, false, err
	}
	if code == nil {
		return rv, true, nil
	}
	texts, err := s.store.texts(room, code)
	if err != nil {
		return Review{}, false, err
	}
	for _, f := range code.Files {
		rv.Files = append(rv.Files, ReviewFile{f.Path, string(texts[f.Path])})
	}
	if code.Cut != nil {
		rv.Cut = code.Cut
	}
	before := map[string][]byte{}
	if rv.Prev != 0 {
		_, prevCode, ok, err := s.store.light(room, rv.Prev)
		if err != nil {
			return Review{}, false, err
		}
		if ok && prevCode != nil {
			rv.Before = true
			if before, err = s.store.texts(room, prevCode); err != nil {
				return Review{}, false, err
			}
		}
	}
	if rv.Prev != 0 && !rv.Before {
		return rv, true, nil // nothing to compare with: the light before brought no code
	}
	for _, c := range history.Compare(before, texts) {
		rv.Diff = append(rv.Diff, ReviewDiff{c.Path, c.Added, c.Removed, c.Unified})
	}
	return rv, true, nil
}
