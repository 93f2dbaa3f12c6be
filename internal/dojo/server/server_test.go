package server

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// A dojoServer is a server of a store in a test's folder, on loopback, with a clock the test
// may move.
type dojoServer struct {
	*Server
	http *httptest.Server
	db   string

	mu  sync.Mutex
	now time.Time
}

// classic is the code breaker's scale of marks, as kata dojo serve gives it to its server
// (internal/kata/codebreaker's Scale, which this package does not import): guesses over the
// 1,296 classic secrets, beside Knuth's and the optimum's, and the least a number of games
// takes — the optimum's 5,625 for all of them, and for fewer, as a guess's 13 feedbacks that
// do not win tell secrets apart: one won at the first guess, 13 at the second, 169 at the
// third, and so on.
func classic() verdict.Scale {
	return verdict.Scale{
		What:      "guesses over the 1,296 secrets of the classic game (6 colours, 4 pegs): fewer is better",
		Games:     1296,
		Landmarks: []verdict.Landmark{{Name: "Knuth", Total: 5801}, {Name: "the optimum", Total: 5625}},
		Turns:     12,
		Least: func(games, worst int) int {
			if games >= 1296 {
				return 5625
			}
			total := 0
			for n, at := 1, 1; games > 0; n, at = n+1, at*13 {
				won := min(games, at)
				total += won * n
				games -= won
			}
			return total
		},
	}
}

func startDojo(t testing.TB, db string) *dojoServer { return startDojoAt(t, db, "127.0.0.1:0") }

// startDojoAt starts a server of the store db on the address addr: the same one again, for a
// restart a page sees. It takes marks on the code breaker's scale (classic), as kata dojo
// serve's does.
func startDojoAt(t testing.TB, db, addr string) *dojoServer {
	t.Helper()
	return startDojoWith(t, db, addr, Options{})
}

// startDojoWith starts a dojo as startDojoAt does, its lights shown as opts says.
func startDojoWith(t testing.TB, db, addr string, opts Options) *dojoServer {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	require.NoError(t, err)
	d := &dojoServer{db: db, now: time.Date(2026, 12, 1, 9, 30, 0, 0, time.UTC)}
	s, err := Open(db, Options{Now: d.clock, Scales: map[string]verdict.Scale{"codebreaker": classic()}, Shown: opts.Shown})
	require.NoError(t, err)
	d.Server = s
	d.http = httptest.NewUnstartedServer(s)
	d.http.Listener.Close()
	d.http.Listener = ln
	d.http.Start()
	t.Cleanup(d.stop)
	return d
}

func (d *dojoServer) clock() time.Time {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.now
}

func (d *dojoServer) advance(by time.Duration) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.now = d.now.Add(by)
}

func (d *dojoServer) stop() {
	d.Server.Close() // the streams end first, so that the test server's Close need not wait for them
	d.http.Close()
}

// room returns the address of the room named name, making it.
func (d *dojoServer) room(t testing.TB, name string) dojo.Room {
	t.Helper()
	token, err := d.Room(name)
	require.NoError(t, err)
	r, err := dojo.ParseRoom(d.http.URL + "/rooms/" + name + "/" + token)
	require.NoError(t, err)
	return r
}

// A stream is a dashboard's stream of a room's lights, read as the page reads it.
type stream struct {
	lights   chan Stored
	troubles chan string // each trouble event's error
	caughtUp chan struct{}
	cancel   context.CancelFunc
}

