package verdict

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLightsReadBack(t *testing.T) {
	for _, l := range []Light{NoLight, Green, Red, Amber} {
		text, err := l.MarshalText()
		require.NoError(t, err)
		var back Light
		require.NoError(t, back.UnmarshalText(text))
		assert.Equal(t, l, back)
	}
	assert.Equal(t, "amber", Amber.String())
	var l Light
	assert.Error(t, l.UnmarshalText([]byte("blue")))
	_, err := Light(9).MarshalText()
	assert.Error(t, err)
	for s, want := range map[string]Light{"green": Green, "g": Green, "r": Red, "amber": Amber} {
		got, err := ParseLight(s)
		assert.NoError(t, err, s)
		assert.Equal(t, want, got, s)
	}
	_, err = ParseLight("")
	assert.Error(t, err)
}
