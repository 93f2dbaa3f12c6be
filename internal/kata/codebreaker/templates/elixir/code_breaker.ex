defmodule CodeBreaker do
  @moduledoc """
  The code-breaker kata: break the code maker's secret, in as few guesses as you can.

  A game has colors colours, the integers 1 to colors; its secret, and each guess, is a code of
  width pegs, and turns guesses may be made. After each guess the code maker says how it
  scored: black pegs (right colour, right place), white ones (right colour, wrong place), and
  the grade: :continue, :won (the secret broken) or :lost (no guess left).

  A breaker is a value, yours to shape: new/3 makes it, and guess/1 and feedback/4 return it as
  it is after them. The runner keeps one for each game it plays. A breaker refuses nothing: any
  exception is a bug, and the runner shows its stack trace.
  """

  @doc """
  The breaker of a new game of colors colours, width pegs and turns guesses.
  """
  def new(colors, width, turns) do
    %{colors: colors, width: width, turns: turns}
  end

  @doc """
  Your next guess: returns {guess, breaker}, guess a list of width colours, each from 1 to
  colors, and breaker the breaker after it.
  """
  def guess(_breaker) do
    raise "not implemented"
  end

  @doc """
  How your last guess scored: black and white pegs and the grade. Returns the breaker after
  it; after :won or :lost the game is over.
  """
  def feedback(_breaker, _black, _white, _grade) do
    raise "not implemented"
  end
end
