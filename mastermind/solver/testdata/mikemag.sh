#!/usr/bin/env bash
# Compares the heuristic strategies with mikemag/Mastermind (C++), the fastest open solver of
# them we know: every secret of 5 pegs of 8 colours, CPU time on one core, the two programs
# alternating, ROUNDS rounds (3 by default). It prints each round's times and the ratio of
# the lowest of ours to the lowest of theirs, which the README quotes.
#
# It builds mikemag's own code, unchanged but for the game and the strategy it plays, from a
# clone of it at commit 204b2e9:
#
#	git clone https://github.com/mikemag/Mastermind && git -C Mastermind checkout 204b2e9
#	apt-get install g++ pkg-config libcpuid-dev nlohmann-json3-dev   # Debian, Ubuntu
#	mastermind/solver/testdata/mikemag.sh Mastermind
#
# usage: mikemag.sh PATH-TO-MIKEMAG [ROUNDS]
set -euo pipefail
[ $# -ge 1 ] || { sed -n '2,14s/^# \{0,1\}//p' "$0"; exit 2; }
peer=$(cd "$1" && pwd)
rounds=${2:-3}
solver=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cp -r "$peer" "$work/peer"
cd "$work/peer"
sed -e 's/@GIT_BRANCH@/main/' -e 's/@GIT_COMMIT_HASH@/204b2e9/' -e 's/@GIT_COMMIT_DATE@/unknown/' \
	mastermind_config.h.in >mastermind_config.h
strategies="Knuth MostParts Entropy ExpectedSize"
for s in $strategies; do
	sed -e 's/singleGamePinCount = 4;/singleGamePinCount = 5;/' \
		-e 's/singleGameColorCount = 6;/singleGameColorCount = 8;/' \
		-e 's/singleGameLog = true;/singleGameLog = false;/' \
		-e 's/shouldRunTests = true;/shouldRunTests = false;/' \
		-e "s/using SingleGameAlgo = Algos::Knuth;/using SingleGameAlgo = Algos::$s;/" main.cpp >"main_$s.cpp"
	grep -q "Algos::$s;" "main_$s.cpp" || { echo "mikemag.sh: main.cpp is not as at 204b2e9" >&2; exit 1; }
	# shellcheck disable=SC2046 # pkg-config's flags are words
	g++ -std=c++20 -O3 -DNDEBUG -march=native -I. $(pkg-config --cflags libcpuid) \
		"main_$s.cpp" score.cpp utils.cpp -lcpuid -o "mm_$s"
done
(cd "$solver" && go test -c -o "$work/solver.test" .)

# cpu runs a command and prints the CPU seconds it took in user mode.
cpu() {
	local TIMEFORMAT=%U
	{ time "$@" >"$work/out" 2>&1; } 2>&1
}

for s in $strategies; do
	ours=() theirs=()
	for _ in $(seq "$rounds"); do
		ours+=("$(cd "$solver" && GOMAXPROCS=1 cpu "$work/solver.test" -test.run '^$' -test.bench "EvaluateLargest/5x8/$s\$" -test.benchtime 1x)")
		grep -q '^PASS' "$work/out" || { cat "$work/out"; exit 1; } # the benchmark checks the totals
		theirs+=("$(cpu ./"mm_$s")")
		# It checks its own totals against figures of its own, which its Entropy and
		# ExpectedSize miss by a few guesses at this commit; a finished game is enough here.
		grep -q 'Average number of turns was' "$work/out" || { cat "$work/out"; exit 1; }
	done
	awk -v s="$s" -v o="${ours[*]}" -v t="${theirs[*]}" 'BEGIN {
		n = split(o, a, " "); split(t, b, " "); mo = a[1]; mt = b[1]
		for (i = 1; i <= n; i++) { if (a[i] < mo) mo = a[i]; if (b[i] < mt) mt = b[i] }
		printf "%-12s ours %s s, mikemag %s s: %.2f\n", s, o, t, mo / mt
	}'
done
