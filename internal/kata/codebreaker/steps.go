package codebreaker

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/step"
	"github.com/deliberate-practice/katas/mastermind"
)

// breakerScenario is one scenario's state: the game's rules, the table the breakers sit at,
// and the games played.
type breakerScenario struct {
	table  table
	rules  mastermind.Rules
	ruled  bool    // a Given step set the rules
	games  []*game // the games the When step played
	played bool
	refs   *references // the levels' references, kept with the play; nil before it
	apart  string      // where the play's games told the same guessed apart: it is no strategy
}

// Initialize registers the code-breaker steps on sc, played against the breakers newBreaker
// makes. Call it from a godog ScenarioInitializer, once for each scenario: the steps keep their
// state per call.
func Initialize(sc *godog.ScenarioContext, newBreaker NewBreaker) {
	InitializeWithin(sc, newBreaker, 0)
}

// InitializeWithin is Initialize with a time limit for each call into the implementation: a
// call that takes longer fails its step (0: no limit).
func InitializeWithin(sc *godog.ScenarioContext, newBreaker NewBreaker, limit time.Duration) {
	initialize(sc, inProcess(newBreaker, limit), limit)
}

// initialize registers the steps, played at the table.
func initialize(sc *godog.ScenarioContext, t table, _ time.Duration) {
	s := &breakerScenario{table: t}
	sc.Step(`^(?:the code maker's|the classic) game of (\d+) colours?, (\d+) pegs? and (\d+) turns?$`, s.aGameOf)
	sc.Step(`^the breaker plays against the secret "([^"]*)"$`, s.theBreakerPlaysAgainst)
	sc.Step(`^the breaker breaks every secret$`, s.theBreakerBreaksEverySecret)
	sc.Step(`^the breaker should win (?:in|within) (\d+) guess(?:es)?$`, s.theBreakerShouldWinWithin)
	sc.Step(`^every secret should be broken within (\d+) attempts?$`, s.everySecretShouldBeBrokenWithin)
	sc.Step(`^every guess should have (\d+) pegs? of colours 1 to (\d+)$`, s.everyGuessShouldBeOfTheGame)
	sc.Step(`^the game should be lost$`, s.theGameShouldBeLost)
	sc.Step(`^the breaker should be told it lost$`, s.theBreakerShouldBeToldItLost)
	sc.Step(`^they should take at most (\d+) guesses in all, as (Knuth's|the optimal) strategy does$`, s.theyShouldTakeAtMostInAll)
}

func (s *breakerScenario) aGameOf(colors, width, turns int) error {
	r := mastermind.Rules{Colors: colors, Width: width, MaxTurns: turns}
	if err := r.Validate(); err != nil {
		return fmt.Errorf("the feature's game: %w", err)
	}
	if n := len(everySecretBound(r)); n == 0 {
		return fmt.Errorf("the feature's game of %d colours and %d pegs has more secrets than the code maker plays: at most %d", colors, width, maxSecrets)
	}
	s.rules, s.ruled = r, true
	return nil
}

// maxSecrets bounds the secrets of a game the code maker plays every one of: the classic
// game's 1,296 and some.
const maxSecrets = 1 << 14

// everySecretBound is everySecret for a game of at most maxSecrets secrets; nil for a larger.
func everySecretBound(r mastermind.Rules) []mastermind.Code {
	n := 1
	for range r.Width {
		if n *= r.Colors; n > maxSecrets {
			return nil
		}
	}
	return everySecret(r)
}

// play plays the games at the scenario's table. A breaker that could not play — a part not
// written yet, a crash, a hang — fails the step; what it played the Then steps judge.
func (s *breakerScenario) play(secrets []mastermind.Code, run *step.Run) error {
	if !s.ruled {
		return errors.New("no game was set up: a Given step must say its colours, pegs and turns first")
	}
	games, err := newGames(s.rules, secrets)
	if err != nil {
		return err
	}
	s.games, s.played = games, true
	if err := playAll(s.table, games, run); err != nil {
		return err
	}
	var unplayed []*game
	for _, g := range games {
		if g.fault != nil && step.KindOf(g.fault) != step.Wrong {
			unplayed = append(unplayed, g)
		}
	}
	return fault(unplayed)
}

