package kata

import "encoding/json"

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
// each with a string of no escape, a number, true, false or null; false for any other line,
// which it leaves to json.Unmarshal.
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
// number, true, false or null — or 0 for any other.
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
	}
	for _, word := range [...]string{"true", "false", "null"} {
		if len(s) >= len(word) && s[:len(word)] == word {
			return len(word)
		}
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
