package mastermind_test

import "github.com/deliberate-practice/katas/mastermind"

// referenceScore is the plain per-colour counting loop: count the colours of the pegs that
// are not exact matches, then take the smaller count of each colour as whites. Tests hold
// Score to it, and BenchmarkScore measures Score against it.
func referenceScore(secret, guess mastermind.Code) mastermind.Feedback {
	var inSecret, inGuess [256]int
	var f mastermind.Feedback
	for i := range secret {
		if secret[i] == guess[i] {
			f.Black++
		} else {
			inSecret[secret[i]]++
			inGuess[guess[i]]++
		}
	}
	for c := range inSecret {
		f.White += min(inSecret[c], inGuess[c])
	}
	return f
}

// allCodes returns every code of width pegs over colours 1..colors, in colour-number order.
func allCodes(colors, width int) []mastermind.Code {
	codes := []mastermind.Code{{}}
	for range width {
		var next []mastermind.Code
		for _, c := range codes {
			for col := 1; col <= colors; col++ {
				next = append(next, append(append(mastermind.Code{}, c...), mastermind.Color(col)))
			}
		}
		codes = next
	}
	return codes
}

func mustParse(s string) mastermind.Code {
	c, err := mastermind.ParseCode(s)
	if err != nil {
		panic(err)
	}
	return c
}