// openStream opens a room's stream, after the light numbered last (0 for all).
func openStream(t testing.TB, room dojo.Room, last int64) *stream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, room.String()+"/events", nil)
	require.NoError(t, err)
	if last > 0 {
		req.Header.Set("Last-Event-ID", fmt.Sprint(last))
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	s := &stream{lights: make(chan Stored, 10000), troubles: make(chan string, 100), caughtUp: make(chan struct{}), cancel: cancel}
	t.Cleanup(cancel)
	go func() {
		defer resp.Body.Close()
		defer close(s.lights)
		sc := bufio.NewScanner(resp.Body)
		var event, data string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				data = strings.TrimPrefix(line, "data: ")
			case line == "":
				switch event {
				case "light":
					var l Stored
					if json.Unmarshal([]byte(data), &l) == nil {
						s.lights <- l
					}
				case "caught-up":
					close(s.caughtUp)
				case "trouble":
					var tr struct{ Error string }
					if json.Unmarshal([]byte(data), &tr) == nil {
						s.troubles <- tr.Error
					}
				}
				event, data = "", ""
			}
		}
	}()
	return s
}

// next returns the stream's next light, failing the test if none comes.
func (s *stream) next(t testing.TB) Stored {
	t.Helper()
	select {
	case l, ok := <-s.lights:
		require.True(t, ok, "the stream ended")
		return l
	case <-time.After(10 * time.Second):
		t.Fatal("no light came on the stream")
	}
	return Stored{}
}

// quiet checks that no light comes on the stream for a while.
func (s *stream) quiet(t testing.TB) {
	t.Helper()
	select {
	case l := <-s.lights:
		t.Fatalf("a light came that should not have: %+v", l)
	case <-time.After(100 * time.Millisecond):
	}
}

func (s *stream) waitCaughtUp(t testing.TB) {
	t.Helper()
	select {
	case <-s.caughtUp:
	case <-time.After(10 * time.Second):
		t.Fatal("the stream never caught up")
	}
}

func light(name string, l verdict.Light, passed, total int) dojo.Post {
	return dojo.Post{Name: name, Kata: "mastermind", Light: l, Passed: passed, Total: total}
}

func TestALightReachesEveryDashboard(t *testing.T) {
	d := startDojo(t, filepath.Join(t.TempDir(), "dojo.db"))
	room := d.room(t, "dojo")
	other := d.room(t, "other")
	first, second, elsewhere := openStream(t, room, 0), openStream(t, room, 0), openStream(t, other, 0)
	first.waitCaughtUp(t)
	second.waitCaughtUp(t)
	elsewhere.waitCaughtUp(t)

	sent := dojo.Post{Name: "ann", Kata: "mastermind", Light: verdict.Red, Passed: 40, Total: 60, Predicted: verdict.Green, Added: 6, Removed: 2}
	require.NoError(t, room.Send(context.Background(), sent))
	for _, s := range []*stream{first, second} {
		got := s.next(t)
		assert.Equal(t, sent, got.Post)
		assert.Positive(t, got.ID)
		assert.Equal(t, d.clock().UnixMilli(), got.At, "the server's clock")
	}
	elsewhere.quiet(t) // another room's dashboard sees nothing of it
}

