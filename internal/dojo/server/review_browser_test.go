package server

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/verdict"
)

// TestTheReviewInABrowser: two participants' runs, red then green, each with its code. On the
// dashboard, clicking a participant's green light opens its review beside the board: the
// participant, the light, and the diff from their red light, the line that made it green
// marked as added; previous shows the red light's code; Enter on a light opens it from the
// keyboard; a file holding a script shows as text and runs nothing; and the board goes on
// taking lights behind the review, which close leaves.
func TestTheReviewInABrowser(t *testing.T) {
	d := startDojo(t, t.TempDir()+"/dojo.db")
	room := d.room(t, "review")
	ctx := context.Background()
	hostileFile := "<script>window.pwned = 1</script><img src=x onerror=\"window.pwned = 2\">\n"
	redCode := map[string]string{"game.py": "def score(secret, guess):\n    return 0\n", "notes.html": hostileFile}
	greenCode := map[string]string{"game.py": "def score(secret, guess):\n    return sum(s == g for s, g in zip(secret, guess))\n", "notes.html": hostileFile}
	for _, name := range []string{"ann", "bob"} {
		require.NoError(t, room.Send(ctx, withCode(name, verdict.Red, redCode)))
		d.advance(20 * time.Second)
	}
	for _, name := range []string{"ann", "bob"} {
		require.NoError(t, room.Send(ctx, withCode(name, verdict.Green, greenCode, "notes.html")))
		d.advance(20 * time.Second)
	}

	tctx := browse(t, room.String(), 1200, 700)
	wait := func(sel string) {
		t.Helper()
		require.NoError(t, chromedp.Do(tctx, chromedp.WaitVisible(sel)), "waiting for %s", sel)
	}
	wait(`body[data-live="true"][data-lights="4"]`)

	// ann's green light: the last light of ann's row.
	annGreen := `[...document.querySelectorAll('tr[data-name="ann"] .run')].at(-1)`
	eval[bool](t, tctx, annGreen+`.click(); true`)
	wait(`#review:not([hidden]) .diff`)
	assert.Contains(t, eval[string](t, tctx, `document.querySelector("#review h2").textContent`), "ann · mastermind · 1/2")
	assert.Equal(t, "G", eval[string](t, tctx, `document.querySelector("#review h2 .light").textContent`), "the light")
	added := eval[[]string](t, tctx, `[...document.querySelectorAll("#review .diff .add")].map(e => e.textContent.trim())`)
	assert.Equal(t, []string{"+    return sum(s == g for s, g in zip(secret, guess))"}, added, "the line that made it green, marked as added")
	removed := eval[[]string](t, tctx, `[...document.querySelectorAll("#review .diff .del")].map(e => e.textContent.trim())`)
	assert.Equal(t, []string{"-    return 0"}, removed)
	assert.Equal(t, "rgb(218, 251, 225)", eval[string](t, tctx, `getComputedStyle(document.querySelector("#review .diff .add")).backgroundColor`), "added lines shaded as a diff viewer shades them")

	// Previous: the red light's code.
	eval[bool](t, tctx, `[...document.querySelectorAll("#review button.step")][0].click(); true`)
	require.NoError(t, chromedp.Do(tctx, chromedp.Poll[chromedp.Void](`document.querySelector("#review h2 .light")?.textContent === "R"`)))
	files := eval[[]string](t, tctx, `[...document.querySelectorAll("#review pre.text")].map(e => e.textContent)`)
	assert.Equal(t, []string{redCode["game.py"], hostileFile}, files, "the files at the red light, as text")
	assert.Zero(t, eval[int](t, tctx, `document.querySelectorAll("#review script, #review img").length`), "a file's markup is text on the page")
	assert.True(t, eval[bool](t, tctx, `document.querySelectorAll("#review button.step")[0].disabled`), "ann's first light: no previous")
	assert.True(t, eval[bool](t, tctx, `window.pwned === undefined`), "nothing in a file ran")

	// The board goes on behind the review; close returns to it.
	require.NoError(t, room.Send(ctx, light("chidi", verdict.Red, 0, 2)))
	wait(`body[data-lights="5"]`)
	assert.False(t, eval[bool](t, tctx, `document.getElementById("review").hidden`), "the review stays open")
	eval[bool](t, tctx, `document.querySelector("#review button.close").click(); true`)
	assert.True(t, eval[bool](t, tctx, `document.getElementById("review").hidden`))

	// From the keyboard: bob's green light, focused, and Enter.
	eval[bool](t, tctx, `[...document.querySelectorAll('tr[data-name="bob"] .run')].at(-1).focus(); true`)
	require.NoError(t, chromedp.Do(tctx, chromedp.KeyEvent("\r")))
	require.NoError(t, chromedp.Do(tctx, chromedp.Poll[chromedp.Void](`document.querySelector("#review h2")?.textContent.includes("bob")`)))
	assert.Equal(t, "G", eval[string](t, tctx, `document.querySelector("#review h2 .light").textContent`), "bob's green light")
	require.NoError(t, chromedp.Do(tctx, chromedp.KeyEvent("\x1b")))
	require.NoError(t, chromedp.Do(tctx, chromedp.Poll[chromedp.Void](`document.getElementById("review").hidden`)))
	assert.True(t, eval[bool](t, tctx, `document.activeElement.matches('tr[data-name="bob"] .run')`), "the focus back on the light")
}
