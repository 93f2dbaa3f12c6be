defmodule CodeBreaker do
  @moduledoc """
  A right breaker for the code-breaker kata: Knuth's minimax, each decision worked out once.

  Knuth's rule: guess the code, among all codes, whose worst feedback leaves the fewest secrets
  possible; ties go to a code that could still be the secret, then to the lowest. The guess
  after a run of feedback is the same in every game of the same rules, so each decision is
  worked out once and kept; so is each code's score against every other. What the breakers of
  one game's rules share is kept in the process dictionary, where reading it copies nothing.
  """

  def new(colors, width, _turns) do
    kept = kept({colors, width})
    %{rules: {colors, width}, possible: Enum.to_list(0..(tuple_size(kept.codes) - 1)), history: [], last: nil}
  end

  def guess(breaker) do
    %{rules: rules, possible: possible, history: history} = breaker

    last =
      case kept(rules).decided do
        %{^history => g} -> g
        _ -> decide(rules, possible, history)
      end

    {elem(kept(rules).codes, last), %{breaker | last: last}}
  end

  def feedback(breaker, black, white, :continue) do
    fb = black * 16 + white
    row = row(breaker.rules, breaker.last)
    %{breaker | possible: Enum.filter(breaker.possible, &(:binary.at(row, &1) == fb)), history: [fb | breaker.history]}
  end

  def feedback(breaker, _black, _white, _over), do: breaker

  # What every breaker of one game's rules shares: its codes, their colour counts, the rows of
  # their scores worked out (all of them once the table is whole), and its decisions, by the
  # feedback so far.
  defp kept({colors, width} = rules) do
    case Process.get({__MODULE__, rules}) do
      nil ->
        codes = codes(colors, width)
        counted = Enum.map(codes, fn code -> {code, Enum.map(1..colors, fn k -> Enum.count(code, &(&1 == k)) end)} end)
        keep(rules, %{codes: List.to_tuple(codes), counted: counted, rows: %{}, table: nil, decided: %{}})

      kept ->
        kept
    end
  end

  defp keep(rules, kept) do
    Process.put({__MODULE__, rules}, kept)
    kept
  end

  # Every code, the first peg the most significant: 1 1 1 1, 1 1 1 2, …
  defp codes(_colors, 0), do: [[]]
  defp codes(colors, width), do: for(c <- 1..colors, rest <- codes(colors, width - 1), do: [c | rest])

  # A code's score against another, each with its colour counts: black * 16 + white.
  defp score({code, counts}, {other, other_counts}) do
    black = black(code, other, 0)
    black * 16 + common(counts, other_counts, 0) - black
  end

  defp black([a | as], [a | bs], n), do: black(as, bs, n + 1)
  defp black([_ | as], [_ | bs], n), do: black(as, bs, n)
  defp black([], [], n), do: n

  defp common([a | as], [b | bs], n), do: common(as, bs, n + min(a, b))
  defp common([], [], n), do: n

  # The scores of code g against every code, a byte each.
  defp row(rules, g) do
    kept = kept(rules)

    case kept do
      %{table: table} when table != nil -> elem(table, g)
      %{rows: %{^g => row}} -> row
      _ ->
        row = row_of(kept, g)
        keep(rules, %{kept | rows: Map.put(kept.rows, g, row)})
        row
    end
  end

  defp row_of(kept, g) do
    guess = Enum.at(kept.counted, g)
    for secret <- kept.counted, into: <<>>, do: <<score(guess, secret)>>
  end

  defp table(rules) do
    kept = kept(rules)

    if kept.table == nil do
      table = List.to_tuple(for g <- 0..(tuple_size(kept.codes) - 1), do: Map.get(kept.rows, g) || row_of(kept, g))
      keep(rules, %{kept | table: table, rows: %{}})
    end
  end

  # The codes a first guess need be one of: one of each shape, the lowest (1 1 2 2).
  defp opening(kept) do
    for g <- 0..(tuple_size(kept.codes) - 1),
        code = elem(kept.codes, g),
        counts = Enum.map(1..Enum.max(code), fn k -> Enum.count(code, &(&1 == k)) end),
        code == Enum.sort(code) and 0 not in counts and counts == Enum.sort(counts, :desc),
        do: g
  end

  # Knuth's guess for the secrets still possible, by their indexes, kept.
  defp decide(_rules, [only], _history), do: only

  defp decide(rules, possible, history) do
    guesses =
      if history == [] do
        opening(kept(rules))
      else
        table(rules)
        0..(tuple_size(kept(rules).codes) - 1)
      end

    candidates = MapSet.new(possible)

    {_, _, best} =
      guesses
      |> Enum.map(fn g -> {worst(row(rules, g), possible), not MapSet.member?(candidates, g), g} end)
      |> Enum.min()

    kept = kept(rules)
    keep(rules, %{kept | decided: Map.put(kept.decided, history, best)})
    best
  end

  # The most secrets one feedback to a guess, whose row of scores this is, leaves possible.
  defp worst(row, possible) do
    possible |> Enum.frequencies_by(&:binary.at(row, &1)) |> Map.values() |> Enum.max()
  end
end
