package step

import (
	"crypto/rand"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestFirstDifference: where two messages part, counted in characters, with what follows in
// each.
func TestFirstDifference(t *testing.T) {
	for _, tt := range [][3]string{
		{"Impossible board: play went on after a win", "Impossible board: game should have ended after the game was won",
			`they differ from character 19: "play went on after a win" where "game should have ended after the game was won" is wanted`},
		// Quoted whole where a cut would not be shorter; cut where it is.
		{"x: a", "x: " + strings.Repeat("b", 80), `they differ from character 4: "a" where "` + strings.Repeat("b", 40) + `"… (80 bytes) is wanted`},
		{"Wrong turn order", "Wrong turn order: O started", `they differ from character 17: the end where ": O started" is wanted`},
		{"héllo there", "héllo world", `they differ from character 7: "there" where "world" is wanted`},
	} {
		if got := FirstDifference(tt[0], tt[1]); got != tt[2] {
			t.Errorf("FirstDifference(%q, %q) =\n%s\nwant\n%s", tt[0], tt[1], got, tt[2])
		}
	}
}

// TestCallReturnsWhatReturnedInTime: Call gives f's value and error when f returns within its
// limit; when it panics or does not, Guard's error and no value, and what f returns later is
// never read (the race detector holds it to that).
func TestCallReturnsWhatReturnedInTime(t *testing.T) {
	v, err := Call(time.Second, "Guess", func() ([]int, error) { return []int{1, 2}, nil })
	assert.Equal(t, []int{1, 2}, v)
	assert.NoError(t, err)

	_, err = Call(time.Second, "Guess", func() ([]int, error) { panic("the breaker's bug") })
	var p *Panic
	assert.ErrorAs(t, err, &p)

	release, done := make(chan struct{}), make(chan struct{})
	v, err = Call(10*time.Millisecond, "Guess", func() ([]int, error) {
		defer close(done)
		<-release
		return []int{3}, nil
	})
	assert.Nil(t, v)
	assert.Equal(t, Timeout, KindOf(err))
	close(release)
	<-done // it returns, late, and nothing reads what it returned
}

// zeros reads as endless zero bytes: what a breaker in the Go kit could make crypto/rand read.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestNoCodeInTheProcessChoosesTheSeed: a run's seed comes from the runtime's own random source, which
// no code in the runner's process — a breaker in the Go kit — can replace, as it can replace
// crypto/rand's Reader; seeds are never 0, and one draw does not repeat the last.
func TestNoCodeInTheProcessChoosesTheSeed(t *testing.T) {
	saved := rand.Reader
	rand.Reader = zeros{}
	defer func() { rand.Reader = saved }()
	a, b := NewSeed(), NewSeed()
	assert.NotEqual(t, a, b)
	for _, s := range []uint64{a, b} {
		assert.True(t, s >= 1 && s <= MaxSeed, "%d", s)
	}
}
