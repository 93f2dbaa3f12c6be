package protocol

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The wire: a request as the runner writes it, and a reply as it reads one, side by side.

// Request is a request to send: its op, and its fields.
type Request struct {
	Op     string
	Fields map[string]any
}

// Reply is a program's reply to a request: its fields, as the program wrote them, and the
// request it answers, as it was sent, for messages.
type Reply struct {
	Fields  map[string]json.RawMessage
	Request string // {"id":2,"op":"score","guess":[1,1,2,2]}
}

// Refusal returns the reply's "error", the implementation refusing the request, and whether
// it has one.
func (r Reply) Refusal() (string, bool) { return r.String("error") }

// String returns the field key when it is a string.
func (r Reply) String(key string) (string, bool) {
	raw, ok := r.Fields[key]
	if !ok || string(raw) == "null" {
		return "", false
	}
	if plain, ok := plainString(raw); ok {
		return plain, true
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

// plainString returns the string raw quotes when it has nothing to unescape: printable ASCII
// without a backslash, as most replies are. Anything else is for json to read.
func plainString(raw json.RawMessage) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false
	}
	body := raw[1 : len(raw)-1]
	for _, c := range body {
		if c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return "", false
		}
	}
	return string(body), true
}

// Ints returns the field key when it is a list of whole numbers, each however JSON writes it.
func (r Reply) Ints(key string) ([]int, bool) {
	raw, ok := r.Fields[key]
	if !ok || len(raw) < 2 || raw[0] != '[' || raw[len(raw)-1] != ']' {
		return nil, false
	}
	out := []int{}
	body := strings.TrimSpace(string(raw[1 : len(raw)-1]))
	if body == "" {
		return out, true
	}
	for _, f := range strings.Split(body, ",") {
		n, ok := Reply{Fields: map[string]json.RawMessage{"n": json.RawMessage(strings.TrimSpace(f))}}.Int("n")
		if !ok {
			return nil, false
		}
		out = append(out, n)
	}
	return out, true
}

// Int returns the field key when it is a whole number, however JSON writes it: 1, 1.0, 1e0.
func (r Reply) Int(key string) (int, bool) {
	raw, ok := r.Fields[key]
	if ok && len(raw) > 0 && len(raw) < 16 && (raw[0] != '0' || len(raw) == 1) {
		if n, err := strconv.Atoi(string(raw)); err == nil {
			return n, true // digits alone, as most replies write a number
		}
	}
	var f float64
	if !ok || string(raw) == "null" || json.Unmarshal(raw, &f) != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	return int(f), true
}

// appendRequest appends request id as the runner writes it, one line of JSON without its line
// end: exactly what json.Marshal writes for the map of its fields with "id" and "op" (keys in
// order, strings escaped as json escapes them), without the reflection, since a property
// scenario writes tens of thousands of them.
func appendRequest(buf []byte, id int, rq Request) []byte {
	keys := make([]string, 0, len(rq.Fields)+2)
	keys = append(keys, "id", "op")
	for k := range rq.Fields {
		if k != "id" && k != "op" {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	buf = append(buf, '{')
	for i, k := range keys {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = appendString(buf, k)
		buf = append(buf, ':')
		switch k {
		case "id":
			buf = strconv.AppendInt(buf, int64(id), 10)
		case "op":
			buf = appendString(buf, rq.Op)
		default:
			buf = appendValue(buf, rq.Fields[k])
		}
	}
	return append(buf, '}')
}

// appendValue appends v as json.Marshal writes it: by hand for the ints, strings and slices
// of them that requests carry, through json.Marshal for anything else.
func appendValue(buf []byte, v any) []byte {
	switch v := v.(type) {
	case int:
		return strconv.AppendInt(buf, int64(v), 10)
	case string:
		return appendString(buf, v)
	case []int:
		if v == nil {
			return append(buf, "null"...)
		}
		buf = append(buf, '[')
		for i, n := range v {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendInt(buf, int64(n), 10)
		}
		return append(buf, ']')
	case []string:
		if v == nil {
			return append(buf, "null"...)
		}
		buf = append(buf, '[')
		for i, s := range v {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = appendString(buf, s)
		}
		return append(buf, ']')
	}
	data, err := json.Marshal(v)
	if err != nil {
		return append(buf, "null"...) // requests are built by the katas' steps: never a channel or a func
	}
	return append(buf, data...)
}

// appendString appends s quoted: by hand when it is printable ASCII with nothing json escapes,
// else as json.Marshal writes it.
func appendString(buf []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			data, _ := json.Marshal(s)
			return append(buf, data...)
		}
	}
	buf = append(buf, '"')
	buf = append(buf, s...)
	return append(buf, '"')
}

