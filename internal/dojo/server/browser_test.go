package server

import (
	"bytes"
	"context"
	"database/sql"
	"flag"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/verdict"
)

var screenshot = flag.String("screenshot", "", "write the dashboard's picture, as the browser test sees it, to this PNG file (the README's: ../../../docs/dashboard.png)")

// chromium returns the browser the dashboard's test drives. Without one the test skips, and
// says why, unless KATAS_REQUIRE_BROWSER=1, as CI sets it, which refuses the skip.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("KATAS_REQUIRE_BROWSER") == "1" {
		t.Fatal("no chromium on PATH, and KATAS_REQUIRE_BROWSER=1 needs one: apt-get install chromium")
	}
	t.Skip("SKIPPED: no chromium on PATH, so the dashboard is not tested in a browser (apt-get install chromium); CI installs it, and its KATAS_REQUIRE_BROWSER=1 refuses this skip")
	return ""
}

// browse opens the page at url in headless Chromium, of a window w by h, and returns a
// context of the page with a minute's deadline, for each step of a test. A browser that exits
// as it starts, as Chromium now and then does on a machine loaded with the other packages'
// tests, is started again, twice at most, and the test's log says so.
func browse(t *testing.T, url string, w, h int) context.Context {
	t.Helper()
	chrome := chromium(t)
	for attempt := 1; ; attempt++ {
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(chrome), chromedp.NoSandbox, chromedp.UserDataDir(t.TempDir()),
			chromedp.WindowSize(w, h), chromedp.Flag("disable-dev-shm-usage", true))...)
		bctx, cancelBrowser := chromedp.NewContext(actx)
		// The first call starts the browser, which lives as long as its context: the one with
		// no deadline. Every later call has one.
		err := chromedp.Do(bctx, chromedp.Navigate(url))
		if err == nil {
			t.Cleanup(cancelAlloc)
			t.Cleanup(cancelBrowser)
			tctx, cancel := context.WithTimeout(bctx, 60*time.Second)
			t.Cleanup(cancel)
			return tctx
		}
		cancelBrowser()
		cancelAlloc()
		if attempt == 3 || !strings.Contains(err.Error(), "chrome failed to start") {
			require.NoError(t, err, "opening %s in Chromium", url)
		}
		first, _, _ := strings.Cut(err.Error(), "\n")
		t.Logf("Chromium did not start (attempt %d of 3): %s", attempt, first)
	}
}

// A row is a participant's row of the dashboard, as the browser shows it.
type row struct {
	Name    string   `json:"name"`
	Kata    string   `json:"kata"`
	Lights  []string `json:"lights"` // each light's letter and mark, "R", "G✓", "A✗"
	Classes []string `json:"classes"`
	Runs    string   `json:"runs"`
	Held    string   `json:"held"`
	Best    string   `json:"best"` // the best mark, where a participant's runs have any
}

const readRows = `[...document.querySelectorAll("tbody tr")].map(tr => ({
	name: tr.querySelector("th.who").textContent,
	kata: tr.querySelector("td.kata").textContent,
	lights: [...tr.querySelectorAll(".run .top")].map(r => r.textContent),
	classes: [...tr.querySelectorAll(".light")].map(l => l.className),
	runs: tr.querySelector("td.runs").textContent,
	held: tr.querySelector("td.held").textContent,
	best: tr.querySelector("td.best")?.textContent ?? "",
}))`

// hostile is a name that would run a script, were the page to take it as markup.
const hostile = `<img src=x onerror="window.pwned=1">`

