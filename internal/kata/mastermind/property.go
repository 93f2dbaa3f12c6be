package mastermind

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/step"
	"github.com/deliberate-practice/katas/mastermind"
)

// The property scenario: the scoring rule checked on many codes, not only on the examples,
// against an oracle of the steps' own — plain counting, apart from the library under test —
// and a counterexample shrunk to the fewest pegs and colours that still fail.

// propertyTurns is how many turns each game of the property has: one guess is played, so the
// grade is "won" for the secret and "continue" for anything else.
const propertyTurns = 10

// maxShrinks bounds the games a shrink plays, so that a wrong implementation costs a bounded
// time however it fails.
const maxShrinks = 1000

// ruleScore is the scoring rule, counted plainly: a black peg for each place where the codes
// agree, and white pegs for the colours they share beyond those, each peg counted once.
func ruleScore(secret, guess []int) (black, white int) {
	counts := map[int][2]int{}
	for i := range secret {
		if secret[i] == guess[i] {
			black++
			continue
		}
		c := counts[secret[i]]
		c[0]++
		counts[secret[i]] = c
		c = counts[guess[i]]
		c[1]++
		counts[guess[i]] = c
	}
	for _, c := range counts {
		white += min(c[0], c[1])
	}
	return black, white
}

// pair is a secret and a guess of a game of colours and width.
type pair struct {
	colors        int
	secret, guess []int
}

// everyPair returns every pair of codes of a game: colors^(2·width) pairs.
func everyPair(colors, width int) []pair {
	codes := [][]int{make([]int, width)}
	for i := range width {
		var next [][]int
		for _, c := range codes {
			for v := 1; v <= colors; v++ {
				d := slices.Clone(c)
				d[i] = v
				next = append(next, d)
			}
		}
		codes = next
	}
	var out []pair
	for _, s := range codes {
		for _, g := range codes {
			out = append(out, pair{colors, s, g})
		}
	}
	return out
}

// richPairs returns n pairs of codes of a game, drawn from a seeded generator so that every
// run plays the same ones, rich in repeated colours: both codes of a pair take their pegs from
// a few colours, often the same few.
func richPairs(n, colors, width int, seed uint64) []pair {
	rng := rand.New(rand.NewPCG(seed, uint64(colors)<<8|uint64(width)))
	code := func(pool []int) []int {
		c := make([]int, width)
		for i := range c {
			c[i] = pool[rng.IntN(len(pool))]
		}
		return c
	}
	out := make([]pair, n)
	for i := range out {
		pool := rng.Perm(colors)[:1+rng.IntN(min(colors, 3))]
		for j := range pool {
			pool[j]++
		}
		out[i] = pair{colors, code(pool), code(pool)}
	}
	return out
}

// miss is a pair the implementation scored otherwise than the rule, or could not play.
type miss struct {
	pair
	grade        string
	black, white int
	refused      string // the implementation refused the game or the guess: its message
	err          error  // the refusal itself
	call         string // the call that refused: "new" or "score"
}

// playPair plays one pair on a new game of the implementation, and reports whether it scored
// as the rule says; an error is one that ends the check (not implemented, a panic, a broken
// conversation).
func (s *mastermindScenario) playPair(p pair) (miss, bool, error) {
	m := miss{pair: p}
	about := func() string {
		return fmt.Sprintf("new(%d, %d, %d) with secret %s, guess %s", p.colors, len(p.secret), propertyTurns, brief.Quote(pegs(p.secret, true)), brief.Quote(pegs(p.guess, true)))
	}
	var g Game
	var err error
	if perr := step.Guard(s.limit, "new", func() { g, err = s.newGame(p.colors, len(p.secret), propertyTurns, slices.Clone(p.secret)) }); perr != nil {
		err = perr
	}
	if err != nil {
		if ferr := step.Unwritten(about, "new", "", err); ferr != nil {
			return m, false, ferr
		}
	}
	if step.KindOf(err) != step.Wrong {
		return m, false, err // the conversation broke
	}
	if err != nil || step.IsNil(g) {
		m.refused = "new refused the game: " + errorText(err)
		return m, false, nil
	}
	if perr := step.Guard(s.limit, "Score", func() { m.grade, m.black, m.white, err = g.Score(slices.Clone(p.guess)) }); perr != nil {
		err = perr
	}
	if err != nil {
		if ferr := step.Unwritten(about, "score", "", err); ferr != nil {
			return m, false, ferr
		}
	}
	if step.KindOf(err) != step.Wrong {
		return m, false, err
	}
	if err != nil {
		m.refused = "the guess was refused: " + errorText(err)
		return m, false, nil
	}
	black, white := ruleScore(p.secret, p.guess)
	return m, m.black == black && m.white == white && m.grade == wantGrade(p, black), nil
}