func TestABadRequestIsRefusedAndChangesNothing(t *testing.T) {
	d := startDojo(t, filepath.Join(t.TempDir(), "dojo.db"))
	room := d.room(t, "dojo")
	token, _ := d.Room("dojo")
	watch := openStream(t, room, 0)
	watch.waitCaughtUp(t)
	good := `{"name":"ann","kata":"mastermind","light":"green","passed":60,"total":60,"added":1,"removed":0}`
	marked := func(kata string, total, worst, games int) string {
		return fmt.Sprintf(`{"name":"ann","kata":%q,"light":"red","passed":1,"total":13,"added":0,"removed":0,"mark":{"total":%d,"worst":%d,"games":%d}}`, kata, total, worst, games)
	}
	cases := []struct {
		name, path, contentType, body string
		code                          int
		says                          string
	}{
		{"wrong token", "/rooms/dojo/" + strings.Repeat("a", 26) + "/lights", "application/json", good, 404, "no such room, or not its token"},
		{"no such room", "/rooms/nowhere/" + token + "/lights", "application/json", good, 404, "no such room"},
		{"not JSON", "", "application/json", "red", 400, "the request is no light"},
		{"not JSON's type", "", "text/plain", good, 415, "application/json"},
		{"unknown field", "", "application/json", strings.Replace(good, `"added"`, `"score"`, 1), 400, `unknown field "score"`},
		{"no light", "", "application/json", strings.Replace(good, `"green"`, `"purple"`, 1), 400, `"purple" is no light`},
		{"empty light", "", "application/json", strings.Replace(good, `"green"`, `""`, 1), 400, "no light: want green, red or amber"},
		{"no name", "", "application/json", strings.Replace(good, `"ann"`, `""`, 1), 400, "the name is empty"},
		{"a name too long", "", "application/json", strings.Replace(good, `"ann"`, `"`+strings.Repeat("n", 41)+`"`, 1), 400, "longer than 40 characters"},
		{"a name with an escape", "", "application/json", strings.Replace(good, `"ann"`, `"ann\u001b[2J"`, 1), 400, "control character"},
		{"more passed than run", "", "application/json", strings.Replace(good, `"passed":60`, `"passed":61`, 1), 400, "61 passed of 60 scenarios"},
		{"negative lines", "", "application/json", strings.Replace(good, `"removed":0`, `"removed":-1`, 1), 400, "lines added"},
		{"two lights", "", "application/json", good + good, 400, "a request is one light"},
		{"a light and a bracket", "", "application/json", good + "]", 400, "a request is one light"},
		{"a light and two mebibytes", "", "application/json", good + strings.Repeat("x", MaxBody), 413, "larger than the 2097152 bytes"},
		{"a light and white space past the bound", "", "application/json", good + strings.Repeat(" ", MaxBody), 413, "larger than the 2097152 bytes"},
		{"too large", "", "application/json", `{"name":"` + strings.Repeat("x", MaxBody) + `"}`, 413, "larger than the 2097152 bytes"},
		// Marks that no breaker reaches, and marks on a kata that has none.
		{"a whole mark of a guess a secret", "", "application/json", marked("codebreaker", 1296, 1, 1296), 400, "codebreaker: no such mark: 1,296 guesses over the 1,296 games, fewer than the proven optimum's 5,625"},
		{"a whole mark under the optimum", "", "application/json", marked("codebreaker", 5624, 6, 1296), 400, "5,624 guesses over the 1,296 games, fewer than the proven optimum's 5,625"},
		{"a worst case past a game's turns", "", "application/json", marked("codebreaker", 6000, 1000, 1296), 400, "a mark of 1000 guesses at worst, where a game has 12 turns"},
		{"a mark over 2,000,000 games", "", "application/json", marked("codebreaker", 2000000, 1, 2000000), 400, "a mark over 2,000,000 games, where a whole mark is over 1,296"},
		{"a mark over as many games as a light holds", "", "application/json", marked("codebreaker", dojo.MaxGames, 1, dojo.MaxGames), 400, "a mark over 1,048,576 games, where a whole mark is over 1,296"},
		{"a mark over a game too many", "", "application/json", marked("codebreaker", 6000, 6, 1297), 400, "a mark over 1,297 games, where a whole mark is over 1,296"},
		{"part of the way, under its least", "", "application/json", marked("codebreaker", 398, 3, 138), 400, "398 guesses over 138 games, fewer than the 399 that any 138 games take at the least"},
		{"a mark on tic-tac-toe", "", "application/json", marked("tictactoe", 5801, 5, 1296), 400, `a mark on "tictactoe", a kata without marks: only a light of codebreaker carries one`},
		{"a mark on mastermind", "", "application/json", marked("mastermind", 5801, 5, 1296), 400, `a mark on "mastermind", a kata without marks`},
		{"a mark on a kata not known", "", "application/json", marked(strings.Repeat("k", 200), 5801, 5, 1296), 400, `a mark on "kkkk`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := c.path
			if path == "" {
				path = "/rooms/dojo/" + token + "/lights"
			}
			resp, err := http.Post(d.http.URL+path, c.contentType, strings.NewReader(c.body))
			require.NoError(t, err)
			defer resp.Body.Close()
			var reply struct{ Error string }
			require.NoError(t, json.NewDecoder(resp.Body).Decode(&reply))
			assert.Equal(t, c.code, resp.StatusCode)
			assert.Contains(t, reply.Error, c.says)
			assert.LessOrEqual(t, len(reply.Error), maxMessage+len("…"), "no message grows with its input")
		})
	}
	watch.quiet(t)
	kept, err := d.store.after("dojo", 0, 10)
	require.NoError(t, err)
	assert.Empty(t, kept, "a refused light is not kept")
	assert.Empty(t, d.rooms["dojo"].participants, "nor is its sender a participant")

	// The page and the stream of a room not there, or without its token, say no more.
	for _, path := range []string{"/rooms/dojo/" + strings.Repeat("a", 26), "/rooms/dojo/" + strings.Repeat("a", 26) + "/events", "/rooms/dojo/x"} {
		resp, err := http.Get(d.http.URL + path)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, http.StatusNotFound, resp.StatusCode, path)
	}
}