func TestTheDashboardInABrowser(t *testing.T) {
	chromium(t) // before the room is made, to skip at once
	db := filepath.Join(t.TempDir(), "dojo.db")
	d := startDojoAt(t, db, "127.0.0.1:0")
	room := d.room(t, "tuesday")
	ctx := context.Background()
	refused := make(chan struct{}, 1)
	send := func(l dojo.Post, after time.Duration) {
		t.Helper()
		d.advance(after)
		require.NoError(t, room.Send(ctx, l))
	}
	run := func(name, kata string, l, predicted verdict.Light, passed, total, added, removed int) dojo.Post {
		return dojo.Post{Name: name, Kata: kata, Light: l, Predicted: predicted, Passed: passed, Total: total, Added: added, Removed: removed}
	}
	tctx := browse(t, room.String(), 1000, 420)
	wait := func(sel string) {
		t.Helper()
		require.NoError(t, chromedp.Do(tctx, chromedp.WaitVisible(sel)), "waiting for %s", sel)
	}
	rows := func() []row {
		t.Helper()
		return eval[[]row](t, tctx, readRows)
	}
	// The page opens on an empty room and draws it when the first light comes.
	wait(`body[data-live="true"]`)
	assert.Equal(t, "No lights yet", eval[string](t, tctx, `document.querySelector("#board .empty").textContent.slice(0, 13)`))
	send(run("ann & bob", "mastermind", verdict.Amber, verdict.NoLight, 0, 60, 12, 0), 0)
	send(run(hostile, "tictactoe", verdict.Red, verdict.Red, 20, 34, 30, 2), 20*time.Second)
	send(run("ann & bob", "mastermind", verdict.Red, verdict.Red, 12, 60, 20, 3), 50*time.Second)
	wait(`body[data-live="true"][data-lights="3"]`)
	eval[bool](t, tctx, `window.sameLoad = true`)
	got := rows()
	require.Len(t, got, 2)
	assert.Equal(t, row{Name: "ann & bob", Kata: "mastermind", Lights: []string{"A", "R✓"},
		Classes: []string{"light amber", "light red"}, Runs: "2", Held: "1 of 1"}, got[1], "by name: the hostile one first")

	// Lights that come while the page is open appear on it, in their minutes, with no reload,
	// and without drawing the room again: the rows there stay the elements they were.
	eval[bool](t, tctx, `document.querySelectorAll("tbody tr").forEach((r, i) => r.dataset.probe = i); true`)
	send(run("ann & bob", "mastermind", verdict.Green, verdict.Red, 60, 60, 9, 4), 3*time.Minute)
	send(run(hostile, "tictactoe", verdict.Green, verdict.Green, 34, 34, 8, 1), 10*time.Second)
	send(run("chidi", "tictactoe", verdict.Red, verdict.NoLight, 30, 34, 40, 0), 30*time.Second)
	wait(`body[data-lights="6"]`)
	assert.True(t, eval[bool](t, tctx, `window.sameLoad === true`), "the page took the lights without a reload")
	assert.Equal(t, []string{"0", "1", ""}, eval[[]string](t, tctx, `[...document.querySelectorAll("tbody tr")].map(r => r.dataset.probe ?? "")`),
		"the two rows there kept, the new participant's added")
	assert.Equal(t, 3, eval[int](t, tctx, `document.querySelectorAll("thead th.minute").length`),
		"a column for each minute with a light: 09:30, 09:31, 09:34")
	assert.Equal(t, "2 min quiet", eval[string](t, tctx, `document.querySelector("thead th.gap").dataset.quiet`),
		"the quiet minutes between, said")
	assert.Equal(t, []string{"0/60", "12/60", "60/60"}, eval[[]string](t, tctx, `[...document.querySelectorAll("tr[data-name='ann & bob'] .run .count")].map(c => c.textContent)`),
		"each light's counts, without hovering")
	assert.GreaterOrEqual(t, eval[float64](t, tctx, `parseFloat(getComputedStyle(document.querySelector("tbody .mark")).fontSize)`), 13.0,
		"a prediction's mark as legible as the text")
	got = rows()
	require.Len(t, got, 3)
	assert.Equal(t, []string{"A", "R✓", "G✗"}, got[1].Lights, "ann & bob, by name")
	assert.Equal(t, "chidi", got[2].Name)
	assert.Equal(t, hostile, got[0].Name, "a name is shown as the text it is")
	assert.Equal(t, []string{"R✓", "G✓"}, got[0].Lights)
	assert.Equal(t, "2 of 2", got[0].Held)
	assert.False(t, eval[bool](t, tctx, `window.pwned === 1`), "no script ran from a name")
	assert.Zero(t, eval[int](t, tctx, `document.images.length`), "no element came from a name")
	assert.Zero(t, eval[int](t, tctx, `document.querySelectorAll("th.best").length`), "no column of marks where no run has one")
	assert.Zero(t, eval[int](t, tctx, `document.querySelectorAll("p.scale").length`), "nor any word of them")

	// A code breaker's runs carry their marks: the room sees each participant's best.
	breaker := run("dana", "codebreaker", verdict.Red, verdict.NoLight, 11, 13, 50, 0)
	breaker.Mark = &verdict.Mark{Total: 7471, Worst: 9, Games: 1296}
	send(breaker, 5*time.Second)
	breaker.Mark, breaker.Passed = &verdict.Mark{Total: 5801, Worst: 5, Games: 1296}, 12
	send(breaker, 5*time.Second)
	breaker.Mark = &verdict.Mark{Total: 87, Worst: 5, Games: 27} // a run that stopped part of the way
	send(breaker, 5*time.Second)
	wait(`body[data-lights="9"]`)
	got = rows()
	require.Len(t, got, 4)
	assert.Equal(t, "dana", got[3].Name)
	assert.Equal(t, "5,801 (5 at worst)", got[3].Best, "the fewest guesses over every secret, above fewer over fewer games")
	assert.Equal(t, "–", got[1].Best, "a participant with no mark")
	// Under the table, what the column counts, beside the marks to beat: on the page, not on
	// hover.
	note := `document.querySelector("#board p.scale")`
	assert.Equal(t, "On codebreaker, best counts guesses over the 1,296 secrets of the classic game (6 colours, 4 pegs): fewer is better. Marks to beat: Knuth 5,801, the optimum 5,625. A mark over fewer than 1,296 games, from a run that stopped part of the way, says how many, and ranks below every whole one.",
		eval[string](t, tctx, note+`.textContent`))
	assert.Positive(t, eval[float64](t, tctx, note+`.getBoundingClientRect().height`), "the note is shown")
	assert.True(t, eval[bool](t, tctx, `(() => { const n = document.querySelector("#board p.scale"), tb = document.querySelector("#board table");
		return n.getBoundingClientRect().top >= tb.getBoundingClientRect().bottom; })()`), "under the table")
	// A run that played some of the secrets to their end: its mark says how many.
	partial := run("eve", "codebreaker", verdict.Red, verdict.NoLight, 10, 13, 30, 0)
	partial.Mark = &verdict.Mark{Total: 516, Worst: 4, Games: 138}
	send(partial, 5*time.Second)
	wait(`body[data-lights="10"]`)
	got = rows()
	require.Len(t, got, 5)
	assert.Equal(t, "516 over 138 games (4 at worst)", got[4].Best)
	assert.Equal(t, 1, eval[int](t, tctx, `document.querySelectorAll("p.scale").length`), "a note a kata")

	png, err := chromedp.Run(tctx, chromedp.FullScreenshot(100))
	require.NoError(t, err)
	require.True(t, bytes.HasPrefix(png, []byte("\x89PNG")), "a picture of the dashboard")
	if *screenshot != "" {
		require.NoError(t, os.WriteFile(*screenshot, png, 0o644))
	}

	// The server stops and starts again on the same store: the open page reconnects, takes the
	// light sent since, and a new page shows every light.
	// In between, a proxy answers 502 while the server is away: the page, which the browser's
	// EventSource gives up on at such a reply, opens its stream again by itself.
	addr := d.http.Listener.Addr().String()
	d.stop()
	wait(`body[data-live="false"]`)
	proxy := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "bad gateway", http.StatusBadGateway)
		select {
		case refused <- struct{}{}:
		default:
		}
	})}
	ln, err := net.Listen("tcp", addr)
	require.NoError(t, err)
	go proxy.Serve(ln)
	for range 2 { // refused twice: the page came back after the first
		select {
		case <-refused:
		case <-time.After(30 * time.Second):
			t.Fatal("the page did not come back to the proxy")
		}
	}
	require.NoError(t, proxy.Close())
	again := startDojoAt(t, db, addr)
	again.advance(5 * time.Minute)
	require.NoError(t, again.room(t, "tuesday").Send(ctx, run("chidi", "tictactoe", verdict.Green, verdict.Green, 34, 34, 3, 3)))
	wait(`body[data-live="true"][data-lights="11"]`)
	assert.True(t, eval[bool](t, tctx, `window.sameLoad === true`), "the page reconnected by itself")

	// A new page's first paint is the server's drawing of the room (a plain GET holds it), the
	// same as the one the open page built light by light; the script takes it over, and the
	// stream only adds to it: no element of the board is taken away.
	const boardHTML = `(() => { const b = document.getElementById("board").cloneNode(true);
		b.querySelectorAll("[data-probe]").forEach((e) => delete e.dataset.probe); return b.innerHTML; })()`
	built := eval[string](t, tctx, boardHTML)
	require.NoError(t, chromedp.Do(tctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `window.removed = 0;
			new MutationObserver((ms) => { for (const m of ms) for (const n of m.removedNodes) if (n.nodeType === 1) window.removed++; })
				.observe(document, { childList: true, subtree: true });`})
		return err
	})))
	require.NoError(t, chromedp.Do(tctx, chromedp.Reload()))
	wait(`body[data-live="true"][data-lights="11"]`)
	assert.Equal(t, built, eval[string](t, tctx, boardHTML), "the server draws the room as the page does")
	again.advance(2 * time.Minute)
	require.NoError(t, again.room(t, "tuesday").Send(ctx, run("bea", "mastermind", verdict.Red, verdict.Green, 3, 60, 5, 0)))
	wait(`body[data-lights="12"]`)
	assert.Equal(t, 5, eval[int](t, tctx, `document.querySelectorAll("thead th.minute").length`), "a column added for the new minute")
	assert.Equal(t, []string{hostile, "ann & bob", "bea", "chidi", "dana", "eve"}, eval[[]string](t, tctx, `[...document.querySelectorAll("tbody tr")].map(r => r.dataset.name)`),
		"a row added where it goes")
	assert.Zero(t, eval[int](t, tctx, `window.removed`), "the stream only adds")
	got = rows()
	require.Len(t, got, 6)
	assert.Equal(t, "5,801 (5 at worst)", got[4].Best, "the marks kept, and read back")
	assert.Equal(t, "516 over 138 games (4 at worst)", got[5].Best)
	assert.Equal(t, []string{"A", "R✓", "G✗"}, got[1].Lights)
	assert.Equal(t, []string{"R", "G✓"}, got[3].Lights)

	// A light the server cannot keep is said on the page; the next it keeps clears it.
	assert.True(t, eval[bool](t, tctx, `document.getElementById("trouble").hidden`))
	open := again.store.db
	again.store.db = closedDB(t, db)
	require.Error(t, again.room(t, "tuesday").Send(ctx, run("chidi", "tictactoe", verdict.Red, verdict.NoLight, 30, 34, 1, 1)))
	wait(`body[data-trouble="true"]`)
	assert.Contains(t, eval[string](t, tctx, `document.getElementById("trouble").textContent`), "the dojo could not keep a light")
	again.store.db = open
	require.NoError(t, again.room(t, "tuesday").Send(ctx, run("chidi", "tictactoe", verdict.Green, verdict.NoLight, 34, 34, 1, 1)))
	wait(`body[data-trouble="false"][data-lights="13"]`)
}

