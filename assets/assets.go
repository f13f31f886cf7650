// Package assets holds the files the app embeds: its icon.
package assets

import (
	_ "embed"

	"fyne.io/fyne/v2"
)

//go:embed icon.png
var iconPNG []byte

// Icon is the app icon (a 512x512 PNG; icon.svg is its source).
var Icon = fyne.NewStaticResource("icon.png", iconPNG)
