package gui

import (
	"runtime"
	"strings"
)

// digitKey is the digit 1-9 on the key whose hardware scan code is code,
// for the keys of the row of digits above the letters, whatever the
// layout types on them; 0 for another key. Shift+1 types "!" on a US
// keyboard, "&" unshifted types 1's key on a French one, and Shift+6
// types "&" on a German one: a character that is not a digit, typed on a
// digit's key, toggles that digit's pencil mark (the US Shift characters
// were taken on every layout: "&" set mark 7 in France and Germany).
func digitKey(code int) uint8 {
	var d int
	switch runtime.GOOS {
	case "linux", "freebsd", "openbsd", "netbsd":
		d = code - 9 // X11 key codes: 10 to 18 (evdev 2 to 10, and 8)
	case "windows":
		d = code - 1 // scan codes 2 to 10
	case "darwin":
		d = macDigitKeys[code]
	}
	if d < 1 || d > 9 {
		return 0
	}
	return uint8(d)
}

// macDigitKeys are macOS's key codes of the digits 1-9 (kVK_ANSI_1 …).
var macDigitKeys = map[int]int{0x12: 1, 0x13: 2, 0x14: 3, 0x15: 4, 0x17: 5, 0x16: 6, 0x1A: 7, 0x1C: 8, 0x19: 9}

// usShifted are the characters Shift types on a US keyboard's digits 1-9:
// taken as pencil marks only where the key that typed them is not known
// (tests, a driver that gives no scan code).
const usShifted = "!@#$%^&*("

// markKey is the pencil mark a character r toggles, typed on the key
// last pressed (key: its digit, known: whether its scan code was given),
// or 0: a character other than a digit typed on a digit's key.
func markKey(r rune, key uint8, known bool) uint8 {
	switch {
	case r >= '0' && r <= '9':
		return 0
	case key > 0:
		return key
	case !known:
		if k := strings.IndexRune(usShifted, r); k >= 0 {
			return uint8(k + 1)
		}
	}
	return 0
}
