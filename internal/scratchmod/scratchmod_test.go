package scratchmod

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTestFlagsAreWhatGoTestPasses: go test's own flags get "test." before them, values
// joined; a test's own flags pass as they are; a flag not known here is an error, never a
// guess.
func TestTestFlagsAreWhatGoTestPasses(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{[]string{"."}, nil},
		{[]string{"-v", "."}, []string{"-test.v"}},
		{[]string{".", "-run", "TestA/b$"}, []string{"-test.run=TestA/b$"}},
		{[]string{"-run=X", "-count", "1", "."}, []string{"-test.run=X", "-test.count=1"}},
		{[]string{".", "-kata.tags=@refusals", "-kata.random"}, []string{"-kata.tags=@refusals", "-kata.random"}},
		{[]string{".", "--v", "-short"}, []string{"-test.v", "-test.short"}},
	} {
		got, err := TestFlags(tt.args)
		require.NoError(t, err, tt.args)
		assert.Equal(t, append([]string{"-test.paniconexit0"}, tt.want...), got, tt.args)
	}
	for _, args := range [][]string{{"./..."}, {".", "-race"}, {".", "-run"}, {"-json", "."}} {
		_, err := TestFlags(args)
		assert.Error(t, err, args)
	}
}
