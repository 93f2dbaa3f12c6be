package protocol

import "strings"

// common is the protocol every kata shares: it names no kata's rule.
const common = `The katas protocol, version 2

kata run starts your program once and plays the scenarios through it, one after another, and
talks to it over its standard input and output: one JSON object a line each way. Its
standard error is yours: the runner shows its end when something goes wrong.

1. Your program first writes a greeting that names the protocol, its version and the kata:

       {"protocol": "katas", "version": 2, "kata": "KATA"}

   Version 2 added one request, Mastermind's "back". A program that greets with version 1
   is run as one: the scenarios that need back fail, saying so, and the others are as before.

2. Then it reads requests, one a line, each with an "id" (1, 2, 3, … for as long as it runs)
   and an "op", and writes one reply a line, in order, with the request's "id". A reply
   carries the result, or "error" with your implementation's message when it refuses the
   request (the kata's requests say what to refuse). Fields may come in any order; keys are
   written as here, in lower case, and keys the runner does not know are ignored. The error
   "not implemented" says an operation is not written yet: it fails the scenario, and never
   counts as a refusal.

   Flush what you write before you wait for the next request: Python's print(...,
   flush=True) or sys.stdout.flush(), Node's console.log or process.stdout.write, Go's
   fmt.Println to os.Stdout. A reply left in a buffer never reaches the runner, which waits
   for it until the time limit and fails the scenario. The runner may send requests before
   it has the replies to earlier ones (a scenario that checks a rule on thousands of cases
   sends them all at once): answer them in order, and write each reply as soon as it is
   made, or, as the starting points do, those made so far every tenth of a second and
   whenever no more requests have come. The time limit is on the silence between replies:
   a program that answers every request it has read before it writes a reply is silent for
   as long as they all take.

3. Each scenario begins with a request that starts afresh (the kata's requests below say
   which), so a program need keep nothing of one scenario for the next. Scenarios follow one
   another with no word between them.

4. When the run ends the runner closes your program's input: exit then, with status 0.
`

// checks is what the runner checks, the same for every kata.
const checks = `
What the runner checks

- One process for the run. The program starts at the first scenario's first request, in a
  process group of its own. After a scenario in which it crashed, hung or wrote what is no
  reply, the runner ends it and starts it afresh for the next scenario, so that a failure
  stays that scenario's alone; kata run --isolate starts it afresh for every scenario. When
  the runner ends a program it ends the whole group: whatever the program started — the real
  program behind a wrapper such as bash, npm or go run, a child left behind — ends with it;
  on Linux so does a process that left the group or the session (setsid), known by the
  KATA_RUN mark the runner puts in the program's environment, or, where it dropped its
  environment, by its parent: the runner keeps the program's tree as it was when its input
  was closed, and ends what is left of it; and kata is the reaper of what a program leaves
  behind whose parent ends (a double fork, a daemon), which comes to it to be ended. (On the
  other Unixes the group
  ends; on Windows the runner ends the program alone.) Should the runner itself be killed
  where it cannot end them — SIGKILL, the system out of memory — a guard does: a second
  kata process, started with the first program, that ends every program the runner had not
  ended once the runner is gone.
- A time limit on the wait for each reply (kata run --timeout, 5 seconds by default), and four
  times that for the greeting, since a start may compile the code first (Java's adapter
  compiles with the JDK's compiler, Elixir compiles its .ex files): a program that keeps
  replying is alive, however many requests are in flight. A program that
  falls silent is ended, and the scenario fails saying which request went unanswered, and,
  of requests sent at once, how many were in flight and how many had their replies. A
  program that greets but gets no reply to the runner within the limit of the run's first
  request stops the run there: its replies are most likely left unflushed in a buffer.
- Nothing after a scenario's last reply, and an exit at the end. A line written after a
  scenario's last reply, or an exit between scenarios, fails the scenario in which the
  runner meets it: the next, at its first request, so that a program gets the same verdict
  however its timing goes. Once its input is closed the program must exit within the time
  limit, with status 0, having written nothing more: a program still running, or that wrote
  after its last reply, fails the run's last scenario ("After the last step"; each
  scenario, with --isolate).
- Every line is a reply. Anything else on standard output — a debugging print, a reply
  without an "id", a reply to a request never sent, a second reply to an earlier one, a
  line longer than 64 KiB — fails the scenario with what the program wrote, quoted and cut
  short. Write debugging output to standard error: the runner shows its last 2 KiB when
  something goes wrong, and ignores it otherwise.
- A crash or an early exit fails the scenario with the exit status and the end of standard
  error: a Python traceback, a Node stack, a Go panic.
- A refusal is an "error" reply. A scenario that expects a refusal passes on any error but
  "not implemented", unless the kata's requests above ask for an exact message.
- A program that cannot get going — it does not start, does not greet, or greets as another
  kata's adapter — stops the run at the first scenario, with what to do about it, rather
  than failing every scenario the same way.

Otherwise the run goes on with the next scenario and never hangs. The exit status is 0 only
when every scenario passes; a run that a signal stopped exits with 128 plus its number (130
for Ctrl-C, 143 for kill).
`

// Text is the protocol for one kata, whole: what every kata shares, with the greeting of the
// kata called name, then the kata's own requests, then what the runner checks.
func Text(name, requests string) string {
	return strings.Replace(common, "KATA", name, 1) + requests + checks
}