func (s *breakerScenario) theBreakerPlaysAgainst(secret string) error {
	code, err := mastermind.ParseCode(secret)
	if err != nil {
		return fmt.Errorf("the feature's secret %s: %w", brief.Quote(secret), err)
	}
	return s.play([]mastermind.Code{code}, nil)
}

// A playOf keys, in a run, the play of every secret of a game's rules: the run plays it once,
// and each scenario that plays every secret of those rules judges that play.
type playOf mastermind.Rules

// An everyPlay is a play of every secret of a game: its games, in the order of their secrets,
// and the step's error — the breaker could not play, or knew what it could not have known.
type everyPlay struct {
	games []*game
	err   error
	refs  *references // the levels' references, worked out once a level needs them
	apart string      // where games told the same guessed apart; "" where none did
}

// theBreakerBreaksEverySecret plays every secret of the game, each a game of its own, dealt
// in an order drawn from the run's seed, and grades the breaker by its guesses over them. A
// run plays every secret of a game once, however many scenarios grade that play.
func (s *breakerScenario) theBreakerBreaksEverySecret(ctx context.Context) (context.Context, error) {
	if !s.ruled {
		return ctx, errors.New("no game was set up: a Given step must say its colours, pegs and turns first")
	}
	run := step.RunOf(ctx)
	p := run.Once(playOf(s.rules), func() any {
		refs := &references{rules: s.rules} // for the levels, should one fail
		err := s.play(deal(s.rules, run.Seed()), run)
		// Judged, and shown, in the order of the secrets, whatever the order dealt: the
		// first secret a message names is the same from run to run.
		games := slices.SortedFunc(slices.Values(s.games), func(a, b *game) int { return a.index - b.index })
		var apart string
		if err == nil {
			l := luckOf(s.rules, games)
			err, apart = l.knew(s.rules, games), l.apart
		}
		return &everyPlay{games: games, err: err, refs: refs, apart: apart}
	}).(*everyPlay)
	s.games, s.played, s.refs, s.apart = p.games, true, p.refs, p.apart
	ctx = step.Dealt(ctx)
	if !isKnowing(p.err) {
		if g, ok := s.grade(run); ok {
			ctx = step.Graded(ctx, g)
		}
	}
	return ctx, p.err
}

// ended returns the games played, or an error when none was.
func (s *breakerScenario) ended() ([]*game, error) {
	if !s.played {
		return nil, errors.New("no game was played, so there is nothing to check; a When step must play first")
	}
	return s.games, nil
}

// fault returns the first game's fault, if a game has one, saying how many more have one.
func fault(games []*game) error {
	n, first := 0, -1
	for i, g := range games {
		if g.fault != nil {
			if n++; first < 0 {
				first = i
			}
		}
	}
	if first < 0 {
		return nil
	}
	if n == 1 {
		return games[first].fault
	}
	var se *step.Error
	if errors.As(games[first].fault, &se) {
		e := *se
		e.About += fmt.Sprintf(" (and %s)", count(n-1, "more game", "more games"))
		return &e
	}
	return games[first].fault
}

func (s *breakerScenario) theBreakerShouldWinWithin(n int) error {
	games, err := s.ended()
	if err != nil {
		return err
	}
	if err := fault(games); err != nil {
		return err
	}
	g := games[0]
	switch {
	case g.grade == "lost":
		return step.Fail(g.String(), "the breaker lost, after %s: %s%s\n%s", brief.Count(g.guesses(), "guess", "guesses"), g.story(), g.repeats(), g.row(g.rules.MaxTurns))
	case g.guesses() > n:
		return step.Fail(g.String(), "the breaker won in %d guesses, want %d at most: %s", g.guesses(), n, g.story())
	}
	return nil
}

func (s *breakerScenario) everySecretShouldBeBrokenWithin(n int) error {
	games, err := s.ended()
	if err != nil {
		return err
	}
	if err := fault(games); err != nil {
		return err
	}
	var missed []*game
	for _, g := range games {
		if !g.won() || g.guesses() > n {
			missed = append(missed, g)
		}
	}
	if len(missed) == 0 {
		return nil
	}
	g := missed[0]
	return step.Fail(s.about(), "%s of %s not broken within %d attempts; the first, %s, took %s: %s%s\n%s",
		brief.Thousands(len(missed)), secretsCount(len(games)), n, brief.Quote(numbers(g.secret)), brief.Count(g.guesses(), "guess", "guesses"), g.story(), g.repeats(), g.row(n))
}

