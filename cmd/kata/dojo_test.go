package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/dojo/server"
	"github.com/deliberate-practice/katas/internal/journal"
	"github.com/deliberate-practice/katas/internal/kata/codebreaker"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// serveDojo runs kata dojo serve with args, on loopback, until the test ends, and returns the
// address of each room it prints, by name, and its output.
func serveDojo(t *testing.T, args ...string) (map[string]string, *syncBuffer) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut syncBuffer
	c := cli{ctx: ctx, stdout: &out, stderr: &errOut, self: "kata", dir: t.TempDir(), now: time.Now, katas: known()}
	done := make(chan int, 1)
	go func() { done <- c.run(append([]string{"dojo", "serve", "--addr", "127.0.0.1:0"}, args...)) }()
	t.Cleanup(func() {
		cancel()
		select {
		case status := <-done:
			assert.Zero(t, status, errOut.String())
			assert.Contains(t, out.String(), "kata dojo: stopped; the lights are kept in")
		case <-time.After(10 * time.Second):
			t.Error("kata dojo serve did not stop")
		}
	})
	rooms := map[string]string{}
	line := regexp.MustCompile(`(?m)^  participants:  kata run --watch --dojo (http://\S+/rooms/([a-z0-9-]+)/[a-z2-7]+) --name NAME KATA -- COMMAND$`)
	deadline := time.Now().Add(10 * time.Second)
	for len(rooms) == 0 && time.Now().Before(deadline) {
		select {
		case status := <-done:
			t.Fatalf("kata dojo serve ended, status %d: %s", status, errOut.String())
		case <-time.After(10 * time.Millisecond):
		}
		for _, m := range line.FindAllStringSubmatch(out.String(), -1) {
			rooms[m[2]] = m[1]
		}
	}
	require.NotEmpty(t, rooms, "kata dojo serve printed no room: %s", out.String())
	return rooms, &out
}

// roomLights reads a room's lights so far, as its dashboard does.
// lightReview returns the review of the room's light numbered id, as its dashboard reads it.
func lightReview(t *testing.T, room string, id int64) server.Review {
	t.Helper()
	resp, err := http.Get(fmt.Sprintf("%s/lights/%d", room, id))
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var rv server.Review
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&rv))
	return rv
}

func roomLights(t *testing.T, room string) []dojo.Post {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, room+"/events", nil)
	require.NoError(t, err)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	var lights []dojo.Post
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if sc.Text() == "event: caught-up" {
			return lights
		}
		if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			var l dojo.Post
			require.NoError(t, json.Unmarshal([]byte(data), &l))
			require.NotZero(t, l.At, "a light is shown at a time")
			l.At = 0 // the room's clock, which the tests do not hold
			lights = append(lights, l)
		}
	}
	t.Fatal("the room's stream ended before it caught up")
	return nil
}