// ParseReply reads a line a program wrote as a reply to request: a JSON object, its keys
// matched exactly as the protocol writes them; false for a line that is no object.
func ParseReply(line, request string) (Reply, bool) {
	fields, ok := parseObject(line)
	return Reply{Fields: fields, Request: request}, ok
}

// parseObject reads a line as a JSON object, as json.Unmarshal into a map of raw values does,
// and with the same result: false for a line that is no object. It reads a flat object of
// plain keys — what a reply is, thousands of times a property — itself, and leaves anything
// else (an escape, a nested value, bad JSON) to json.Unmarshal.
func parseObject(line string) (map[string]json.RawMessage, bool) {
	if m, ok := flatObject(line); ok {
		return m, true
	}
	var m map[string]json.RawMessage
	return m, json.Unmarshal([]byte(line), &m) == nil && m != nil
}

// flatObject reads a line that is a JSON object of keys of printable ASCII with no escape,
// each with a string of no escape, a number, a list of numbers, true, false or null; false for
// any other line, which it leaves to json.Unmarshal.
func flatObject(s string) (map[string]json.RawMessage, bool) {
	i := skipSpace(s, 0)
	if i == len(s) || s[i] != '{' {
		return nil, false
	}
	m := map[string]json.RawMessage{}
	i = skipSpace(s, i+1)
	if i < len(s) && s[i] == '}' {
		return m, skipSpace(s, i+1) == len(s)
	}
	for {
		// A key.
		if i == len(s) || s[i] != '"' {
			return nil, false
		}
		end := i + 1
		for end < len(s) && s[end] != '"' {
			if c := s[end]; c < 0x20 || c > 0x7e || c == '\\' {
				return nil, false
			}
			end++
		}
		if end == len(s) {
			return nil, false
		}
		key := s[i+1 : end]
		i = skipSpace(s, end+1)
		if i == len(s) || s[i] != ':' {
			return nil, false
		}
		i = skipSpace(s, i+1)
		// Its value.
		n := valueLength(s[i:])
		if n == 0 {
			return nil, false
		}
		m[key] = json.RawMessage(s[i : i+n])
		i = skipSpace(s, i+n)
		switch {
		case i == len(s):
			return nil, false
		case s[i] == ',':
			i = skipSpace(s, i+1)
		case s[i] == '}':
			return m, skipSpace(s, i+1) == len(s)
		default:
			return nil, false
		}
	}
}

// skipSpace returns the index of the first byte from i that is not JSON's white space.
func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

// valueLength returns the length of the flat value s starts with — a string of no escape, a
// number, a list of numbers, true, false or null — or 0 for any other.
func valueLength(s string) int {
	if s == "" {
		return 0
	}
	switch c := s[0]; {
	case c == '"':
		for i := 1; i < len(s); i++ {
			switch {
			case s[i] == '"':
				return i + 1
			case s[i] < 0x20 || s[i] == '\\':
				return 0
			}
		}
		return 0
	case c == '-' || c >= '0' && c <= '9':
		return numberLength(s)
	case c == '[':
		return listLength(s)
	}
	for _, word := range [...]string{"true", "false", "null"} {
		if len(s) >= len(word) && s[:len(word)] == word {
			return len(word)
		}
	}
	return 0
}

// listLength returns the length of the JSON list of numbers s starts with, 0 for none.
func listLength(s string) int {
	i := skipSpace(s, 1)
	if i < len(s) && s[i] == ']' {
		return i + 1
	}
	for i < len(s) {
		n := 0
		if c := s[i]; c == '-' || c >= '0' && c <= '9' {
			n = numberLength(s[i:])
		}
		if n == 0 {
			return 0
		}
		i = skipSpace(s, i+n)
		switch {
		case i == len(s):
			return 0
		case s[i] == ']':
			return i + 1
		case s[i] != ',':
			return 0
		}
		i = skipSpace(s, i+1)
	}
	return 0
}

// numberLength returns the length of the JSON number s starts with, 0 for none.
func numberLength(s string) int {
	i := 0
	if s[i] == '-' {
		i++
	}
	digits := func() int {
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - start
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case digits() == 0:
		return 0
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return 0
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return 0
		}
	}
	return i
}
