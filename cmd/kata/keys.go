package main

import (
	"bufio"
	"io"
	"strings"
)

// The keys --watch takes while it waits, as jest's and vitest's watch modes have them.
const (
	keyEnter   = '\n' // run again, as the last run chose
	keyFailing = 'f'  // only the scenarios that failed last
	keyNext    = 'n'  // only the next scenario until it passes, then everything
	keyAll     = 'a'  // every scenario
	keyQuit    = 'q'  // stop watching
	keyPredict = 'p'  // then g, r or a: the light the next run will have
)

// keysHelp is the line that names the keys.
const keysHelp = "Enter runs again, f the failing, n the next until it passes, a all, p predicts, q quits."

// readKeys sends the keys read from r, until r ends, then closes the channel. On a terminal in
// cbreak mode (raw) each byte is a key, Enter being "\r" or "\n"; otherwise keys come a line
// at a time, each line's first letter its key and an empty line Enter, so that "f" then Enter
// is one key, f.
func readKeys(r io.Reader, raw bool) <-chan byte {
	keys := make(chan byte, 16)
	go func() {
		defer close(keys)
		in := bufio.NewReader(r)
		for {
			if raw {
				b, err := in.ReadByte()
				if err != nil {
					return
				}
				if b == '\r' {
					b = keyEnter
				}
				keys <- b
				continue
			}
			line, err := in.ReadString('\n')
			if line = strings.TrimSpace(line); line != "" {
				keys <- strings.ToLower(line)[0]
			} else if err == nil {
				keys <- keyEnter
			}
			if err != nil {
				return
			}
		}
	}()
	return keys
}
