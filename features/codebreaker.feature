Feature: Breaking codes
As a code breaker
I want to practice breaking codes
In order to have fun

  The breaker is yours: it makes each guess, and is told how each scored. The code maker is
  this project's own, and scores a guess with black pegs (right colour, right place) and white
  ones (right colour, wrong place). Colours are the numbers 1 to the game's colours. Above the
  classic game, broken within its turns, tags climb a ladder of two levels: @knuth, no more
  guesses in all than Knuth's 5,801, and @optimal, no more than the optimum's 5,625 (which
  needs a sixth guess for some secrets, where Knuth never does: a level counts the guesses in
  all). Leave out the levels not climbed yet, as with kata run --tags '~@optimal'. The code
  maker deals every secret of a game in an order of each run's own, so that the breaker learns
  a secret from its game's feedback alone; a run plays them once, whichever levels it grades.

  Scenario: One colour, one peg
    Given the code maker's game of 1 colour, 1 peg and 1 turn
    When the breaker plays against the secret "1"
    Then the breaker should win in 1 guess

  Scenario: Two colours, one peg
    Given the code maker's game of 2 colours, 1 peg and 2 turns
    When the breaker plays against the secret "2"
    Then the breaker should win within 2 guesses

  Scenario Outline: Every secret of a small game
    Given the code maker's game of <Colours> colours, <Pegs> pegs and <Turns> turns
    When the breaker breaks every secret
    Then every secret should be broken within <Turns> attempts
    Examples:
      | Colours | Pegs | Turns |
      | 2       | 2    | 3     |
      | 3       | 2    | 4     |
      | 2       | 3    | 4     |
      | 3       | 3    | 5     |

  Scenario: The breaker plays the game's codes only
    Given the code maker's game of 4 colours, 3 pegs and 64 turns
    When the breaker breaks every secret
    Then every guess should have 3 pegs of colours 1 to 4

  Scenario: A game with no attempts left is lost
    Given the code maker's game of 6 colours, 4 pegs and 1 turn
    When the breaker plays against the secret "6 5 4 3"
    Then the game should be lost
    And the breaker should be told it lost

  Scenario Outline: Games to play again
    Given the code maker's game of <Colours> colours, <Pegs> pegs and <Turns> turns
    When the breaker plays against the secret "<Secret>"
    Then the breaker should win within <Within> guesses
    Examples:
      | Colours | Pegs | Turns | Secret  | Within |
      | 6       | 4    | 12    | 6 6 6 6 | 12     |
      | 6       | 4    | 12    | 3 5 5 6 | 12     |

  @classic
  Scenario: Every classic secret, broken
    Given the classic game of 6 colours, 4 pegs and 12 turns
    When the breaker breaks every secret
    Then every secret should be broken within 12 attempts

  @knuth
  Scenario: Knuth's level
    Given the classic game of 6 colours, 4 pegs and 12 turns
    When the breaker breaks every secret
    Then they should take at most 5801 guesses in all, as Knuth's strategy does

  @optimal
  Scenario: The optimum
    Given the classic game of 6 colours, 4 pegs and 12 turns
    When the breaker breaks every secret
    Then they should take at most 5625 guesses in all, as the optimal strategy does
