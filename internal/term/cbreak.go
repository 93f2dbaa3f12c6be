package term

import "errors"

// Bell rings the terminal's bell.
const Bell = "\a"

// ErrNoCbreak is Cbreak's error where the platform has no terminal modes this package sets:
// keys then come a line at a time, each after Enter.
var ErrNoCbreak = errors.New("keys one at a time are not supported here")
