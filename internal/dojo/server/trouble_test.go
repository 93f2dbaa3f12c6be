package server

import (
	"bufio"
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/verdict"
)

// TestALightNotKeptIsSaid: when the store cannot keep a light, its sender is refused, the
// server counts it and says why, and the room's dashboards are told — once a second at most,
// however many fail.
func TestALightNotKeptIsSaid(t *testing.T) {
	d := startDojo(t, filepath.Join(t.TempDir(), "dojo.db"))
	room := d.room(t, "dojo")
	watch := openStream(t, room, 0)
	watch.waitCaughtUp(t)
	require.NoError(t, d.store.db.Close()) // as a full disk would: every write fails
	for i := range 5 {
		err := room.Send(context.Background(), light(fmt.Sprintf("p%d", i), verdict.Red, 1, 60))
		require.Error(t, err)
		assert.Contains(t, err.Error(), "the dojo could not keep the light")
	}
	unkept := d.Unkept()
	assert.Equal(t, 5, unkept.Lights)
	require.Error(t, unkept.Last)
	select {
	case msg := <-watch.troubles:
		assert.Contains(t, msg, "the dojo could not keep a light: ")
	case <-time.After(5 * time.Second):
		t.Fatal("the dashboard was not told")
	}
	select {
	case msg := <-watch.troubles:
		t.Fatalf("told again within the second: %s", msg)
	case <-time.After(100 * time.Millisecond):
	}
	d.advance(2 * time.Second)
	require.Error(t, room.Send(context.Background(), light("p9", verdict.Red, 1, 60)))
	select {
	case <-watch.troubles:
	case <-time.After(5 * time.Second):
		t.Fatal("the dashboard was not told again, a second later")
	}
}

// TestADashboardCatchesUpFromMemory: a dashboard that opens on a room of many lights reads
// them from the room's backlog, not the store — here a store that can no longer answer — so
// that dashboards catching up cost the participants' posts nothing.
func TestADashboardCatchesUpFromMemory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dojo.db")
	db, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	_, err = db.Exec(schema)
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO rooms (name, token, created) VALUES ('dojo', 'abcdefghijklmnopqrstuvwxyz', 0)`)
	require.NoError(t, err)
	const many = 2500
	_, err = db.Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		INSERT INTO lights (room, at, name, kata, light, passed, total, predicted, added, removed)
		SELECT 'dojo', i, 'p' || (i % 100), 'mastermind', 'red', 3, 60, '', 1, 0 FROM n`, many)
	require.NoError(t, err)
	require.NoError(t, db.Close())

	d := startDojo(t, path)
	room := d.room(t, "dojo")
	require.NoError(t, d.store.db.Close()) // from here on, a query of the store fails
	for _, after := range []int64{0, many - 10} {
		s := openStream(t, room, after)
		for i := after + 1; i <= many; i++ {
			require.Equal(t, i, s.next(t).ID)
		}
		s.waitCaughtUp(t)
	}
	// A page that opens a new EventSource asks with ?after=ID, as it cannot set Last-Event-ID.
	resp, err := http.Get(room.String() + "/events?after=" + fmt.Sprint(many-1))
	require.NoError(t, err)
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	var ids []string
	for sc.Scan() && sc.Text() != "event: caught-up" {
		if id, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
			ids = append(ids, id)
		}
	}
	assert.Equal(t, []string{fmt.Sprint(many)}, ids)
}

// TestALateLightIsShownAtItsRunsTime: a light kept while the room was away, sent with its
// run's time, is shown at that time, and taken once however often it is sent; a time in the
// future, or older than MaxLate, is the room's own.
func TestALateLightIsShownAtItsRunsTime(t *testing.T) {
	d := startDojo(t, filepath.Join(t.TempDir(), "dojo.db"))
	room := d.room(t, "dojo")
	now := d.clock()
	late := light("ann", verdict.Green, 60, 60)
	late.At = now.Add(-10 * time.Minute).UnixMilli()
	require.NoError(t, room.Send(context.Background(), late))
	require.NoError(t, room.Send(context.Background(), late), "sent again: the room was away for the reply")
	future := light("ann", verdict.Red, 1, 60)
	future.At = now.Add(time.Hour).UnixMilli()
	require.NoError(t, room.Send(context.Background(), future))
	old := light("bob", verdict.Red, 1, 60)
	old.At = now.Add(-MaxLate - time.Minute).UnixMilli()
	require.NoError(t, room.Send(context.Background(), old))

	s := openStream(t, room, 0)
	first := s.next(t)
	assert.Equal(t, late.At, first.At, "shown at its run's time")
	assert.Equal(t, verdict.Green, first.Light)
	second := s.next(t)
	assert.Equal(t, verdict.Red, second.Light, "the green one taken once")
	assert.Equal(t, now.UnixMilli(), second.At, "a run in the future is shown now")
	assert.Equal(t, now.UnixMilli(), s.next(t).At, "and one too old")
	s.waitCaughtUp(t)
}
