package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHostilePrograms: programs that break the protocol in ways a plain child process would
// hide each fail their scenarios with an accurate message, and leave no process behind.
func TestHostilePrograms(t *testing.T) {
	t.Parallel() // it waits on time limits, builds or interpreters: beside the rest
	bash, err := exec.LookPath("bash")
	require.NoError(t, err)
	cases := []struct {
		name string
		argv func(marker string) []string
		want string // in each failed scenario
		pass bool   // the program is right after all
	}{
		{"a hang behind a wrapper", func(m string) []string {
			return []string{bash, "-c", impl + " -misbehave hang -starts " + m + "; true"}
		}, "the program did not write its reply to request 2 {", false},
		{"output closed, the program living on", func(m string) []string {
			return []string{impl, "-misbehave", "close-linger", "-starts", m}
		}, "the program did not exit within 1s of the end of its input", false},
		{"a long line after the last reply", func(m string) []string {
			return []string{impl, "-misbehave", "long-after", "-starts", m}
		}, "the program wrote more than it was asked: a line of 70000 bytes, more than the 65536 a line may have", false},
		{"a child holding standard output", func(m string) []string {
			return []string{impl, "-misbehave", "child-holds", "-starts", m}
		}, "", true},
		{"a grandchild that calls setsid", func(m string) []string {
			return []string{bash, "-c", impl + " -misbehave setsid-child -starts " + m}
		}, "", true},
		{"a crash with a child holding standard output", func(m string) []string {
			return []string{impl, "-misbehave", "child-crash", "-starts", m}
		}, "the program exited with status 2 before its reply to request 2", false},
	}
	markers := make([]string, len(cases))
	runs := make([][]string, len(cases))
	for i, tt := range cases {
		markers[i] = filepath.Join(t.TempDir(), "starts")
		// What a program does once its input is closed happens at each scenario's end, isolated.
		runs[i] = append([]string{"run", "mastermind", "-v", "--isolate", "--timeout", "1s", "--run", "Joining the game$|Making a guess/row 1$", "--"}, tt.argv(markers[i])...)
	}
	results := concurrently(runs)
	for i, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			marker := markers[i]
			out, errOut, status := results[i].out, results[i].errOut, results[i].status
			if tt.pass {
				assert.Zero(t, status, out+errOut)
				assert.Equal(t, "mastermind: all 2 scenarios passed\n", out)
			} else {
				assert.Equal(t, 1, status, out+errOut)
				assert.Equal(t, []string{"Joining the game (mastermind.feature:6)", "Making a guess, row 1 (mastermind.feature:23)"}, failed(out), out)
				assert.Equal(t, 2, strings.Count(out, tt.want), "each scenario fails saying %q:\n%s", tt.want, out)
			}
			assert.NotContains(t, out, "did not exit within 1s of the end of its input, although", out)
			assert.Empty(t, running(t, marker), "no process of the program's is left")
		})
	}
}

// TestRepliesAsTheProtocolWritesThem: keys match as the protocol writes them, and an id never
// sent is named so.
func TestRepliesAsTheProtocolWritesThem(t *testing.T) {
	t.Parallel()
	out, errOut, status := kataCmd("run", "mastermind", "--run", "Joining the game$|Making a guess/row 1$", "--", impl, "-misbehave", "upper-error", "-at", "1")
	assert.Zero(t, status, out+errOut, `an "Error" key is not the protocol's "error": no refusal`)
	out, _, status = kataCmd("run", "mastermind", "--", impl, "-misbehave", "upper-greeting")
	assert.Equal(t, 1, status)
	assert.Contains(t, out, `its first line was not a greeting: "{\"Kata\"`)
	out, _, _ = kataCmd("run", "mastermind", "-v", "--run", "Joining the game$", "--", impl, "-misbehave", "id-zero")
	assert.Contains(t, out, `the program wrote a reply to a request that was never sent, "{\"guesses\":0,\"id\":0}"`)
	assert.NotContains(t, out, "replied twice")
}

// TestTerminatedMidRun: kata ended while a program hangs behind a wrapper — terminated,
// interrupted, its terminal closed, Ctrl-\ — ends the program's whole process group before
// it exits.
func TestTerminatedMidRun(t *testing.T) {
	t.Parallel() // it waits on time limits, builds or interpreters: beside the rest
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			marker := filepath.Join(t.TempDir(), "starts")
			cmd := exec.Command(os.Args[0], "run", "mastermind", "--timeout", "60s", "--", "bash", "-c", impl+" -misbehave hang -starts "+marker+"; true")
			cmd.Env = append(os.Environ(), asKata+"=1") // the test binary, as the kata program
			cmd.Dir = t.TempDir()
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			require.NoError(t, cmd.Start())
			deadline := time.Now().Add(20 * time.Second)
			for time.Now().Before(deadline) {
				if data, _ := os.ReadFile(marker); len(data) > 0 {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			time.Sleep(200 * time.Millisecond) // at request 2, hanging
			require.NotEmpty(t, running(t, marker), "the program is running")
			require.NoError(t, cmd.Process.Signal(sig))
			err := cmd.Wait()
			var exit *exec.ExitError
			require.ErrorAs(t, err, &exit, "kata ends with a status other than 0")
			assert.Equal(t, 128+int(sig), exit.ExitCode(), "the status a shell expects of a program %v ended", sig)
			assert.Contains(t, stderr.String(), "kata run: stopped; every program it started has ended")
			assert.NotContains(t, stderr.String(), "without waiting", "it ended well, within its grace")
			assert.Contains(t, stdout.String(), "mastermind: the run was interrupted; 61 scenarios did not run.", "it says so, and how many did not run")
			assert.NotContains(t, stdout.String(), "killed", "it blames nobody")
			assert.Empty(t, running(t, marker), "no process of the program's is left")
		})
	}
}

