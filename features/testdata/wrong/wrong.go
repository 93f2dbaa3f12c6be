// Package wrong holds Mastermind scorers written wrong the ways people write them, one family
// of bug each, as found in public implementations: the acceptance suite must fail every one.
package wrong

// A Scorer scores a guess against a secret: black and white key pegs.
type Scorer func(secret, guess []int) (black, white int)

// Scorers are the wrong scorers, by the family of their bug.
func Scorers() map[string]Scorer {
	return map[string]Scorer{
		"naive whites":          naiveWhites,
		"whites reuse blacks":   whitesReuseBlacks,
		"no break":              noBreak,
		"distinct colours":      distinctColours,
		"first copy":            firstCopy,
		"colours past 6 lost":   coloursPastSix,
		"four pegs only":        fourPegsOnly,
		"guess counts unheeded": guessCountsUnheeded,
	}
}

func blacks(secret, guess []int) int {
	n := 0
	for i := range secret {
		if secret[i] == guess[i] {
			n++
		}
	}
	return n
}

// naiveWhites gives a white for every peg not black whose colour is anywhere in the secret.
func naiveWhites(secret, guess []int) (int, int) {
	white := 0
	for i, g := range guess {
		if g == secret[i] {
			continue
		}
		for _, s := range secret {
			if s == g {
				white++
				break
			}
		}
	}
	return blacks(secret, guess), white
}

// whitesReuseBlacks pairs each unmatched guess peg with any secret peg of its colour not yet
// paired, those already scored black among them.
func whitesReuseBlacks(secret, guess []int) (int, int) {
	used := make([]bool, len(secret))
	white := 0
	for i, g := range guess {
		if g == secret[i] {
			continue
		}
		for j, s := range secret {
			if !used[j] && s == g {
				used[j] = true
				white++
				break
			}
		}
	}
	return blacks(secret, guess), white
}

// noBreak gives, for each unmatched guess peg, a white for every unmatched secret peg of its
// colour: one secret peg earns several whites.
func noBreak(secret, guess []int) (int, int) {
	white := 0
	for i := range guess {
		if guess[i] == secret[i] {
			continue
		}
		for j := range secret {
			if j != i && secret[j] != guess[j] && secret[j] == guess[i] {
				white++
			}
		}
	}
	return blacks(secret, guess), white
}

// distinctColours counts the distinct colours the unmatched pegs share, not the pegs.
func distinctColours(secret, guess []int) (int, int) {
	ss, gs := map[int]bool{}, map[int]bool{}
	for i := range secret {
		if secret[i] != guess[i] {
			ss[secret[i]] = true
			gs[guess[i]] = true
		}
	}
	white := 0
	for c := range ss {
		if gs[c] {
			white++
		}
	}
	return blacks(secret, guess), white
}

// firstCopy pairs each guess peg with the first unused secret peg of its colour, black when
// they stand in the same place: an exact match on a later copy is scored white while the
// first copy goes unmatched.
func firstCopy(secret, guess []int) (int, int) {
	used := make([]bool, len(secret))
	black, white := 0, 0
	for i, g := range guess {
		for j, s := range secret {
			if !used[j] && s == g {
				used[j] = true
				if i == j {
					black++
				} else {
					white++
				}
				break
			}
		}
	}
	return black, white
}

// coloursPastSix counts colours in an array of the classic game's six, so that colours past 6
// earn no white.
func coloursPastSix(secret, guess []int) (int, int) {
	var cs, cg [7]int
	for i := range secret {
		if secret[i] == guess[i] {
			continue
		}
		if secret[i] <= 6 {
			cs[secret[i]]++
		}
		if guess[i] <= 6 {
			cg[guess[i]]++
		}
	}
	white := 0
	for c := range cs {
		white += min(cs[c], cg[c])
	}
	return blacks(secret, guess), white
}

// fourPegsOnly scores the first four pegs, the classic game's width, whatever the width.
func fourPegsOnly(secret, guess []int) (int, int) {
	n := min(4, len(secret))
	b, w := right(secret[:n], guess[:n])
	return b, w
}

// guessCountsUnheeded gives a white for each unmatched secret peg whose colour some unmatched
// guess peg has, however often the guess holds that colour.
func guessCountsUnheeded(secret, guess []int) (int, int) {
	gs := map[int]bool{}
	for i := range guess {
		if guess[i] != secret[i] {
			gs[guess[i]] = true
		}
	}
	white := 0
	for i := range secret {
		if secret[i] != guess[i] && gs[secret[i]] {
			white++
		}
	}
	return blacks(secret, guess), white
}

// right is the rule, for the scorers that are wrong only around it.
func right(secret, guess []int) (int, int) {
	cs, cg := map[int]int{}, map[int]int{}
	black := 0
	for i := range secret {
		if secret[i] == guess[i] {
			black++
			continue
		}
		cs[secret[i]]++
		cg[guess[i]]++
	}
	white := 0
	for c, n := range cs {
		white += min(n, cg[c])
	}
	return black, white
}
