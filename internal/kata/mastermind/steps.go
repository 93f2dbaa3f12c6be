package mastermind

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/step"
	"github.com/deliberate-practice/katas/mastermind"
)

// mastermindScenario is one scenario's state: the rules and secret the Given steps set up, the
// game, and the last guess and its result.
type mastermindScenario struct {
	newGame NewGame
	all     playAll       // nil: the property plays its pairs one by one
	limit   time.Duration // how long a call into the implementation may take; 0 for no limit

	colors, width, maxTurns int
	secret                  []int
	secretText              string // the secret as the feature wrote it, if it did

	joined  bool  // New has been called
	game    Game  // the game New started; nil if it refused
	joinErr error // New's error

	scored    bool   // a guess was played: guess, grade, black and white hold it
	guess     []int  // the last guess played or tried
	guessText string // the guess as the feature wrote it, if it did
	grade     string
	black     int
	white     int

	numeric  bool    // the scenario is the assignment's, which writes its codes in numbers
	played   [][]int // the guesses played, in order
	wentBack bool    // the game is the one before a guess, as the program kept it

	pairs, wrong int   // pairs of codes the property played, and those not scored as the rule says
	firstMiss    *miss // the first of those
}

// Initialize registers the Mastermind steps on sc, played against the games newGame starts.
// Call it from a godog ScenarioInitializer, once for each scenario: the steps keep their state
// per call.
func Initialize(sc *godog.ScenarioContext, newGame NewGame) { InitializeWithin(sc, newGame, 0) }

// InitializeWithin is Initialize with a time limit for each call into the implementation: a
// call that takes longer fails its step (0: no limit).
func InitializeWithin(sc *godog.ScenarioContext, newGame NewGame, limit time.Duration) {
	initialize(sc, newGame, nil, limit)
}

// initialize registers the steps; all, when not nil, plays the property's pairs at once.
func initialize(sc *godog.ScenarioContext, newGame NewGame, all playAll, limit time.Duration) {
	s := &mastermindScenario{newGame: newGame, all: all, limit: limit}

	// The seed's steps.
	sc.Step(`^a decoding board of (\d+) attempts$`, s.aDecodingBoardOfAttempts)
	sc.Step(`^the code maker has placed a secret on the board$`, s.theCodeMakerHasPlacedASecretOnTheBoard)
	sc.Step(`^the code maker placed the "([^"]*)" (?:code pattern|secret) on the board$`, s.theCodeMakerPlacedTheSecretOnTheBoard)
	sc.Step(`^I join the game$`, s.iJoinTheGame)
	sc.Step(`^the game should be started with an empty board$`, s.theGameShouldBeStartedWithAnEmptyBoard)
	sc.Step(`^I should have (\d+) attempts available$`, s.iShouldHaveTurnsLeft)
	sc.Step(`^I try to break the code with "([^"]*)"$`, s.iGuess)
	sc.Step(`^the code maker should give me "([^"]*)" feedback on my guess$`, s.theCodeMakerShouldGiveMeFeedbackOnMyGuess)
	sc.Step(`^I try to break the code with an invalid pattern (\d+) times?$`, s.iTryToBreakTheCodeWithAnInvalidPatternTimes)
	sc.Step(`^I break the code in the final guess$`, s.iBreakTheCodeInTheFinalGuess)
	sc.Step(`^I should win the game$`, func() error { return s.theGradeShouldBe("won") })
	sc.Step(`^I should lose the game$`, func() error { return s.theGradeShouldBe("lost") })
	sc.Step(`^I should no longer be able to make guesses$`, s.iShouldNoLongerBeAbleToMakeGuesses)

	// The assignment's steps.
	sc.Step(`^a game of (-?\d+) colours, (-?\d+) pegs and (-?\d+) turns$`, s.aGameOfColoursPegsAndTurns)
	sc.Step(`^I start a game of (-?\d+) colours, (-?\d+) pegs and (-?\d+) turns$`, s.iStartAGameOfColoursPegsAndTurns)
	sc.Step(`^the challenger picked "([^"]*)"$`, s.theChallengerPicked)
	sc.Step(`^the challenger picks "([^"]*)"$`, s.theChallengerPicks)
	sc.Step(`^the game should be refused$`, s.theGameShouldBeRefused)
	sc.Step(`^I guess "([^"]*)"$`, s.iGuess)
	sc.Step(`^the score should be (\d+) black and (\d+) white$`, s.theScoreShouldBe)
	sc.Step(`^the grade should be "([^"]*)"$`, s.theGradeShouldBe)
	sc.Step(`^I should have (\d+) turns left$`, s.iShouldHaveTurnsLeft)
	sc.Step(`^my guess "([^"]*)" should be refused$`, s.myGuessShouldBeRefused)
	sc.Step(`^the board should hold (\d+) guess(?:es)?$`, s.theBoardShouldHoldGuesses)
	sc.Step(`^I go back to the game before that guess$`, s.iGoBackToTheGameBeforeThatGuess)

	// The property: the rule over many codes.
	sc.Step(`^I score every pair of codes of (\d+) colours and (\d+) pegs$`, s.iScoreEveryPair)
	sc.Step(`^I score (\d+) pairs of codes of (\d+) colours and (\d+) pegs, rich in repeated colours$`, s.iScoreRichPairs)
	sc.Step(`^every score should be as the rule gives it$`, s.everyScoreShouldBeAsTheRuleGivesIt)
}