// TestInitQuotesThePath: the command kata init suggests can be pasted, whatever the folder.
func TestInitQuotesThePath(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "my kata")
	out, errOut, status := kataCmd("init", "mastermind", "--lang", "python", dir)
	require.Zero(t, status, errOut)
	assert.Contains(t, out, "    cd '"+dir+"'\n")
}

// TestALateGreetingFailsItsScenarioAlone: a program that greeted once and, started afresh
// after a crash, greets too late fails that scenario alone; the run goes on, and it is not
// taken for a program that cannot get going.
func TestALateGreetingFailsItsScenarioAlone(t *testing.T) {
	t.Parallel() // it waits on time limits: beside the rest
	marker := filepath.Join(t.TempDir(), "starts")
	// The first start greets at once and crashes at request 2; every later one greets late.
	script := fmt.Sprintf(`[ -s %[1]s ] && sleep 3; exec %[2]s -misbehave crash -starts %[1]s`, marker, impl)
	out, _, status := kataCmd("run", "mastermind", "-v", "--timeout", "500ms", "--run", "Making a guess/row [1-3]$", "--", "bash", "-c", script)
	assert.Equal(t, 1, status)
	assert.NotContains(t, out, "did not get going", out)
	assert.Contains(t, out, "panic: impl: crashing at request 2", "the first scenario's crash")
	assert.Equal(t, 2, strings.Count(out, "the program did not write its greeting within 2s"), out)
	assert.Contains(t, out, "mastermind: 0 of 3 scenarios passed, 3 failed:")
	assert.Empty(t, running(t, marker), "no process of the program's is left, the late ones' neither")
}

// TestTheSameProgramGetsTheSameVerdict: a program that writes every reply twice fails the
// same scenarios, with the same messages, however quickly its second lines arrive: a line
// the runner was not waiting for is blamed where the runner reads it, never on a race.
func TestTheSameProgramGetsTheSameVerdict(t *testing.T) {
	t.Parallel()
	runs := make([][]string, 6) // at once, so that their timing varies
	for i := range runs {
		runs[i] = []string{"run", "mastermind", "-v", "--", impl, "-misbehave", "echo"}
	}
	results := concurrently(runs)
	first := results[0]
	require.Equal(t, 1, first.status, first.out+first.errOut)
	require.NotEmpty(t, failed(first.out))
	for _, r := range results[1:] {
		assert.Equal(t, first.status, r.status)
		assert.Equal(t, failed(first.out), failed(r.out))
	}
}

// TestUnflushedRepliesStopTheRun: a program that greets and leaves its replies in a buffer
// stops the run at the first request's time limit, saying to flush, rather than waiting out
// the limit in every scenario.
func TestUnflushedRepliesStopTheRun(t *testing.T) {
	t.Parallel()
	out, errOut, status := kataCmd("run", "mastermind", "--timeout", "1s", "--", impl, "-misbehave", "unflushed")
	assert.Equal(t, 1, status, out+errOut)
	assert.Contains(t, out, "the run stopped at its first scenario")
	assert.Contains(t, out, "Flush standard output after each reply")
	assert.Contains(t, out, "give it more with --timeout")
	assert.Equal(t, 1, strings.Count(out, "within 1s"), "one time limit waited out:\n%s", out)
}

// TestNothingStartedAtTheEndOutlivesThePass: a program that, once its input ends, leaves a
// process behind in a session of its own with no environment — as an atexit hook does, its
// parent exiting a moment after — passes, and that process ends with the run: every time,
// whether it is born before the program's end, as it ends, or from a process that the end
// left behind.
func TestNothingStartedAtTheEndOutlivesThePass(t *testing.T) {
	t.Parallel() // it waits on time limits, builds or interpreters: beside the rest
	if runtime.GOOS != "linux" {
		t.Skipf("only Linux has a child subreaper, which ends what a program leaves behind; %s has not", runtime.GOOS)
	}
	sleep, err := exec.LookPath("sleep")
	require.NoError(t, err)
	dir := t.TempDir()
	sleeper := filepath.Join(dir, "left-behind-sleeper") // its name marks it in the process table
	require.NoError(t, os.Symlink(sleep, sleeper))
	for i, leave := range []string{
		`setsid env -i ` + sleeper + ` 30 & exit 0`,
		`(setsid env -i ` + sleeper + ` 30 &) ; exit 0`,
		`(sleep 0.05; setsid env -i ` + sleeper + ` 30) & exit 0`,
		`(sleep 0.3; setsid env -i ` + sleeper + ` 30) & exit 0`,
		`setsid env -i sh -c '` + sleeper + ` 30; true' & exit 0`, // a shell, which the sleeper outlives
	} {
		for range 3 {
			// kata itself, which is the reaper of what its programs leave behind, as the
			// test's own process is not.
			cmd := exec.Command(os.Args[0], "run", "mastermind", "--run", "Joining the game$", "--", "bash", "-c", impl+"; "+leave)
			cmd.Env = append(os.Environ(), asKata+"=1")
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, "%d: %s", i, out)
			assert.Empty(t, running(t, sleeper), "%d: %s: nothing the program left is running", i, leave)
		}
	}
}