// TestHonestMarksAreTaken: a mark the scale's least allows is taken, whole or part of the way —
// a red run's 516 guesses over the 138 games it played to their end — and a server given no
// scales takes none, saying so.
func TestHonestMarksAreTaken(t *testing.T) {
	d := startDojo(t, filepath.Join(t.TempDir(), "dojo.db"))
	room := d.room(t, "dojo")
	ctx := context.Background()
	require.Less(t, classic().Least(138, 12), 516, "516 guesses over 138 games: more than the least")
	for _, m := range []verdict.Mark{{Total: 5801, Worst: 5, Games: 1296}, {Total: 5625, Worst: 6, Games: 1296}, {Total: 516, Worst: 4, Games: 138}, {Total: 399, Worst: 3, Games: 138}, {Total: 1, Worst: 1, Games: 1}} {
		require.NoError(t, room.Send(ctx, dojo.Post{Name: "dana", Kata: "codebreaker", Light: verdict.Red, Passed: 1, Total: 13, Mark: &m}), "%+v", m)
	}
	kept, err := d.store.after("dojo", 0, 10)
	require.NoError(t, err)
	require.Len(t, kept, 5)
	assert.Equal(t, &verdict.Mark{Total: 516, Worst: 4, Games: 138}, kept[2].Mark)

	none, err := Open(filepath.Join(t.TempDir(), "none.db"), Options{})
	require.NoError(t, err)
	defer none.Close()
	err = none.checkMark(dojo.Post{Kata: "codebreaker", Mark: &verdict.Mark{Total: 5801, Worst: 5, Games: 1296}})
	require.Error(t, err)
	assert.Equal(t, `a mark on "codebreaker", a kata without marks: this dojo takes a mark on no kata`, err.Error())
}

