package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/goccy/go-yaml"
)

// without returns args less each flag named and the value after it.
func without(args []string, flags ...string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		if slices.Contains(flags, args[i]) {
			i++
			continue
		}
		out = append(out, args[i])
	}
	return out
}

// runShards runs fray sim args as count shards, one after another in this
// process, each writing its file to dir, and returns the files.
func runShards(t *testing.T, dir string, count int, args ...string) []string {
	t.Helper()
	var files []string
	for i := range count {
		file := filepath.Join(dir, fmt.Sprintf("shard%d.json", i))
		if out := mustSucceed(t, append(slices.Clone(args), "--shard", fmt.Sprintf("%d/%d", i, count), "--json", "-o", file)...); out != "" {
			t.Fatalf("a shard written to a file printed %q", out)
		}
		files = append(files, file)
	}
	return files
}

// TestSimShardsMergeToOneRun: for encounters of every ruleset, seeds,
// policies and numbers of shards, the merged shards report what one run
// reports, byte for byte, in JSON and as text.
func TestSimShardsMergeToOneRun(t *testing.T) {
	for _, tc := range []struct {
		shards int
		args   []string
	}{
		{3, []string{"sim", "-n", "500"}},
		{5, []string{"sim", "alley_fight", "-n", "400", "--seed", "7", "--policy", "thugs=random"}},
		{4, []string{"sim", "alley_fight", "-n", "300", "--seed", "8", "--max-decisions", "30"}}, // timeouts
		{2, []string{"sim", "duel", "-n", "200", "--seed", "3"}},
		{4, []string{"sim", "maneuvers_duel", "-n", "150", "--seed", "11"}},
		{3, []string{"sim", "vigor_duel", "-n", "200", "--seed", "2"}},
		{7, []string{"sim", "woundslots_duel", "-n", "300", "--seed", "9"}},
		{1, []string{"sim", "woundslots_duel", "-n", "50", "--seed", "9"}},
		{6, []string{"sim", "-n", "120", "--seed", "4", "--vary", "combatants[1].evade=5..8"}},
		{9, []string{"sim", "-n", "5", "--vary", "combatants[0].weapons[0].damage=D10/4,D10"}}, // shards of 1 fight and of none
	} {
		name := strings.Join(tc.args[1:], " ")
		dir := t.TempDir()
		files := runShards(t, dir, tc.shards, tc.args...)
		for _, asJSON := range []bool{true, false} {
			one, merge := tc.args, []string{"sim", "merge"}
			if asJSON {
				one, merge = append(slices.Clone(one), "--json"), append(merge, "--json")
			}
			want := mustSucceed(t, one...)
			if got := mustSucceed(t, append(merge, files...)...); got != want {
				t.Errorf("%s in %d shards, --json %v: merged\n%s\none run\n%s", name, tc.shards, asJSON, got, want)
			}
		}
	}
}

// TestSimShardsMergeFromAFolder merges a folder of shards, given in any
// order, into the same plot as one run draws, and writes the report to a
// file with --output.
func TestSimShardsMergeFromAFolder(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	args := []string{"sim", "alley_fight", "-n", "90", "--vary", "combatants[0].evade=6..8"}
	runShards(t, dir, 4, args...)
	mustSucceed(t, append(slices.Clone(args), "--plot", filepath.Join(out, "one.svg"), "-o", filepath.Join(out, "one.txt"))...)
	if got := mustSucceed(t, "sim", "merge", "--plot", filepath.Join(out, "merged.svg"), "-o", filepath.Join(out, "merged.txt"), dir); got != "" {
		t.Errorf("with --output, merge printed %q", got)
	}
	for _, f := range []string{"svg", "txt"} {
		one, err1 := os.ReadFile(filepath.Join(out, "one."+f))
		merged, err2 := os.ReadFile(filepath.Join(out, "merged."+f))
		if err1 != nil || err2 != nil || !bytes.Equal(one, merged) || len(one) == 0 {
			t.Errorf("the merged .%s differs from one run's (%v, %v)", f, err1, err2)
		}
	}
}

