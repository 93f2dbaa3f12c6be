package step

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"
)

// A Run is what the scenarios of one run share, through each step's context: the seed the
// run deals from, what a kata keeps from one scenario for the next (a play that several
// scenarios grade), and a line on which a long step says how far it has come. The engine
// makes one for each run; RunOf finds it.
type Run struct {
	seed  uint64
	given bool
	tell  func(string)

	keeping sync.Mutex // held while a value is made: a scenario at a time asks for one
	kept    map[any]any
	telling sync.Mutex
	told    time.Time // when the last line was passed on
}

// NewRun returns a run that deals from seed — given on the command line, to replay a run,
// or drawn by the run — and passes the lines its steps tell to tell (nil: to nowhere).
func NewRun(seed uint64, given bool, tell func(line string)) *Run {
	return &Run{seed: seed, given: given, tell: tell, kept: map[any]any{}}
}

// runKey keys a step's run in its context.
type runKey struct{}

// WithRun returns ctx holding the run r, for the steps to find.
func WithRun(ctx context.Context, r *Run) context.Context {
	return context.WithValue(ctx, runKey{}, r)
}

// RunOf returns the run ctx holds. Outside the engine — a scenario that godog's own command
// plays — it is a run of the step's own, dealing from a seed of its own.
func RunOf(ctx context.Context) *Run {
	if r, ok := ctx.Value(runKey{}).(*Run); ok && r != nil {
		return r
	}
	return NewRun(NewSeed(), false, nil)
}

// MaxSeed is the largest seed: seeds are whole numbers from 1 to 2⁵³−1, which every JSON
// reader holds exactly.
const MaxSeed = 1<<53 - 1

// NewSeed draws a seed, from 1 to MaxSeed, from the runtime's own random source, which the
// system seeds as the program starts: nothing a program under test can see — the clock, the
// runner's process — predicts it, and no code in the runner's process can replace it, as a
// breaker in the Go kit could replace crypto/rand's Reader.
func NewSeed() uint64 {
	return rand.Uint64()%MaxSeed + 1
}

// Seed returns the seed the run deals from: whatever a program under test might guess at —
// the secrets of its games, their order — is drawn from it, and the same seed deals the same
// again.
func (r *Run) Seed() uint64 { return r.seed }

// Given reports whether the seed was given on the command line: a replay, whose seed the
// program under test could read there too.
func (r *Run) Given() bool { return r.given }

// Once returns the value the run keeps under key, made by make the first time a scenario
// asks for it, so that what several scenarios judge is done once a run.
func (r *Run) Once(key any, make func() any) any {
	r.keeping.Lock()
	defer r.keeping.Unlock()
	if v, ok := r.kept[key]; ok {
		return v
	}
	v := make()
	r.kept[key] = v
	return v
}

// tellEvery is how often at most a run passes on the lines its steps tell: a terminal redrawn
// ten times a second keeps up with a person's eye, and costs the run nothing.
const tellEvery = 100 * time.Millisecond

// Tell says how far a long step has come, in a line a front may show on a terminal while the
// step goes on — "412 of 1,296 games broken, …" — or, with "", that the step is over and
// the line can go. Lines come ten times a second at most.
func (r *Run) Tell(line string) {
	if r == nil || r.tell == nil {
		return
	}
	r.telling.Lock()
	now := time.Now()
	pass := line == "" || now.Sub(r.told) >= tellEvery
	if pass && line != "" {
		r.told = now
	}
	if line == "" {
		r.told = time.Time{}
	}
	r.telling.Unlock()
	if pass {
		r.tell(line)
	}
}

// dealtKey keys, in a step's context, that the step dealt from the run's seed.
type dealtKey struct{}

// Dealt returns ctx saying that the step dealt what it played from the run's seed: the
// command that runs the scenario again gives the seed, to deal the same.
func Dealt(ctx context.Context) context.Context {
	return context.WithValue(ctx, dealtKey{}, true)
}

// DealtIn reports whether a step said, in ctx, that it dealt from the run's seed.
func DealtIn(ctx context.Context) bool {
	d, _ := ctx.Value(dealtKey{}).(bool)
	return d
}
