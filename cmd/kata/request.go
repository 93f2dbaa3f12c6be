package main

import (
	"encoding/json"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/deliberate-practice/katas/internal/kata"
)

// appendRequest appends request id as the runner writes it, one line of JSON without its line
// end: exactly what json.Marshal writes for the map of its fields with "id" and "op" (keys in
// order, strings escaped as json escapes them), without the reflection, since a property
// scenario writes tens of thousands of them.
func appendRequest(buf []byte, id int, rq kata.Request) []byte {
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
