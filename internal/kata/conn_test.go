package kata

import (
	"encoding/json"
	"testing"
)

// TestReplyNumbersAsJSONWritesThem: a whole number is one however JSON writes it — 1, 1.0,
// 1e0 — and a fraction, a string or a number too large for an int is none.
func TestReplyNumbersAsJSONWritesThem(t *testing.T) {
	for raw, want := range map[string]int{"1": 1, "1.0": 1, "1e0": 1, "-2": -2, "0.0": 0, "12E1": 120} {
		r := Reply{Fields: map[string]json.RawMessage{"n": json.RawMessage(raw)}}
		if got, ok := r.Int("n"); !ok || got != want {
			t.Errorf("%s: %d, %v; want %d", raw, got, ok, want)
		}
	}
	for _, raw := range []string{"1.5", `"1"`, "1e300", "true", "null"} {
		r := Reply{Fields: map[string]json.RawMessage{"n": json.RawMessage(raw)}}
		if got, ok := r.Int("n"); ok {
			t.Errorf("%s: %d, want no whole number", raw, got)
		}
	}
	if _, ok := (Reply{}).Int("n"); ok {
		t.Error("a field not there is no number")
	}
}

// TestReplyStringsAsJSONReadsThem: a reply's string is what json reads from it, escapes and
// all, the plain ones read without json too; a number or a list is no string.
func TestReplyStringsAsJSONReadsThem(t *testing.T) {
	for _, raw := range []string{`""`, `"win"`, `"Wrong turn order: O started"`, `"tab\there"`, `"\"q\""`,
		`"\u00e9t\u00e9"`, `"été"`, `"a\\b"`, `"\u003cb\u003e"`, `"<b>"`, "\"~\x7f\""} {
		var want string
		if err := json.Unmarshal([]byte(raw), &want); err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		r := Reply{Fields: map[string]json.RawMessage{"s": json.RawMessage(raw)}}
		if got, ok := r.String("s"); !ok || got != want {
			t.Errorf("%s: %q, %v; want %q", raw, got, ok, want)
		}
	}
	for _, raw := range []string{"1", "[]", `["win"]`, "true", "{}"} {
		r := Reply{Fields: map[string]json.RawMessage{"s": json.RawMessage(raw)}}
		if got, ok := r.String("s"); ok {
			t.Errorf("%s: %q, want no string", raw, got)
		}
	}
}

// TestReplyNullIsNothing: a field written null holds no number and no string.
func TestReplyNullIsNothing(t *testing.T) {
	r := Reply{Fields: map[string]json.RawMessage{"s": json.RawMessage("null"), "error": json.RawMessage("null")}}
	if _, ok := r.String("s"); ok {
		t.Error("null is no string")
	}
	if _, ok := r.Refusal(); ok {
		t.Error(`"error": null is no refusal`)
	}
}

// TestFirstDifference: where two messages part, counted in characters, with what follows in
// each.
func TestFirstDifference(t *testing.T) {
	for _, tt := range [][3]string{
		{"Impossible board: play went on after a win", "Impossible board: game should have ended after the game was won",
			`they differ from character 19: "play went on after a win" where "game should have ended after the game wa"… (45 bytes) is wanted`},
		{"Wrong turn order", "Wrong turn order: O started", `they differ from character 17: the end where ": O started" is wanted`},
		{"héllo there", "héllo world", `they differ from character 7: "there" where "world" is wanted`},
	} {
		if got := FirstDifference(tt[0], tt[1]); got != tt[2] {
			t.Errorf("FirstDifference(%q, %q) =\n%s\nwant\n%s", tt[0], tt[1], got, tt[2])
		}
	}
}
