package generator

import (
	"context"
	"errors"
	"testing"
	"time"

	"example.com/sudoku/solver/logic"
)

// A cancelled generation ends at once, a 16×16 X insane one too: the
// rating's trial steps searched on without their context, and the window
// went on computing for a minute after Cancel.
func TestGenerateBoardStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := GenerateBoard(ctx, BoardOptions{Variant: X, Size: 16, Level: logic.Insane, Seed: 5678872803202358})
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("stopped %v after it was cancelled", took-300*time.Millisecond)
	}
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error %v", err)
	}
}