// TestTheDashboardFoldsWhatGrowsOld: past the lights a page shows one by one (three here),
// the oldest is folded into its participant's counts in the column earlier, on an open page
// as on the server's, and an emptied minute's column goes: the open page and a new one draw
// the room alike, runs, predictions and best marks counted over every light.
func TestTheDashboardFoldsWhatGrowsOld(t *testing.T) {
	chromium(t) // before the room is made, to skip at once
	d := startDojoWith(t, filepath.Join(t.TempDir(), "dojo.db"), "127.0.0.1:0", Options{Shown: 3})
	room := d.room(t, "tuesday")
	ctx := context.Background()
	send := func(l dojo.Post, after time.Duration) {
		t.Helper()
		d.advance(after)
		require.NoError(t, room.Send(ctx, l))
	}
	send(dojo.Post{Name: "ann", Kata: "mastermind", Light: verdict.Red, Predicted: verdict.Red, Passed: 3, Total: 60}, 0)
	send(dojo.Post{Name: "bob", Kata: "codebreaker", Light: verdict.Green, Passed: 13, Total: 13,
		Mark: &verdict.Mark{Total: 5801, Worst: 5, Games: 1296}}, 10*time.Second)

	tctx := browse(t, room.String(), 1000, 420)
	wait := func(sel string) {
		t.Helper()
		require.NoError(t, chromedp.Do(tctx, chromedp.WaitVisible(sel)), "waiting for %s", sel)
	}
	const boardHTML = `document.getElementById("board").innerHTML`
	minutes := func() int { return eval[int](t, tctx, `document.querySelectorAll("thead th.minute").length`) }
	wait(`body[data-live="true"][data-lights="2"]`)
	assert.Zero(t, eval[int](t, tctx, `document.querySelectorAll(".earlier").length`), "nothing folded yet")

	send(dojo.Post{Name: "ann", Kata: "mastermind", Light: verdict.Green, Predicted: verdict.Red, Passed: 60, Total: 60}, time.Minute)
	send(dojo.Post{Name: "chidi", Kata: "tictactoe", Light: verdict.Amber, Total: 34}, 10*time.Second)
	wait(`body[data-lights="4"]`)
	// ann's red, the oldest, is folded; 09:30 keeps bob's green, 09:31 has ann's and chidi's.
	got := eval[[]row](t, tctx, readRows)
	require.Len(t, got, 3)
	assert.Equal(t, []string{"G✗"}, got[0].Lights, "ann's latest shown")
	assert.Equal(t, "2", got[0].Runs, "and both counted")
	assert.Equal(t, "1 of 2", got[0].Held)
	assert.Equal(t, "1", eval[string](t, tctx, `document.querySelector("tr[data-name='ann'] td.earlier .tally.red").textContent`))
	assert.Equal(t, 2, minutes())
	assert.Equal(t, 3, eval[int](t, tctx, `document.querySelectorAll("tbody .run").length`))

	send(dojo.Post{Name: "dana", Kata: "mastermind", Light: verdict.Red, Passed: 1, Total: 60}, time.Minute)
	wait(`body[data-lights="5"]`)
	// bob's green, with its mark, is folded: 09:30 is empty and goes; bob's best stays.
	got = eval[[]row](t, tctx, readRows)
	require.Len(t, got, 4)
	assert.Empty(t, got[1].Lights, "bob's one light folded")
	assert.Equal(t, "1", got[1].Runs)
	assert.Equal(t, "5,801 (5 at worst)", got[1].Best, "the best mark, from a light folded")
	assert.Equal(t, 2, minutes(), "09:30 gone, 09:32 come")
	assert.Equal(t, "runs before those shown: 1 green", eval[string](t, tctx, `document.querySelector("tr[data-name='bob'] td.earlier").title`))
	built := eval[string](t, tctx, boardHTML)

	// A new page draws what the open page drew, and folds as it does.
	require.NoError(t, chromedp.Do(tctx, chromedp.Reload()))
	wait(`body[data-live="true"][data-lights="5"]`)
	assert.Equal(t, built, eval[string](t, tctx, boardHTML), "the server folds as the page does")
	send(dojo.Post{Name: "ann", Kata: "mastermind", Light: verdict.Green, Passed: 60, Total: 60}, 10*time.Second)
	wait(`body[data-lights="6"]`)
	// ann's green of 09:31 folded too, from a minute that keeps chidi's amber: on the page
	// as it is, without drawing it again.
	assert.Equal(t, "runs before those shown: 1 green, 1 red", eval[string](t, tctx, `document.querySelector("tr[data-name='ann'] td.earlier").title`))
	assert.Equal(t, 2, minutes())
	assert.Equal(t, []string{"A"}, eval[[]row](t, tctx, readRows)[2].Lights, "chidi's, in 09:31")
	assert.Equal(t, "3", eval[string](t, tctx, `document.querySelector("tr[data-name='ann'] td.runs").textContent`))
	built = eval[string](t, tctx, boardHTML)
	require.NoError(t, chromedp.Do(tctx, chromedp.Reload()))
	wait(`body[data-live="true"][data-lights="6"]`)
	assert.Equal(t, built, eval[string](t, tctx, boardHTML))
}

// closedDB is a handle on the store's file that is closed: every write through it fails, as
// on a full disk.
func closedDB(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	require.NoError(t, db.Close())
	return db
}

// eval evaluates a script in the page, and returns its value.
func eval[T any](t *testing.T, ctx context.Context, script string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](script))
	require.NoError(t, err, script)
	return v
}