// TestMarksFromBeforeThatNoBreakerReachesAreSetAside: a store kept before marks were held to
// their kata's scale may hold forged ones. The server shows their lights without them, so
// that none is a best, and leaves the file as it was; an honest mark from before stays.
func TestMarksFromBeforeThatNoBreakerReachesAreSetAside(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dojo.db")
	st, err := openStore(path)
	require.NoError(t, err)
	require.NoError(t, st.addRoom("dojo", strings.Repeat("a", 26), time.UnixMilli(0)))
	marked := func(name, kata string, m verdict.Mark) dojo.Post {
		return dojo.Post{Name: name, Kata: kata, Light: verdict.Red, Passed: 1, Total: 13, Mark: &m}
	}
	before := []dojo.Post{
		marked("mallory", "codebreaker", verdict.Mark{Total: 1296, Worst: 1, Games: 1296}),
		marked("mallory", "codebreaker", verdict.Mark{Total: 1 << 20, Worst: 1, Games: 1 << 20}),
		marked("trent", "tictactoe", verdict.Mark{Total: 5801, Worst: 5, Games: 1296}),
		marked("dana", "codebreaker", verdict.Mark{Total: 5801, Worst: 5, Games: 1296}),
	}
	for i, l := range before {
		_, err := st.add("dojo", time.UnixMilli(int64(i+1)*1000), l)
		require.NoError(t, err)
	}
	require.NoError(t, st.close())

	d := startDojo(t, path)
	room := d.room(t, "dojo")
	s := openStream(t, room, 0)
	for i, want := range before {
		got := s.next(t)
		if want.Name != "dana" {
			want.Mark = nil
		}
		assert.Equal(t, want, got.Post, "light %d", i+1)
	}
	s.waitCaughtUp(t)
	page := get(t, room)
	assert.Contains(t, page, `<tr data-name="dana">`)
	assert.Contains(t, page, `<td class="best">5,801 (5 at worst)</td>`, "an honest mark from before")
	assert.Equal(t, 2, strings.Count(page, `<td class="best">–</td>`), "the forged marks are no one's best")
	assert.NotContains(t, page, `"total":1296,`, "nor in the page's data")
	kept, err := d.store.after("dojo", 0, 10)
	require.NoError(t, err)
	assert.Equal(t, &verdict.Mark{Total: 1296, Worst: 1, Games: 1296}, kept[0].Mark, "the file as it was")
}

func TestAParticipantsLightsAreBoundedInRate(t *testing.T) {
	d := startDojo(t, filepath.Join(t.TempDir(), "dojo.db"))
	room := d.room(t, "dojo")
	ctx := context.Background()
	for i := range Burst {
		require.NoError(t, room.Send(ctx, light("ann", verdict.Red, i, 60)), "light %d", i)
	}
	err := room.Send(ctx, light("ann", verdict.Red, 0, 60))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "too many lights from ann: at most 10 at once and 20 a minute")
	require.NoError(t, room.Send(ctx, light("bob", verdict.Red, 0, 60)), "another participant has an allowance of their own")
	d.advance(time.Second)
	require.ErrorIs(t, room.Send(ctx, light("ann", verdict.Green, 60, 60)), dojo.ErrAway, "a second later: not yet, and the light can go later")
	d.advance(time.Minute/PerMinute - time.Second)
	for i := range PerMinute { // then one every three seconds
		require.NoError(t, room.Send(ctx, light("ann", verdict.Green, 60, 60)), "light %d of the minute after", i)
		require.Error(t, room.Send(ctx, light("ann", verdict.Green, 60, 60)), "and no more, %d", i)
		d.advance(time.Minute / PerMinute)
	}
	kept, err := d.store.after("dojo", 0, 100)
	require.NoError(t, err)
	assert.Len(t, kept, Burst+1+PerMinute, "every light taken, and none refused, is kept")
}

