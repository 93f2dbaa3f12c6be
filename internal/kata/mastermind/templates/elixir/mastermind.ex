defmodule Mastermind.Game do
  @moduledoc """
  Mastermind as Dave Thomas's Elixir assignment has it: new(num_colors, width, max_turns) and
  score(game, guess).

  The runner plays against the code maker's secret of its choice, which new/3 cannot take: so
  new/4 takes the secret as well, and new/3 calls it with a random secret. The runner also asks
  how many turns are left and how many guesses were made: turns_left/1 and guesses/1.

  Colours are integers from 1 to num_colors; a code is a list of width of them. The game is
  yours: new/4 returns it, a map, and score/2 returns the game after the guess, leaving the
  game it was given as it was. To refuse something (rules that make no game, a secret or a
  guess that does not fit, a guess after the game is over), return {:error, message} with a
  message that says what was wrong; a refused guess changes nothing. Any exception is a bug:
  the runner shows its stack trace.
  """

  @doc """
  Starts a game of num_colors colours, width pegs and max_turns turns with a random secret.
  """
  def new(num_colors, width, max_turns) do
    secret = for _ <- 1..width//1, do: Enum.random(1..max(num_colors, 1))
    new(num_colors, width, max_turns, secret)
  end

  @doc """
  Starts a game of num_colors colours, width pegs and max_turns turns with the code maker's
  secret, a list of width colours, and returns it; returns {:error, message} for rules or a
  secret that do not fit.
  """
  def new(_num_colors, _width, _max_turns, _secret) do
    raise "not implemented"
  end

  @doc """
  Plays a guess: returns {grade, %{black: black, white: white}, new_game}.

  grade is :won, :lost or :continue; black counts the pegs of the right colour in the right
  place, white those of a right colour in the wrong place, each peg counted once, and both
  keys are always there. new_game is the game after the guess. Returns {:error, message} for
  a guess that cannot be played.
  """
  def score(_game, _guess) do
    raise "not implemented"
  end

  @doc """
  Returns how many guesses the game still allows: 0 once it is won or lost.
  """
  def turns_left(_game) do
    raise "not implemented"
  end

  @doc """
  Returns how many guesses are on the board.
  """
  def guesses(_game) do
    raise "not implemented"
  end
end
