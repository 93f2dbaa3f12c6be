package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// withCode is a light of name's with its code: the files by path, each sent whole, or by its
// hash alone where byHash says so.
func withCode(name string, l verdict.Light, files map[string]string, byHash ...string) dojo.Post {
	texts := map[string][]byte{}
	for p, t := range files {
		texts[p] = []byte(t)
	}
	p := light(name, l, 1, 2)
	p.Code = dojo.NewCode(texts, func(path string, _ []byte) bool {
		for _, h := range byHash {
			if h == path {
				return true
			}
		}
		return false
	})
	return p
}

// reviewOf reads the review of a room's light as the dashboard does.
func reviewOf(t *testing.T, room dojo.Room, id int64) Review {
	t.Helper()
	resp, err := http.Get(room.String() + "/lights/" + strconv.FormatInt(id, 10))
	require.NoError(t, err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	var rv Review
	require.NoError(t, json.Unmarshal(body, &rv))
	return rv
}

// TestALightsCodeIsReviewed: a light brings its code, the room keeps it, and its review holds
// the files at that light and the diff from the participant's light before; a light's code
// that comes as a change from a light the room does not hold is asked for whole (409); the
// stream and the page carry no code; a restart loses none; a file of markup is text.
func TestALightsCodeIsReviewed(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dojo.db")
	d := startDojo(t, db)
	room := d.room(t, "dojo")
	s := openStream(t, room, 0)

	red := map[string]string{"game.py": "def score(a, b):\n    return 0\n", "notes.md": "<script>alert(1)</script>\n"}
	require.NoError(t, room.Send(context.Background(), withCode("ann", verdict.Red, red)))
	first := s.next(t)
	assert.Nil(t, first.Code, "the stream carries no code")
	require.NoError(t, room.Send(context.Background(), light("bob", verdict.Red, 0, 2)), "a light without code")
	s.next(t)

	// ann's next light brings game.py alone; notes.md by its hash, which the room holds.
	green := map[string]string{"game.py": "def score(a, b):\n    return sum(x == y for x, y in zip(a, b))\n", "notes.md": red["notes.md"]}
	require.NoError(t, room.Send(context.Background(), withCode("ann", verdict.Green, green, "notes.md")))
	second := s.next(t)

	// A change from a file the room does not hold: 409, and nothing kept.
	err := room.Send(context.Background(), withCode("ann", verdict.Green, map[string]string{"other.py": "x = 1\n"}, "other.py"))
	require.Error(t, err)
	assert.True(t, errors.Is(err, dojo.ErrWholeCode), "%v", err)
	s.quiet(t)

	rv := reviewOf(t, room, second.ID)
	assert.Equal(t, "ann", rv.Name)
	assert.Equal(t, verdict.Green, rv.Light)
	assert.True(t, rv.Sent)
	assert.Equal(t, []ReviewFile{{"game.py", green["game.py"]}, {"notes.md", red["notes.md"]}}, rv.Files, "every file at that light, by path")
	assert.Equal(t, first.ID, rv.Prev, "ann's light before")
	assert.Zero(t, rv.Next, "none after")
	require.Len(t, rv.Diff, 1, "game.py changed; notes.md did not")
	assert.Equal(t, 1, rv.Diff[0].Added)
	assert.Equal(t, 1, rv.Diff[0].Removed)
	assert.Contains(t, rv.Diff[0].Unified, "+    return sum(x == y for x, y in zip(a, b))\n")
	assert.Contains(t, rv.Diff[0].Unified, "-    return 0\n")

	d.stop()
	again := startDojo(t, db)
	room = again.room(t, "dojo")
	rv = reviewOf(t, room, first.ID)
	assert.Equal(t, second.ID, rv.Next, "ann's light after, past bob's")
	assert.Zero(t, rv.Prev)
	require.Len(t, rv.Diff, 2, "the first light's files, all added")
	assert.Contains(t, rv.Files[1].Text, "<script>", "kept as it came: the page shows it as text")

	page, err := http.Get(room.String())
	require.NoError(t, err)
	body, _ := io.ReadAll(page.Body)
	page.Body.Close()
	assert.NotContains(t, string(body), "return sum", "the page holds no code")
	assert.NotContains(t, string(body), "alert(1)")

	resp, err := http.Get(room.String() + "/lights/999")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
}

// BenchmarkReviewInABusyRoom: the review of one light in a room of 60 participants and 1,800
// lights, each with its code (three files, one changed a light, some 6 KiB in all), against
// the page of the same room, whose size the code does not change: the page of a room of the
// same lights without code is measured beside it.
func BenchmarkReviewInABusyRoom(b *testing.B) {
	ctx := context.Background()
	fill := func(b *testing.B, withCode bool) (dojo.Room, []int64) {
		d := startDojo(b, filepath.Join(b.TempDir(), "dojo.db"))
		room := d.room(b, "dojo")
		var ids []int64
		for run := range 30 {
			d.advance(3 * time.Minute)
			for p := range loadParticipants {
				name := fmt.Sprintf("participant %02d", p)
				l := dojo.Post{Name: name, Kata: "mastermind", Light: verdict.Light(1 + (run+p)%3), Passed: run, Total: 60, Added: 4, Removed: 2}
				if withCode {
					files := map[string][]byte{
						"mastermind.py": []byte(strings.Repeat(fmt.Sprintf("# %s, run %d: a line of the game's code\n", name, run), 60)),
						"adapter.py":    []byte(strings.Repeat("# the adapter, the same each run\n", 60)),
						"README.md":     []byte(strings.Repeat("The kata's README, the same each run.\n", 20)),
					}
					l.Code = dojo.NewCode(files, func(path string, _ []byte) bool { return run > 0 && path != "mastermind.py" })
				}
				require.NoError(b, room.Send(ctx, l))
			}
			d.advance(time.Minute)
		}
		for id := range int64(30 * loadParticipants) {
			ids = append(ids, id+1)
		}
		return room, ids
	}
	size := func(b *testing.B, url string) int {
		resp, err := http.Get(url)
		require.NoError(b, err)
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		require.NoError(b, err)
		require.Equal(b, http.StatusOK, resp.StatusCode)
		return len(body)
	}
	room, ids := fill(b, true)
	plain, _ := fill(b, false)
	b.Run("review", func(b *testing.B) {
		b.ReportAllocs()
		i, n := 0, 0
		for b.Loop() {
			n = size(b, fmt.Sprintf("%s/lights/%d", room, ids[(i*7919)%len(ids)]))
			i++
		}
		b.ReportMetric(float64(n)/1024, "KiB")
	})
	b.Run("page", func(b *testing.B) {
		b.ReportAllocs()
		with, without := 0, 0
		for b.Loop() {
			with, without = size(b, room.String()), size(b, plain.String())
		}
		b.ReportMetric(float64(with)/1024, "KiB-with-code")
		b.ReportMetric(float64(without)/1024, "KiB-without")
	})
}

// TestReviewsAndSlowLightsAreBounded: the reviews read at once are MaxReviewing, and one whose
// dashboard gives up waiting is never read; a light whose request comes slower than the
// server reads is refused as too slow (408), not as no light.
func TestReviewsAndSlowLightsAreBounded(t *testing.T) {
	d := startDojo(t, filepath.Join(t.TempDir(), "dojo.db"))
	room := d.room(t, "dojo")
	require.NoError(t, room.Send(context.Background(), withCode("ann", verdict.Red, map[string]string{"a.py": "x\n"})))
	for range MaxReviewing {
		d.Server.reviewing <- struct{}{} // every review under way
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, room.String()+"/lights/1", nil)
	require.NoError(t, err)
	_, err = http.DefaultClient.Do(req)
	assert.ErrorIs(t, err, context.DeadlineExceeded, "it waits its turn")
	for range MaxReviewing {
		<-d.Server.reviewing
	}
	assert.Equal(t, "ann", reviewOf(t, room, 1).Name, "and is read once there is room")

	slow := httptest.NewUnstartedServer(d.Server)
	slow.Config.ReadTimeout = 300 * time.Millisecond
	slow.Start()
	defer slow.Close()
	u, err := url.Parse(room.String())
	require.NoError(t, err)
	conn, err := net.Dial("tcp", slow.Listener.Addr().String())
	require.NoError(t, err)
	defer conn.Close()
	fmt.Fprintf(conn, "POST %s/lights HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"name\":", u.Path)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	assert.Equal(t, http.StatusRequestTimeout, resp.StatusCode, string(body))
	assert.Contains(t, string(body), "the light came too slowly")
}
