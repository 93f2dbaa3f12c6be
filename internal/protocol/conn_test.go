package protocol

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/deliberate-practice/katas/internal/step"
)

// TestAmendAndBlameSayWhatWasUnderWay: what a kata knows of a break goes after its cause and
// before the end of the program's standard error, and names what it was about where the
// break said nothing of it; a conversation that did not break is left as it was.
func TestAmendAndBlameSayWhatWasUnderWay(t *testing.T) {
	c := &Conn{broken: &step.Error{Kind: step.Crash, Cause: "the program exited with status 2 before its reply" + stderrHeading + "    Traceback"}}
	c.Amend("\nGame 7 so far: 1 1 2 2 → B W")
	c.Blame(`game 7 of 6 colours, secret "1 2 3 4"`)
	c.Blame("another game")
	assert.Equal(t, "the program exited with status 2 before its reply\nGame 7 so far: 1 1 2 2 → B W"+stderrHeading+"    Traceback", c.broken.Cause)
	assert.Equal(t, `game 7 of 6 colours, secret "1 2 3 4"`, c.broken.About, "the first blame stays")
	assert.NoError(t, (&Conn{}).Check())

	whole := &Conn{}
	whole.Amend("more")
	whole.Blame("about")
	assert.Nil(t, whole.broken, "nothing broke: nothing to say")
}

// TestInFlightSaysWhatWasWaited: a message that the program fell silent says how many
// requests were in flight and of what, how many had their replies and how fast, and how to
// give it more time.
func TestInFlightSaysWhatWasWaited(t *testing.T) {
	msg := inFlight("round 2 of 1,296 games", 1296, 412, 4*time.Second, 5*time.Second)
	assert.Equal(t, "; 1,296 requests were in flight (round 2 of 1,296 games), 412 of them answered, 103 a second over 4.0 s."+
		" The limit is on the silence between replies: write each reply as soon as it is made, and if one takes longer than 5s, give more time with --timeout", msg)
	assert.Contains(t, inFlight("", 128, 0, 0, time.Second), "; 128 requests were in flight, 0 of them answered. The limit")
}
