package solver

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/mastermind"
)

// Solver is a code breaker: it suggests guesses, learns from the feedback on each, and keeps
// the secrets that are still possible. A Solver is not safe for concurrent use.
type Solver struct {
	sp        *space
	se        *searcher
	strategy  Strategy
	remaining []int32 // possible secrets, ascending
	path      []int32 // the guesses recorded so far

	opt  *optimizer // an Optimal strategy's search, made when first needed
	tree tree       // an embedded tree to play from while the game follows it, or nil
	key  string     // the feedback so far, as the tree's keys write it
}

// New returns a solver for the rules, using strategy s. It returns an error for rules the
// mastermind package refuses, for a game larger than CodeLimit, ColorLimit or WidthLimit
// (ErrTooLarge), and for an unknown strategy (ErrUnknownStrategy).
func New(r mastermind.Rules, s Strategy) (*Solver, error) {
	if !s.valid() {
		return nil, fmt.Errorf("solver: %v: %w", s, ErrUnknownStrategy)
	}
	sp, err := newSpace(r)
	if err != nil {
		return nil, err
	}
	all := make([]int32, sp.n)
	for i := range all {
		all[i] = int32(i)
	}
	sv := &Solver{sp: sp, se: newSearcher(sp, s), strategy: s, remaining: all}
	if name := treeFile(r, s); name != "" {
		if sv.tree, err = loadTree(sp, name); err != nil {
			return nil, err // the embedded trees are read by the tests
		}
	}
	return sv, nil
}

// Next returns the solver's next guess: the strategy's opening before any feedback, the last
// possible secret when one remains, and otherwise the code the strategy rates best, which may
// be a code that can no longer be the secret when it splits the rest better. Ties go to a
// code that is still possible, then to the lowest. Next does not change the solver.
//
// An Optimal strategy searches the rest of the game's tree; it keeps what it learns, so later
// calls are quicker, and for the classic game it plays from a tree it carries while the game
// follows that tree. Next returns ErrNoGame for a Solver New did not make, and ErrNoTree when
// no tree can break the secrets left within an OptimalWithin cap, as after guesses of the
// player's own. A search of more than MaxSearch secrets, which could run for hours, it does
// not start: it returns ErrBeyondSearch at once, and NextContext searches them. A search
// that has not ended within NextBudget — a game whose tree is deep, as 10 pegs of 2 colours,
// though it has fewer secrets — it stops, and returns ErrBeyondSearch then.
func (s *Solver) Next() (mastermind.Code, error) {
	return s.NextContext(context.Background())
}

// nextWithin is Next with a budget of its own.
func (s *Solver) nextWithin(budget time.Duration) (mastermind.Code, error) {
	return s.next(context.Background(), true, budget)
}

// NextContext is Next within a context: an Optimal search stops when ctx is done, and returns
// the context's error, and a search of more than MaxSearch secrets is started where ctx can
// end (it has a deadline, or can be cancelled); with a context that cannot end, it is Next,
// NextBudget and all. The Solver is as it was after an error.
func (s *Solver) NextContext(ctx context.Context) (mastermind.Code, error) {
	if ctx.Done() == nil {
		return s.next(ctx, true, NextBudget)
	}
	return s.next(ctx, false, 0)
}

