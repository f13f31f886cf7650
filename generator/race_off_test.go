//go:build !race

package generator

const raceOn = false
