package kit_test

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cucumber/godog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/kata/testdata/tally"
	"github.com/deliberate-practice/katas/internal/kit"
	"github.com/deliberate-practice/katas/internal/term/termtest"
)

// TestANoticeReachesTheTerminal: what the kit could not do reaches the person at the terminal
// under plain go test, which shows nothing but "ok" of a passing package: the test binary runs
// here with a terminal of its own, its output captured as go test captures it.
func TestANoticeReachesTheTerminal(t *testing.T) {
	if os.Getenv("KIT_TEST_NOTICE") == "1" { // the test binary, on its terminal
		t.Chdir(t.TempDir())
		room := httptest.NewServer(http.NotFoundHandler())
		room.Close() // away
		t.Setenv(dojo.EnvRoom, room.URL+"/rooms/dojo/"+strings.Repeat("a", 26))
		t.Setenv(dojo.EnvName, "ann")
		kit.Run(t, tally.Kata(), func(sc *godog.ScenarioContext) {
			tally.Initialize(sc, func() (tally.Tally, error) { return &tally.Counter{}, nil })
		})
		return
	}
	ptmx, tty := termtest.OpenPTY(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestANoticeReachesTheTerminal$", "-test.count=1")
	cmd.Env = append(os.Environ(), "KIT_TEST_NOTICE=1")
	var out bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	screen := make(chan string, 1)
	go func() {
		data, _ := io.ReadAll(ptmx) // until the terminal closes
		screen <- string(data)
	}()
	require.NoError(t, cmd.Run(), out.String())
	tty.Close()
	var seen string
	select {
	case seen = <-screen:
	case <-time.After(5 * time.Second):
		ptmx.Close()
		seen = <-screen
	}
	assert.Contains(t, seen, "features: the light was not sent to the dojo", "on the terminal")
	assert.NotContains(t, out.String(), "not sent", "not in the output go test holds back")
}