// parsePegs reads a code as the feature writes it, colour names in any case or whole
// numbers, without judging the colours: refusing 0 or 7 is the implementation's job. It
// reads at most mastermind.MaxWidth+1 pegs, enough for a guess one peg too long.
func parsePegs(s string) ([]int, error) {
	var pegs []int
	for w := range strings.FieldsSeq(s) {
		if len(pegs) > mastermind.MaxWidth {
			return nil, fmt.Errorf("the feature's code %s has more than %d pegs", brief.Quote(s), mastermind.MaxWidth+1)
		}
		if n, err := strconv.Atoi(w); err == nil {
			pegs = append(pegs, n)
			continue
		}
		c, err := mastermind.ParseColor(w)
		if err != nil {
			return nil, fmt.Errorf("the feature's code %s: peg %d, %s, is neither a colour's name nor a whole number", brief.Quote(s), len(pegs)+1, brief.Quote(w))
		}
		pegs = append(pegs, int(c))
	}
	return pegs, nil
}

// errNoGame says the implementation's constructor gave neither a game nor an error.
var errNoGame = errors.New("the game's constructor returned no game and no error")

// join starts the game once, when a step first needs it, and returns New's error.
func (s *mastermindScenario) join() error {
	if !s.joined {
		s.joined = true
		if err := step.Guard(s.limit, "new", func() {
			s.game, s.joinErr = s.newGame(s.colors, s.width, s.maxTurns, slices.Clone(s.secret))
		}); err != nil {
			s.game, s.joinErr = nil, err
		}
		if s.joinErr == nil && step.IsNil(s.game) {
			s.joinErr = errNoGame
		}
		if s.joinErr != nil {
			s.game = nil
		}
	}
	return s.joinErr
}

// started is join for steps that need a game that started.
func (s *mastermindScenario) started() error {
	err := s.join()
	if ferr := step.Unwritten(s.rules, "new", "", err); ferr != nil {
		return ferr
	}
	switch {
	case errors.Is(err, errNoGame):
		return step.Fail(s.rules(), "%v", err)
	case err != nil:
		return step.Fail(s.rules(), "the game did not start: %s", brief.Quote(err.Error()))
	}
	return nil
}

// count asks the game for a number, TurnsLeft or Guesses, as a step needs it: a panic in
// the implementation, "not implemented" among them, fails the step saying so.
func (s *mastermindScenario) count(name string, f func(Game) int) (int, error) {
	n := 0
	if err := step.Unwritten(s.rules, name, "", step.Guard(s.limit, name, func() { n = f(s.game) })); err != nil {
		return 0, err
	}
	return n, nil
}

func (s *mastermindScenario) turnsLeft() (int, error) {
	return s.count("TurnsLeft", Game.TurnsLeft)
}

func (s *mastermindScenario) guesses() (int, error) {
	return s.count("Guesses", Game.Guesses)
}

// score plays a guess on the game; a panic in the implementation is an error that says so.
func (s *mastermindScenario) score(guess []int) (grade string, black, white int, err error) {
	if perr := step.Guard(s.limit, "Score", func() { grade, black, white, err = s.game.Score(slices.Clone(guess)) }); perr != nil {
		return "", 0, 0, perr
	}
	return grade, black, white, err
}

