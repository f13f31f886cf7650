package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"example.com/sudoku/internal/filekind"
)

// A game file (Save Game As, ".sudoku") keeps a game of any shape whole:
// the givens, the digits and pencil marks entered, the clock and the
// moves to undo, as the session keeps the game in progress. OpenSudoku's
// and SadMan's files, the others a game is saved in, hold classic 9×9
// puzzles alone, and their digits and marks only: a killer's or a
// jigsaw's game had no way into a file, and opening another file lost
// it.
//
// It is JSON: {"sudoku_game": 1, "game": {…}}, the game as State writes
// it.

// GameFileExt is the extension of a game file.
const GameFileExt = ".sudoku"

// gameFileVersion is the version written; a later one is refused by name.
const gameFileVersion = 1

// MaxGameFile bounds a game file read: a 16×16 game's moves run to some
// hundreds of KB.
const MaxGameFile = 16 << 20

type gameFile struct {
	Version int    `json:"sudoku_game"`
	Game    *State `json:"game"`
}

// GameFile is g as a game file's bytes.
func (g *Game) GameFile() ([]byte, error) {
	st := g.State()
	// Not the solution: a game file passed on gave the answer away in
	// plain text. It is solved again when the file is opened.
	st.Solution, st.Solutions = "", 0
	return json.MarshalIndent(gameFile{Version: gameFileVersion, Game: &st}, "", " ")
}

// IsGameFile reports whether head, the first bytes of a file, are a game
// file's (filekind.IsGame: what the commands' outputs check too).
func IsGameFile(head []byte) bool { return filekind.IsGame(head) }

// ReadGameFile rebuilds the game of a game file's bytes, checking all it
// reads (Restore); the error says what is wrong, for a message that
// names the file.
func ReadGameFile(data []byte) (*Game, error) {
	if len(data) > MaxGameFile {
		return nil, fmt.Errorf("larger than %d MB, too large for a saved game", MaxGameFile>>20)
	}
	var f gameFile
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))))
	if err := dec.Decode(&f); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			line := bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n")) + 1
			return nil, fmt.Errorf("line %d: not a saved game (%v)", line, err)
		}
		return nil, fmt.Errorf("not a saved game (%v)", err)
	}
	switch {
	case f.Version == 0:
		return nil, errors.New("not a saved game (no \"sudoku_game\" version)")
	case f.Version > gameFileVersion:
		return nil, fmt.Errorf("a saved game of version %d, newer than this program reads (%d): open it with a newer Sudoku", f.Version, gameFileVersion)
	case f.Game == nil:
		return nil, errors.New("a saved game without its game")
	}
	g, err := Restore(*f.Game)
	if err != nil {
		return nil, fmt.Errorf("the saved game does not read: %w", err)
	}
	return g, nil
}
