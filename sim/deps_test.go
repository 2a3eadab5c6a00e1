package sim_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoPlottingDeps checks that importing sim links no plotting stack:
// drawing lives in sim/simplot, so that programs that only simulate (a
// server, a test) do not carry gonum/plot and its fonts.
func TestNoPlottingDeps(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH to list the dependencies")
	}
	out, err := exec.Command(goTool, "list", "-deps", "fray/sim").Output()
	if err != nil {
		t.Fatalf("go list -deps fray/sim: %v", err)
	}
	for dep := range strings.FieldsSeq(string(out)) {
		if strings.HasPrefix(dep, "gonum.org/") {
			t.Errorf("fray/sim depends on %s; plotting belongs in fray/sim/simplot", dep)
		}
	}
}
