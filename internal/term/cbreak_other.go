//go:build !linux && !darwin

package term

import "os"

// Cbreak is not supported here: keys come a line at a time.
func Cbreak(*os.File) (func() error, error) { return nil, ErrNoCbreak }
