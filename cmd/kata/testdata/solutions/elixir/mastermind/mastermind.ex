defmodule Mastermind.Game do
  @moduledoc """
  A practitioner's Mastermind, in Elixir: the solution kata run's tests fill a starting point
  in with. Dave Thomas's new/3 and score/2, with new/4 for the code maker's secret.
  """

  def new(num_colors, width, max_turns) do
    secret = for _ <- 1..width//1, do: Enum.random(1..max(num_colors, 1))
    new(num_colors, width, max_turns, secret)
  end

  def new(num_colors, width, max_turns, _secret) when num_colors < 1 or width < 1 or max_turns < 1,
    do: {:error, "a game needs at least one colour, one peg and one turn"}

  def new(num_colors, width, max_turns, secret) do
    game = %{colors: num_colors, width: width, turns_left: max_turns, secret: secret, guesses: 0, grade: :continue}

    with :ok <- check(game, secret, "secret"), do: game
  end

  def score(%{grade: grade}, _guess) when grade != :continue, do: {:error, "the game is over: #{grade}"}

  def score(game, guess) do
    with :ok <- check(game, guess, "guess") do
      black = Enum.zip(game.secret, guess) |> Enum.count(fn {s, g} -> s == g end)
      common = Enum.frequencies(game.secret) |> Enum.map(fn {c, n} -> min(n, Enum.count(guess, &(&1 == c))) end) |> Enum.sum()
      turns_left = game.turns_left - 1

      grade =
        cond do
          black == game.width -> :won
          turns_left == 0 -> :lost
          true -> :continue
        end

      {grade, %{black: black, white: common - black}, %{game | turns_left: turns_left, guesses: game.guesses + 1, grade: grade}}
    end
  end

  def turns_left(%{grade: :continue, turns_left: turns_left}), do: turns_left
  def turns_left(_game), do: 0

  def guesses(game), do: game.guesses

  defp check(game, code, what) do
    cond do
      length(code) != game.width -> {:error, "the #{what} has #{length(code)} pegs, want #{game.width}"}
      peg = Enum.find(code, &(&1 not in 1..game.colors)) -> {:error, "the #{what} has colour #{peg}, want 1 to #{game.colors}"}
      true -> :ok
    end
  end
end
