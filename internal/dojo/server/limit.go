package server

import "time"

// The bounds on what a room takes, so that no participant, nor a script with a room's token,
// can crowd it or the server.
const (
	// MaxBody bounds a light's request: the light, and its code (dojo.MaxCode, 256 KiB of
	// text, which JSON may write in up to six times the bytes, and the paths of its files).
	MaxBody = 2 << 20
	// MaxPosting is how many requests for lights are read at once: the rest wait their turn.
	MaxPosting = 16
	// MaxReviewing is how many reviews of a light are read at once: the rest wait their
	// turn, and one whose dashboard has gone is not read.
	MaxReviewing = 4

	MaxParticipants = 100 // names a room takes lights from at once: those not quiet
	// QuietAfter is how long a name goes without a light before it stops counting among a
	// room's participants: a room filled with names — a script's, yesterday's — makes room
	// again as they go quiet, restart or not.
	QuietAfter = time.Hour
	MaxStreams = 256 // dashboards open at once, every room's together
	// MaxRoomStreams and MaxClientStreams bound the dashboards of one room, and of one client
	// (its address), so that neither can take the server's every dashboard: a class behind
	// one address has room for one each.
	MaxRoomStreams   = 64
	MaxClientStreams = 32
	// Burst and PerMinute bound each participant's lights: Burst at once, then PerMinute a
	// minute, one every three seconds. A person's runs, even under --watch with a save every
	// second or two, come no faster for long; a script's are held to it, so that a room grows
	// by MaxParticipants × PerMinute lights a minute at the most, 2,000.
	Burst     = 10
	PerMinute = 20
	// ShownLights is how many of a room's latest lights its dashboard shows one by one, by
	// default (Options.Shown): those before are counted in the column earlier, so that the
	// page stays small, however many lights the room holds. 500 are a class of 60's last
	// ten minutes or so, and about 200 KiB of page.
	ShownLights = 500
)

// A bucket is a participant's allowance of lights: it holds up to Burst, and fills at
// PerMinute a minute.
type bucket struct {
	tokens float64
	at     time.Time
}

// take takes a light from the bucket at time now, and reports whether there was one.
func (b *bucket) take(now time.Time) bool {
	if b.at.IsZero() {
		b.tokens = Burst
	} else if d := now.Sub(b.at); d > 0 {
		b.tokens = min(Burst, b.tokens+d.Minutes()*PerMinute)
	}
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