// TestSimShardsInParallelProcesses runs the shards of a sweep as fray
// processes at once (the test binary as fray, as TestMain runs it with
// asFrayEnv set, which spares building fray), two of them given their
// index in JOB_COMPLETION_INDEX as a Kubernetes Indexed Job gives it; the
// merge is one run's report, byte for byte.
func TestSimShardsInParallelProcesses(t *testing.T) {
	dir := t.TempDir()
	bin := os.Args[0]
	args := []string{"sim", "alley_fight", "-n", "400", "--seed", "21", "--vary", "combatants[2].evade=3..6", "--workers", "1"}
	const count = 5 // 320 fights each: spans across values
	var wg sync.WaitGroup
	errs := make([]error, count)
	for i := range count {
		shard := fmt.Sprintf("%d/%d", i, count)
		cmd := exec.Command(bin, append(slices.Clone(args), "--json", "-o", filepath.Join(dir, fmt.Sprintf("part-%d.json", i)))...)
		cmd.Env = append(os.Environ(), asFrayEnv+"=1")
		if i%2 == 1 {
			shard = "env/" + strconv.Itoa(count)
			cmd.Env = append(cmd.Env, jobIndexEnv+"="+strconv.Itoa(i))
		}
		cmd.Args = append(cmd.Args, "--shard", shard)
		wg.Go(func() {
			if out, err := cmd.CombinedOutput(); err != nil {
				errs[i] = fmt.Errorf("shard %s: %v\n%s", shard, err, out)
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) string {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), asFrayEnv+"=1")
		out, err := cmd.Output()
		if err != nil {
			var stderr []byte
			if ee, ok := err.(*exec.ExitError); ok {
				stderr = ee.Stderr
			}
			t.Fatalf("fray %s: %v\n%s", strings.Join(args, " "), err, stderr)
		}
		return string(out)
	}
	for _, flags := range [][]string{{"--json"}, nil} {
		want := run(append(slices.Clone(args), flags...)...)
		got := run(append(append([]string{"sim", "merge"}, flags...), dir)...)
		if got != want {
			t.Errorf("merged %v:\n%s\none run:\n%s", flags, got, want)
		}
	}
}

// TestSimShardRefusals: a shard needs --json and cannot plot; a bad shard
// or a missing JOB_COMPLETION_INDEX is refused; merge refuses shards that
// do not make one experiment, naming the files.
func TestSimShardRefusals(t *testing.T) {
	t.Setenv(jobIndexEnv, "") // unset below, for env/N
	os.Unsetenv(jobIndexEnv)
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"sim", "--shard", "1/3"}, exitUsage, "--shard 1/3 writes the shard's totals as JSON for fray sim merge: add --json"},
		{[]string{"sim", "--shard", "1/3", "--json", "--plot", "x.svg"}, exitUsage, "a shard does not plot; fray sim merge --plot draws the merged report"},
		{[]string{"sim", "--shard", "3/3", "--json"}, exitUsage, "--shard 3/3: the parts of 3 are numbered from 0 to 2"},
		{[]string{"sim", "--shard", "x", "--json"}, exitUsage, `--shard "x": write I/N`},
		{[]string{"sim", "--shard", "env/4", "--json"}, exitUsage, "--shard env/4: JOB_COMPLETION_INDEX is not set (a Kubernetes Indexed Job sets it in each pod)"},
		{[]string{"sim", "-o", "/no/such/dir/x.json"}, exitUsage, "--output: cannot write /no/such/dir/x.json: there is no directory /no/such/dir"},
		{[]string{"sim", "merge"}, exitUsage, "fray sim merge takes the shards' files (or a folder of them) to merge"},
		{[]string{"sim", "merge", "no_such.json"}, exitError, "no_such.json: no such file or directory"},
	} {
		r := fray(t, tt.args...)
		if r.code != tt.code || !strings.Contains(r.stderr, tt.want) || r.stdout != "" {
			t.Errorf("fray %s: exit %d, stdout %q, stderr %q; want exit %d and %q", strings.Join(tt.args, " "), r.code, r.stdout, r.stderr, tt.code, tt.want)
		}
	}
	t.Setenv(jobIndexEnv, "7")
	if r := fray(t, "sim", "--shard", "env/4", "--json"); r.code != exitUsage || !strings.Contains(r.stderr, `--shard 7/4: the parts of 4 are numbered from 0 to 3 (JOB_COMPLETION_INDEX is "7")`) {
		t.Errorf("JOB_COMPLETION_INDEX=7 with env/4: exit %d, %s", r.code, r.stderr)
	}

	dir := t.TempDir()
	a := runShards(t, dir, 3, "sim", "-n", "30")
	other := filepath.Join(dir, "other.json")
	mustSucceed(t, "sim", "-n", "30", "--seed", "2", "--shard", "2/3", "--json", "-o", other)
	report := filepath.Join(dir, "report.json")
	mustSucceed(t, "sim", "-n", "30", "--json", "-o", report)
	for _, tt := range []struct {
		files []string
		want  string
	}{
		{[]string{a[0], a[2]}, "shard 1/3 is missing (2 of the 3 given)"},
		{[]string{a[0], a[1], a[1], a[2]}, a[1] + " (shard 1/3) is given twice"},
		{[]string{a[0], a[1], other}, a[0] + " and " + other + " are shards of different experiments: seed 1 and 2"},
		{[]string{a[0], report}, report + `: not a shard of fray sim: json: unknown field "encounter"`},
	} {
		r := fray(t, append([]string{"sim", "merge"}, tt.files...)...)
		if r.code != exitError || !strings.Contains(r.stderr, tt.want) || r.stdout != "" {
			t.Errorf("fray sim merge %s: exit %d, stdout %q, stderr %q; want %q", strings.Join(tt.files, " "), r.code, r.stdout, r.stderr, tt.want)
		}
	}
}

