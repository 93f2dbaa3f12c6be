package server

import (
	"bufio"
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// BenchmarkPostWhileDashboardsCatchUp is a room of a day — 60,000 lights of 100 participants —
// whose 64 dashboards reconnect each second, each reading the whole room, while a participant
// posts: each op is one post, post-ms-p50 and post-ms-max say how long the participant waited,
// and catch-ups/op how many dashboards caught up meanwhile.
func BenchmarkPostWhileDashboardsCatchUp(b *testing.B) {
	b.ReportAllocs()
	path := filepath.Join(b.TempDir(), "dojo.db")
	db, err := sql.Open("sqlite", path)
	require.NoError(b, err)
	_, err = db.Exec(schema)
	require.NoError(b, err)
	const token = "abcdefghijklmnopqrstuvwxyz"
	_, err = db.Exec(`INSERT INTO rooms (name, token, created) VALUES ('dojo', ?, 0)`, token)
	require.NoError(b, err)
	_, err = db.Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60000)
		INSERT INTO lights (room, at, name, kata, light, passed, total, predicted, added, removed)
		SELECT 'dojo', i, 'p' || (i % 100), 'mastermind', 'red', 3, 60, '', 1, 0 FROM n`)
	require.NoError(b, err)
	require.NoError(b, db.Close())
	s, err := Open(path, Options{})
	require.NoError(b, err)
	ts := httptest.NewServer(s)
	defer ts.Close()
	defer s.Close()
	room, err := dojo.ParseRoom(ts.URL + "/rooms/dojo/" + token)
	require.NoError(b, err)

	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var caughtUp atomic.Int64
	for range 64 {
		wg.Go(func() {
			for ctx.Err() == nil {
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, room.String()+"/events", nil)
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					continue
				}
				lines := bufio.NewScanner(resp.Body)
				for lines.Scan() && lines.Text() != "event: caught-up" {
				}
				resp.Body.Close()
				caughtUp.Add(1)
				select {
				case <-ctx.Done():
				case <-time.After(time.Second):
				}
			}
		})
	}
	time.Sleep(200 * time.Millisecond) // the dashboards at work
	var took []time.Duration
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		// The room's own participants, whose allowance a post at this pace never meets.
		require.NoError(b, room.Send(context.Background(), dojo.Post{Name: fmt.Sprintf("p%d", i%50), Kata: "mastermind", Light: verdict.Green, Passed: 60, Total: 60}))
		took = append(took, time.Since(start))
		time.Sleep(25 * time.Millisecond)
	}
	b.StopTimer()
	stop()
	wg.Wait()
	slices.Sort(took)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(took[len(took)/2]), "post-ms-p50")
	b.ReportMetric(ms(took[len(took)-1]), "post-ms-max")
	b.ReportMetric(float64(caughtUp.Load())/float64(b.N), "catch-ups/op")
}
