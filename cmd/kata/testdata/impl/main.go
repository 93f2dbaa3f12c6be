// Command impl is an implementation of every kata behind the katas protocol, for kata run's
// tests: right by default, through this module's packages (a code breaker plays -strategy);
// with -bug, wrong in one way a practitioner's code can be; with -misbehave, a program that
// breaks the protocol at request -at.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/tictactoe"
)

type request struct {
	ID     int      `json:"id"`
	Op     string   `json:"op"`
	Colors int      `json:"colors"`
	Width  int      `json:"width"`
	Turns  int      `json:"turns"`
	Secret []int    `json:"secret"`
	Guess  []int    `json:"guess"`
	Rows   []string `json:"rows"`
	Game   int      `json:"game"`
	Black  int      `json:"black"`
	White  int      `json:"white"`
	Grade  string   `json:"grade"`
}

func main() {
	kata := flag.String("kata", "mastermind", "the kata: mastermind, tictactoe or codebreaker")
	bug := flag.String("bug", "", "repeats, late, turns, counts-missing or mutates for mastermind; message or shape for tictactoe; repeat, wide or colour for codebreaker")
	strategy := flag.String("strategy", "optimal", "the code breaker's strategy: optimal, knuth or first (the first code still possible)")
	treeFile := flag.String("tree", "", "a JSON file of the code breaker's guess after each run of feedback (\"11,20,\" for B W then B B), looked up rather than worked out")
	misbehave := flag.String("misbehave", "", "hang, crash, crash-refusing, exit, garbage, long, twice, order, greeting, silent, flood, extra, linger,\nclose-linger, long-after, child-holds, child-crash, setsid-child, upper-error, upper-greeting, id-zero, noisy, echo or unflushed (replies left in the buffer);\nfor codebreaker also cheat-number, cheat-order (the secret taken from the game's number, or its new request's place), string-guess or crash-deep")
	at := flag.Int("at", 2, "the request at which to misbehave")
	version := flag.Int("version", 2, "the protocol version to greet with")
	starts := flag.String("starts", "", "a file to which each start of the program adds a line")
	save := flag.String("save", "", "FILE=TEXT: what the program writes into FILE at its first request, as a person saves a file during a run")
	flag.Parse()

	if *starts != "" {
		f, err := os.OpenFile(*starts, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			fmt.Fprintln(f, "started")
			err = f.Close()
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "impl:", err)
			os.Exit(3)
		}
	}

	out := bufio.NewWriter(os.Stdout)
	say := func(v any) {
		data, _ := json.Marshal(v)
		out.Write(append(data, '\n'))
		out.Flush()
	}
	// reply writes a reply, and flushes what it has written unless another whole request is
	// already waiting: requests sent at once are answered at once, as the starting points do.
	var in *bufio.Reader
	answer := func(v any) {
		data, _ := json.Marshal(v)
		out.Write(append(data, '\n'))
		if *misbehave == "echo" { // every reply twice, the second a moment after the first
			out.Flush()
			time.Sleep(time.Duration(rand.IntN(2000)) * time.Microsecond)
			out.Write(append(data, '\n'))
		}
		if waiting, _ := in.Peek(in.Buffered()); !bytes.Contains(waiting, []byte("\n")) && *misbehave != "unflushed" {
			out.Flush()
		}
	}
	defer out.Flush()
	if *misbehave == "setsid-child" {
		// A child that leaves the program's process group and session, holding no pipe of
		// its own: what a daemonizing helper does.
		child := exec.Command(os.Args[0], append([]string{"-misbehave", "silent"}, markerArgs(*starts)...)...)
		child.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		if err := child.Start(); err != nil {
			fmt.Fprintln(os.Stderr, "impl:", err)
			os.Exit(3)
		}
	}
	if strings.HasPrefix(*misbehave, "child-") {
		// A child that inherits standard output and outlives the program: what a wrapper
		// or a forgotten background job leaves behind.
		child := exec.Command(os.Args[0], append([]string{"-misbehave", "silent"}, markerArgs(*starts)...)...)
		child.Stdout = os.Stdout
		if err := child.Start(); err != nil {
			fmt.Fprintln(os.Stderr, "impl:", err)
			os.Exit(3)
		}
	}
	switch *misbehave {
	case "silent":
		time.Sleep(time.Hour)
	case "greeting":
		say(map[string]any{"id": 1})
	case "upper-greeting":
		say(map[string]any{"PROTOCOL": "katas", "Version": 1, "Kata": *kata})
	default:
		say(map[string]any{"protocol": "katas", "version": *version, "kata": *kata})
	}
	var g, before *mastermind.Game // the game, and the one the last score was given
	breakers := table{games: map[int]*breaker{}, memo: map[string]mastermind.Code{}, news: new(int)}
	if *treeFile != "" {
		if err := breakers.load(*treeFile); err != nil {
			fmt.Fprintln(os.Stderr, "impl:", err)
			os.Exit(3)
		}
		*strategy = "tree"
	}
	in = bufio.NewReaderSize(os.Stdin, 1<<16)
	for {
		line, rerr := in.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) == 0 {
			if rerr != nil {
				break
			}
			continue
		}
		var req request
		if err := json.Unmarshal(line, &req); err != nil {
			fmt.Fprintln(os.Stderr, "impl: a request that is not JSON:", err)
			os.Exit(3)
		}
		reply := map[string]any{"id": req.ID}
		if file, text, ok := strings.Cut(*save, "="); ok && req.ID == 1 {
			if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
				fmt.Fprintln(os.Stderr, "impl:", err)
				os.Exit(3)
			}
		}
		if *misbehave == "noisy" {
			// What a careless program writes to standard error: bytes that are not UTF-8,
			// markup, the end of a CDATA section, control characters.
			os.Stderr.Write([]byte("noise \xff\xfe <b>markup</b> & ]]> \x1b[31mred\x1b[0m \x00 \x07 \u0085 \ufffd\n"))
		}
		if req.ID == *at {
			out.Flush() // what came before, sent before misbehaving
			switch *misbehave {
			case "hang":
				time.Sleep(time.Hour)
			case "crash":
				panic("impl: crashing at request " + fmt.Sprint(req.ID))
			case "flood":
				fmt.Fprintln(os.Stderr, "the start of a long story")
				fmt.Fprintln(os.Stderr, strings.Repeat("blah ", 4000))
				fmt.Fprintln(os.Stderr, "and its end")
				os.Exit(1)
			case "long":
				fmt.Fprintln(out, strings.Repeat("x", 70000))
			case "exit":
				os.Exit(0)
			case "child-crash":
				fmt.Fprintln(os.Stderr, "impl: crashing, its child still holding standard output")
				os.Exit(2)
			case "id-zero":
				reply["id"] = 0
			case "garbage":
				fmt.Fprintln(out, "debug: scoring", req.Guess)
			case "twice":
				say(map[string]any{"id": req.ID - 1})
			case "order":
				reply["id"] = req.ID + 1
			}
		}
		var err error
		switch {
		case *kata == "codebreaker":
			err = breakers.answer(req, reply, *strategy, *bug, *misbehave)
		case req.Op == "new":
			g, err = newGame(req, *bug)
		case req.Op == "score":
			var grade string
			var black, white int
			if g != nil && *bug != "mutates" {
				before, _ = mastermind.Replay(g.Events()) // the game as it was, which score leaves so
			} else {
				before = g // the bug: the game score was given is the game it changes
			}
			grade, black, white, err = score(g, req.Guess, *bug)
			if err == nil {
				reply["grade"], reply["black"], reply["white"] = grade, black, white
			}
		case req.Op == "back":
			g = before
		case req.Op == "turns_left":
			left := g.TurnsLeft()
			if *bug == "turns" {
				left++
			}
			reply["turns_left"] = left
			if *bug == "counts-missing" {
				delete(reply, "turns_left")
				reply["error"] = "not implemented"
			}
		case req.Op == "guesses":
			reply["guesses"] = len(g.Board())
			if *bug == "counts-missing" {
				delete(reply, "guesses")
				reply["error"] = "no board here"
			}
		case req.Op == "classify":
			var state string
			state, err = classify(req.Rows, *bug)
			reply["state"] = state
		default:
			err = errors.New("unknown op " + req.Op)
		}
		if err != nil && *misbehave == "crash-refusing" {
			panic("impl: crashing rather than refusing: " + err.Error())
		}
		if err != nil {
			reply = map[string]any{"id": reply["id"], "error": err.Error()}
		}
		if *misbehave == "upper-error" && req.ID == *at {
			reply["Error"] = "this key is not the protocol's"
		}
		answer(reply)
		if rerr != nil {
			break
		}
	}
	if *misbehave == "extra" {
		say(map[string]any{"id": 99, "note": "goodbye"})
	}
	switch *misbehave {
	case "linger":
		time.Sleep(time.Hour)
	case "close-linger":
		os.Stdout.Close()
		time.Sleep(time.Hour)
	case "long-after":
		fmt.Fprintln(out, strings.Repeat("x", 70000))
		out.Flush()
	}
}

