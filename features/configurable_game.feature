Feature: Configurable mastermind
  Dave Thomas's game, from his Elixir exercise: new(num_colors, width, max_turns) starts it, and
  score(game, guess) returns the grade, the score and the new state. Colours are
  the numbers 1 to num_colors; the score always holds both black and white.
  Tags group the scenarios: @scoring, @turns, @refusals and @board.

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

  @turns
  Scenario: No turns are left once the game is won
    Given a game of 6 colours, 4 pegs and 10 turns
    And the challenger picked "3 2 3 5"
    When I guess "1 1 2 2"
    And I guess "3 2 3 5"
    Then the grade should be "won"
    And I should have 0 turns left