// TestARoomsPageStaysSmall: a room of a hundred names, each sending lights as fast as the room
// takes them, for ten minutes: its page shows the latest lights one by one and counts those
// before in the column earlier, every run counted in its row, and is no larger than a room of
// ShownLights lights.
func TestARoomsPageStaysSmall(t *testing.T) {
	d := startDojo(t, filepath.Join(t.TempDir(), "dojo.db"))
	room := d.room(t, "dojo")
	rm := d.Server.rooms["dojo"]
	require.NotNil(t, rm)
	runs := map[string]int{}
	send := func(name string, l verdict.Light) error {
		_, _, err := d.Server.take(rm, dojo.Post{Name: name, Kata: "mastermind", Light: l, Passed: 1, Total: 60, Predicted: verdict.Red})
		if err == nil {
			runs[name]++
		}
		return err
	}
	names := func(n int) string { return fmt.Sprintf("script %02d", n) }
	for n := range MaxParticipants { // each name's burst, at once
		for range Burst {
			require.NoError(t, send(names(n), verdict.Red))
		}
	}
	for range 2 * PerMinute { // then one every three seconds, for two minutes
		d.advance(time.Minute / PerMinute)
		for n := range MaxParticipants {
			require.NoError(t, send(names(n), verdict.Light(1+n%3)))
		}
		require.Error(t, send(names(0), verdict.Green), "no faster")
	}
	total := MaxParticipants * (Burst + 2*PerMinute)
	require.Len(t, d.Server.lights(rm), total)

	page := get(t, room)
	assert.Contains(t, page, fmt.Sprintf(`data-lights="%d"`, total), "every light counted")
	assert.Equal(t, ShownLights, strings.Count(page, `<span class="run"`), "the latest shown one by one")
	assert.Contains(t, page, `<th class="earlier">earlier</th>`)
	// script 00: 10 red, then 40 green; the latest 5 of them shown, the rest counted.
	assert.Contains(t, page, `<tr data-name="script 00"><th class="who">script 00</th><td class="kata">mastermind</td><td class="earlier" title="runs before those shown: 35 green, 10 red"><span class="tally green">35</span><span class="tally red">10</span></td>`)
	assert.Contains(t, page, `<td class="runs">50</td><td class="held">10 of 50</td></tr>`, "the runs and predictions of every light")
	assert.Less(t, len(page), 300<<10, "a page no larger than that of a room of %d lights", ShownLights)

	// A smaller window, as the options give it, shows fewer.
	s, err := Open(filepath.Join(t.TempDir(), "other.db"), Options{Shown: 3})
	require.NoError(t, err)
	defer s.Close()
	assert.Equal(t, 3, s.shownLights)
}

func TestARoomTakesSoManyParticipants(t *testing.T) {
	d := startDojo(t, filepath.Join(t.TempDir(), "dojo.db"))
	room := d.room(t, "dojo")
	ctx := context.Background()
	for i := range MaxParticipants {
		require.NoError(t, room.Send(ctx, light(fmt.Sprintf("p%d", i), verdict.Red, 0, 1)))
	}
	err := room.Send(ctx, light("one too many", verdict.Red, 0, 1))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the room has its 100 participants already")
	require.NoError(t, room.Send(ctx, light("p7", verdict.Green, 1, 1)), "a participant already in goes on")

	// Names that have gone quiet stop counting: the room makes room again, restarted or not,
	// and is never filled for good.
	d.advance(QuietAfter - time.Minute)
	require.Error(t, room.Send(ctx, light("one too many", verdict.Red, 0, 1)), "not yet")
	require.NoError(t, room.Send(ctx, light("p8", verdict.Green, 1, 1)))
	d.advance(time.Minute)
	require.NoError(t, room.Send(ctx, light("newcomer", verdict.Red, 0, 1)), "98 names quiet for an hour")
	d.stop()
	again := startDojo(t, d.db)
	again.advance(2 * QuietAfter) // its clock starts where the first's did: every name is quiet
	room = again.room(t, "dojo")
	for i := range MaxParticipants {
		require.NoError(t, room.Send(ctx, light(fmt.Sprintf("q%d", i), verdict.Red, 0, 1)), "q%d", i)
	}
	err = room.Send(ctx, light("p8", verdict.Green, 1, 1))
	require.Error(t, err, "p8, quiet, comes back as a name the full room has no room for")
	assert.Contains(t, err.Error(), "each with a light in the last 1h0m0s")
}