// rules names the game for a message: `new(6, 4, 12) with secret "Red Green Blue Yellow"`.
func (s *mastermindScenario) rules() string {
	return fmt.Sprintf("new(%d, %d, %d) with secret %s", s.colors, s.width, s.maxTurns, s.written(s.secretText, s.secret))
}

// about names the game and the last guess for a message about the guess.
func (s *mastermindScenario) about() string {
	return fmt.Sprintf("%s, guess %s", s.rules(), s.written(s.guessText, s.guess))
}

// written is a code as the feature wrote it, or as the scenario writes its codes when the
// feature did not write this one; quoted either way, and "no pegs" for none.
func (s *mastermindScenario) written(text string, code []int) string {
	switch {
	case text != "":
		return brief.Quote(text)
	case len(code) == 0:
		return "of no pegs"
	}
	return brief.Quote(pegs(code, s.numbers()))
}

// numbers reports whether the scenario writes its codes in numbers, "3 2 3 5", rather than
// colour names: the assignment's scenarios do.
func (s *mastermindScenario) numbers() bool {
	return s.numeric || strings.ContainsAny(s.secretText+s.guessText, "0123456789")
}

// pegs writes a code in numbers, or in colour names when every peg has one among the seed's
// six.
func pegs(code []int, numbers bool) string {
	c := make(mastermind.Code, len(code))
	for i, p := range code {
		if numbers || p < 1 || p > 6 {
			return strings.Trim(fmt.Sprint(code), "[]")
		}
		c[i] = mastermind.Color(p)
	}
	return c.String()
}

func (s *mastermindScenario) aDecodingBoardOfAttempts(attempts int) {
	s.colors, s.width, s.maxTurns = mastermind.Classic().Colors, mastermind.Classic().Width, attempts
}

// theCodeMakerHasPlacedASecretOnTheBoard places a secret the scenario does not name. The
// rules must allow one: a feature that asks for a secret in a game of no colours, or wider
// than any code can be, fails here with a message rather than crashing the run.
func (s *mastermindScenario) theCodeMakerHasPlacedASecretOnTheBoard() error {
	if err := s.checkSecretFits(); err != nil {
		return err
	}
	s.secret = make([]int, s.width)
	for i := range s.secret {
		s.secret[i] = (i*5)%s.colors + 1
	}
	return nil
}

// checkSecretFits says why the step cannot make a secret for the game's rules, if it cannot.
func (s *mastermindScenario) checkSecretFits() error {
	switch {
	case s.colors < 1 || s.width < 1:
		return fmt.Errorf("cannot place a secret in a game of %d colours and %d pegs: the feature needs at least 1 of each", s.colors, s.width)
	case s.width > mastermind.MaxWidth:
		return fmt.Errorf("cannot place a secret of %d pegs: the suite makes codes of at most %d", s.width, mastermind.MaxWidth)
	}
	return nil
}

func (s *mastermindScenario) theCodeMakerPlacedTheSecretOnTheBoard(pattern string) (err error) {
	s.secret, err = parsePegs(pattern)
	s.secretText = pattern
	return err
}

func (s *mastermindScenario) iJoinTheGame() error { return s.started() }

func (s *mastermindScenario) theGameShouldBeStartedWithAnEmptyBoard() error {
	if err := s.started(); err != nil {
		return err
	}
	if n, err := s.guesses(); err != nil {
		return err
	} else if n != 0 {
		return step.Fail(s.rules(), "the board has %s, want none", brief.Count(n, "guess", "guesses"))
	}
	return nil
}

func (s *mastermindScenario) theBoardShouldHoldGuesses(want int) error {
	if err := s.started(); err != nil {
		return err
	}
	if n, err := s.guesses(); err != nil {
		return err
	} else if n != want {
		return step.Fail(s.rules(), "the board holds %s, want %d%s", brief.Count(n, "guess", "guesses"), want, s.changed(n > want))
	}
	return nil
}

func (s *mastermindScenario) iShouldHaveTurnsLeft(want int) error {
	if err := s.started(); err != nil {
		return err
	}
	got, err := s.turnsLeft()
	if err != nil {
		return err
	}
	if got != want {
		n, err := s.guesses()
		if err != nil {
			return err
		}
		return step.Fail(fmt.Sprintf("%s, after %s", s.rules(), brief.Count(n, "guess", "guesses")), "%d turns left, want %d%s", got, want, s.changed(got < want))
	}
	return nil
}

