package solver

import (
	"fmt"
	"runtime"
	"sync"

	"github.com/deliberate-practice/katas/mastermind"
)

// Stats sums up a strategy's games against every possible secret.
type Stats struct {
	Games int // secrets played, Colors^Width
	Total int // guesses over all games, the winning guess included
	Max   int // guesses in the longest game
	// Histogram[n] is how many games took n guesses; Histogram[0] is always 0.
	Histogram []int
}

// Average returns the mean number of guesses a game.
func (s Stats) Average() float64 {
	if s.Games == 0 {
		return 0
	}
	return float64(s.Total) / float64(s.Games)
}

func (s *Stats) add(guesses, games int) {
	for len(s.Histogram) <= guesses {
		s.Histogram = append(s.Histogram, 0)
	}
	s.Histogram[guesses] += games
	s.Games += games
	s.Total += guesses * games
	s.Max = max(s.Max, guesses)
}

func (s *Stats) merge(o Stats) {
	for n, games := range o.Histogram {
		if games > 0 {
			s.add(n, games)
		}
	}
}

// Evaluate plays strategy s against every possible secret of the rules and returns the
// statistics, exactly as games through New, Next and Record would go. It builds the strategy's
// tree once — the same feedback so far always leads to the same guess — rather than replaying
// each game, and shares the work among the cores. It returns the errors New returns.
//
// Evaluate plays without a turn limit: r.MaxTurns is not consulted, so that the statistics
// say how many guesses each secret takes however many turns a game allows. Stats.Max compared
// with r.MaxTurns says whether every game would be won within them.
func Evaluate(r mastermind.Rules, s Strategy) (Stats, error) {
	if !s.valid() {
		return Stats{}, fmt.Errorf("solver: %v: %w", s, ErrUnknownStrategy)
	}
	sp, err := newSpace(r)
	if err != nil {
		return Stats{}, err
	}
	all := make([]int32, sp.n)
	for i := range all {
		all[i] = int32(i)
	}
	if s.optimal() {
		o := newOptimizer(sp, s.MaxGuesses() > 0)
		if _, ok := o.bestTree(all, nil, maxDepth(s)); !ok {
			return Stats{}, fmt.Errorf("solver: %v for %d colours and %d pegs: %w", s, r.Colors, r.Width, ErrNoTree)
		}
		var st Stats
		o.evaluate(all, nil, maxDepth(s), 1, &st)
		return st, nil
	}
	e := &evaluator{sp: sp, strategy: s, tokens: make(chan struct{}, runtime.GOMAXPROCS(0)-1)}
	se := newSearcher(sp, s)
	var st Stats
	e.play(se, all, nil, se.firstGuess(all), &st)
	return st, nil
}

// evaluator walks the strategy tree. tokens bounds the goroutines beyond the caller's.
type evaluator struct {
	sp       *space
	strategy Strategy
	tokens   chan struct{}
}

// play adds to st the games of the secrets in rem, where the guesses in path were made and
// guess is the next. The secret equal to guess ends there; the others go on in groups by
// their feedback, each group in a goroutine of its own while a core is free.
func (e *evaluator) play(se *searcher, rem []int32, path []int32, guess int32, st *Stats) {
	depth := len(path) + 1
	path = append(path[:len(path):len(path)], guess) // a copy: siblings share the parent's
	fbs := e.sp.feedbacks()
	// Score each secret once, sorting rem into its groups by feedback, each group ascending.
	p := partitionBy(rem, fbs, func(c int32) int { return e.sp.score(guess, c) })
	win := e.sp.win()
	if len(p.group(win)) > 0 {
		st.add(depth, 1)
	}
	// Each group adds to its own Stats, merged once every goroutine is done. The groups share
	// the guesses worth scoring, made before any goroutine starts when a group of more than
	// two needs them (best answers a group of two without).
	sub := make([]Stats, fbs)
	var gl *guessList
	for f := range fbs {
		if f != win && len(p.group(f)) > 2 {
			gl = newGuessList(e.sp, path)
			break
		}
	}
	var wg sync.WaitGroup
	for f := range fbs {
		group := p.group(f)
		if f == win || len(group) == 0 {
			continue
		}
		if len(group) == 1 {
			st.add(depth+1, 1)
			continue
		}
		select {
		case e.tokens <- struct{}{}:
			wg.Go(func() {
				defer func() { <-e.tokens }()
				child := newSearcher(e.sp, e.strategy)
				e.play(child, group, path, child.best(group, gl), &sub[f])
			})
		default:
			e.play(se, group, path, se.best(group, gl), &sub[f])
		}
	}
	wg.Wait()
	for _, s := range sub {
		st.merge(s)
	}
}
