package server

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/verdict"

	_ "modernc.org/sqlite" // database/sql's "sqlite", in Go: no cgo
)

// schemaVersion is the store's user_version: a file of a later version, or another
// program's, is refused rather than changed; one of an earlier version is brought up to this
// one, a migration at a time.
const schemaVersion = 3

// migrations are the steps that bring a store of each version to the next: migrations()[v-1]
// takes version v to v+1.
func migrations() []string {
	return []string{
		// 2: a light's mark on its kata's scale, a code breaker's guesses: NULL for none.
		`ALTER TABLE lights ADD COLUMN mark_total INTEGER;
		ALTER TABLE lights ADD COLUMN mark_worst INTEGER;
		ALTER TABLE lights ADD COLUMN mark_games INTEGER;
		PRAGMA user_version = 2;`,
		// 3: a light's code, for its review: the files as JSON, [{path, hash, size}], and
		// the files cut; each file's text kept once a room, by its hash.
		`ALTER TABLE lights ADD COLUMN code TEXT;
		CREATE TABLE texts (
			room TEXT NOT NULL REFERENCES rooms(name),
			hash TEXT NOT NULL,
			text TEXT NOT NULL,
			PRIMARY KEY (room, hash)
		) WITHOUT ROWID;
		CREATE INDEX lights_by_name ON lights(room, name, id);
		PRAGMA user_version = 3;`,
	}
}

const schema = `
CREATE TABLE rooms (
	name    TEXT PRIMARY KEY,
	token   TEXT NOT NULL,
	created INTEGER NOT NULL
);
CREATE TABLE lights (
	id        INTEGER PRIMARY KEY AUTOINCREMENT,
	room      TEXT NOT NULL REFERENCES rooms(name),
	at        INTEGER NOT NULL, -- Unix milliseconds, the server's clock
	name      TEXT NOT NULL,
	kata      TEXT NOT NULL,
	light     TEXT NOT NULL,
	passed    INTEGER NOT NULL,
	total     INTEGER NOT NULL,
	predicted TEXT NOT NULL,
	added     INTEGER NOT NULL,
	removed   INTEGER NOT NULL
);
CREATE INDEX lights_by_room ON lights(room, id);
PRAGMA user_version = 1;
`

// A Stored light is a light as the room keeps it: numbered in the order the server took it,
// at the server's time.
type Stored struct {
	ID   int64  `json:"id"`
	At   int64  `json:"at"` // Unix milliseconds
	Room string `json:"-"`
	dojo.Post
}

// A store keeps the rooms and their lights in an SQLite file, so that a server started again
// on it has every light it took before.
type store struct{ db *sql.DB }

// openStore opens the store in the file at path, making it if there is none. A path that is no
// plain file, a file that is no SQLite database, a database of another program's or of
// another version, a file this process cannot write to, and a file another server has open
// are errors that say so, and leave the file byte for byte as it was: nothing is written to
// it until it is known to be the dojo's. The store then holds the file for itself (SQLite's
// exclusive locking mode) until it is closed.
func openStore(path string) (*store, error) {
	if info, err := os.Stat(path); err == nil && !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a plain file: give the dojo a file of its own to keep the lights in", path)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("%s: SQLite's driver cannot open a file whose name holds ? or #: choose another", path)
	}
	abs, err := filepath.Abs(path) // never "file:…", which SQLite would read as a URI
	if err != nil {
		return nil, err
	}
	// No journal_mode here: it is the file's, and set once the file is known to be the
	// dojo's. Exclusive locking: once read, the file is this server's alone, and a second
	// server on it is refused at once rather than taking lights the first does not see.
	db, err := sql.Open("sqlite", abs+"?_pragma=locking_mode(EXCLUSIVE)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)")
	if err != nil {
		return nil, err
	}
	// One connection, which holds the file's lock: the server writes a light at a time in
	// any case.
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	s := &store{db}
	if err := s.init(path); err != nil {
		db.Close()
		return nil, err
	}
	if err := s.hold(path); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// hold makes the file the dojo's for as long as the store is open: WAL, and a write that