// errorText is an error's message, quoted and short.
func errorText(err error) string {
	if err == nil {
		return "no game and no error"
	}
	return brief.Quote(err.Error())
}

// wantGrade is the grade after one guess of the pair.
func wantGrade(p pair, black int) string {
	if black == len(p.secret) {
		return "won"
	}
	return "continue"
}

// shrink makes a pair the implementation gets wrong smaller while it still gets it wrong:
// fewer pegs, then fewer colours (renamed 1, 2, … in order of first use), then lower
// colours, peg by peg; at most maxShrinks games.
func (s *mastermindScenario) shrink(m miss) (miss, error) {
	played := 0
	try := func(p pair) (miss, bool, error) {
		if played >= maxShrinks {
			return miss{}, false, nil
		}
		played++
		got, ok, err := s.playPair(p)
		return got, !ok && err == nil, err
	}
	for progress := true; progress; {
		progress = false
		for _, c := range smaller(m.pair) {
			got, fails, err := try(c)
			if err != nil {
				return m, err
			}
			if fails {
				m, progress = got, true
				break
			}
		}
	}
	return m, nil
}

// smaller lists the pairs one step smaller than p, the largest steps first.
func smaller(p pair) []pair {
	var out []pair
	if w := len(p.secret); w > 1 {
		for i := range w {
			out = append(out, pair{p.colors, slices.Delete(slices.Clone(p.secret), i, i+1), slices.Delete(slices.Clone(p.guess), i, i+1)})
		}
	}
	// Colours renamed by first use, the game no larger than the colours used.
	names := map[int]int{}
	rename := func(code []int) []int {
		out := make([]int, len(code))
		for i, c := range code {
			if names[c] == 0 {
				names[c] = len(names) + 1
			}
			out[i] = names[c]
		}
		return out
	}
	r := pair{secret: rename(p.secret), guess: rename(p.guess)}
	r.colors = len(names)
	if r.colors < p.colors || !slices.Equal(r.secret, p.secret) || !slices.Equal(r.guess, p.guess) {
		out = append(out, r)
	}
	// The game no larger than its highest colour, the codes as they are.
	if top := max(slices.Max(p.secret), slices.Max(p.guess)); top < p.colors {
		out = append(out, pair{top, slices.Clone(p.secret), slices.Clone(p.guess)})
	}
	for _, code := range []int{0, 1} {
		for i := range p.secret {
			c := pair{p.colors, slices.Clone(p.secret), slices.Clone(p.guess)}
			target := c.secret
			if code == 1 {
				target = c.guess
			}
			for v, was := 1, target[i]; v < was; v++ {
				target[i] = v
				out = append(out, pair{c.colors, slices.Clone(c.secret), slices.Clone(c.guess)})
			}
		}
	}
	return out
}

// row writes the miss as an example row of the outline "Other colours, widths and turns", with
// the score the rule gives, to paste into a feature.
func (m miss) row() string {
	black, white := ruleScore(m.secret, m.guess)
	return fmt.Sprintf("| %d | %d | %d | %s | %s | %d | %d | %s |", m.colors, len(m.secret), propertyTurns,
		pegs(m.secret, true), pegs(m.guess, true), black, white, wantGrade(m.pair, black))
}

