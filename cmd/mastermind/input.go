package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/mastermind"
)

// guessError says what is wrong with a guess, for a player: from the *mastermind.ParseError
// that (mastermind.Rules).ParseGuess returns, with the colours to choose from.
func guessError(r mastermind.Rules, err error) string {
	var pe *mastermind.ParseError
	if !errors.As(err, &pe) {
		return plain(err)
	}
	switch {
	case errors.Is(err, mastermind.ErrEmptyCode):
		return "type a guess, hint, help or quit"
	case pe.Peg > 0 && errors.Is(err, mastermind.ErrInvalidPeg):
		return fmt.Sprintf("peg %d: %s is not a colour of this game; colours are %s", pe.Peg, brief.Quote(pe.Word), palette(r))
	case pe.Peg > 0 && pe.Why != "":
		return fmt.Sprintf("peg %d: %s", pe.Peg, pe.Why)
	case pe.Peg > 0:
		return fmt.Sprintf("peg %d: %s is not a colour; colours are %s", pe.Peg, brief.Quote(pe.Word), palette(r))
	}
	return pe.Why // "3 pegs, want 4"
}

// palette lists the colours of the rules, with initials where they have names.
func palette(r mastermind.Rules) string {
	var names []string
	for n := 1; n <= min(r.Colors, 8); n++ {
		c := mastermind.Color(n)
		names = append(names, fmt.Sprintf("%s (%s, %d)", c, c.String()[:1], n))
	}
	switch {
	case r.Colors == 9:
		names = append(names, "and 9")
	case r.Colors > 9:
		names = append(names, fmt.Sprintf("and 9 to %d", r.Colors))
	}
	return strings.Join(names, ", ")
}

// examples writes a guess of the game's width three ways, for help: names, initials run
// together when the colours have them, and numbers.
func examples(r mastermind.Rules) string {
	var names, initials, numbers []string
	for i := range r.Width {
		c := mastermind.Color(i%r.Colors + 1)
		names = append(names, strings.ToLower(c.String()))
		initials = append(initials, c.String()[:1])
		numbers = append(numbers, strconv.Itoa(int(c)))
	}
	ex := fmt.Sprintf("colour names (%s)", strings.Join(names, " "))
	switch {
	case r.Colors <= 8 && r.Width > 1:
		ex += fmt.Sprintf(", initials (%s or %s)", strings.Join(initials, " "), strings.Join(initials, ""))
	case r.Colors <= 8:
		ex += fmt.Sprintf(", initials (%s)", strings.Join(initials, ""))
	}
	return ex + fmt.Sprintf(" or numbers (%s)", strings.Join(numbers, " "))
}

// answerHelp is how to answer the computer's guesses.
const answerHelp = `answer with key pegs ("B B W"), "-" for none, or counts ("2 1": two black, one white)`

// parseAnswer reads the key pegs a player gives the computer: "B B W" or "bbw", "-" or
// "none" for no pegs, or counts "2 1" (black, then white). It refuses, as
// (mastermind.Rules).CheckFeedback does, feedback no secret can give.
func parseAnswer(r mastermind.Rules, s string) (mastermind.Feedback, error) {
	switch strings.ToLower(s) {
	case "":
		return mastermind.Feedback{}, errors.New(answerHelp)
	case "-", "none":
		return mastermind.Feedback{}, nil
	}
	if f := strings.Fields(s); len(f) == 2 {
		b, errB := strconv.Atoi(f[0])
		w, errW := strconv.Atoi(f[1])
		if errB == nil && errW == nil {
			fb := mastermind.Feedback{Black: b, White: w}
			return fb, r.CheckFeedback(fb)
		}
	}
	fb, err := mastermind.ParseFeedback(s)
	if err != nil {
		return fb, fmt.Errorf("%s: %s", brief.Quote(s), answerHelp)
	}
	return fb, r.CheckFeedback(fb)
}
