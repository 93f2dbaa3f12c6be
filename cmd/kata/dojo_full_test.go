package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// TestADojoOnAFullDiskSaysSo: a server whose file can grow no more (a small ulimit -f, as a
// full disk) refuses the lights it cannot keep, says so on its terminal while they fail, and
// on stop says how many it lost rather than that the lights are kept.
func TestADojoOnAFullDiskSaysSo(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	require.NoError(t, err)
	db := filepath.Join(t.TempDir(), "dojo.db")
	cmd := exec.Command(bash, "-c", `ulimit -f 96 && exec "$0" dojo serve --addr 127.0.0.1:0 --db "$1"`, os.Args[0], db)
	cmd.Env = append(os.Environ(), asKata+"=1")
	cmd.Dir = t.TempDir()
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr syncBuffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	lines := bufio.NewScanner(stdout)
	var address string
	for address == "" && lines.Scan() {
		if m := regexp.MustCompile(`^  dashboard:\s+(\S+)$`).FindStringSubmatch(lines.Text()); m != nil {
			address = m[1]
		}
	}
	require.NotEmpty(t, address, "the server started: %s", stderr.String())
	room, err := dojo.ParseRoom(address)
	require.NoError(t, err)
	var refused error
	for i := range 100 { // each of its own name, so that no allowance runs out
		if err := room.Send(context.Background(), dojo.Post{Name: fmt.Sprintf("p%d", i), Kata: "mastermind", Light: verdict.Red, Passed: 1, Total: 60}); err != nil {
			refused = err
			break
		}
	}
	require.Error(t, refused, "the file filled up")
	assert.Contains(t, refused.Error(), "the dojo could not keep the light")
	deadline := time.Now().Add(3 * unkeptEvery)
	for time.Now().Before(deadline) && !strings.Contains(stderr.String(), "could not be kept") {
		time.Sleep(50 * time.Millisecond)
	}
	assert.Regexp(t, `kata dojo: 1 light could not be kept in .*dojo\.db since the last word \(1 in all\)`, stderr.String(), "the terminal is told")
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	var rest strings.Builder
	for lines.Scan() {
		rest.WriteString(lines.Text() + "\n")
	}
	assert.Contains(t, rest.String(), "kata dojo: stopped; 1 light could not be kept in ")
	assert.NotContains(t, rest.String(), "the lights are kept in")
}