// markerArgs passes the file that marks a start on to a child, so that a test can find it.
func markerArgs(starts string) []string {
	if starts == "" {
		return nil
	}
	return []string{"-starts", starts}
}

func newGame(req request, bug string) (*mastermind.Game, error) {
	return mastermind.New(mastermind.Rules{Colors: req.Colors, Width: req.Width, MaxTurns: req.Turns}, code(req.Secret))
}

func score(g *mastermind.Game, guess []int, bug string) (string, int, int, error) {
	if g == nil {
		return "", 0, 0, errors.New("no game")
	}
	if bug == "late" && g.Grade() != mastermind.Continue {
		// The bug: a guess after the game is over is scored, not refused.
		fb, err := mastermind.Score(g.Secret(), code(guess))
		return g.Grade().String(), fb.Black, fb.White, err
	}
	grade, fb, err := g.Guess(code(guess))
	if bug == "repeats" && err == nil {
		// The bug: a guess peg of a secret's colour counts white however often the colour
		// is in the secret.
		secret := g.Secret()
		fb.White = 0
		for i, p := range guess {
			if p == int(secret[i]) {
				continue
			}
			for _, s := range secret {
				if int(s) == p {
					fb.White++
					break
				}
			}
		}
	}
	return grade.String(), fb.Black, fb.White, err
}

// code turns numbers into colours; a number no Color can hold becomes 0, which a game refuses.
func code(pegs []int) mastermind.Code {
	c := make(mastermind.Code, len(pegs))
	for i, p := range pegs {
		if p > 0 && p <= mastermind.MaxColors {
			c[i] = mastermind.Color(p)
		}
	}
	return c
}

func classify(rows []string, bug string) (string, error) {
	if bug == "shape" {
		// The bug: a board of the wrong shape is padded or cut to three cells a row.
		for i, r := range rows {
			r = strings.Map(func(c rune) rune {
				if c == 'X' || c == 'O' {
					return c
				}
				return ' '
			}, r)
			rows[i] = (r + "   ")[:3]
		}
	}
	state, err := tictactoe.Classify(rows)
	if bug == "message" && errors.Is(err, tictactoe.ErrXWentTwice) {
		return "", errors.New("X went twice")
	}
	return state.String(), err
}