// TestRunsReachTheRoom: kata dojo serve prints each room's line; a participant's runs with it
// reach the room's dashboard, light, counts, prediction and the lines changed; a room that is
// away costs a run one line and nothing else.
func TestRunsReachTheRoom(t *testing.T) {
	t.Parallel()
	rooms, out := serveDojo(t, "--db", filepath.Join(t.TempDir(), "room.db"), "--room", "tuesday", "--room", "wednesday")
	require.Len(t, rooms, 2, out.String())
	assert.Regexp(t, `(?m)^  dashboard:     http://127\.0\.0\.1:\d+/rooms/tuesday/[a-z2-7]{26}$`, out.String())

	dir := t.TempDir()
	c, stdout, stderr := programIn(dir)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("one\ntwo\n"), 0o644))
	some := []string{"mastermind", "--run", "Making a guess"} // a few scenarios, to be quick
	assert.Zero(t, c.run(append(append([]string{"run"}, some...), "--dojo", rooms["tuesday"], "--name", "ann & bob", "--", impl, "-kata", "mastermind")))
	assert.Empty(t, stderr.String())
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("one\nthree\nfour\n"), 0o644))
	// The environment names the room and the participant where the flags do not.
	env := map[string]string{dojo.EnvRoom: rooms["tuesday"], dojo.EnvName: "ann & bob"}
	c.env = func(key string) string { return env[key] }
	assert.Equal(t, 1, c.run(append(append([]string{"run"}, some...), "--predict", "red", "--", impl, "-kata", "mastermind", "-bug", "repeats")))
	assert.Empty(t, stderr.String())

	lights := roomLights(t, rooms["tuesday"])
	require.Len(t, lights, 2)
	assert.Equal(t, dojo.Post{Name: "ann & bob", Kata: "mastermind", Light: verdict.Green, Passed: 16, Total: 16, Added: 2}, lights[0])
	assert.Equal(t, verdict.Red, lights[1].Light)
	assert.Equal(t, verdict.Red, lights[1].Predicted)
	assert.Less(t, lights[1].Passed, 16)
	assert.Equal(t, 2, lights[1].Added, "three, four")
	assert.Equal(t, 1, lights[1].Removed, "two")
	assert.Empty(t, roomLights(t, rooms["wednesday"]), "another room sees none of it")
	assert.Contains(t, out.String(), "each light brings its code to the room's review (up to 256 KiB of text); --no-code (KATA_DOJO_NO_CODE=1) keeps it home")

	// Each light brought its code: the room's review of the second has the folder's files,
	// and the diff from the first.
	rv := lightReview(t, rooms["tuesday"], 2)
	assert.True(t, rv.Sent)
	assert.Contains(t, rv.Files, server.ReviewFile{Path: "notes.txt", Text: "one\nthree\nfour\n"})
	require.Len(t, rv.Diff, 1, "notes.txt alone changed")
	assert.Contains(t, rv.Diff[0].Unified, "-two\n+three\n+four\n")
	assert.Equal(t, int64(1), rv.Prev)
	// One who keeps their code home says so with one flag: the light goes, without it.
	assert.Zero(t, c.run(append(append([]string{"run"}, some...), "--dojo", rooms["wednesday"], "--no-code", "--", impl, "-kata", "mastermind")))
	assert.False(t, lightReview(t, rooms["wednesday"], 3).Sent, "no code")

	// A code breaker's run of every classic secret carries its mark, for the room to see its
	// best; the room takes it on the code breaker's scale.
	assert.Zero(t, c.run([]string{"run", "codebreaker", "--run", "Every classic secret", "--", impl, "-kata", "codebreaker", "-strategy", "knuth"}))
	lights = roomLights(t, rooms["tuesday"])
	require.Len(t, lights, 3)
	assert.Equal(t, &verdict.Mark{Total: 5801, Worst: 5, Games: 1296}, lights[2].Mark, "Knuth's strategy: 5,801 guesses")

	// A room away (the same room, its server not there): the run's light, status and log are
	// as they would be, and one line says the light was not sent.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	tuesday, err := url.Parse(rooms["tuesday"])
	require.NoError(t, err)
	away := "http://" + ln.Addr().String() + tuesday.Path
	ln.Close()
	before, err := journal.Read(dir)
	require.NoError(t, err)
	stdout.Reset()
	assert.Zero(t, c.run(append(append([]string{"run"}, some...), "--dojo", away, "--", impl, "-kata", "mastermind")))
	assert.Regexp(t, `^kata run: the light was not sent to the dojo: the dojo at 127\.0\.0\.1:\d+ did not answer: .*connection refused; it is kept, to go with the next run that reaches the room\n$`, stderr.String())
	assert.Contains(t, stdout.String(), "mastermind: all 16 scenarios passed")
	after, err := journal.Read(dir)
	require.NoError(t, err)
	assert.Len(t, after, len(before)+1, "the run is logged")

	// The next run that reaches the room brings the light kept while it was away, first, and
	// once.
	stderr.Reset()
	assert.Equal(t, 1, c.run(append(append([]string{"run"}, some...), "--dojo", rooms["tuesday"], "--", impl, "-kata", "mastermind", "-bug", "repeats")))
	assert.Empty(t, stderr.String())
	lights = roomLights(t, rooms["tuesday"])
	require.Len(t, lights, 5)
	assert.Equal(t, verdict.Green, lights[3].Light, "the light of the run the room was away for")
	assert.Equal(t, verdict.Red, lights[4].Light, "then this run's")
	assert.NoFileExists(t, filepath.Join(dir, dojo.UnsentPath), "nothing left waiting")
	assert.Zero(t, c.run(append(append([]string{"run"}, some...), "--dojo", rooms["tuesday"], "--", impl, "-kata", "mastermind")))
	assert.Len(t, roomLights(t, rooms["tuesday"]), 6, "and sent once")
}

