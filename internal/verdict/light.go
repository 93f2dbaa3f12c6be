// Package verdict is what a run comes to, as the journal keeps it and a room shows it: its
// light (Light), its mark on a kata's own scale (Mark), and the scale (Scale), by which a mark
// is read and checked. It needs the standard library alone, and brief for its messages, so
// that the journal, the dojo and the dojo's server share it without importing each other.
package verdict

import "fmt"

// Light is a run's traffic light, as cyber-dojo shows it. The zero Light is none: an entry of
// the log that only starts a session, or a prediction not made.
type Light int

const (
	NoLight Light = iota
	Green         // every scenario passed
	Red           // a scenario failed
	Amber         // the implementation did not get going: it would not start or speak, or crashed on every scenario
)

// name is the light as the log keeps it, and whether it is one.
func (l Light) name() (string, bool) {
	switch l {
	case NoLight:
		return "", true
	case Green:
		return "green", true
	case Red:
		return "red", true
	case Amber:
		return "amber", true
	}
	return "", false
}

func (l Light) String() string {
	if name, ok := l.name(); ok {
		return name
	}
	return fmt.Sprintf("Light(%d)", int(l))
}

// MarshalText writes the light as the log keeps it: "green", "red" or "amber".
func (l Light) MarshalText() ([]byte, error) {
	name, ok := l.name()
	if !ok {
		return nil, fmt.Errorf("no light %d", int(l))
	}
	return []byte(name), nil
}

// UnmarshalText reads a light as MarshalText writes it.
func (l *Light) UnmarshalText(text []byte) error {
	for c := NoLight; c <= Amber; c++ {
		if name, _ := c.name(); name == string(text) {
			*l = c
			return nil
		}
	}
	return fmt.Errorf("%q is no light: want green, red or amber", text)
}

// ParseLight reads a light a person names: "green", "red" or "amber", or their first letter.
func ParseLight(s string) (Light, error) {
	for c := Green; c <= Amber; c++ {
		if name, _ := c.name(); s != "" && (s == name || s == name[:1]) {
			return c, nil
		}
	}
	return NoLight, fmt.Errorf("%q is no light: want green, red or amber", s)
}