func TestARestartedServerHasEveryLight(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dojo.db")
	d := startDojo(t, db)
	room := d.room(t, "dojo")
	var sent []dojo.Post
	for i, l := range []verdict.Light{verdict.Amber, verdict.Red, verdict.Green} {
		sent = append(sent, dojo.Post{Name: fmt.Sprintf("pair %d", i%2), Kata: "tictactoe", Light: l, Passed: i, Total: 2, Added: i})
		require.NoError(t, room.Send(context.Background(), sent[i]))
	}
	marked := dojo.Post{Name: "dana", Kata: "codebreaker", Light: verdict.Red, Passed: 12, Total: 13, Mark: &verdict.Mark{Total: 5801, Worst: 5, Games: 1296}}
	require.NoError(t, room.Send(context.Background(), marked))
	sent = append(sent, marked)
	d.stop()

	again := startDojo(t, db)
	token, err := again.Room("dojo")
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(room.String(), "/"+token), "the room keeps its token")
	room = again.room(t, "dojo")
	s := openStream(t, room, 0)
	var ids []int64
	for _, want := range sent {
		got := s.next(t)
		assert.Equal(t, want, got.Post)
		ids = append(ids, got.ID)
	}
	s.waitCaughtUp(t)

	// A page that had the first light asks for those after it, and gets them once.
	resumed := openStream(t, room, ids[0])
	assert.Equal(t, ids[1], resumed.next(t).ID)
	assert.Equal(t, ids[2], resumed.next(t).ID)
	assert.Equal(t, ids[3], resumed.next(t).ID)
	resumed.waitCaughtUp(t)
	resumed.quiet(t)
	require.NoError(t, room.Send(context.Background(), light("pair 0", verdict.Green, 2, 2)), "the room takes lights as before")
	assert.Equal(t, verdict.Green, resumed.next(t).Light)
}

