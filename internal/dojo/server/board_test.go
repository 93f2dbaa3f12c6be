package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// get returns the body of a plain GET of the room's page, as curl sees it.
func get(t testing.TB, room dojo.Room) string {
	t.Helper()
	resp, err := http.Get(room.String())
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return string(body)
}

// TestAPlainGetShowsTheRoom: the page's first paint holds the room's lights — a screenshot,
// curl or a slow script shows the room, not an empty one — and a name in them stays text,
// in the table and in the data.
func TestAPlainGetShowsTheRoom(t *testing.T) {
	d := startDojo(t, filepath.Join(t.TempDir(), "dojo.db"))
	room := d.room(t, "tuesday")
	assert.Contains(t, get(t, room), "No lights yet", "an empty room says so")

	ctx := context.Background()
	evil := `</script><script>alert(1)</script>`
	send := func(l dojo.Post, after time.Duration) {
		t.Helper()
		d.advance(after)
		require.NoError(t, room.Send(ctx, l))
	}
	send(dojo.Post{Name: "ann", Kata: "mastermind", Light: verdict.Red, Passed: 12, Total: 60, Predicted: verdict.Red}, 0)
	send(dojo.Post{Name: evil, Kata: `"><b>k`, Light: verdict.Amber, Total: 34}, 10*time.Second)
	send(dojo.Post{Name: "ann", Kata: "mastermind", Light: verdict.Green, Passed: 60, Total: 60, Predicted: verdict.Red}, 5*time.Minute)
	send(dojo.Post{Name: "Bea", Kata: "codebreaker", Light: verdict.Red, Passed: 11, Total: 13,
		Mark: &verdict.Mark{Total: 5801, Worst: 5, Games: 1296}}, 10*time.Second)

	page := get(t, room)
	assert.NotContains(t, page, "No lights yet")
	assert.Contains(t, page, `data-lights="4"`)
	for _, want := range []string{
		`<tr data-name="ann"><th class="who">ann</th><td class="kata">mastermind</td>`,
		`<span class="light red">R</span><span class="mark right">✓</span></span><span class="count">12/60</span>`,
		`<span class="light green">G</span><span class="mark wrong">✗</span></span><span class="count">60/60</span>`,
		`<td class="runs">2</td><td class="held">1 of 2</td><td class="best">–</td>`,
		`<td class="best">5,801 (5 at worst)</td>`,
		`data-quiet="4 min quiet">` + d.clock().Add(-10*time.Second).Local().Format("15:04") + `</th>`,
		`<th class="who">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</th><td class="kata">&#34;&gt;&lt;b&gt;k</td>`,
		`<span class="run" title="&#34;&gt;&lt;b&gt;k amber 0/34, +0 −0, at `,
	} {
		assert.Contains(t, page, want)
	}
	rows := regexp.MustCompile(`<tr data-name="([^"]*)">`).FindAllStringSubmatch(page, -1)
	var names []string
	for _, r := range rows {
		names = append(names, r[1])
	}
	assert.Equal(t, []string{"&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;", "ann", "Bea"}, names, "rows by name, A as a")
	assert.Equal(t, 1, strings.Count(page, "<script>")+strings.Count(page, "<script src"), "no script from a name: the dashboard's alone")
	assert.NotContains(t, page, "<b>", "nor any element")

	data := regexp.MustCompile(`(?s)<script type="application/json" id="lights">(.*?)</script>`).FindStringSubmatch(page)
	require.Len(t, data, 2)
	var lights []Stored
	require.NoError(t, json.Unmarshal([]byte(data[1]), &lights), "the lights as data")
	require.Len(t, lights, 4)
	assert.Equal(t, evil, lights[1].Name)
	assert.Equal(t, int64(4), lights[3].ID)
}

