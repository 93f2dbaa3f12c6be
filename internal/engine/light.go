package engine

import "fmt"

// Light is a run's traffic light, as cyber-dojo shows it. The zero Light is none: an entry of
// the log that only starts a session.
type Light int

const (
	NoLight Light = iota
	Green         // every scenario passed
	Red           // a scenario failed
	Amber         // the implementation did not get going: it would not start or speak, or crashed on every scenario
)

var lightNames = [...]string{NoLight: "", Green: "green", Red: "red", Amber: "amber"}

func (l Light) String() string {
	if l < 0 || int(l) >= len(lightNames) {
		return fmt.Sprintf("Light(%d)", int(l))
	}
	return lightNames[l]
}

// MarshalText writes the light as the log keeps it: "green", "red" or "amber".
func (l Light) MarshalText() ([]byte, error) {
	if l < 0 || int(l) >= len(lightNames) {
		return nil, fmt.Errorf("no light %d", int(l))
	}
	return []byte(lightNames[l]), nil
}

// UnmarshalText reads a light as MarshalText writes it.
func (l *Light) UnmarshalText(text []byte) error {
	for i, name := range lightNames {
		if name == string(text) {
			*l = Light(i)
			return nil
		}
	}
	return fmt.Errorf("%q is no light: want green, red or amber", text)
}
