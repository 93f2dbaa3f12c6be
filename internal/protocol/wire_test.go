package protocol

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestRequestsAreWhatJSONWrites: a request is written byte for byte as json.Marshal writes the
// map of its fields, whatever the fields hold.
func TestRequestsAreWhatJSONWrites(t *testing.T) {
	t.Parallel()
	for _, fields := range []map[string]any{
		nil,
		{"rows": []string{"X  ", " XO", "OX "}},
		{"colors": 6, "width": 4, "turns": 12, "secret": []int{1, 2, 3, 4}},
		{"guess": []int{}, "none": []int(nil), "no rows": []string(nil), "rows": []string{}},
		{"rows": []string{`"quoted"`, `back\slash`, "<b>&amp;</b>", "tab\there", "ünïcode", "\x00\x7f", "\u2028"}},
		{"Zebra": -1, "alpha": 1 << 40, "ok": true, "f": 1.5, "nested": map[string]int{"b": 2, "a": 1}},
		{"id": 99, "op": "shadowed"},
	} {
		for _, op := range []string{"classify", "new", `we<ird"op`} {
			want := map[string]any{}
			for k, v := range fields {
				want[k] = v
			}
			want["id"], want["op"] = 7, op
			data, err := json.Marshal(want)
			assert.NoError(t, err)
			assert.Equal(t, string(data), string(appendRequest(nil, 7, Request{Op: op, Fields: fields})))
		}
	}
}

// BenchmarkAppendRequest: one tic-tac-toe request written.
func BenchmarkAppendRequest(b *testing.B) {
	rq := Request{Op: "classify", Fields: map[string]any{"rows": []string{"X  ", " XO", "OX "}}}
	var buf []byte
	b.ReportAllocs()
	for b.Loop() {
		buf = appendRequest(buf[:0], 12345, rq)
	}
}

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

// TestReplyListsOfWholeNumbers: a list of whole numbers is one however JSON writes them, and a
// list of anything else, or what is no list, is none.
func TestReplyListsOfWholeNumbers(t *testing.T) {
	for raw, want := range map[string][]int{"[1,1,2,2]": {1, 1, 2, 2}, "[ 1 , 2.0 ]": {1, 2}, "[]": {}, "[ ]": {}, "[-3, 1e1]": {-3, 10}} {
		r := Reply{Fields: map[string]json.RawMessage{"g": json.RawMessage(raw)}}
		got, ok := r.Ints("g")
		assert.True(t, ok, raw)
		assert.Equal(t, want, got, raw)
	}
	for _, raw := range []string{"[1.5]", `["1"]`, "[1,]", "[[1]]", "1", `"[1]"`, "null", "[1e300]", "[1,,2]"} {
		r := Reply{Fields: map[string]json.RawMessage{"g": json.RawMessage(raw)}}
		if got, ok := r.Ints("g"); ok {
			t.Errorf("%s: %v, want no list of whole numbers", raw, got)
		}
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

// objectLines are replies and lines that are not, for parseObject's test and fuzz target:
// each read as json.Unmarshal reads it.
var objectLines = []string{
	`{"id":1,"state":"ongoing"}`,
	` { "id" : 12 , "grade" : "won", "black": 4, "white":0 } `,
	"{\"id\":3,\t\"error\":null}\r\n",
	`{}`, `{ }`, `{"a":-0.5e+10,"b":true,"c":false,"d":null,"e":""}`,
	`{"a":1,"a":2}`,                                             // the last wins
	`{"id":1,"state":"\u00e9"}`,                                 // an escape: json.Unmarshal's
	`{"id":1,"rows":["X","O"]}`,                                 // nested
	`{"id":1,"x":{"y":1}}`,                                      // nested
	`{"ïd":1}`, "{\"id\":\"caf\xc3\xa9\"}", "{\"id\":\"\xff\"}", // not ASCII
	`null`, `[]`, `"id"`, `1`, ``, ` `, `{`, `}`, `{"id"}`, `{"id":}`, `{"id":1,}`, `{,}`,
	`{"id":01}`, `{"id":1.}`, `{"id":.5}`, `{"id":-}`, `{"id":1e}`, `{"id":truex}`, `{"id":nul}`,
	`{"id":1}x`, `{"id":1}{"id":2}`, `{"id":"a` + "\n" + `"}`, `{"id` + "\x01" + `":1}`, `{id:1}`,
	// A code breaker's guesses: lists of numbers, read flat; any other list is json's.
	`{"id":2,"guess":[1,1,2,2]}`, `{"id":2, "guess": [ 1 , 2 ] }`, `{"id":2,"guess":[]}`, `{"id":2,"guess":[ ]}`,
	`{"id":2,"guess":[-1,1e3,0.5]}`, `{"id":2,"guess":[1,]}`, `{"id":2,"guess":[,1]}`, `{"id":2,"guess":[1 2]}`,
	`{"id":2,"guess":[1,[2]]}`, `{"id":2,"guess":["1"]}`, `{"id":2,"guess":[1`, `{"id":2,"guess":[01]}`,
}

func TestParseObjectIsJSONs(t *testing.T) {
	for _, line := range objectLines {
		got, ok := parseObject(line)
		want, wantOK := jsonObject(line)
		assert.Equal(t, wantOK, ok, "%q", line)
		assert.Equal(t, want, got, "%q", line)
	}
	_, fast := flatObject(`{"id":1,"state":"ongoing"}`)
	assert.True(t, fast, "a reply is read without json.Unmarshal")
}

// jsonObject is parseObject as json.Unmarshal alone would do it.
func jsonObject(line string) (map[string]json.RawMessage, bool) {
	var m map[string]json.RawMessage
	if json.Unmarshal([]byte(line), &m) != nil || m == nil {
		return nil, false
	}
	return m, true
}

func FuzzParseObject(f *testing.F) {
	for _, line := range objectLines {
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, line string) {
		got, ok := parseObject(line)
		want, wantOK := jsonObject(line)
		if ok != wantOK || !ok && got != nil {
			t.Fatalf("parseObject(%q) = %v, %v; json.Unmarshal: %v, %v", line, got, ok, want, wantOK)
		}
		if ok {
			assert.Equal(t, want, got, "%q", line)
		}
	})
}

// BenchmarkParseReply reads a tic-tac-toe reply as parseObject does, and as json.Unmarshal
// alone would, in the same run.
func BenchmarkParseReply(b *testing.B) {
	line := `{"id":19683,"state":"ongoing"}`
	for name, parse := range map[string]func(string) (map[string]json.RawMessage, bool){
		"parseObject": parseObject, "json.Unmarshal": jsonObject,
	} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, ok := parse(line); !ok {
					b.Fatal("no object")
				}
			}
		})
	}
}