// play plays a guess and keeps the result; the guess must be accepted.
func (s *mastermindScenario) play(guess []int) error {
	if err := s.started(); err != nil {
		return err
	}
	s.guess, s.guessText = guess, ""
	grade, black, white, err := s.score(guess)
	if ferr := step.Unwritten(s.about, "score", "", err); ferr != nil {
		return ferr
	}
	if err != nil {
		return step.Fail(s.about(), "the guess was refused: %s", brief.Quote(err.Error()))
	}
	s.scored, s.grade, s.black, s.white = true, grade, black, white
	s.played = append(s.played, guess)
	return nil
}

// iGoBackToTheGameBeforeThatGuess plays on from the game as it was before the last guess: over
// the protocol, the game that score was given, which it leaves as it was (rewinder); a game in
// this process, which a guess changes (features.MastermindGame), is started again and given
// the guesses before it.
func (s *mastermindScenario) iGoBackToTheGameBeforeThatGuess() error {
	if err := s.started(); err != nil {
		return err
	}
	if len(s.played) == 0 {
		return errors.New("no guess was played, so there is no game before it; a When step must make a guess first")
	}
	before := s.played[:len(s.played)-1]
	r, ok := s.game.(rewinder)
	if ok {
		var err error
		if perr := step.Guard(s.limit, "back", func() { err = r.back() }); perr != nil {
			err = perr
		}
		if err != nil {
			return err
		}
	} else {
		s.joined, s.played = false, nil
		if err := s.started(); err != nil {
			return err
		}
		for _, g := range before {
			if err := s.play(g); err != nil {
				return err
			}
		}
	}
	s.played, s.scored = before, false
	s.wentBack = ok
	return nil
}

// changed says, of a count that is off after going back to the game before a guess, in the
// direction of more guesses, what most likely made it so.
func (s *mastermindScenario) changed(more bool) string {
	if !s.wentBack || !more {
		return ""
	}
	return "; the game before that guess holds it: score changed the game it was given instead of returning a new one"
}

func (s *mastermindScenario) iGuess(code string) error {
	pegs, err := parsePegs(code)
	if err != nil {
		return err
	}
	err = s.play(pegs)
	s.guessText = code
	return err
}

// noGuess is the error of a Then step about a guess when no guess was played: it has nothing
// to check, so it must not pass.
func (s *mastermindScenario) noGuess() error {
	if s.scored {
		return nil
	}
	return errors.New("no guess was played, so there is nothing to check; a When step must make a guess first")
}

func (s *mastermindScenario) theCodeMakerShouldGiveMeFeedbackOnMyGuess(want string) error {
	if err := s.noGuess(); err != nil {
		return err
	}
	f, err := mastermind.ParseFeedback(want)
	if err != nil {
		return err
	}
	if got := (mastermind.Feedback{Black: s.black, White: s.white}); got != f {
		return step.Fail(s.about(), "feedback %q (%d black, %d white), want %q", got, got.Black, got.White, want)
	}
	return nil
}

// wrongGuess is a well-formed guess that is not the secret.
func (s *mastermindScenario) wrongGuess() ([]int, error) {
	if err := s.checkSecretFits(); err != nil {
		return nil, err
	}
	for c := 1; c <= s.colors; c++ {
		g := make([]int, s.width)
		for i := range g {
			g[i] = c
		}
		if !slices.Equal(g, s.secret) {
			return g, nil
		}
	}
	return nil, fmt.Errorf("no wrong guess exists with %d colours", s.colors)
}

func (s *mastermindScenario) iTryToBreakTheCodeWithAnInvalidPatternTimes(n int) error {
	if n > s.maxTurns {
		return fmt.Errorf("the scenario asks for %d wrong guesses, but the game has only %d turns", n, s.maxTurns)
	}
	g, err := s.wrongGuess()
	if err != nil {
		return err
	}
	for i := range n {
		if err := s.play(g); err != nil {
			return fmt.Errorf("wrong guess %d of %d: %w", i+1, n, err)
		}
	}
	return nil
}

