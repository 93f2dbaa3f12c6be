package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/deliberate-practice/katas/internal/kata"
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
			assert.Equal(t, string(data), string(appendRequest(nil, 7, kata.Request{Op: op, Fields: fields})))
		}
	}
}

// BenchmarkAppendRequest: one tic-tac-toe request written.
func BenchmarkAppendRequest(b *testing.B) {
	rq := kata.Request{Op: "classify", Fields: map[string]any{"rows": []string{"X  ", " XO", "OX "}}}
	var buf []byte
	b.ReportAllocs()
	for b.Loop() {
		buf = appendRequest(buf[:0], 12345, rq)
	}
}
