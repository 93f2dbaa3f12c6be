package engine

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
)

// Several katas, run in one go test, may write one file named by godog's -godog.format: the
// file holds each kata's part, and a kata's run replaces its own part and keeps the others'.
// A JUnit report holds a suite for each feature, each saying its kata (package="mastermind");
// a Cucumber report, a feature for each feature file, known by its file; a text, a section for
// each kata under its own heading. A file that holds none of these — another tool's, or
// nonsense — is written over whole, as godog writes over a file.

// maxMerged bounds what a run reads of a file it merges with: a report of every scenario of
// every kata is far smaller; a larger file is written over.
const maxMerged = 64 << 20

// readOurs returns the file at path to merge with, if it is a regular file of a size a
// report can have; nil otherwise, for a file that is not there, a FIFO or a device (which a
// read could wait on for ever), or one too large.
func readOurs(path string) []byte {
	info, err := os.Lstat(path)
	if err != nil || !info.Mode().IsRegular() || info.Size() > maxMerged {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxMerged+1))
	if err != nil || len(data) > maxMerged {
		return nil
	}
	return data
}

// merge returns what a file written in a format holds once the run's report, ours, replaces
// the kata's part of old and keeps the other katas' parts.
func (rep runReport) merge(format string, old, ours []byte) []byte {
	switch format {
	case "junit":
		return rep.mergeJUnit(old, ours)
	case "cucumber":
		return rep.mergeCucumber(old, ours)
	case "pretty", "progress":
		return rep.mergeText(old, ours)
	}
	return ours
}

// mergeJUnit keeps the suites of old that another kata wrote, and adds ours; the counts and
// the time add up again.
func (rep runReport) mergeJUnit(old, ours []byte) []byte {
	var before, now junitSuites
	if len(old) == 0 || xml.Unmarshal(old, &before) != nil || xml.Unmarshal(ours, &now) != nil {
		return ours
	}
	var merged junitSuites
	for _, s := range before.Suites {
		if s.Package != "" && s.Package != rep.Kata {
			merged.Suites = append(merged.Suites, s)
		}
	}
	merged.Suites = append(merged.Suites, now.Suites...)
	var total float64
	katas := []string{}
	for _, s := range merged.Suites {
		if !slices.Contains(katas, s.Package) {
			katas = append(katas, s.Package)
		}
		merged.Tests += s.Tests
		merged.Failures += s.Failures
		merged.Errors += s.Errors
		merged.Skipped += s.Skipped
		t, _ := strconv.ParseFloat(s.Time, 64)
		total += t
	}
	merged.Name = strings.Join(katas, " ")
	merged.Time = strconv.FormatFloat(total, 'f', 6, 64)
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", "  ")
	if enc.Encode(merged) != nil {
		return ours
	}
	b.WriteString("\n")
	return b.Bytes()
}

// mergeCucumber keeps the features of old whose files are not the kata's, and adds ours.
func (rep runReport) mergeCucumber(old, ours []byte) []byte {
	var before, now []json.RawMessage
	if len(old) == 0 || json.Unmarshal(old, &before) != nil || json.Unmarshal(ours, &now) != nil {
		return ours
	}
	var merged []json.RawMessage
	for _, f := range before {
		var feature struct {
			URI string `json:"uri"`
		}
		if json.Unmarshal(f, &feature) != nil || feature.URI == "" {
			return ours // not a report of ours
		}
		if !slices.Contains(rep.Files, path.Base(feature.URI)) {
			merged = append(merged, f)
		}
	}
	merged = append(merged, now...)
	b, err := json.MarshalIndent(merged, "", "  ")
	if err != nil {
		return ours
	}
	return append(b, '\n')
}

// textHeading heads a kata's section of a text file several katas write.
func textHeading(kata string) string { return "=== " + kata + " ===\n" }

// mergeText replaces the kata's section of old with ours, under its heading, and keeps the
// others' in their places.
func (rep runReport) mergeText(old, ours []byte) []byte {
	section := append([]byte(textHeading(rep.Kata)), ours...)
	if !bytes.HasPrefix(old, []byte("=== ")) {
		return section
	}
	var out []byte
	replaced := false
	for _, part := range splitSections(old) {
		if bytes.HasPrefix(part, []byte(textHeading(rep.Kata))) {
			part, replaced = section, true
		}
		out = append(out, part...)
	}
	if !replaced {
		out = append(out, section...)
	}
	return out
}

// splitSections splits a text file of sections at each heading.
func splitSections(text []byte) [][]byte {
	var parts [][]byte
	start := 0
	for i := 0; i < len(text); {
		end := bytes.IndexByte(text[i:], '\n')
		if end < 0 {
			end = len(text) - i - 1
		}
		line := text[i : i+end+1]
		if i > start && bytes.HasPrefix(line, []byte("=== ")) && bytes.HasSuffix(line, []byte(" ===\n")) {
			parts = append(parts, text[start:i])
			start = i
		}
		i += end + 1
	}
	return append(parts, text[start:])
}