// what says what the implementation did with the miss.
func (m miss) what() string {
	if m.refused != "" {
		return m.refused
	}
	return fmt.Sprintf("scored %d black and %d white, grade %s", m.black, m.white, brief.Quote(m.grade))
}

// iScoreEveryPair plays every pair of codes of a small game.
func (s *mastermindScenario) iScoreEveryPair(colors, width int) error {
	if colors < 1 || width < 1 || colors > 6 || width > 4 {
		return fmt.Errorf("the scenario asks for every pair of %d colours and %d pegs: the suite plays every pair of at most 6 colours and 4 pegs", colors, width)
	}
	return s.playPairs(everyPair(colors, width))
}

// iScoreRichPairs plays n pairs of a game, rich in repeated colours.
func (s *mastermindScenario) iScoreRichPairs(n, colors, width int) error {
	if n < 1 || n > 100000 || colors < 1 || width < 1 || colors > mastermind.MaxColors || width > mastermind.MaxWidth {
		return fmt.Errorf("the scenario asks for %d pairs of %d colours and %d pegs: the suite plays 1 to 100000 pairs of codes a game can have", n, colors, width)
	}
	return s.playPairs(richPairs(n, colors, width, 1))
}

// playPairs plays the pairs — at once where the seam can, one by one otherwise — counting
// those scored otherwise than the rule and keeping the first; an error that ends the check
// fails the step.
func (s *mastermindScenario) playPairs(pairs []pair) error {
	var played []miss
	if s.all != nil {
		// The first pair alone, then the rest: a part not written yet, or a program that
		// breaks, ends the check after one game rather than thousands.
		for _, part := range [][]pair{pairs[:1], pairs[1:]} {
			if len(part) == 0 {
				continue
			}
			some, err := s.all(part)
			if err != nil {
				return err
			}
			start := len(played)
			played = append(played, some...)
			for i := start; i < len(played); i++ {
				if played[i].err == nil {
					continue
				}
				about := fmt.Sprintf("new(%d, %d, %d) with secret %s", pairs[i].colors, len(pairs[i].secret), propertyTurns, brief.Quote(pegs(pairs[i].secret, true)))
				if ferr := step.Unwritten(func() string { return about }, played[i].call, "", played[i].err); ferr != nil {
					return ferr
				}
			}
		}
	}
	for i, p := range pairs {
		var m miss
		if played != nil {
			m = played[i]
		} else {
			var ok bool
			var err error
			if m, ok, err = s.playPair(p); err != nil {
				return err
			} else if ok {
				s.pairs++
				continue
			}
		}
		s.pairs++
		if played != nil && m.refused == "" {
			black, white := ruleScore(p.secret, p.guess)
			if m.black == black && m.white == white && m.grade == wantGrade(p, black) {
				continue
			}
		}
		s.wrong++
		if s.firstMiss == nil {
			s.firstMiss = &m
		}
	}
	return nil
}

// everyScoreShouldBeAsTheRuleGivesIt fails with the smallest pair that still fails, in the
// scenario's notation.
func (s *mastermindScenario) everyScoreShouldBeAsTheRuleGivesIt() error {
	if s.pairs == 0 {
		return errors.New("no pair was scored, so there is nothing to check; a When step must score pairs first")
	}
	if s.firstMiss == nil {
		return nil
	}
	m, err := s.shrink(*s.firstMiss)
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d pairs were not scored as the rule says. The smallest it still gets wrong: secret %s, guess %s: %s; the rule gives %s. As a row of \"Other colours, widths and turns\":\n  %s",
		s.wrong, s.pairs, brief.Quote(pegs(m.secret, true)), brief.Quote(pegs(m.guess, true)), m.what(), ruleText(m), m.row())
	return &step.Error{About: fmt.Sprintf("%d pairs of codes", s.pairs), Cause: b.String()}
}

// ruleText is what the rule gives for the miss.
func ruleText(m miss) string {
	black, white := ruleScore(m.secret, m.guess)
	return fmt.Sprintf("%d black and %d white, grade %q", black, white, wantGrade(m.pair, black))
}