func (s *breakerScenario) everyGuessShouldBeOfTheGame(width, colors int) error {
	games, err := s.ended()
	if err != nil {
		return err
	}
	if width != s.rules.Width || colors != s.rules.Colors {
		return fmt.Errorf("the feature's step asks for codes of %d pegs of colours 1 to %d, but its game is of %d pegs and %d colours", width, colors, s.rules.Width, s.rules.Colors)
	}
	return fault(games) // a guess not of the game ends its game with a fault
}

func (s *breakerScenario) theGameShouldBeLost() error {
	games, err := s.ended()
	if err != nil {
		return err
	}
	g := games[0]
	switch {
	case g.grade == "won":
		return step.Fail(g.String(), "the breaker won, in %s, and the game was to be lost: the feature's secret is its first guess?", brief.Count(g.guesses(), "guess", "guesses"))
	case g.grade != "lost":
		return fault(games)
	}
	return nil
}

func (s *breakerScenario) theBreakerShouldBeToldItLost() error {
	games, err := s.ended()
	if err != nil {
		return err
	}
	g := games[0]
	switch {
	case g.fault != nil:
		return g.fault
	case g.grade != "lost" || !g.told:
		return step.Fail(g.String(), "the breaker was not told it lost")
	}
	return nil
}

func (s *breakerScenario) theyShouldTakeAtMostInAll(n int, strategy string) error {
	games, err := s.ended()
	if err != nil {
		return err
	}
	if err := fault(games); err != nil {
		return err
	}
	total := 0
	for _, g := range games {
		total += g.guesses()
	}
	if total <= n && s.apart != "" {
		// A level grades a strategy: the guess that follows what a game was told. A play whose
		// games told the same guessed apart is none, and may owe its total to chance or to
		// what its other games were told.
		return step.Fail(s.about(), "%s guesses in all, but no strategy's: %s. A level grades a strategy, whose guess follows from what its game was told; guesses that vary by chance, or with what other games were told, may come to a level's total by luck or by pooling the games. Break ties by a rule, and keep each game's breaker to its own feedback",
			brief.Thousands(total), s.apart)
	}
	if total <= n {
		return nil
	}
	name := map[string]string{"Knuth's": "Knuth's strategy", "the optimal": "the optimal strategy"}[strategy]
	msg := fmt.Sprintf("%s guesses in all, %s more than %s", brief.Thousands(total), brief.Thousands(total-n), brief.Thousands(n))
	refs := s.refs
	if refs == nil {
		refs = &references{rules: s.rules}
	}
	if ref, err := refs.of(strategy); err == nil {
		for _, g := range games {
			if want := ref[g.index]; g.guesses() > want {
				msg += fmt.Sprintf("; the first secret that took more guesses than %s takes is %s, in %d where it takes %d: %s\n%s",
					name, brief.Quote(numbers(g.secret)), g.guesses(), want, g.story(), g.row(want))
				break
			}
		}
	}
	return step.Fail(s.about(), "%s", msg)
}

// about names the scenario's games for a message: "the 1,296 secrets of 6 colours, 4 pegs and
// 12 turns".
func (s *breakerScenario) about() string {
	r := s.rules
	return fmt.Sprintf("the %s of %s, %s and %s", secretsCount(len(s.games)), brief.Count(r.Colors, "colour", "colours"),
		brief.Count(r.Width, "peg", "pegs"), brief.Count(r.MaxTurns, "turn", "turns"))
}

// repeats says which guess a game played most, when it played one more than once: a breaker
// that guesses a code again learns nothing from it.
func (g *game) repeats() string {
	count := map[string]int{}
	most, code := 1, ""
	for _, t := range g.board() {
		c := numbers(t.Guess)
		if count[c]++; count[c] > most {
			most, code = count[c], c
		}
	}
	if code == "" {
		return ""
	}
	return fmt.Sprintf(" (it guessed %s %d times: a guess scores the same each time, and tells nothing new)", brief.Quote(code), most)
}

// secretsCount counts secrets: "1 secret", "1,296 secrets".
func secretsCount(n int) string { return count(n, "secret", "secrets") }

// count is brief.Count with the thousands of n apart: "1 game", "1,295 games".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return brief.Thousands(n) + " " + many
}
