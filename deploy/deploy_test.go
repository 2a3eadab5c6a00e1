// Package deploy holds what runs fray elsewhere: the container image's
// Dockerfile and the Kubernetes manifests of a sharded simulation
// (docs/sim.md#running-on-kubernetes). Its tests decode the manifests with
// the Kubernetes API types, refusing any field those types do not have.
package deploy_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// decode reads a manifest into v strictly: a field the API type does not
// have, or a key given twice, is an error.
func decode(t *testing.T, file string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("kubernetes", file))
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(data, v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
}

// TestStrictDecoding: a misspelt field is refused, so the manifests'
// decoding below checks every field they write.
func TestStrictDecoding(t *testing.T) {
	var job batchv1.Job
	err := yaml.UnmarshalStrict([]byte("apiVersion: batch/v1\nkind: Job\nspec:\n  completionMod: Indexed\n"), &job)
	if err == nil || !strings.Contains(err.Error(), `unknown field "completionMod"`) {
		t.Errorf("a misspelt field: %v", err)
	}
}

// container returns the pod's container of the given name.
func container(t *testing.T, job *batchv1.Job, name string) *corev1.Container {
	t.Helper()
	for i, c := range job.Spec.Template.Spec.Containers {
		if c.Name == name {
			return &job.Spec.Template.Spec.Containers[i]
		}
	}
	t.Fatalf("job %s has no container %s", job.Name, name)
	return nil
}

// flag returns the value after flag in args.
func flag(t *testing.T, args []string, flag string) string {
	t.Helper()
	i := slices.Index(args, flag)
	if i < 0 || i+1 >= len(args) {
		t.Fatalf("no %s in %q", flag, args)
	}
	return args[i+1]
}

// mountOf returns the path the container mounts the pod's volume of claim
// at, and whether read-only.
func mountOf(t *testing.T, job *batchv1.Job, c *corev1.Container, claim string) (string, bool) {
	t.Helper()
	for _, v := range job.Spec.Template.Spec.Volumes {
		if v.PersistentVolumeClaim == nil || v.PersistentVolumeClaim.ClaimName != claim {
			continue
		}
		for _, m := range c.VolumeMounts {
			if m.Name == v.Name {
				return m.MountPath, m.ReadOnly
			}
		}
	}
	t.Fatalf("container %s of job %s does not mount the claim %s", c.Name, job.Name, claim)
	return "", false
}

// TestManifests checks the manifests against each other and against what
// fray needs: an Indexed Job of N completions running shard env/N, writing
// to the claimed volume that the merge Job reads, all from one image.
func TestManifests(t *testing.T) {
	var pvc corev1.PersistentVolumeClaim
	var shards, merge batchv1.Job
	decode(t, "pvc.yaml", &pvc)
	decode(t, "sim-job.yaml", &shards)
	decode(t, "merge-job.yaml", &merge)
	if pvc.APIVersion != "v1" || pvc.Kind != "PersistentVolumeClaim" || shards.APIVersion != "batch/v1" || shards.Kind != "Job" || merge.APIVersion != "batch/v1" || merge.Kind != "Job" {
		t.Fatalf("kinds: %s %s, %s %s, %s %s", pvc.APIVersion, pvc.Kind, shards.APIVersion, shards.Kind, merge.APIVersion, merge.Kind)
	}
	if !slices.Contains(pvc.Spec.AccessModes, corev1.ReadWriteMany) {
		t.Errorf("the claim's access modes %v: the shards write from several nodes at once", pvc.Spec.AccessModes)
	}

	spec := shards.Spec
	if spec.CompletionMode == nil || *spec.CompletionMode != batchv1.IndexedCompletion {
		t.Fatalf("the shards' Job is not Indexed: %v", spec.CompletionMode)
	}
	shard := container(t, &shards, "shard")
	args := shard.Args
	n, ok := strings.CutPrefix(flag(t, args, "--shard"), "env/")
	count, err := strconv.Atoi(n)
	if !ok || err != nil || spec.Completions == nil || int(*spec.Completions) != count {
		t.Errorf("--shard %s with %v completions: want env/N with N the completions", flag(t, args, "--shard"), spec.Completions)
	}
	if spec.Parallelism == nil || *spec.Parallelism < 1 || *spec.Parallelism > int32(count) {
		t.Errorf("parallelism %v", spec.Parallelism)
	}
	if args[0] != "sim" || !slices.Contains(args, "--json") || slices.Contains(args, "--plot") {
		t.Errorf("the shard runs %q: want fray sim ... --json, without --plot", args)
	}
	if rp := shards.Spec.Template.Spec.RestartPolicy; rp != corev1.RestartPolicyNever {
		t.Errorf("the shards restart %s; an Indexed Job with backoffLimitPerIndex needs Never", rp)
	}
	claim := pvc.Name
	dir, readOnly := mountOf(t, &shards, shard, claim)
	out := flag(t, args, "--output")
	if readOnly || filepath.Dir(out) != dir || !strings.Contains(out, "$(JOB_COMPLETION_INDEX)") || filepath.Ext(out) != ".json" {
		t.Errorf("the shard writes %s (read-only %v) on the volume at %s: want DIR/NAME-$(JOB_COMPLETION_INDEX).json", out, readOnly, dir)
	}

	if merge.Spec.CompletionMode != nil && *merge.Spec.CompletionMode != batchv1.NonIndexedCompletion {
		t.Errorf("the merge is %s", *merge.Spec.CompletionMode)
	}
	images := map[string]bool{shard.Image: true}
	for _, name := range []string{"text", "json"} {
		c := container(t, &merge, name)
		images[c.Image] = true
		at, _ := mountOf(t, &merge, c, claim)
		if c.Args[0] != "sim" || c.Args[1] != "merge" || c.Args[len(c.Args)-1] != at || at != dir {
			t.Errorf("the merge's %s container runs %q with the volume at %s: want fray sim merge %s", name, c.Args, at, dir)
		}
		if (name == "json") != slices.Contains(c.Args, "--json") {
			t.Errorf("the merge's %s container runs %q", name, c.Args)
		}
	}
	if len(images) != 1 {
		t.Errorf("the containers run %d images; the shards and the merge must be one fray", len(images))
	}
}

// TestDockerfile checks that the image is built from this repository in
// two stages, onto a small base, with the version stamped that fray puts
// in a shard's identity.
func TestDockerfile(t *testing.T) {
	data, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	from := regexp.MustCompile(`(?m)^FROM (\S+)`).FindAllStringSubmatch(string(data), -1)
	if len(from) != 2 || !strings.HasPrefix(from[0][1], "golang:") || !strings.HasPrefix(from[1][1], "gcr.io/distroless/static") {
		t.Errorf("FROM lines %v: want a golang build stage and a distroless static one", from)
	}
	src, err := os.ReadFile("../cmd/fray/simshard.go")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "-X main.buildVersion=") || !strings.Contains(string(src), "var buildVersion string") {
		t.Error("the Dockerfile stamps main.buildVersion, which cmd/fray must declare")
	}
	for _, want := range []string{"CGO_ENABLED=0", "./cmd/fray", `ENTRYPOINT ["/usr/local/bin/fray"]`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the Dockerfile lacks %s", want)
		}
	}
}
