# The katas protocol, version 2: kata run talks to code_breaker.ex through this loop.
Code.require_file("code_breaker.ex", __DIR__)

defmodule Katas.Adapter do
  @moduledoc false
  alias Katas.JSON

  @grades %{"continue" => :continue, "won" => :won, "lost" => :lost}

  # The reply to one request, and the breakers after it, by game: a game is known by its number.
  defp answer(%{"id" => id, "op" => op} = request, games) do
    case call(op, request, games) do
      {:error, message} -> {[id: id, error: message], games}
      {:guess, guess, games} -> {[id: id, guess: guess], games}
      games -> {[id: id], games}
    end
  end

  # What the breaker says to a request, {:error, "not implemented"} for an operation not
  # written yet. What it returns that is not what the request asks for is a bug.
  defp call(op, %{"game" => game} = request, games) do
    case op do
      "new" ->
        Map.put(games, game, CodeBreaker.new(request["colors"], request["width"], request["turns"]))

      "guess" ->
        case CodeBreaker.guess(Map.fetch!(games, game)) do
          {guess, breaker} when is_list(guess) -> {:guess, guess, Map.put(games, game, breaker)}
          other -> raise "guess returned #{inspect(other)}, want {guess, breaker}"
        end

      "feedback" ->
        grade = Map.fetch!(@grades, request["grade"])
        breaker = CodeBreaker.feedback(Map.fetch!(games, game), request["black"], request["white"], grade)
        # After :won or :lost the game is over.
        if grade == :continue, do: Map.put(games, game, breaker), else: Map.delete(games, game)

      _ ->
        {:error, "unknown op " <> op}
    end
  rescue
    error in RuntimeError ->
      if error.message != "not implemented", do: reraise(error, __STACKTRACE__)
      {:error, "not implemented"}
  end

  def main do
    IO.write(JSON.encode(protocol: "katas", version: 2, kata: "codebreaker"))
    adapter = self()
    spawn_link(fn -> read(adapter) end)
    wait(%{})
    # Then exit at once: Elixir's own stop at the end of a script takes as long as a start after
    # a long run.
    System.halt(0)
  end

  # The requests that have come, a line each, answered in order. The replies are written once
  # every request that has come is answered — and at least every tenth of a second while they
  # are, so that the runner sees a slow answer at work — and even when one crashes.
  defp wait(games) do
    receive do
      {:line, line} -> work(line, games, [], now())
      :eof -> :ok
    end
  end

  defp work(line, games, replies, sent) do
    {reply, games} =
      try do
        answer(JSON.decode(line), games)
      rescue
        error ->
          IO.write(replies)
          reraise error, __STACKTRACE__
      end

    {replies, sent} = send_every_tenth([replies | JSON.encode(reply)], sent)

    receive do
      {:line, line} -> work(line, games, replies, sent)
      :eof -> IO.write(replies)
    after
      0 ->
        IO.write(replies)
        wait(games)
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