// TestDojoCommandLine: what kata dojo serve and kata run --dojo refuse, and what they say.
func TestDojoCommandLine(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer busy.Close()
	room := "http://127.0.0.1:9/rooms/dojo/" + strings.Repeat("a", 26)
	for _, c := range []struct {
		args   []string
		status int
		says   string
	}{
		{[]string{"dojo"}, 2, "kata dojo: want kata dojo serve [--addr HOST:PORT] [--db FILE] [--room NAME]..."},
		{[]string{"dojo", "serve", "now"}, 2, `kata dojo serve: unexpected argument "now"`},
		{[]string{"dojo", "serve", "--room", "Big Room"}, 2, `the room's name "Big Room" is not 1 to 32 lower-case letters`},
		{[]string{"dojo", "serve", "--db", dir}, 1, "is not a plain file"},
		{[]string{"dojo", "serve", "--db", filepath.Join(dir, "d.db"), "--addr", busy.Addr().String()}, 1, "kata dojo serve: --addr: listen tcp"},
		{[]string{"run", "mastermind", "--dojo", room, "--", impl}, 2, "kata run: --dojo: the room's dashboard needs your name: --name NAME, or KATA_DOJO_NAME in the environment"},
		{[]string{"run", "mastermind", "--dojo", "localhost:8080", "--name", "ann", "--", impl}, 2, `kata run: --dojo: the dojo's address "localhost:8080" is not http://HOST:PORT/rooms/NAME/TOKEN`},
		{[]string{"run", "mastermind", "--dojo", "http://localhost:8080/", "--name", "ann", "--", impl}, 2, "names no room"},
		{[]string{"run", "mastermind", "--dojo", room, "--name", " ann", "--", impl}, 2, `your name for the room's dashboard: the name " ann" starts or ends with a space`},
		{[]string{"run", "mastermind", "--dojo", room, "--name", strings.Repeat("ann", 1000), "--", impl}, 2, "is longer than 40 characters"},
	} {
		var out, errOut bytes.Buffer
		cl := cli{ctx: context.Background(), stdout: &out, stderr: &errOut, self: "kata", dir: dir, now: time.Now, katas: known()}
		status := cl.run(c.args)
		assert.Equal(t, c.status, status, "%q: %s", c.args, errOut.String())
		assert.Contains(t, errOut.String(), c.says, "%q", c.args)
		assert.Less(t, len(errOut.String()), 400, "%q: no message grows with its input", c.args)
	}
}

func TestReachable(t *testing.T) {
	assert.Equal(t, "127.0.0.1:8080", reachable(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}), "a host given is the host")
	assert.Equal(t, "[::1]:80", reachable(&net.TCPAddr{IP: net.IPv6loopback, Port: 80}))
	everywhere := reachable(&net.TCPAddr{IP: net.IPv4zero, Port: 8080})
	host, port, err := net.SplitHostPort(everywhere)
	require.NoError(t, err)
	assert.Equal(t, "8080", port)
	if host != "localhost" {
		ip := net.ParseIP(host)
		require.NotNil(t, ip, everywhere)
		assert.False(t, ip.IsLoopback() || ip.IsUnspecified(), "every network: an address others reach, %s", everywhere)
	}
}

// postRaw posts body to a room's lights as a script with the room's address could, and
// returns the status and the error the room said.
func postRaw(t *testing.T, room, body string) (int, string) {
	t.Helper()
	resp, err := http.Post(room+"/lights", "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	var reply struct{ Error string }
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&reply))
	return resp.StatusCode, reply.Error
}

