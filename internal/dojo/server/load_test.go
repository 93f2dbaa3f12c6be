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
	"github.com/deliberate-practice/katas/internal/journal"
)

// loadParticipants is the room of the load benchmark: 60 participants, each sending a light a
// second, as a dojo's busiest room would.
const loadParticipants = 60

// BenchmarkRoomUnderLoad puts a room of 60 participants under load on loopback: each sends a
// light a second, through dojo.Room.Send as kata run does, for b.N seconds (-benchtime 30x for
// half a minute), while a dashboard's stream reads them. It fails if a light is lost, and
// reports how long a light took from its send to the dashboard's stream: ms-to-page-p50, -p99
// and -max. Each op is a second of the room.
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
	want := loadParticipants * seconds
	var mu sync.Mutex
	sentAt := map[string]time.Time{} // by participant and run: "p7 12"
	var failures []error
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for p := range loadParticipants {
		wg.Go(func() {
			name := fmt.Sprintf("p%d", p)
			// The participants' seconds are spread over the second, as a room's runs are.
			next := start.Add(time.Duration(p) * time.Second / loadParticipants)
			for run := range seconds {
				time.Sleep(time.Until(next))
				next = next.Add(time.Second)
				key := fmt.Sprintf("%s %d", name, run)
				mu.Lock()
				sentAt[key] = time.Now()
				mu.Unlock()
				err := room.Send(context.Background(), dojo.Post{Name: name, Kata: "mastermind", Light: journal.Red, Passed: run, Total: seconds, Added: p})
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
