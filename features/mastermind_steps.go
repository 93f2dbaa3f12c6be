package features

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/mastermind"
)

// Mastermind is the seam between the Mastermind features and an implementation of the game:
// the Elixir assignment's API with numbers for colours. Colours are numbered from 1; the seed's
// colour names stand for Red 1, Green 2, Blue 3, Yellow 4, Purple 5 and Orange 6.
//
// The suite makes a new Mastermind for each scenario and calls New once before anything else.
type Mastermind interface {
	// New starts a game, the assignment's new(num_colors, width, max_turns), with the code
	// maker's secret. It returns an error when the rules or the secret do not fit: a number
	// below 1, a secret of the wrong width, a colour outside 1 to numColors.
	New(numColors, width, maxTurns int, secret []int) error
	// Score plays a guess, the assignment's score(game, guess): the grade is "won", "lost" or
	// "continue". It returns an error for a guess that cannot be played (wrong width, a colour
	// outside 1 to numColors, a game already over), and then nothing changes.
	Score(guess []int) (grade string, score Score, err error)
	// TurnsLeft returns how many more guesses may be made.
	TurnsLeft() int
	// Guesses returns how many guesses are on the decoding board.
	Guesses() int
}

// Score is a guess's score: black for right colour and place, white for right colour only.
type Score struct {
	Black, White int
}

// mastermindScenario is one scenario's state: the rules and secret the Given steps set up, the
// game, and the last result.
type mastermindScenario struct {
	newGame func() Mastermind

	colors, width, maxTurns int
	secret                  []int

	game    Mastermind
	joinErr error // New's error once the game has been joined

	scored bool // a guess was played, so grade and score hold its result
	grade  string
	score  Score
}

// InitializeMastermind registers the Mastermind steps on sc, played against an implementation
// from newGame. Call it from a godog ScenarioInitializer; it keeps its state per scenario.
func InitializeMastermind(sc *godog.ScenarioContext, newGame func() Mastermind) {
	s := &mastermindScenario{newGame: newGame}

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
}

// parsePegs reads a code as numbers, or the seed's colour names, without judging the colours:
// refusing 0 or 7 is the implementation's job.
func parsePegs(s string) ([]int, error) {
	var pegs []int
	for _, w := range strings.Fields(s) {
		if n, err := strconv.Atoi(w); err == nil {
			pegs = append(pegs, n)
			continue
		}
		c, err := mastermind.ParseColor(w)
		if err != nil {
			return nil, fmt.Errorf("the feature's code %q: %q is not a colour", s, w)
		}
		pegs = append(pegs, int(c))
	}
	return pegs, nil
}

// join starts the game once, when a step first needs it, and returns New's error.
func (s *mastermindScenario) join() error {
	if s.game == nil {
		s.game = s.newGame()
		if s.game == nil {
			return errors.New("the adapter's constructor returned nil")
		}
		s.joinErr = s.game.New(s.colors, s.width, s.maxTurns, s.secret)
	}
	return s.joinErr
}

// started is join for steps that need a game that started.
func (s *mastermindScenario) started() error {
	if err := s.join(); err != nil {
		return fmt.Errorf("the game did not start: New(%d, %d, %d, %v): %w", s.colors, s.width, s.maxTurns, s.secret, err)
	}
	return nil
}

func (s *mastermindScenario) aDecodingBoardOfAttempts(attempts int) {
	s.colors, s.width, s.maxTurns = mastermind.Classic.Colors, mastermind.Classic.Width, attempts
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
	return err
}

func (s *mastermindScenario) iJoinTheGame() error { return s.started() }

func (s *mastermindScenario) theGameShouldBeStartedWithAnEmptyBoard() error {
	if err := s.started(); err != nil {
		return err
	}
	if n := s.game.Guesses(); n != 0 {
		return fmt.Errorf("the board has %d guesses, want none", n)
	}
	return nil
}

func (s *mastermindScenario) iShouldHaveTurnsLeft(want int) error {
	if err := s.started(); err != nil {
		return err
	}
	if got := s.game.TurnsLeft(); got != want {
		return fmt.Errorf("%d turns left, want %d", got, want)
	}
	return nil
}

// guess plays pegs and keeps the result; the guess must be accepted.
func (s *mastermindScenario) guess(pegs []int) error {
	if err := s.started(); err != nil {
		return err
	}
	grade, score, err := s.game.Score(pegs)
	if err != nil {
		return fmt.Errorf("guess %v was refused: %w", pegs, err)
	}
	s.scored, s.grade, s.score = true, grade, score
	return nil
}

func (s *mastermindScenario) iGuess(code string) error {
	pegs, err := parsePegs(code)
	if err != nil {
		return err
	}
	return s.guess(pegs)
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
	got := mastermind.Feedback{Black: s.score.Black, White: s.score.White}
	if got != f {
		return fmt.Errorf("feedback %q (%d black, %d white), want %q", got, got.Black, got.White, want)
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
		if err := s.guess(g); err != nil {
			return fmt.Errorf("wrong guess %d of %d: %w", i+1, n, err)
		}
	}
	return nil
}

func (s *mastermindScenario) iBreakTheCodeInTheFinalGuess() error {
	if err := s.started(); err != nil {
		return err
	}
	if left := s.game.TurnsLeft(); left != 1 {
		return fmt.Errorf("%d turns left before the final guess, want 1", left)
	}
	return s.guess(s.secret)
}

func (s *mastermindScenario) theGradeShouldBe(want string) error {
	if err := s.noGuess(); err != nil {
		return err
	}
	if s.grade != want {
		return fmt.Errorf("grade %q, want %q", s.grade, want)
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
	return s.refused(pegs)
}

// refused checks that pegs cannot be played and that trying changes nothing.
func (s *mastermindScenario) refused(pegs []int) error {
	if err := s.started(); err != nil {
		return err
	}
	left, guesses := s.game.TurnsLeft(), s.game.Guesses()
	grade, score, err := s.game.Score(pegs)
	if err == nil {
		return fmt.Errorf("guess %v was played (%s, %+v), want it refused", pegs, grade, score)
	}
	if l, g := s.game.TurnsLeft(), s.game.Guesses(); l != left || g != guesses {
		return fmt.Errorf("refusing guess %v changed the game: %d turns left and %d guesses, were %d and %d", pegs, l, g, left, guesses)
	}
	return nil
}

func (s *mastermindScenario) aGameOfColoursPegsAndTurns(colors, width, maxTurns int) {
	s.colors, s.width, s.maxTurns = colors, width, maxTurns
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
	return s.started()
}

func (s *mastermindScenario) theChallengerPicks(code string) (err error) {
	if s.secret, err = parsePegs(code); err != nil {
		return err
	}
	_ = s.join() // the Then step judges the outcome
	return nil
}

func (s *mastermindScenario) theGameShouldBeRefused() error {
	if s.game == nil {
		return errors.New("no game was started")
	}
	if s.joinErr == nil {
		return fmt.Errorf("New(%d, %d, %d, %v) started a game, want an error", s.colors, s.width, s.maxTurns, s.secret)
	}
	return nil
}

func (s *mastermindScenario) theScoreShouldBe(black, white int) error {
	if err := s.noGuess(); err != nil {
		return err
	}
	if want := (Score{Black: black, White: white}); s.score != want {
		return fmt.Errorf("score %d black and %d white, want %d black and %d white", s.score.Black, s.score.White, black, white)
	}
	return nil
}
