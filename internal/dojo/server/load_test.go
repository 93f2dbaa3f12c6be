package server

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// loadParticipants is the number of participants of a busy session's room, as the page's
// benchmark fills it.
const loadParticipants = 60

// BenchmarkRoomUnderLoad puts a full room under load on loopback: its 100 participants each
// send a light every three seconds, the most the room takes of them (PerMinute), through
// dojo.Room.Send as kata run does, for b.N seconds (-benchtime 30x for half a minute), while a
// dashboard's stream reads them. It fails if a light is lost, and reports how long a light
// took from its send to the dashboard's stream: ms-to-page-p50, -p99 and -max. Each op is a
// second of the room, in which a third of the participants send.
func BenchmarkRoomUnderLoad(b *testing.B) {
	b.ReportAllocs()
	s, err := Open(filepath.Join(b.TempDir(), "dojo.db"), Options{})
	require.NoError(b, err)
	ts := httptest.NewServer(s)
	defer ts.Close()
	defer s.Close()
	token, err := s.Room("dojo")
	require.NoError(b, err)
	room, err := dojo.ParseRoom(ts.URL + "/rooms/dojo/" + token)
	require.NoError(b, err)
	page := openStream(b, room, 0)
	page.waitCaughtUp(b)

	seconds := b.N
	every := time.Minute / PerMinute
	// The participants' sends are spread over their three seconds, as a room's runs are.
	first := func(p int) time.Duration { return time.Duration(p) * every / MaxParticipants }
	runsOf := func(p int) int { return int((time.Duration(seconds)*time.Second - first(p) + every - 1) / every) }
	want := 0
	for p := range MaxParticipants {
		want += runsOf(p)
	}
	var mu sync.Mutex
	sentAt := map[string]time.Time{} // by participant and run: "p7 12"
	var failures []error
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for p := range MaxParticipants {
		wg.Go(func() {
			name := fmt.Sprintf("p%d", p)
			next := start.Add(first(p))
			runs := runsOf(p)
			for run := range runs {
				time.Sleep(time.Until(next))
				next = next.Add(every)
				key := fmt.Sprintf("%s %d", name, run)
				mu.Lock()
				sentAt[key] = time.Now()
				mu.Unlock()
				err := room.Send(context.Background(), dojo.Post{Name: name, Kata: "mastermind", Light: verdict.Red, Passed: run, Total: runs, Added: p})
				if err != nil {
					mu.Lock()
					failures = append(failures, err)
					mu.Unlock()
				}
			}
		})
	}
	var took []time.Duration
	seen := map[string]bool{}
	deadline := time.After(time.Duration(seconds)*time.Second + 10*time.Second)
	for len(took) < want {
		select {
		case l, ok := <-page.lights:
			if !ok {
				b.Fatal("the dashboard's stream ended")
			}
			at := time.Now()
			key := fmt.Sprintf("%s %d", l.Name, l.Passed)
			if seen[key] {
				b.Fatalf("light %s came twice", key)
			}
			seen[key] = true
			mu.Lock()
			took = append(took, at.Sub(sentAt[key]))
			mu.Unlock()
		case <-deadline:
			b.Fatalf("%d of %d lights reached the dashboard", len(took), want)
		}
	}
	wg.Wait()
	b.StopTimer()
	require.Empty(b, failures, "every light is taken")
	kept, err := s.store.after("dojo", 0, want+1)
	require.NoError(b, err)
	require.Len(b, kept, want, "every light is kept")
	slices.Sort(took)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(took[len(took)/2]), "ms-to-page-p50")
	b.ReportMetric(ms(took[len(took)*99/100]), "ms-to-page-p99")
	b.ReportMetric(ms(took[len(took)-1]), "ms-to-page-max")
	b.ReportMetric(float64(want), "lights")
}
