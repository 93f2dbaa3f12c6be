package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"time"

	"github.com/deliberate-practice/katas/features"
	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/dojo/server"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// dojoUsage is kata dojo's command line.
const dojoUsage = "kata dojo serve [--addr HOST:PORT] [--db FILE] [--room NAME]..."

// dojo is kata dojo serve: a room's server, for a facilitator. It serves until the program is
// stopped, and prints, for each room, its dashboard's address and the line participants give.
func (c cli) dojo(args []string) int {
	if len(args) == 0 || args[0] != "serve" {
		fmt.Fprintf(c.stderr, "kata dojo: want %s\n", dojoUsage)
		return 2
	}
	fs := flag.NewFlagSet("kata dojo serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	addr := fs.String("addr", ":8080", "the `HOST:PORT` to serve on; the default takes participants on every network the machine is on")
	db := fs.String("db", "kata-dojo.db", "the SQLite `FILE` the rooms and their lights are kept in, so that a restart loses nothing")
	var rooms []string
	fs.Func("room", "a room to serve, by `NAME` (again for more rooms); the file's rooms are served too, and a new file's is \"dojo\"", func(s string) error {
		if err := dojo.CheckRoomName(s); err != nil {
			return err
		}
		rooms = append(rooms, s)
		return nil
	})
	if err := fs.Parse(args[1:]); err != nil {
		fmt.Fprintf(c.stderr, "kata dojo serve: %v\nwant %s\n", err, dojoUsage)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(c.stderr, "kata dojo serve: unexpected argument %s\n", brief.Quote(fs.Arg(0)))
		return 2
	}
	path := *db
	if !filepath.IsAbs(path) {
		path = filepath.Join(c.dir, path)
	}
	s, err := server.Open(path, server.Options{Scales: c.scales()})
	if err != nil {
		fmt.Fprintf(c.stderr, "kata dojo serve: %v\n", err)
		return 1
	}
	defer s.Close()
	if len(rooms) == 0 && len(s.Rooms()) == 0 {
		rooms = []string{"dojo"}
	}
	for _, name := range rooms {
		if _, err := s.Room(name); err != nil {
			fmt.Fprintf(c.stderr, "kata dojo serve: %v\n", err)
			return 1
		}
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(c.stderr, "kata dojo serve: --addr: %v\n", err)
		return 1
	}
	c.announceRooms(s, ln, *db)
	return c.serveRooms(s, ln, *db)
}

// announceRooms says where the dojo serves, and for each room the dashboard's address and the
// line to give its participants.
func (c cli) announceRooms(s *server.Server, ln net.Listener, db string) {
	base := "http://" + reachable(ln.Addr().(*net.TCPAddr))
	fmt.Fprintf(c.stdout, "kata dojo: serving on %s, the lights kept in %s; Ctrl-C stops it.\n", base, db)
	for _, name := range s.Rooms() {
		token, _ := s.Room(name)
		room := base + "/rooms/" + name + "/" + token
		fmt.Fprintf(c.stdout, "\nRoom %s\n  dashboard:     %s\n  participants:  kata run --watch --dojo %s --name NAME KATA -- COMMAND\n  or in Go:      %s=%s %s=NAME go test\n  each light brings its code to the room's review (up to %d KiB of text); --no-code (%s=1) keeps it home\n",
			name, room, room, dojo.EnvRoom, room, dojo.EnvName, dojo.MaxCode>>10, dojo.EnvNoCode)
	}
}

// serveRooms serves the rooms on ln until Ctrl-C, telling the terminal of lights it could not
// keep in the file db as it goes, and says how it stopped: 1 where a light was lost.
func (c cli) serveRooms(s *server.Server, ln net.Listener, db string) int {
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       20 * time.Second, // a light with its code, 2 MiB at most; a dashboard's stream only writes
		MaxHeaderBytes:    16 << 10,
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	told := 0 // the lights not kept that the terminal has been told of
	tell := time.NewTicker(unkeptEvery)
	defer tell.Stop()
	var err error
wait:
	for {
		select {
		case err = <-served:
			break wait
		case <-c.ctx.Done():
			break wait
		case <-tell.C:
			if u := s.Unkept(); u.Lights > told {
				fmt.Fprintf(c.stderr, "kata dojo: %s could not be kept in %s since the last word (%d in all): %s\n  Participants are told, and their dashboards; free space or fix the file, then restart.\n",
					brief.Count(u.Lights-told, "light", "lights"), db, u.Lights, brief.QuoteLong(u.Last.Error()))
				told = u.Lights
			}
		}
	}
	s.Close() // ends the dashboards' streams, which Shutdown would wait on
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	srv.Shutdown(ctx)
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(c.stderr, "kata dojo serve: %v\n", err)
		return 1
	}
	if u := s.Unkept(); u.Lights > 0 {
		fmt.Fprintf(c.stdout, "kata dojo: stopped; %s could not be kept in %s (the last: %s); the others are kept there.\n", brief.Count(u.Lights, "light", "lights"), db, brief.QuoteLong(u.Last.Error()))
		return 1
	}
	fmt.Fprintf(c.stdout, "kata dojo: stopped; the lights are kept in %s.\n", db)
	return 0
}

// scales are the scales of the katas whose runs carry a mark, by the kata's name, for the
// room to hold each light's mark to: a mark no implementation reaches, or one on a kata
// without marks, is refused.
func (c cli) scales() map[string]verdict.Scale {
	out := map[string]verdict.Scale{}
	for _, l := range c.katas {
		if k := l.kata(features.Files()); k.Scale != nil {
			out[k.Name] = *k.Scale
		}
	}
	return out
}

// unkeptEvery is how often, at most, kata dojo serve tells its terminal of lights it could
// not keep.
const unkeptEvery = 5 * time.Second

// reachable returns the host and port at which others reach a listener: for one on every
// network, the machine's first address on one that is not loopback, or localhost.
func reachable(a *net.TCPAddr) string {
	port := strconv.Itoa(a.Port)
	if !a.IP.IsUnspecified() {
		return net.JoinHostPort(a.IP.String(), port)
	}
	if addrs, err := net.InterfaceAddrs(); err == nil {
		for _, addr := range addrs {
			if ip, ok := addr.(*net.IPNet); ok && ip.IP.To4() != nil && !ip.IP.IsLoopback() && !ip.IP.IsLinkLocalUnicast() {
				return net.JoinHostPort(ip.IP.String(), port)
			}
		}
	}
	return net.JoinHostPort("localhost", port)
}