// TestAMarkIsReadOnItsKatasScale: a mark over fewer games than a whole one is shown with how
// many, and ranks below every whole mark, however few its guesses; between marks over fewer
// games, the one over more ranks above. Under the table, the page says what a mark counts,
// beside the marks to beat, from the kata's scale — and a room without marks says nothing of
// them.
func TestAMarkIsReadOnItsKatasScale(t *testing.T) {
	d := startDojo(t, filepath.Join(t.TempDir(), "dojo.db"))
	room := d.room(t, "tuesday")
	ctx := context.Background()
	require.NoError(t, room.Send(ctx, dojo.Post{Name: "ann", Kata: "mastermind", Light: verdict.Green, Passed: 60, Total: 60}))
	page := get(t, room)
	assert.NotContains(t, page, `<th class="best">`, "no column of marks where no run has one")
	assert.NotContains(t, page, `<p class="scale"`, "nor any word of them")

	marked := func(name string, total, worst, games int) dojo.Post {
		return dojo.Post{Name: name, Kata: "codebreaker", Light: verdict.Red, Passed: 11, Total: 13, Mark: &verdict.Mark{Total: total, Worst: worst, Games: games}}
	}
	for _, l := range []dojo.Post{
		marked("bea", 5801, 5, 1296), marked("bea", 516, 4, 138), // a whole mark, then a lower total part of the way
		marked("chidi", 516, 4, 138), marked("chidi", 6000, 6, 1296), // the other way round
		marked("dana", 516, 4, 138), marked("dana", 87, 5, 27), marked("dana", 520, 5, 138), // part of the way only
		marked("eve", 4, 4, 1),
	} {
		require.NoError(t, room.Send(ctx, l))
	}
	page = get(t, room)
	for _, want := range []string{
		`<tr data-name="bea">`, `<td class="best">5,801 (5 at worst)</td>`,
		`<td class="best">6,000 (6 at worst)</td>`,
		`<td class="best">516 over 138 games (4 at worst)</td>`,
		`<td class="best">4 over 1 game (4 at worst)</td>`,
		`<td class="best">–</td>`, // ann, with no mark
		`</table></div><p class="scale" data-kata="codebreaker">On codebreaker, best counts guesses over the 1,296 secrets of the classic game (6 colours, 4 pegs): fewer is better. Marks to beat: Knuth 5,801, the optimum 5,625. A mark over fewer than 1,296 games, from a run that stopped part of the way, says how many, and ranks below every whole one.</p></main>`,
	} {
		assert.Contains(t, page, want)
	}
	assert.Equal(t, 1, strings.Count(page, `<p class="scale"`), "a note a kata")
	assert.Contains(t, page, `<script type="application/json" id="scales">{"codebreaker":{"games":1296,"note":"On codebreaker, best counts guesses`, "the scales as data, for the script")
}

func TestRowsAreInTheScriptsOrder(t *testing.T) {
	names := []string{"bob", "Ann", "ann", "Émile", "zoë", "Zed", "<x>", "😀", "\uff01"}
	b := newBoard(func() []Stored {
		var ls []Stored
		for i, n := range names {
			ls = append(ls, Stored{ID: int64(i + 1), At: 60000, Post: dojo.Post{Name: n, Kata: "k", Light: verdict.Red}})
		}
		return ls
	}(), nil, ShownLights, time.UnixMilli(60000))
	var got []string
	for _, r := range b.Rows {
		got = append(got, r.Name)
	}
	// As [...].sort(compareNames) orders them in a browser: A to Z as a to z, then code units,
	// where U+FF01 comes after the surrogates of U+1F600, as it does not in UTF-8.
	assert.Equal(t, []string{"<x>", "Ann", "ann", "bob", "Zed", "zoë", "Émile", "😀", "\uff01"}, got)
}

// BenchmarkThePageOfABusyRoom serves the page of a room at the end of a long session — 60
// participants with 40 runs each over two hours, 2,400 lights — drawn on the server, as a
// dashboard opening or reloading gets it ("page"), beside what a page that drew the room
// itself would have waited for first: the room's stream, read to its catch-up ("stream"). Each
// op is one page, or one catch-up.
func BenchmarkThePageOfABusyRoom(b *testing.B) {
	d := startDojo(b, filepath.Join(b.TempDir(), "dojo.db"))
	room := d.room(b, "dojo")
	ctx := context.Background()
	for run := range 40 {
		d.advance(3 * time.Minute)
		for p := range loadParticipants {
			l := dojo.Post{Name: fmt.Sprintf("participant %02d", p), Kata: "mastermind", Light: verdict.Light(1 + (run+p)%3), Passed: run, Total: 60, Predicted: verdict.Red, Added: 4, Removed: 2}
			require.NoError(b, room.Send(ctx, l))
		}
		d.advance(time.Minute) // each participant's allowance of lights comes back
	}
	read := func(b *testing.B, url string, until []byte) int64 {
		resp, err := http.Get(url)
		require.NoError(b, err)
		defer resp.Body.Close()
		var n int64
		buf := make([]byte, 64<<10)
		var tail []byte
		for {
			m, err := resp.Body.Read(buf)
			n += int64(m)
			tail = append(tail[max(0, len(tail)-len(until)):], buf[:m]...)
			if until != nil && bytes.Contains(tail, until) {
				return n
			}
			if err == io.EOF {
				return n
			}
			require.NoError(b, err)
		}
	}
	for _, c := range []struct {
		name, url string
		until     []byte
	}{
		{"page", room.String(), nil},
		{"stream", room.String() + "/events", []byte("event: caught-up")},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var size int64
			for b.Loop() {
				size = read(b, c.url, c.until)
			}
			b.ReportMetric(float64(size)/1024, "KiB")
		})
	}
}