func (s *mastermindScenario) iBreakTheCodeInTheFinalGuess() error {
	if err := s.started(); err != nil {
		return err
	}
	if left, err := s.turnsLeft(); err != nil {
		return err
	} else if left != 1 {
		return step.Fail(s.rules(), "%d turns left before the final guess, want 1", left)
	}
	return s.play(s.secret)
}

func (s *mastermindScenario) theGradeShouldBe(want string) error {
	if err := s.noGuess(); err != nil {
		return err
	}
	if s.grade != want {
		return step.Fail(fmt.Sprintf("%s, after %s", s.about(), brief.Count(len(s.played), "guess", "guesses")), "grade %s, want %q", brief.Quote(s.grade), want)
	}
	return nil
}

func (s *mastermindScenario) iShouldNoLongerBeAbleToMakeGuesses() error {
	return s.refused(s.secret)
}

func (s *mastermindScenario) myGuessShouldBeRefused(code string) error {
	pegs, err := parsePegs(code)
	if err != nil {
		return err
	}
	err = s.refused(pegs)
	s.guessText = code
	return err
}

// refused checks that pegs cannot be played and that trying changes nothing.
func (s *mastermindScenario) refused(pegs []int) error {
	if err := s.started(); err != nil {
		return err
	}
	s.guess, s.guessText = pegs, ""
	left, err := s.turnsLeft()
	if err != nil {
		return err
	}
	guesses, err := s.guesses()
	if err != nil {
		return err
	}
	grade, black, white, err := s.score(pegs)
	if ferr := step.Unwritten(s.about, "score", ", so nothing was refused", err); ferr != nil {
		return ferr
	}
	if err == nil {
		return step.Fail(s.about(), "the guess was played (%s, %d black, %d white), want it refused", brief.Quote(grade), black, white)
	}
	l, err := s.turnsLeft()
	if err != nil {
		return err
	}
	g, err := s.guesses()
	if err != nil {
		return err
	}
	if l != left || g != guesses {
		return step.Fail(s.about(), "refusing the guess changed the game: %d turns left and %d guesses, were %d and %d", l, g, left, guesses)
	}
	return nil
}

func (s *mastermindScenario) aGameOfColoursPegsAndTurns(colors, width, maxTurns int) {
	s.colors, s.width, s.maxTurns, s.numeric = colors, width, maxTurns, true
}

// iStartAGameOfColoursPegsAndTurns starts a game with a secret of colour 1 in every peg, so
// that only the rules can make New refuse it. A width no code can have gets a secret of
// MaxWidth+1 pegs, which any implementation must refuse too.
func (s *mastermindScenario) iStartAGameOfColoursPegsAndTurns(colors, width, maxTurns int) {
	s.aGameOfColoursPegsAndTurns(colors, width, maxTurns)
	s.secret = make([]int, min(max(width, 0), mastermind.MaxWidth+1))
	for i := range s.secret {
		s.secret[i] = 1
	}
	_ = s.join() // the Then step judges the outcome
}

func (s *mastermindScenario) theChallengerPicked(code string) (err error) {
	if s.secret, err = parsePegs(code); err != nil {
		return err
	}
	s.secretText = code
	return s.started()
}

func (s *mastermindScenario) theChallengerPicks(code string) (err error) {
	if s.secret, err = parsePegs(code); err != nil {
		return err
	}
	s.secretText = code
	_ = s.join() // the Then step judges the outcome
	return nil
}

func (s *mastermindScenario) theGameShouldBeRefused() error {
	if !s.joined {
		return errors.New("no game was started, so there is nothing to check; a When step must start one first")
	}
	// Not written yet, or a panic, is no refusal; nor is neither a game nor an error.
	if err := step.Unwritten(s.rules, "new", ", so nothing was refused", s.joinErr); err != nil {
		return err
	}
	switch {
	case errors.Is(s.joinErr, errNoGame):
		return step.Fail(s.rules(), "%v, want an error", s.joinErr)
	case s.joinErr == nil:
		return step.Fail(s.rules(), "a game started, want an error")
	}
	return nil
}

func (s *mastermindScenario) theScoreShouldBe(black, white int) error {
	if err := s.noGuess(); err != nil {
		return err
	}
	if s.black != black || s.white != white {
		return step.Fail(s.about(), "score %d black and %d white, want %d black and %d white", s.black, s.white, black, white)
	}
	return nil
}
