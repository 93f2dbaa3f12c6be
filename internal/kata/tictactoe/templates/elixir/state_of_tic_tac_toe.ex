defmodule StateOfTicTacToe do
  @moduledoc """
  The state of a game of tic-tac-toe, from its board: Exercism's state-of-tic-tac-toe, as its
  Elixir track asks.
  """

  @doc """
  Determine the state a game of tic-tac-toe where X starts.

  The board is a string of three rows of three cells, each row ending with a newline, as
  Exercism's tests write it: "X..\\n.XO\\nOX.\\n". A cell is "X", "O" or "." for an empty one,
  and the players take turns. Return {:ok, :ongoing}, {:ok, :draw} or {:ok, :win}. For a
  board that play could not have reached, return {:error, message} with Exercism's message,
  exactly: "Wrong turn order: O started", "Wrong turn order: X went twice" or
  "Impossible board: game should have ended after the game was won". Return
  {:error, message} too for a board of the wrong shape, saying what is wrong with it. Any
  exception is a bug: the runner shows its stack trace. A solution written for Exercism drops
  in as it is, and passes Exercism's scenarios (kata run tictactoe --tags '~@beyond-exercism');
  the scenarios tagged @beyond-exercism ask more: boards of the wrong shape, play after a win.
  """
  @spec game_state(board :: String.t()) :: {:ok, :win | :ongoing | :draw} | {:error, String.t()}
  def game_state(_board) do
    raise "not implemented"
  end
end
