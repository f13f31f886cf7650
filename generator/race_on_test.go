//go:build race

package generator

// raceOn is set in a -race build, which runs some ten times slower: the
// long generator tests then cover fewer shapes.
const raceOn = true
