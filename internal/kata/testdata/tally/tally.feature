Feature: Tally
  A kata of the tests' own, two scenarios long, that shows a kata is one package.

  Scenario: Adding up
    Given a new tally
    When I add 2
    And I add 3
    Then the tally should be 5

  Scenario: Nothing to add
    Given a new tally
    Then the tally should be 0
