package dojo

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/verdict"
)

var token = strings.Repeat("a", 26)

func TestParseRoom(t *testing.T) {
	for _, c := range []struct{ in, want, err string }{
		{in: "http://10.0.0.5:8080/rooms/dojo/" + token, want: "http://10.0.0.5:8080/rooms/dojo/" + token},
		{in: "https://dojo.example/rooms/tue-2/" + token + "/", want: "https://dojo.example/rooms/tue-2/" + token},
		{in: "10.0.0.5:8080", err: "is no URL"},
		{in: "localhost:8080/rooms/dojo/" + token, err: "is not http://HOST:PORT/rooms/NAME/TOKEN"},
		{in: "ftp://host/rooms/dojo/" + token, err: "is not http://HOST:PORT/rooms/NAME/TOKEN"},
		{in: "http:///rooms/dojo/" + token, err: "is not http://HOST:PORT/rooms/NAME/TOKEN"},
		{in: "http://host/rooms/dojo", err: "names no room"},
		{in: "http://host/rooms/Dojo/" + token, err: "names no room"},
		{in: "http://host/rooms/dojo/" + token + "?x=1", err: "names no room"},
		{in: "http://user:pw@host/rooms/dojo/" + token, err: "names no room"},
		{in: "http://host/rooms/dojo/" + token + "/lights", err: "names no room"},
	} {
		r, err := ParseRoom(c.in)
		if c.err != "" {
			assert.ErrorContains(t, err, c.err, c.in)
			continue
		}
		require.NoError(t, err, c.in)
		assert.Equal(t, c.want, r.String())
		again, err := ParseRoom(r.String())
		require.NoError(t, err)
		assert.Equal(t, r, again, "String and ParseRoom round trip")
	}
	_, err := ParseRoom("http://host/" + strings.Repeat("x", 1<<20))
	require.Error(t, err)
	assert.Less(t, len(err.Error()), 300, "no message grows with its input")
}

func TestCheck(t *testing.T) {
	good := Post{Name: "ann", Kata: "mastermind", Light: verdict.Green, Passed: 3, Total: 3}
	require.NoError(t, good.Check())
	for what, change := range map[string]func(*Post){
		"the name is empty":                  func(l *Post) { l.Name = "" },
		"is not UTF-8":                       func(l *Post) { l.Name = "\xff" },
		"longer than 40 characters":          func(l *Post) { l.Name = strings.Repeat("é", 41) },
		"starts or ends with a space":        func(l *Post) { l.Name = "ann\t" },
		"holds a control character":          func(l *Post) { l.Name = "a\u202en" },
		"the kata's name is empty":           func(l *Post) { l.Kata = "" },
		"no light: want green, red or amber": func(l *Post) { l.Light = verdict.NoLight },
		"no light 9":                         func(l *Post) { l.Light = 9 },
		"no light 7 predicted":               func(l *Post) { l.Predicted = 7 },
		"4 passed of 3":                      func(l *Post) { l.Passed = 4 },
		"-1 scenarios":                       func(l *Post) { l.Total = -1 },
		"lines added":                        func(l *Post) { l.Added = -5 },
		"a mark over 0 games":                func(l *Post) { l.Mark = &verdict.Mark{Total: 1, Worst: 1, Games: 0} },
		"a mark of 2000 guesses at worst":    func(l *Post) { l.Mark = &verdict.Mark{Total: 2000, Worst: 2000, Games: 1} },
		"a mark of 5 guesses over 6 games":   func(l *Post) { l.Mark = &verdict.Mark{Total: 5, Worst: 1, Games: 6} },
		"a mark of 40 guesses over 6 games":  func(l *Post) { l.Mark = &verdict.Mark{Total: 40, Worst: 6, Games: 6} },
	} {
		l := good
		change(&l)
		err := l.Check()
		assert.ErrorIs(t, err, ErrBadLight, what)
		assert.ErrorContains(t, err, what)
	}
	marked := good
	marked.Mark = &verdict.Mark{Total: 5801, Worst: 5, Games: 1296}
	assert.NoError(t, marked.Check(), "a code breaker's mark")
	assert.NoError(t, CheckName(strings.Repeat("é", 40)), "40 characters, 80 bytes")
	assert.NoError(t, CheckName("ann & bob <pair 3>"), "a name is text: the page shows it as such")
}