// next is NextContext, bounded to MaxSearch secrets left and a search of at most budget (0
// for none), or not: WriteTree, asked for a whole tree, searches whatever it takes.
func (s *Solver) next(ctx context.Context, bounded bool, budget time.Duration) (mastermind.Code, error) {
	if s.sp == nil {
		return nil, errNoGame()
	}
	if len(s.remaining) <= 2 {
		return s.sp.code(s.remaining[0]), nil
	}
	if s.tree != nil {
		if g, ok := s.tree[s.key]; ok {
			return s.sp.code(g), nil
		}
	}
	if s.strategy.optimal() {
		if len(s.remaining) > MaxSearch && bounded {
			return nil, fmt.Errorf("solver: %v: %s secrets left, more than the %s Next searches: %w; play a heuristic strategy (Knuth) until at most %s remain, or give NextContext a deadline",
				s.strategy, brief.Thousands(len(s.remaining)), brief.Thousands(MaxSearch), ErrBeyondSearch, brief.Thousands(MaxSearch))
		}
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("solver: %v: %w", s.strategy, err)
		}
		if budget > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeoutCause(ctx, budget,
				fmt.Errorf("the %v budget of Next ran out (%w); give NextContext a longer deadline, or play a heuristic strategy (Knuth) until fewer secrets remain", budget, ErrBeyondSearch))
			defer cancel()
		}
		if s.opt == nil {
			s.opt = newOptimizer(s.sp, s.strategy.MaxGuesses() > 0)
		}
		depth := maxDepth(s.strategy)
		if s.strategy.MaxGuesses() > 0 {
			depth -= int32(len(s.path)) // the guesses left; with no cap, the depth is the whole game's, as the memo knows it
		}
		s.opt.halt.Store(false)
		stop := context.AfterFunc(ctx, func() { s.opt.halt.Store(true) })
		t, ok := s.opt.bestTree(s.remaining, s.path, depth)
		stop()
		if s.opt.halt.Load() {
			s.opt = nil // what a search cut short learned may be wrong: the next starts afresh
			return nil, fmt.Errorf("solver: %v: the search of %s secrets left stopped: %w", s.strategy, brief.Thousands(len(s.remaining)), context.Cause(ctx))
		}
		if !ok {
			return nil, fmt.Errorf("solver: %v: no tree breaks the %d secrets left within the cap: %w", s.strategy, len(s.remaining), ErrNoTree)
		}
		return s.sp.code(t.guess), nil
	}
	if len(s.path) == 0 {
		return s.sp.code(s.se.firstGuess(s.remaining)), nil
	}
	return s.sp.code(s.se.best(s.remaining, newGuessList(s.sp, s.path))), nil
}

// Record keeps only the secrets that would give feedback fb to guess. The guess may be any
// code that fits the rules, not only the solver's suggestion, and fb may be the winning
// feedback: Record checks it like any other. It returns an error, and changes nothing, for a
// guess that does not fit the rules, feedback no guess can get (ErrImpossibleFeedback),
// feedback that no remaining secret would give (ErrInconsistent), or a Solver New did not
// make (ErrNoGame).
func (s *Solver) Record(guess mastermind.Code, fb mastermind.Feedback) error {
	if s.sp == nil {
		return errNoGame()
	}
	g, err := s.sp.number(guess)
	if err != nil {
		return err // the mastermind package's, which says what is wrong
	}
	want, err := s.sp.indexOf(fb)
	if err != nil {
		return err
	}
	var next []int32
	for _, c := range s.remaining {
		if s.sp.score(g, c) == want {
			next = append(next, c)
		}
	}
	if len(next) == 0 {
		return fmt.Errorf("solver: no remaining secret gives %q to %v: %w", fb, guess, ErrInconsistent)
	}
	if s.tree != nil {
		if tg, ok := s.tree[s.key]; !ok || tg != g {
			s.tree = nil // the game left the tree: search from here
		} else if s.key == "" {
			s.key = feedbackKey(fb)
		} else {
			s.key += "," + feedbackKey(fb)
		}
	}
	s.remaining = next
	s.path = append(s.path, g)
	return nil
}

// errNoGame is the error of a zero Solver.
func errNoGame() error {
	return fmt.Errorf("solver: the zero Solver has no game; make one with New: %w", ErrNoGame)
}

// Remaining returns how many secrets fit all the feedback recorded so far; 0 for a Solver New
// did not make.
func (s *Solver) Remaining() int { return len(s.remaining) }

// Possible reports whether code could still be the secret: whether it would have given every
// feedback recorded so far. It returns an error for a code that does not fit the rules, and
// ErrNoGame for a Solver New did not make.
func (s *Solver) Possible(code mastermind.Code) (bool, error) {
	if s.sp == nil {
		return false, errNoGame()
	}
	c, err := s.sp.number(code)
	if err != nil {
		return false, err // the mastermind package's, which says what is wrong
	}
	_, found := slices.BinarySearch(s.remaining, c)
	return found, nil
}

// Candidates returns up to limit of the possible secrets, lowest first.
func (s *Solver) Candidates(limit int) []mastermind.Code {
	n := min(max(limit, 0), len(s.remaining))
	out := make([]mastermind.Code, n)
	for i := range n {
		out[i] = s.sp.code(s.remaining[i])
	}
	return out
}
