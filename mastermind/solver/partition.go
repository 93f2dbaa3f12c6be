package solver

// partition is a set of secrets sorted into groups by their feedback to one guess, each group
// in the set's order: group f is members[start[f]:start[f+1]].
type partition struct {
	members []int32
	start   []int32
}

// partitionBy sorts set into its groups by feedback(s), an index below nf.
func partitionBy(set []int32, nf int, feedback func(s int32) int) partition {
	fb := make([]int32, len(set))
	start := make([]int32, nf+1)
	for i, s := range set {
		f := feedback(s)
		fb[i] = int32(f)
		start[f+1]++
	}
	for f := range nf {
		start[f+1] += start[f]
	}
	members := make([]int32, len(set))
	next := append([]int32(nil), start[:nf]...)
	for i, s := range set {
		members[next[fb[i]]] = s
		next[fb[i]]++
	}
	return partition{members, start}
}

// group returns the secrets that got feedback f.
func (p partition) group(f int) []int32 { return p.members[p.start[f]:p.start[f+1]] }

// groups returns how many feedback indexes the partition has, empty groups included.
func (p partition) groups() int { return len(p.start) - 1 }
