// Package localefix keeps Fyne quiet under a "C.UTF-8" locale.
//
// Fyne reads the locale while its lang package initialises. The
// go-locale library it uses turns LANG=C.UTF-8 (the default of Debian and
// most containers) into the tag "C", which Fyne then logs as an error on
// every start, headless commands included. With LANGUAGE set, go-locale
// uses that instead; glibc ignores LANGUAGE under a C locale, so nothing
// else changes.
//
// This must run before fyne.io/fyne/v2/lang's init. Go initialises packages
// in import-path order once their imports are done; this one imports only
// os (which lang needs too) and its path sorts before "fyne.io", so it
// always comes first. TestNoLocaleNoise in package main guards that.
package localefix

import "os"

func init() {
	for _, k := range [...]string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := os.Getenv(k)
		if v == "" {
			continue
		}
		if len(v) > 2 && v[0] == 'C' && v[1] == '.' && os.Getenv("LANGUAGE") == "" {
			os.Setenv("LANGUAGE", "en")
		}
		return
	}
}
