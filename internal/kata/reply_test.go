package kata

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
)

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