// BenchmarkThePageOfARoomOfADay serves the page of a room that has taken 60,000 lights from
// 100 participants, the most a room takes in half an hour: the page shows the latest
// ShownLights and counts the rest, so that it is as large as a busy session's, and takes the
// time of going over every light once. Each op is one page.
func BenchmarkThePageOfARoomOfADay(b *testing.B) {
	d := startDojo(b, filepath.Join(b.TempDir(), "dojo.db"))
	room := d.room(b, "dojo")
	rm := d.Server.rooms["dojo"]
	d.Server.mu.Lock()
	start := d.clock().UnixMilli()
	for i := range 60000 {
		rm.lights = append(rm.lights, Stored{ID: int64(i + 1), At: start + int64(i)*30, Post: dojo.Post{
			Name: fmt.Sprintf("participant %02d", i%100), Kata: "mastermind", Light: verdict.Light(1 + i%3),
			Passed: i % 60, Total: 60, Predicted: verdict.Red, Added: 4, Removed: 2}})
	}
	d.Server.mu.Unlock()
	b.ReportAllocs()
	var size int
	for b.Loop() {
		size = len(get(b, room))
	}
	b.ReportMetric(float64(size)/1024, "KiB")
}

// TestAQuietNameHasNoRow: a room a day long, whose names come for an hour and go, keeps a page
// of an hour's size: a participant with no light shown and none for QuietAfter has no row,
// and a line says how many and their runs, which the room's count of lights holds.
func TestAQuietNameHasNoRow(t *testing.T) {
	d := startDojoWith(t, filepath.Join(t.TempDir(), "dojo.db"), "127.0.0.1:0", Options{Shown: 20})
	room := d.room(t, "dojo")
	for hour := range 24 {
		d.advance(time.Hour)
		for p := range 50 {
			require.NoError(t, room.Send(context.Background(), light(fmt.Sprintf("hour %02d name %02d", hour, p), verdict.Red, 1, 2)))
		}
	}
	d.advance(30 * time.Minute)
	require.NoError(t, room.Send(context.Background(), light("today", verdict.Green, 2, 2)))
	page := get(t, room)
	assert.Equal(t, 50+1, strings.Count(page, "<tr data-name="), "the last hour's names and today's, no more")
	assert.Contains(t, page, `<p class="quiet">1,150 more participants, with no light for an hour and none of the latest shown, have no row: 1,150 runs, counted in the room&#39;s lights.</p>`)
	assert.Contains(t, page, `data-lights="1201"`)
	assert.Contains(t, page, `<script type="application/json" id="quiet">{"names":1150,"runs":1150}</script>`)
	assert.Less(t, len(page), 64<<10, "the page of an hour's names")

	// In a browser: the room's count holds the quiet names' runs, and one who comes back
	// gets a row.
	tctx := browse(t, room.String(), 1000, 600)
	require.NoError(t, chromedp.Do(tctx, chromedp.WaitVisible(`body[data-live="true"]`)))
	require.NoError(t, room.Send(context.Background(), light("hour 00 name 00", verdict.Green, 2, 2)))
	require.NoError(t, chromedp.Do(tctx, chromedp.WaitVisible(`body[data-lights="1202"]`)), "the quiet runs counted")
	assert.Equal(t, 52, eval[int](t, tctx, `document.querySelectorAll("tbody tr").length`), "a row for the one back")
}