// TestARefusalIsTheServersOwnWordsBounded: Send says why a room did not take a light, in the
// server's words, bounded and escaped whatever the server sends; and it sends nothing that
// Check refuses.
func TestARefusalIsTheServersOwnWordsBounded(t *testing.T) {
	var got []Post
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var l Post
		if r.URL.Path != "/rooms/dojo/"+token+"/lights" || r.Header.Get("Content-Type") != "application/json" || json.NewDecoder(r.Body).Decode(&l) != nil {
			http.Error(w, "not a light", http.StatusBadRequest)
			return
		}
		got = append(got, l)
		switch l.Name {
		case "hostile":
			w.WriteHeader(http.StatusTeapot)
			json.NewEncoder(w).Encode(map[string]string{"error": "\x1b[2J" + strings.Repeat("x", 900)}) // fits MaxReply, a screen it does not
		case "plain":
			w.WriteHeader(http.StatusBadGateway)
		default:
			w.WriteHeader(http.StatusCreated)
		}
	}))
	defer srv.Close()
	room, err := ParseRoom(srv.URL + "/rooms/dojo/" + token)
	require.NoError(t, err)
	ctx := context.Background()
	l := Post{Name: "ann", Kata: "mastermind", Light: verdict.Red, Passed: 1, Total: 3, Predicted: verdict.Red, Added: 4, Removed: 1}
	require.NoError(t, room.Send(ctx, l))
	assert.Equal(t, []Post{l}, got, "the light as sent")

	l.Name = "hostile"
	err = room.Send(ctx, l)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "refused the light: \\x1b[2Jxxx")
	assert.Less(t, len(err.Error()), MaxReply/2, "no message grows with the reply")
	l.Name = "plain"
	err = room.Send(ctx, l)
	assert.ErrorContains(t, err, "could not take the light: 502 Bad Gateway")
	assert.ErrorIs(t, err, ErrAway, "a light a proxy could not pass on can go later")

	l.Name = ""
	assert.ErrorIs(t, room.Send(ctx, l), ErrBadLight)
	assert.Len(t, got, 3, "a light Check refuses is not sent")
}

// TestASilentRoomCostsSendTimeout: a server that never answers costs a run SendTimeout.
func TestASilentRoomCostsSendTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { <-release }))
	defer srv.Close()
	defer close(release)
	room, err := ParseRoom(srv.URL + "/rooms/dojo/" + token)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond) // the run's own end comes first
	defer cancel()
	err = room.Send(ctx, Post{Name: "ann", Kata: "k", Light: verdict.Green})
	assert.ErrorContains(t, err, "did not answer")
	assert.ErrorIs(t, err, context.DeadlineExceeded)
}

// takingRoom is a room that takes every light, and the lights it took, in order. It closes
// when the test ends.
func takingRoom(t *testing.T, name ...string) (Room, *[]Post) {
	t.Helper()
	path := "/rooms/dojo/" + token
	if len(name) > 0 {
		path = "/rooms/" + name[0] + "/" + token
	}
	var got []Post
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var l Post
		require.NoError(t, json.NewDecoder(r.Body).Decode(&l))
		got = append(got, l)
		w.WriteHeader(http.StatusCreated)
	}))
	t.Cleanup(srv.Close)
	room, err := ParseRoom(srv.URL + path)
	require.NoError(t, err)
	return room, &got
}

// TestAnUnreadableQueueLosesNoLight: a file of waiting lights that kata cannot read is moved
// aside, kept as it was, and the run's own light still reaches the room; the runs after it
// are as if there had been no file.
func TestAnUnreadableQueueLosesNoLight(t *testing.T) {
	room, got := takingRoom(t)
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, ".kata"), 0o755))
	corrupt := []byte("{\"name\":\"ann\",\"kata\":\"mastermind\",\"light\":\n")
	require.NoError(t, os.WriteFile(filepath.Join(dir, UnsentPath), corrupt, 0o644))

	ctx := context.Background()
	l := Post{Name: "ann", Kata: "mastermind", Light: verdict.Green, Passed: 3, Total: 3}
	err := queue(room, dir, l, "").Send(ctx)
	assert.ErrorContains(t, err, "the light reached the dojo; but the lights kept for the room could not be read")
	assert.NotContains(t, err.Error(), "not sent", "the run's own light was sent: nothing says otherwise")
	assert.ErrorContains(t, err, "moved to .kata/unsent.unreadable")
	assert.ErrorContains(t, err, "holds a line that is no light kata kept")
	assert.Equal(t, []Post{l}, *got, "the run's own light reaches the room")
	kept, rerr := os.ReadFile(filepath.Join(dir, UnreadablePath))
	require.NoError(t, rerr)
	assert.Equal(t, corrupt, kept, "what could not be read is kept as it was")
	assert.NoFileExists(t, filepath.Join(dir, UnsentPath))

	l.Light = verdict.Red
	assert.NoError(t, queue(room, dir, l, "").Send(ctx), "the next run is as if there had been no file")
	assert.Len(t, *got, 2)

	// One moved aside before is not written over: the run's light still goes, and the error
	// says what to do.
	require.NoError(t, os.WriteFile(filepath.Join(dir, UnsentPath), []byte("garbage\n"), 0o644))
	err = queue(room, dir, l, "").Send(ctx)
	assert.ErrorContains(t, err, "holds a line that is no light kata kept")
	assert.ErrorContains(t, err, ".kata/unsent.unreadable is there already")
	assert.Len(t, *got, 3, "the run's own light reaches the room")
	kept, rerr = os.ReadFile(filepath.Join(dir, UnreadablePath))
	require.NoError(t, rerr)
	assert.Equal(t, corrupt, kept, "and the one kept before is as it was")
}

