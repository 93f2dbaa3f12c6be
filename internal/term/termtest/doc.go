// Package termtest opens pseudo-terminals for tests: a program's terminal, and the side a
// terminal emulator holds, that types into it. It does so on Linux.
package termtest
