package main

import (
	"fmt"
	"io/fs"

	"github.com/deliberate-practice/katas/features"
	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/engine"
	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/kata/codebreaker"
	"github.com/deliberate-practice/katas/internal/kata/mastermind"
	"github.com/deliberate-practice/katas/internal/kata/tictactoe"
	"github.com/deliberate-practice/katas/internal/protocol"
)

// A listed kata is one the program knows: its name, and the kata its package makes from the
// feature files, made only when it is the one asked for.
type listed struct {
	name string
	kata func(features fs.FS) kata.Kata
}

// known is the one list of the katas, in the order kata list names them: a new kata is a
// package below internal/kata, its feature files in features/, and a line here.
func known() []listed {
	return []listed{
		{mastermind.Name, mastermind.Kata},
		{tictactoe.Name, tictactoe.Kata},
		{codebreaker.Name, codebreaker.Kata},
	}
}

// kata returns the kata called name, or an error that says there is none.
func (c cli) kata(name string) (kata.Kata, error) {
	for _, l := range c.katas {
		if l.name == name {
			return l.kata(features.Files()), nil
		}
	}
	return kata.Kata{}, fmt.Errorf("kata: unknown kata %s; kata list names them", brief.Quote(name))
}

// list is kata list: each kata, what it is, and how many scenarios it has.
func (c cli) list(args []string) int {
	if len(args) > 0 {
		fmt.Fprintf(c.stderr, "kata list: unexpected argument %s\n", brief.Quote(args[0]))
		return 2
	}
	for _, l := range c.katas {
		k := l.kata(features.Files())
		run, err := engine.Start(c.ctx, k, engine.Options{}, engine.Front{})
		if err != nil {
			fmt.Fprintf(c.stderr, "kata list: %s: %v\n", k.Name, err)
			return 1
		}
		n := 0
		for range run.Scenarios() {
			n++
		}
		fmt.Fprintf(c.stdout, "%-11s %s (%d scenarios)\n", k.Name, k.Summary, n)
	}
	return 0
}

// protocol is kata protocol KATA: the protocol, whole, for the kata.
func (c cli) protocol(k kata.Kata, args []string) int {
	if len(args) > 0 {
		fmt.Fprintf(c.stderr, "kata protocol: unexpected argument %s\n", brief.Quote(args[0]))
		return 2
	}
	fmt.Fprint(c.stdout, protocol.Text(k.Name, k.Protocol))
	return 0
}

// features is kata features KATA [DIR]: the kata's feature files, written into DIR.
func (c cli) features(k kata.Kata, args []string) int {
	dir, status := oneDir(args, "features", c.stderr)
	if status != 0 {
		return status
	}
	files := map[string][]byte{}
	for _, f := range k.Files {
		data, err := fs.ReadFile(k.Features, f)
		if err != nil {
			fmt.Fprintf(c.stderr, "kata features: %v\n", err)
			return 1
		}
		files[f] = data
	}
	return write(dir, files, c.stdout, c.stderr)
}