// TestALightIsKeptBeforeItIsSent: Keep puts the run's light in the folder, after those
// waiting, before anything is sent; Send sends them in order and leaves nothing behind.
func TestALightIsKeptBeforeItIsSent(t *testing.T) {
	room, got := takingRoom(t)
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, ".kata"), 0o755))
	before := Post{Name: "ann", Kata: "mastermind", Light: verdict.Red, Passed: 1, Total: 3, At: 1}
	require.NoError(t, writeUnsent(dir, []waiting{{Room: room.key(), Post: before}}))

	p := Participant{Room: room, Name: "ann"}
	d := p.Keep(dir, Post{Name: "ann", Kata: "mastermind", Light: verdict.Green, Passed: 3, Total: 3, At: 2}, "", nil)
	inFolder, err := readUnsent(dir)
	require.NoError(t, err)
	require.Len(t, inFolder, 2, "the run's light kept in the folder, after the one waiting")
	assert.Equal(t, int64(2), inFolder[1].At)
	assert.Empty(t, *got, "and nothing sent yet")
	require.NoError(t, d.Send(context.Background()))
	assert.Equal(t, []Post{inFolder[0].Post, inFolder[1].Post}, *got, "both sent, in order")
	assert.NoFileExists(t, filepath.Join(dir, UnsentPath))
}

// TestAWaitingLightGoesToItsOwnRoom: a light kept while its room was away waits for that room:
// a run that sends to another room sends its own light alone, and leaves it waiting; the run
// that reaches its room sends it there. A line an older kata kept, with no room, goes nowhere.
func TestAWaitingLightGoesToItsOwnRoom(t *testing.T) {
	roomA, gotA := takingRoom(t, "tuesday")
	roomB, gotB := takingRoom(t, "wednesday")
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, ".kata"), 0o755))
	forA := Post{Name: "ann", Kata: "mastermind", Light: verdict.Red, Passed: 1, Total: 3, At: 1}
	noRoom := Post{Name: "ann", Kata: "mastermind", Light: verdict.Amber, Passed: 0, Total: 3, At: 2}
	require.NoError(t, writeUnsent(dir, []waiting{{Room: roomA.key(), Post: forA}, {Post: noRoom}}))

	ownB := Post{Name: "bob", Kata: "mastermind", Light: verdict.Green, Passed: 3, Total: 3, At: 3}
	require.NoError(t, queue(roomB, dir, ownB, "").Send(context.Background()))
	assert.Equal(t, []Post{ownB}, *gotB, "room B gets B's light alone")
	left, err := readUnsent(dir)
	require.NoError(t, err)
	assert.Equal(t, []waiting{{Room: roomA.key(), Post: forA}, {Post: noRoom}}, left, "A's light waits for A")

	ownA := Post{Name: "ann", Kata: "mastermind", Light: verdict.Green, Passed: 3, Total: 3, At: 4}
	require.NoError(t, queue(roomA, dir, ownA, "").Send(context.Background()))
	assert.Equal(t, []Post{forA, ownA}, *gotA, "room A gets its own, in order")
	left, err = readUnsent(dir)
	require.NoError(t, err)
	assert.Equal(t, []waiting{{Post: noRoom}}, left)

	// The same room, its server at another address, is the same room.
	require.NoError(t, writeUnsent(dir, []waiting{{Room: roomA.key(), Post: forA}}))
	again, gotAgain := takingRoom(t, "tuesday")
	require.NoError(t, queue(again, dir, ownA, "").Send(context.Background()))
	assert.Equal(t, []Post{forA, ownA}, *gotAgain)
}
