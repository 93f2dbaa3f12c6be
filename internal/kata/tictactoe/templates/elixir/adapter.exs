# The katas protocol, version 2: kata run talks to state_of_tic_tac_toe.ex through this loop.
#
# The runner's rows become the board as Exercism's tests write it, a line a row and "." for an
# empty cell. {:error, message} is the refusal Exercism's exercise asks for; any exception is a
# bug, which stops the adapter so that the runner shows its stack trace.
Code.require_file("state_of_tic_tac_toe.ex", __DIR__)

defmodule Katas.Adapter do
  @moduledoc false
  alias Katas.JSON

  @states %{ongoing: "ongoing", draw: "draw", win: "win"}

  # The reply to one request.
  defp answer(%{"id" => id, "op" => op} = request) do
    case call(op, request) do
      {:ok, state} -> [id: id, state: state]
      {:error, message} -> [id: id, error: message]
    end
  end

  # What game_state says of the board, {:error, message} for a refusal or for an operation not
  # written yet. What it returns that is neither is a bug.
  defp call(op, request) do
    case op do
      "classify" -> classify(request["rows"])
      _ -> {:error, "unknown op " <> op}
    end
  rescue
    error in RuntimeError ->
      if error.message != "not implemented", do: reraise(error, __STACKTRACE__)
      {:error, "not implemented"}
  end

  # A "." or a newline in a row would be read as another cell or another row on the board as
  # Exercism writes it: such a board is refused here.
  defp classify(rows) do
    case Enum.find(rows, &String.contains?(&1, [".", "\n"])) do
      nil -> rows |> Enum.map(&[String.replace(&1, " ", "."), ?\n]) |> IO.iodata_to_binary() |> StateOfTicTacToe.game_state() |> state()
      row -> {:error, "the row #{inspect(row)} has a cell that is not \"X\", \"O\" or \" \""}
    end
  end

  defp state({:ok, state}) when is_map_key(@states, state), do: {:ok, @states[state]}
  defp state({:error, reason}) when is_binary(reason), do: {:error, reason}
  defp state({:error, reason}), do: {:error, inspect(reason)}
  # Exercism's stub, an empty function, returns nil: an operation not written yet.
  defp state(nil), do: {:error, "not implemented"}
  defp state(other), do: raise("game_state returned #{inspect(other)}, want {:ok, :ongoing | :draw | :win} or {:error, message}")

  def main do
    IO.write(JSON.encode(protocol: "katas", version: 2, kata: "tictactoe"))
    adapter = self()
    spawn_link(fn -> read(adapter) end)
    wait()
    # Then exit at once: Elixir's own stop at the end of a script takes as long as a start after
    # a long run.
    System.halt(0)
  end

  # The requests that have come, a line each, answered in order. The replies are written once
  # every request that has come is answered — and at least every tenth of a second while they
  # are, so that the runner sees a slow answer at work — and even when one crashes.
  defp wait do
    receive do
      {:line, line} -> work(line, [], now())
      :eof -> :ok
    end
  end

  defp work(line, replies, sent) do
    reply =
      try do
        answer(JSON.decode(line))
      rescue
        error ->
          IO.write(replies)
          reraise error, __STACKTRACE__
      end

    {replies, sent} = send_every_tenth([replies | JSON.encode(reply)], sent)

    receive do
      {:line, line} -> work(line, replies, sent)
      :eof -> IO.write(replies)
    after
      0 ->
        IO.write(replies)
        wait()
    end
  end

  defp send_every_tenth(replies, sent) do
    if now() - sent > 100 do
      IO.write(replies)
      {[], now()}
    else
      {replies, sent}
    end
  end

  # Sends the adapter each line of the standard input, then :eof.
  defp read(adapter) do
    case IO.read(:stdio, :line) do
      line when is_binary(line) ->
        send(adapter, {:line, line})
        read(adapter)

      _ ->
        send(adapter, :eof)
    end
  end

  defp now, do: System.monotonic_time(:millisecond)
