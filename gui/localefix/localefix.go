// Package localefix keeps Fyne in English, the language of the rest of
// the window, and quiet under a "C.UTF-8" locale.
//
// Fyne reads the locale while its lang package initialises, through the
// go-locale library, which takes LANGUAGE first. Under LANG=fr_FR.UTF-8
// Fyne's own dialogs came out half in French ("Ouvrir Fichier",
// "Annuler", beside "Home" and our English menus and questions); and
// go-locale turns LANG=C.UTF-8 (the default of Debian and most
// containers) into the tag "C", which Fyne then logged as an error on
// every start, headless commands included. So LANGUAGE is set to "en" for
// this process (glibc ignores it under a C locale, and no message of this
// program comes from glibc).
//
// This must run before fyne.io/fyne/v2/lang's init. Go initialises packages
// in import-path order once their imports are done; this one imports only
// os (which lang needs too) and its path sorts before "fyne.io", so it
// always comes first. TestNoLocaleNoise in package main guards that.
package localefix

import "os"

func init() {
	os.Setenv("LANGUAGE", "en")
}
