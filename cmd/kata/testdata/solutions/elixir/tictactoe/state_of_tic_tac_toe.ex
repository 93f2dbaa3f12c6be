# A solution to Exercism's state-of-tic-tac-toe exercise in Elixir, written as the track asks
# (and as its tests check: game_state(board) on a board of lines with "." for an empty cell,
# {:ok, state} or {:error, message} with the exercise's message), and not for this project:
# the starting points' tests put it, unchanged, in the starting point.
defmodule StateOfTicTacToe do
  @win_lines [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]

  @doc """
  Determine the state a game of tic-tac-toe where X starts.
  """
  @spec game_state(board :: String.t()) :: {:ok, :win | :ongoing | :draw} | {:error, String.t()}
  def game_state(board) do
    with {:ok, cells} <- parse(board) do
      xs = Enum.count(cells, &(&1 == "X"))
      os = Enum.count(cells, &(&1 == "O"))
      x_won = won?(cells, "X")
      o_won = won?(cells, "O")

      cond do
        os > xs -> {:error, "Wrong turn order: O started"}
        xs - os > 1 -> {:error, "Wrong turn order: X went twice"}
        (x_won and o_won) or (x_won and xs == os) or (o_won and xs > os) -> {:error, "Impossible board: game should have ended after the game was won"}
        x_won or o_won -> {:ok, :win}
        "." in cells -> {:ok, :ongoing}
        true -> {:ok, :draw}
      end
    end
  end

  defp parse(board) do
    rows = board |> String.replace_suffix("\n", "") |> String.split("\n")
    cells = Enum.flat_map(rows, &String.graphemes/1)

    cond do
      length(rows) != 3 -> {:error, "Invalid board: #{length(rows)} rows, want 3"}
      Enum.any?(rows, &(String.length(&1) != 3)) -> {:error, "Invalid board: a row that is not 3 cells"}
      Enum.any?(cells, &(&1 not in ["X", "O", "."])) -> {:error, "Invalid board: a cell that is not X, O or ."}
      true -> {:ok, cells}
    end
  end

  defp won?(cells, mark) do
    Enum.any?(@win_lines, fn line -> Enum.all?(line, &(Enum.at(cells, &1) == mark)) end)
  end
end