end

defmodule Katas.JSON do
  @moduledoc false
  # The protocol's JSON, which Elixir before 1.18 and Erlang/OTP before 27 have no module for: a
  # reader for the runner's requests, objects of strings, numbers, booleans, null and arrays of
  # those, and a writer for the replies, a keyword list a line.

  def decode(text) do
    {value, rest} = value(skip(text))
    "" = skip(rest)
    value
  end

  def encode(fields) do
    ["{", Enum.map_intersperse(fields, ",", fn {key, value} -> [string(Atom.to_string(key)), ":", json(value)] end), "}\n"]
  end

  defp json(n) when is_integer(n), do: Integer.to_string(n)
  defp json(s) when is_binary(s), do: string(s)
  defp json(list) when is_list(list), do: ["[", Enum.map_intersperse(list, ",", &json/1), "]"]
  defp json(nil), do: "null"
  defp json(b) when is_boolean(b), do: Atom.to_string(b)

  defp string(s), do: [?", for(<<c::utf8 <- s>>, do: char(c)), ?"]

  defp char(?"), do: "\\\""
  defp char(?\\), do: "\\\\"
  defp char(c) when c < 0x20, do: "\\u" <> String.pad_leading(Integer.to_string(c, 16), 4, "0")
  defp char(c), do: <<c::utf8>>

  defp skip(<<c, rest::binary>>) when c in ~c" \t\r\n", do: skip(rest)
  defp skip(rest), do: rest

  defp value("{" <> rest), do: object(skip(rest), %{})
  defp value("[" <> rest), do: array(skip(rest), [])
  defp value("\"" <> rest), do: string(rest, [])
  defp value("true" <> rest), do: {true, rest}
  defp value("false" <> rest), do: {false, rest}
  defp value("null" <> rest), do: {nil, rest}
  defp value(text), do: number(text)

  defp object("}" <> rest, map), do: {map, rest}

  defp object("\"" <> rest, map) do
    {key, rest} = string(rest, [])
    ":" <> rest = skip(rest)
    {value, rest} = value(skip(rest))
    map = Map.put(map, key, value)

    case skip(rest) do
      "," <> rest -> object(skip(rest), map)
      "}" <> rest -> {map, rest}
    end
  end

  defp array("]" <> rest, list), do: {Enum.reverse(list), rest}

  defp array(text, list) do
    {value, rest} = value(text)

    case skip(rest) do
      "," <> rest -> array(skip(rest), [value | list])
      "]" <> rest -> {Enum.reverse([value | list]), rest}
    end
  end

  @escapes %{?b => ?\b, ?f => ?\f, ?n => ?\n, ?r => ?\r, ?t => ?\t}

  defp string("\"" <> rest, chars), do: {IO.iodata_to_binary(chars), rest}

  defp string(<<"\\u", hex::binary-4, rest::binary>>, chars) do
    case {String.to_integer(hex, 16), rest} do
      {high, <<"\\u", low::binary-4, rest::binary>>} when high in 0xD800..0xDBFF ->
        low = String.to_integer(low, 16)
        string(rest, [chars, utf8(0x10000 + (high - 0xD800) * 0x400 + low - 0xDC00)])

      {c, rest} ->
        string(rest, [chars, utf8(c)])
    end
  end

  defp string(<<?\\, c, rest::binary>>, chars), do: string(rest, [chars, Map.get(@escapes, c, c)])
  defp string(<<c, rest::binary>>, chars), do: string(rest, [chars, c])

  defp utf8(c) when c in 0xD800..0xDFFF or c > 0x10FFFF, do: "\uFFFD"
  defp utf8(c), do: <<c::utf8>>

  defp number(text) do
    case Integer.parse(text) do
      {_, <<c, _::binary>>} when c in ~c".eE" -> Float.parse(text)
      {n, rest} -> {n, rest}
    end
  end
end

Katas.Adapter.main()