// takes the file's lock and proves the file can be written to, so that a server that could
// keep no light never starts.
func (s *store) hold(path string) error {
	if _, err := s.db.Exec("PRAGMA journal_mode = WAL"); err != nil {
		return s.refusal(path, err)
	}
	if _, err := s.db.Exec(fmt.Sprintf("BEGIN EXCLUSIVE; PRAGMA user_version = %d; COMMIT", schemaVersion)); err != nil {
		_, _ = s.db.Exec("ROLLBACK")
		return s.refusal(path, err)
	}
	return nil
}

// refusal says why the file at path cannot be the dojo's store, from SQLite's err.
func (s *store) refusal(path string, err error) error {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "locked") || strings.Contains(msg, "SQLITE_BUSY"):
		return fmt.Errorf("%s is in use by another program, most likely another kata dojo serve: one server a file, or its dashboards miss the other's lights; give this one a file of its own with --db", path)
	case strings.Contains(msg, "readonly") || strings.Contains(msg, "read-only") || strings.Contains(msg, "unable to open"):
		return fmt.Errorf("the dojo cannot write to %s (%v): it would keep no light; give it a file it can write with --db", path, err)
	}
	return fmt.Errorf("the dojo cannot keep its lights in %s: %v", path, err)
}

// init makes the tables in a new file, and checks that a file used before is the dojo's.
func (s *store) init(path string) error {
	var version int
	if err := s.db.QueryRow("PRAGMA user_version").Scan(&version); err != nil {
		if msg := err.Error(); strings.Contains(msg, "locked") || strings.Contains(msg, "unable to open") {
			return s.refusal(path, err)
		}
		return fmt.Errorf("%s is not a dojo's database: %v", path, err)
	}
	switch {
	case version == schemaVersion:
		return nil
	case version > 0 && version < schemaVersion:
		return s.migrate(path, version)
	case version != 0:
		return fmt.Errorf("%s is a dojo's database of another version (%d, not %d): give this one a file of its own", path, version, schemaVersion)
	}
	var tables int
	if err := s.db.QueryRow("SELECT count(*) FROM sqlite_schema").Scan(&tables); err != nil {
		return fmt.Errorf("%s is not a dojo's database: %v", path, err)
	}
	if tables > 0 {
		return fmt.Errorf("%s holds another program's tables: give the dojo a file of its own", path)
	}
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec(schema); err != nil {
		return fmt.Errorf("making the dojo's tables in %s: %v", path, err)
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return s.migrate(path, 1)
}

// migrate brings a store of version from up to schemaVersion, a step at a time, each step
// whole or not at all.
func (s *store) migrate(path string, from int) error {
	for v := from; v < schemaVersion; v++ {
		tx, err := s.db.Begin()
		if err != nil {
			return err
		}
		if _, err := tx.Exec(migrations()[v-1]); err != nil {
			tx.Rollback()
			return fmt.Errorf("bringing the dojo's tables in %s to version %d: %v", path, v+1, err)
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}

func (s *store) close() error { return s.db.Close() }

// rooms returns every room's name and token.
func (s *store) rooms() (map[string]string, error) {
	rows, err := s.db.Query("SELECT name, token FROM rooms")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var name, token string
		if err := rows.Scan(&name, &token); err != nil {
			return nil, err
		}
		out[name] = token
	}
	return out, rows.Err()
}

// addRoom keeps a new room.
func (s *store) addRoom(name, token string, at time.Time) error {
	_, err := s.db.Exec("INSERT INTO rooms (name, token, created) VALUES (?, ?, ?)", name, token, at.UnixMilli())
	return err
}

// participants returns the names of each room's participants, and when each sent its last
// light.
func (s *store) participants() (map[string]map[string]time.Time, error) {
	rows, err := s.db.Query("SELECT room, name, MAX(at) FROM lights GROUP BY room, name")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]map[string]time.Time{}
	for rows.Next() {
		var room, name string
		var at int64
		if err := rows.Scan(&room, &name, &at); err != nil {
			return nil, err
		}
		if out[room] == nil {
			out[room] = map[string]time.Time{}
		}
		out[room][name] = time.UnixMilli(at)
	}
	return out, rows.Err()
}

// add keeps a light of a room, at a time, with the texts of its code that it brings, and
// returns it as kept, without its code: the code is the review's, and never a page's.
func (s *store) add(room string, at time.Time, l dojo.Post) (Stored, error) {
	var total, worst, games sql.NullInt64
	if m := l.Mark; m != nil {
		total, worst, games = sql.NullInt64{Int64: int64(m.Total), Valid: true}, sql.NullInt64{Int64: int64(m.Worst), Valid: true}, sql.NullInt64{Int64: int64(m.Games), Valid: true}
	}
	var code sql.NullString
	if l.Code != nil {
		kept := dojo.Code{Files: make([]dojo.CodeFile, len(l.Code.Files)), Cut: l.Code.Cut}
		for i, f := range l.Code.Files {
			f.Text = nil // the table texts holds it
			kept.Files[i] = f
		}
		data, err := json.Marshal(kept)
		if err != nil {
			return Stored{}, err
		}
		code = sql.NullString{String: string(data), Valid: true}
	}
	tx, err := s.db.Begin()
	if err != nil {
		return Stored{}, err
	}
	defer tx.Rollback()
	if l.Code != nil {
		for _, f := range l.Code.Files {
			if f.Text == nil {
				continue
			}
			if _, err := tx.Exec(`INSERT OR IGNORE INTO texts (room, hash, text) VALUES (?, ?, ?)`, room, f.Hash, *f.Text); err != nil {
				return Stored{}, err
			}
		}
	}
	res, err := tx.Exec(`INSERT INTO lights (room, at, name, kata, light, passed, total, predicted, added, removed, mark_total, mark_worst, mark_games, code)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		room, at.UnixMilli(), l.Name, l.Kata, l.Light.String(), l.Passed, l.Total, predicted(l.Predicted), l.Added, l.Removed, total, worst, games, code)
	if err != nil {
		return Stored{}, err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return Stored{}, err
	}
	if err := tx.Commit(); err != nil {
		return Stored{}, err
	}
	l.Code = nil
	return Stored{ID: id, At: at.UnixMilli(), Room: room, Post: l}, nil
}

// missing returns how many of the files of code that come without their text the room does
// not hold the text of.
func (s *store) missing(room string, code *dojo.Code) (int, error) {
	n := 0
	if code == nil {
		return 0, nil
	}
	for _, f := range code.Files {
		if f.Text != nil {
			continue
		}
		var one int
		err := s.db.QueryRow(`SELECT 1 FROM texts WHERE room = ? AND hash = ?`, room, f.Hash).Scan(&one)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			n++
		case err != nil:
			return 0, err
		}
	}
	return n, nil
}

// A Review is one light of a room with its code, as the dashboard's review shows it: the
// files at that light, the diff from the participant's light before, and the lights before
// and after it of that participant, to step to (0 for none).
type Review struct {
	Stored
	Files []ReviewFile `json:"files"`
	Cut   []string     `json:"cut"`
	Sent  bool         `json:"sent"` // the light brought code; false for one that did not
	Prev  int64        `json:"prev"`
	Next  int64        `json:"next"`
	// Diff is the unified diff of each file that changed since the participant's light
	// before, as git writes it, where that light brought code (Before); the first light's
	// files are all added.
	Diff   []ReviewDiff `json:"diff"`
	Before bool         `json:"before"`
}

// A ReviewFile is a file at a light.
type ReviewFile struct {
	Path string `json:"path"`
	Text string `json:"text"`
}

// A ReviewDiff is how a file changed since the light before.
type ReviewDiff struct {
	Path    string `json:"path"`
	Added   int    `json:"added"`
	Removed int    `json:"removed"`
	Unified string `json:"unified"`
}

// light returns a room's light numbered id, with its code as kept, without its files' texts
// (nil for none); false where the room has no such light.
func (s *store) light(room string, id int64) (Stored, *dojo.Code, bool, error) {
	ls, err := s.after(room, id-1, 1)
	if err != nil || len(ls) == 0 || ls[0].ID != id {
		return Stored{}, nil, false, err
	}
	var code sql.NullString
	if err := s.db.QueryRow(`SELECT code FROM lights WHERE id = ?`, id).Scan(&code); err != nil {
		return Stored{}, nil, false, err
	}
	if !code.Valid {
		return ls[0], nil, true, nil
	}
	var kept dojo.Code
	if err := json.Unmarshal([]byte(code.String), &kept); err != nil {
		return Stored{}, nil, false, fmt.Errorf("light %d in the store: its code: %w", id, err)
	}
	return ls[0], &kept, true, nil
}

// texts returns the texts of a code's files, by path.
func (s *store) texts(room string, code *dojo.Code) (map[string][]byte, error) {
	out := map[string][]byte{}
	if code == nil {
		return out, nil
	}
	for _, f := range code.Files {
		var text []byte
		if err := s.db.QueryRow(`SELECT text FROM texts WHERE room = ? AND hash = ?`, room, f.Hash).Scan(&text); err != nil {
			return nil, fmt.Errorf("the text of %s: %w", f.Path, err)
		}
		out[f.Path] = text
	}
	return out, nil
}

// neighbours returns the ids of the participant's lights just before and just after id in
// the room; 0 for none.
func (s *store) neighbours(room, name string, id int64) (prev, next int64, err error) {
	err = s.db.QueryRow(`SELECT COALESCE(MAX(id), 0) FROM lights WHERE room = ? AND name = ? AND id < ?`, room, name, id).Scan(&prev)
	if err == nil {
		err = s.db.QueryRow(`SELECT COALESCE(MIN(id), 0) FROM lights WHERE room = ? AND name = ? AND id > ?`, room, name, id).Scan(&next)
	}
	return prev, next, err
}

// predicted is a prediction as the store keeps it: "" for none.
func predicted(l verdict.Light) string {
	if l == verdict.NoLight {
		return ""
	}
	return l.String()
}

// after returns a room's lights numbered after id, oldest first, at most limit of them.
func (s *store) after(room string, id int64, limit int) ([]Stored, error) {
	rows, err := s.db.Query(`SELECT id, at, name, kata, light, passed, total, predicted, added, removed, mark_total, mark_worst, mark_games
		FROM lights WHERE room = ? AND id > ? ORDER BY id LIMIT ?`, room, id, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Stored
	for rows.Next() {
		l := Stored{Room: room}
		var light, pred string
		var total, worst, games sql.NullInt64
		if err := rows.Scan(&l.ID, &l.At, &l.Name, &l.Kata, &light, &l.Passed, &l.Total, &pred, &l.Added, &l.Removed, &total, &worst, &games); err != nil {
			return nil, err
		}
		if total.Valid && worst.Valid && games.Valid {
			l.Mark = &verdict.Mark{Total: int(total.Int64), Worst: int(worst.Int64), Games: int(games.Int64)}
		}
		if err := l.Light.UnmarshalText([]byte(light)); err != nil {
			return nil, fmt.Errorf("light %d in the store: %w", l.ID, err)
		}
		if err := l.Predicted.UnmarshalText([]byte(pred)); err != nil {
			return nil, fmt.Errorf("light %d in the store: %w", l.ID, err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}
