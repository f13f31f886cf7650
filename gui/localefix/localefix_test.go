package localefix

import (
	"os"
	"testing"
)

// Fyne's dialogs speak the window's language, whatever LANG says: under
// LANG=fr_FR.UTF-8 they came out half in French.
func TestFyneInEnglish(t *testing.T) {
	if got := os.Getenv("LANGUAGE"); got != "en" {
		t.Errorf("LANGUAGE=%q after init, want en", got)
	}
}
