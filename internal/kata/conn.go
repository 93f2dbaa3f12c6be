package kata

import (
	"encoding/json"
	"math"
	"strconv"
)

// Conn is a conversation with a program under test over the protocol, for one scenario: the
// remote side of a kata's seam calls through it.
type Conn interface {
	// Call sends a request, op with its fields, and returns the reply to it. Its error says
	// the conversation broke (the program crashed, hung or wrote nonsense); a refusal is a
	// reply with an error (Reply.Refusal).
	Call(op string, fields map[string]any) (Reply, error)
	// CallAll sends requests and returns their replies, in order: many requests at once,
	// without a wait for each reply, as a property that plays thousands of games needs.
	CallAll(reqs []Request) ([]Reply, error)
	// Broken breaks the conversation for a reply that does not fit its request, saying why,
	// and returns the error every later call returns; the scenario fails with it.
	Broken(format string, args ...any) error
	// NotImplemented breaks the conversation for a reply that says op is not written yet,
	// where op has no error to give (a count), and returns the error of kind Missing.
	NotImplemented(op string) error
}

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