// TestTheRoomTakesMarksOnTheKatasScales: kata dojo serve gives its server the katas' scales,
// and the room refuses, saying why, a mark that no breaker reaches on the code breaker's —
// fewer guesses than the optimum, more games than the classic game has — and a mark on a kata
// with no scale; it takes honest marks, whole and part of the way, and its page says what a
// mark counts, beside the marks to beat.
func TestTheRoomTakesMarksOnTheKatasScales(t *testing.T) {
	t.Parallel()
	rooms, _ := serveDojo(t, "--db", filepath.Join(t.TempDir(), "room.db"), "--room", "tuesday")
	room := rooms["tuesday"]
	post := func(kata string, total, worst, games int) string {
		return fmt.Sprintf(`{"name":"dana","kata":%q,"light":"red","passed":1,"total":13,"added":0,"removed":0,"mark":{"total":%d,"worst":%d,"games":%d}}`, kata, total, worst, games)
	}
	for _, c := range []struct {
		name, body, says string
	}{
		{"a whole mark of one guess a secret", post("codebreaker", 1296, 1, 1296), "no implementation breaks 1,296 secrets within 1 guess each"},
		{"a whole mark under the optimum, 6 at worst", post("codebreaker", 1296, 6, 1296), "1,296 guesses over the 1,296 games, fewer than the proven optimum's 5,625"},
		{"the optimum's total with 5 at worst", post("codebreaker", 5625, 5, 1296), "fewer than the 5,626 any implementation takes with no game past 5 guesses"},
		{"a worst case past a game's turns", post("codebreaker", 6000, 1000, 1296), "a mark of 1000 guesses at worst, where a game has 12 turns"},
		{"a whole mark one under the optimum", post("codebreaker", 5624, 6, 1296), "fewer than the proven optimum's 5,625"},
		{"a mark over more games than the game has", post("codebreaker", 2000000, 1, 2000000), "a mark over 2,000,000 games, where a whole mark is over 1,296"},
		{"a mark over the most games a light holds", post("codebreaker", 1<<20, 1, 1<<20), "a mark over 1,048,576 games, where a whole mark is over 1,296"},
		{"a mark over one game too many", post("codebreaker", 6000, 6, 1297), "a mark over 1,297 games"},
		{"a part of the way under its least", post("codebreaker", 138, 4, 138), "138 guesses over 138 games, fewer than the 399"},
		{"a mark on tic-tac-toe", post("tictactoe", 5801, 5, 1296), `a mark on "tictactoe", a kata without marks: only a light of codebreaker carries one`},
		{"a mark on mastermind", post("mastermind", 5801, 5, 1296), `a mark on "mastermind", a kata without marks: only a light of codebreaker carries one`},
		{"a mark on a kata the dojo does not know", post("bowling", 5801, 5, 1296), `a mark on "bowling", a kata without marks: only a light of codebreaker carries one`},
	} {
		status, says := postRaw(t, room, c.body)
		assert.Equal(t, http.StatusBadRequest, status, c.name)
		assert.Contains(t, says, c.says, c.name)
	}
	assert.Empty(t, roomLights(t, room), "the room keeps nothing of a light refused")

	// Honest marks are taken: Knuth's 5,801 over every secret, and a red run's 516 guesses
	// over the 138 games it played to their end, above the least that 138 games take.
	require.Less(t, codebreaker.Scale().Least(138, 4), 516)
	for _, body := range []string{post("codebreaker", 5801, 5, 1296), post("codebreaker", 516, 4, 138)} {
		status, says := postRaw(t, room, body)
		assert.Equal(t, http.StatusCreated, status, says)
	}
	lights := roomLights(t, room)
	require.Len(t, lights, 2)
	assert.Equal(t, &verdict.Mark{Total: 516, Worst: 4, Games: 138}, lights[1].Mark)

	// The page says what the number counts, and beside what, from the code breaker's scale;
	// the whole mark is the best, over the lower total of fewer games.
	resp, err := http.Get(room)
	require.NoError(t, err)
	defer resp.Body.Close()
	page, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	for _, want := range []string{
		"guesses over the 1,296 secrets of the classic game (6 colours, 4 pegs): fewer is better",
		"Knuth 5,801", "the optimum 5,625",
		`<td class="best">5,801 (5 at worst)</td>`,
	} {
		assert.Contains(t, string(page), want)
	}
}
