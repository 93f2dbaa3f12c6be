package features

// Source is a scenario's masked feature file, for the tests.
func Source(s Scenario) string { return s.source }

// RunSource runs s from other feature text, for the tests.
func RunSource(k Kata, s Scenario, source string) Result {
	s.source = source
	return k.Run(s)
}
