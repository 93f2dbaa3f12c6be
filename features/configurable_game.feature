Feature: Configurable mastermind
  Dave Thomas's game, from his Elixir exercise: new(num_colors, width, max_turns) starts it, and
  score(game, guess) returns the grade, the score and the new state. Colours are
  the numbers 1 to num_colors; the score always holds both black and white.
  Tags group the scenarios: @scoring, @turns, @refusals, @board and @state (the game before a guess).

  @scoring
  Scenario Outline: Scoring the worked example
    Given a game of 6 colours, 4 pegs and 10 turns
    And the challenger picked "3 2 3 5"
    When I guess "<Guess>"
    Then the score should be <Black> black and <White> white
    And the grade should be "continue"
    And I should have 9 turns left
    Examples:
      | Guess   | Black | White |
      | 1 1 2 2 | 0     | 1     |
      | 3 3 4 4 | 1     | 1     |
      | 3 1 3 6 | 2     | 0     |

  @turns
  Scenario: Each scored guess uses a turn
    Given a game of 6 colours, 4 pegs and 10 turns
    And the challenger picked "3 2 3 5"
    When I guess "1 1 2 2"
    And I guess "3 3 4 4"
    And I guess "3 1 3 6"
    Then I should have 7 turns left

  @scoring
  Scenario: Black pegs take precedence over white ones
    Given a game of 6 colours, 4 pegs and 10 turns
    And the challenger picked "3 2 3 5"
    When I guess "3 3 3 3"
    Then the score should be 2 black and 0 white

  @scoring
  Scenario: A totally correct guess wins
    Given a game of 6 colours, 4 pegs and 10 turns
    And the challenger picked "3 2 3 5"
    When I guess "3 2 3 5"
    Then the score should be 4 black and 0 white
    And the grade should be "won"

  @scoring
  Scenario Outline: Other colours, widths and turns
    Given a game of <Colours> colours, <Width> pegs and <Turns> turns
    And the challenger picked "<Secret>"
    When I guess "<Guess>"
    Then the score should be <Black> black and <White> white
    And the grade should be "<Grade>"
    Examples:
      | Colours | Width | Turns | Secret          | Guess           | Black | White | Grade    |
      | 8       | 5     | 10    | 8 7 6 5 4       | 4 5 6 7 8       | 1     | 4     | continue |
      | 8       | 5     | 10    | 8 7 6 5 4       | 8 7 6 5 4       | 5     | 0     | won      |
      | 2       | 1     | 1     | 2               | 1               | 0     | 0     | lost     |
      | 10      | 6     | 3     | 10 9 10 9 1 1   | 9 10 9 10 1 2   | 1     | 4     | continue |
      | 7       | 4     | 10    | 7 7 1 2         | 1 7 7 3         | 1     | 2     | continue |
      | 9       | 5     | 10    | 9 1 9 1 9       | 1 9 1 9 1       | 0     | 4     | continue |
      | 5       | 5     | 10    | 1 2 3 4 5       | 5 4 3 2 1       | 1     | 4     | continue |
      | 3       | 3     | 10    | 2 2 3           | 3 2 2           | 1     | 2     | continue |

  @scoring
  Scenario Outline: Repeated colours, each peg counted once
    A black peg for each place where the codes agree; then, among the other pegs, a white one
    for each colour they share, as often as both hold it. A peg is counted once, black or
    white, and a black one is never counted again.
    Given a game of 6 colours, 4 pegs and 10 turns
    And the challenger picked "<Secret>"
    When I guess "<Guess>"
    Then the score should be <Black> black and <White> white
    Examples:
      | Secret  | Guess   | Black | White |
      | 1 1 1 1 | 1 1 2 1 | 3     | 0     |
      | 1 1 2 2 | 2 2 1 1 | 0     | 4     |
      | 5 5 6 6 | 6 6 5 5 | 0     | 4     |
      | 1 2 3 4 | 1 1 1 1 | 1     | 0     |
      | 1 1 1 2 | 1 2 2 1 | 1     | 2     |
      | 4 4 4 1 | 1 4 1 1 | 2     | 0     |
      | 2 2 1 1 | 2 1 2 2 | 1     | 2     |
      | 1 2 1 2 | 2 2 2 2 | 2     | 0     |

  @turns
  Scenario: A wrong guess with no turns left loses
    Given a game of 6 colours, 4 pegs and 3 turns
    And the challenger picked "3 2 3 5"
    When I guess "1 1 2 2"
    And I guess "3 3 4 4"
    And I guess "3 1 3 6"
    Then the grade should be "lost"
    And I should have 0 turns left

  @turns
  Scenario: Taking more than max turns is not possible
    Given a game of 6 colours, 4 pegs and 1 turns
    And the challenger picked "3 2 3 5"
    When I guess "1 1 2 2"
    Then the grade should be "lost"
    And my guess "3 2 3 5" should be refused
    And I should have 0 turns left

  @turns
  Scenario: No guess after a win
    Given a game of 6 colours, 4 pegs and 10 turns
    And the challenger picked "3 2 3 5"
    When I guess "3 2 3 5"
    Then the grade should be "won"
    And my guess "3 2 3 5" should be refused

  @refusals
  Scenario Outline: Colours outside 1 to num_colors are refused
    Given a game of 6 colours, 4 pegs and 10 turns
    And the challenger picked "3 2 3 5"
    Then my guess "<Guess>" should be refused
    And I should have 10 turns left
    Examples:
      | Guess   |
      | 1 2 3 7 |
      | 0 2 3 4 |
      | 9 9 9 9 |

  @refusals
  Scenario Outline: A guess must have exactly width pegs
    Given a game of 6 colours, 4 pegs and 10 turns
    And the challenger picked "3 2 3 5"
    Then my guess "<Guess>" should be refused
    And I should have 10 turns left
    Examples:
      | Guess       |
      | 1 2 3       |
      | 1 2 3 4 5   |

  @refusals
  Scenario Outline: A game needs at least one colour, one peg and one turn
    When I start a game of <Colours> colours, <Width> pegs and <Turns> turns
    Then the game should be refused
    Examples:
      | Colours | Width | Turns |
      | 0       | 4     | 10    |
      | 6       | 0     | 10    |
      | 6       | 4     | 0     |
      | -1      | 4     | 10    |

  @refusals
  Scenario Outline: The secret must fit the game
    Given a game of 6 colours, 4 pegs and 10 turns
    When the challenger picks "<Secret>"
    Then the game should be refused
    Examples:
      | Secret    |
      | 3 2 3 7   |
      | 0 2 3 5   |

  @refusals
  Scenario Outline: The secret must have exactly width pegs
    Given a game of 6 colours, 4 pegs and 10 turns
    When the challenger picks "<Secret>"
    Then the game should be refused
    Examples:
      | Secret    |
      | 3 2 3     |
      | 3 2 3 5 1 |

  @board
  Scenario: Each played guess goes on the board, a refused one does not
    Given a game of 6 colours, 4 pegs and 10 turns
    And the challenger picked "3 2 3 5"
    Then the board should hold 0 guesses
    When I guess "1 1 2 2"
    And I guess "3 3 4 4"
    Then the board should hold 2 guesses
    And my guess "1 2 3" should be refused
    And the board should hold 2 guesses

  @state
  Scenario: A guess leaves the game it was played on as it was
    score(game, guess) returns the new state, and game is as it was before: a game can be
    played on again from any of its states.
    Given a game of 6 colours, 4 pegs and 10 turns
    And the challenger picked "3 2 3 5"
    When I guess "1 1 2 2"
    And I guess "3 3 4 4"
    And I go back to the game before that guess
    Then the board should hold 1 guess
    And I should have 9 turns left
    When I guess "3 2 3 5"
    Then the grade should be "won"
    And the board should hold 2 guesses

  @turns
  Scenario: No turns are left once the game is won
    Given a game of 6 colours, 4 pegs and 10 turns
    And the challenger picked "3 2 3 5"
    When I guess "1 1 2 2"
    And I guess "3 2 3 5"
    Then the grade should be "won"
    And I should have 0 turns left

  @scoring @property
  Scenario: The scoring rule holds for many codes
    Every pair of codes of a small game, and thousands of pairs of the classic game and of a
    wider one, rich in repeated colours, each scored on a new game against the rule counted
    plainly. A pair scored otherwise is shrunk to the fewest pegs and colours that still
    fail, and shown as an example row to paste into "Other colours, widths and turns".
    When I score every pair of codes of 3 colours and 3 pegs
    And I score 2000 pairs of codes of 6 colours and 4 pegs, rich in repeated colours
    And I score 1000 pairs of codes of 10 colours and 6 pegs, rich in repeated colours
    Then every score should be as the rule gives it