// TestAStoreOfTheFirstVersionIsBroughtUp: a file an earlier dojo kept, of version 1, with no
// marks, opens with every light it held, and takes lights with marks after.
func TestAStoreOfTheFirstVersionIsBroughtUp(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dojo.db")
	db, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	_, err = db.Exec(schema)
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO rooms (name, token, created) VALUES ('dojo', 'abcdefghijklmnopqrstuvwxyz', 0);
		INSERT INTO lights (room, at, name, kata, light, passed, total, predicted, added, removed) VALUES ('dojo', 0, 'ann', 'mastermind', 'red', 3, 60, '', 1, 0)`)
	require.NoError(t, err)
	require.NoError(t, db.Close())

	d := startDojo(t, path)
	room := d.room(t, "dojo")
	s := openStream(t, room, 0)
	assert.Equal(t, dojo.Post{Name: "ann", Kata: "mastermind", Light: verdict.Red, Passed: 3, Total: 60, Added: 1}, s.next(t).Post)
	s.waitCaughtUp(t)
	marked := dojo.Post{Name: "dana", Kata: "codebreaker", Light: verdict.Green, Passed: 13, Total: 13, Mark: &verdict.Mark{Total: 5625, Worst: 6, Games: 1296}}
	require.NoError(t, room.Send(context.Background(), marked))
	assert.Equal(t, marked, s.next(t).Post)
	var version int
	require.NoError(t, d.store.db.QueryRow("PRAGMA user_version").Scan(&version))
	assert.Equal(t, schemaVersion, version)
}

func TestTheStoreIsTheDojosOwn(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	require.NoError(t, os.WriteFile(text, []byte(strings.Repeat("not a database\n", 100)), 0o644))
	foreign := filepath.Join(dir, "other.db")
	db, err := sql.Open("sqlite", foreign)
	require.NoError(t, err)
	_, err = db.Exec("CREATE TABLE accounts (id INTEGER)")
	require.NoError(t, err)
	require.NoError(t, db.Close())

	for path, says := range map[string]string{
		text:                           "is not a dojo's database",
		foreign:                        "holds another program's tables",
		dir:                            "is not a plain file",
		filepath.Join(dir, "what?.db"): "cannot open a file whose name holds ? or #",
	} {
		_, err := Open(path, Options{})
		require.Error(t, err, path)
		assert.Contains(t, err.Error(), says, path)
	}
	data, err := os.ReadFile(text)
	require.NoError(t, err)
	assert.Equal(t, strings.Repeat("not a database\n", 100), string(data), "a file refused is not changed")
}

func TestThePageHoldsNoScriptOfItsOwn(t *testing.T) {
	d := startDojo(t, filepath.Join(t.TempDir(), "dojo.db"))
	room := d.room(t, "dojo")
	resp, err := http.Get(room.String())
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "script-src 'self'", "no inline script runs")
	assert.Equal(t, "no-referrer", resp.Header.Get("Referrer-Policy"), "the token stays on the page")
	page := new(strings.Builder)
	_, err = bufio.NewReader(resp.Body).WriteTo(page)
	require.NoError(t, err)
	assert.Contains(t, page.String(), `<script src="/static/dashboard.js" defer></script>`)
	assert.Equal(t, 5, strings.Count(page.String(), "<script"), "the dashboard's script, and as data its lights, the counts of those before, the katas' scales, and the runs of the names gone quiet")
	assert.Contains(t, page.String(), `<script type="application/json" id="quiet">`, "data, which no browser runs")
	assert.Contains(t, page.String(), `<script type="application/json" id="lights">`, "data, which no browser runs")
	assert.Contains(t, page.String(), `<script type="application/json" id="scales">`, "data, which no browser runs")
	for _, asset := range []string{"/static/dashboard.js", "/static/dashboard.css"} {
		resp, err := http.Get(d.http.URL + asset)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, http.StatusOK, resp.StatusCode, asset)
	}
}

// TestASlowDashboardIsLeftBehind: a stream that does not keep up is closed, not waited on, so
// that the room goes on taking lights; the others get every one.
func TestASlowDashboardIsLeftBehind(t *testing.T) {
	h := hub{all: 2}
	slow, full := h.subscribe("dojo", "a")
	require.Empty(t, full)
	quick, full := h.subscribe("dojo", "b")
	require.Empty(t, full)
	_, full = h.subscribe("other", "c")
	assert.Equal(t, "the dojo has 2 dashboards open: close one", full, "no more streams than the most")
	for i := range streamBuffer + 1 {
		h.publish("dojo", frame{id: int64(i + 1)})
		if i < streamBuffer {
			<-quick
		}
	}
	assert.Len(t, slow, streamBuffer, "the slow stream holds what it had")
	for range streamBuffer {
		<-slow
	}
	_, open := <-slow
	assert.False(t, open, "and then ends: its page reconnects and reads the rest from the backlog")
	assert.Equal(t, int64(streamBuffer+1), (<-quick).id, "the quick one has every light")
	h.unsubscribe("dojo", slow) // a closed stream's handler ends as usual
	_, full = h.subscribe("other", "c")
	assert.Empty(t, full, "the slow one's place is free")
}

// TestNoRoomNorClientTakesEveryDashboard: a room's dashboards, and one client's, are bounded
// below the server's, so that streams held open on one room, or from one machine, leave the
// other rooms theirs; a stream closed gives its place back.
func TestNoRoomNorClientTakesEveryDashboard(t *testing.T) {
	h := hub{all: 10, room: 3, client: 4}
	var a []chan frame
	for i := range 3 {
		ch, full := h.subscribe("a", fmt.Sprint("10.0.0.", i))
		require.Empty(t, full)
		a = append(a, ch)
	}
	_, full := h.subscribe("a", "10.0.0.9")
	assert.Equal(t, "the room has 3 dashboards open: close one", full)
	_, full = h.subscribe("b", "10.0.0.9")
	assert.Empty(t, full, "another room has its own")
	for _, room := range []string{"c", "d", "e", "f"} { // f's is one too many: 10.0.0.9 has b's too
		_, full = h.subscribe(room, "10.0.0.9")
	}
	assert.Equal(t, "4 dashboards of the dojo are open from 10.0.0.9: close one", full)
	h.unsubscribe("a", a[0])
	_, full = h.subscribe("a", "10.0.0.8")
	assert.Empty(t, full, "a closed stream's place is free")
}
