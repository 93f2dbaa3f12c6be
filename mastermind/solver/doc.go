// Package solver breaks Mastermind codes with the classic strategies, and reproduces their
// published results.
//
// Each strategy looks at how a guess would split the secrets still possible into groups, one
// for each feedback the guess could get, and picks the guess whose split it rates best:
//
//   - Knuth minimises the largest group (Knuth 1977);
//   - MostParts maximises the number of groups;
//   - Entropy maximises the entropy of the group sizes;
//   - ExpectedSize minimises the expected size of the group the secret falls in.
//
// A guess may be any code, not only a possible secret. Ties go to a code that is still a
// possible secret, then to the lowest code in colour-number order (1111 < 1112 < … < 6666);
// Entropy's scores compare with a tolerance of 1e-9, so that equal splits tie. When one secret
// remains, the solver guesses it. The opening is the best code of each shape (see Next); for
// the classic game Knuth opens 1122, MostParts 1123, Entropy 1234 and ExpectedSize 1123.
//
// Over all 1296 secrets of the classic game these rules give, in guesses summed and at worst:
// Knuth 5801 and 5 (an average of 4.476, as Knuth found), MostParts 5668 and 6, Entropy 5722
// and 6, ExpectedSize 5696 and 6 (the comparison in Kooi 2005).
//
// # Breaking a code
//
//	s, _ := solver.New(mastermind.Classic(), solver.Knuth)
//	for {
//		guess, _ := s.Next()
//		fb := … // the code maker's answer
//		if fb.Black == 4 {
//			break
//		}
//		if err := s.Record(guess, fb); err != nil {
//			… // feedback that contradicts what came before
//		}
//	}
//
// Remaining, Possible and Candidates help a coach: how many secrets fit the feedback so far,
// and whether a code could still be the secret (mastermind.Consistent says the same for any
// board, without a solver).
//
// # The optimal strategy
//
// Optimal is the strategy with the fewest guesses summed over every secret: for the classic
// game 5625, 4.340 a game, 6 at worst (Koyama and Lai 1993); OptimalWithin(5), the best that
// never needs a sixth guess, takes 5626. The solver finds it by depth-first branch and bound:
// each guess it tries is bounded below by the ideal tree (one secret found by the guess, the
// rest split as evenly as the feedbacks allow), the groups it leaves are bounded by what was
// proved of them before, and before a guess's groups are solved each large one is looked at
// one guess deeper (the least such bound of any code for it), which ends most guesses that
// cannot win without a search; only the lowest code of each orbit under the node's symmetries
// (below) is tried, a code splitting the secrets exactly as another does is tried once, and
// the groups below the first guess are solved on every core. The search of 4 pegs of 7 colours
// takes some tens of times the classic game's, and 4 pegs of 8 some hundreds of times
// (BenchmarkEvaluateOptimal and BenchmarkOptimalLarger measure them). For 5 pegs of 5 colours
// it finds 13496 guesses over the 3125 secrets, 6 at worst. The classic game's trees and that
// of 5 × 5 also ship with the package, so that New(Classic(), Optimal) plays from them at once
// while the game follows them. WriteTree writes any strategy's whole tree.
//
// A search of a larger game can run for hours, so Next never starts one of more than
// MaxSearch secrets left (the classic game's 1,296): it answers at once with ErrBeyondSearch,
// and a heuristic strategy, or Candidates, narrows the game first; a search of fewer secrets
// that has not ended within NextBudget (30 s) — a deep tree, as 10 pegs of 2 colours have —
// it stops, with ErrBeyondSearch too. NextContext searches within a context, stopping when it
// ends:
//
//	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
//	defer cancel()
//	guess, err := s.NextContext(ctx) // context.DeadlineExceeded where the search did not end
//
// # Evaluating a strategy
//
// Evaluate plays a strategy against every secret and returns the number of guesses summed,
// the worst game and the histogram. It builds the strategy's tree once and shares the work
// among the cores: a few hundred times faster than the textbook loop that plays each secret
// with a fresh scan of every code (BenchmarkEvaluateVersusTextbook measures the ratio).
//
// # How the search is quick
//
// A guess is rated by scoring it against every secret left; the scoring packs a code's pegs
// four bits each, so a score is an XOR, a multiplication that counts the black pegs, and a
// look-up. Each strategy's loop gives up on a guess as soon as it can no longer beat the best
// so far, and a scan ends once a code reaches the least cost any code can have. The search
// scores only one code of each set of codes that must split the secrets alike: the
// permutations of the positions, with the renaming of colours each forces, that leave every
// guess so far as it was, and any renaming of colours no guess has used (for codes of up to 6
// pegs the whole group is listed; for wider ones, swaps of positions where every guess
// agrees); and of codes that differ only in colours no secret left holds. None of this
// changes a result: the published totals and a textbook code breaker, written apart in the
// tests, agree with every figure, and the benchmarks hold the largest games to their totals.
//
// # Limits
//
// The work grows with the square of the number of codes, so the solver takes at most CodeLimit
// (32,768) codes, ColorLimit (16) colours and WidthLimit (15) pegs: 5 pegs of 8 colours, 15 pegs of 2 and
// 4 pegs of 13 are the largest games it takes (BenchmarkEvaluateLargest plays each of them).
package solver