// job is what TestDeployCommands reads of a Kubernetes Job manifest.
type job struct {
	Spec struct {
		Completions int `yaml:"completions"`
		Template    struct {
			Spec struct {
				Containers []struct {
					Name string   `yaml:"name"`
					Args []string `yaml:"args"`
				} `yaml:"containers"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

func readJob(t *testing.T, file string) *job {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "deploy", "kubernetes", file))
	if err != nil {
		t.Fatal(err)
	}
	var j job
	if err := yaml.Unmarshal(data, &j); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return &j
}

// TestDeployCommands runs the commands of the Kubernetes manifests in
// deploy/ as the pods would (each shard with its JOB_COMPLETION_INDEX, and
// $(JOB_COMPLETION_INDEX) in its arguments replaced, as Kubernetes does),
// with fewer fights and a folder of the test's for the volume: the merge
// Job's two containers print what one run prints. (deploy's own tests
// check the manifests against the Kubernetes API types.)
func TestDeployCommands(t *testing.T) {
	shards, merge := readJob(t, "sim-job.yaml"), readJob(t, "merge-job.yaml")
	args := shards.Spec.Template.Spec.Containers[0].Args
	n := slices.Index(args, "-n")
	out := slices.Index(args, "--output")
	if n < 0 || out < 0 {
		t.Fatalf("the shards run %q: want -n and --output", args)
	}
	args = slices.Clone(args)
	args[n+1] = "40"
	volume, dir := filepath.Dir(args[out+1]), t.TempDir()
	args[out+1] = filepath.Join(dir, filepath.Base(args[out+1]))
	for i := range shards.Spec.Completions {
		t.Setenv(jobIndexEnv, strconv.Itoa(i))
		a := slices.Clone(args)
		a[out+1] = strings.ReplaceAll(a[out+1], "$(JOB_COMPLETION_INDEX)", strconv.Itoa(i))
		mustSucceed(t, a...)
	}
	one := without(args, "--shard", "--output")
	for _, c := range merge.Spec.Template.Spec.Containers {
		a := slices.Clone(c.Args)
		if a[len(a)-1] != volume {
			t.Fatalf("the merge's %s container runs %q, not on the shards' folder %s", c.Name, c.Args, volume)
		}
		a[len(a)-1] = dir
		want := one
		if !slices.Contains(a, "--json") {
			want = slices.DeleteFunc(slices.Clone(one), func(s string) bool { return s == "--json" })
		}
		if got, want := mustSucceed(t, a...), mustSucceed(t, want...); got != want {
			t.Errorf("the merge's %s container prints\n%s\none run prints\n%s", c.Name, got, want)
		}
	}
}
