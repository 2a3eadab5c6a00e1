package parts

import (
	"testing"
	"testing/fstest"
)

func TestYAMLDocuments(t *testing.T) {
	fsys := fstest.MapFS{
		"content/sword.yaml": {Data: []byte("name: sword")},
		"content/notes.txt":  {Data: []byte("not content")},
		"content/sub/x.yaml": {Data: []byte("nested")},
		"elsewhere/bow.yaml": {Data: []byte("name: bow")},
		"content/plate.yaml": {Data: []byte("name: plate")},
	}
	got := YAMLDocuments(fsys, "content")
	if len(got) != 2 || string(got["sword"]) != "name: sword" || string(got["plate"]) != "name: plate" {
		t.Errorf("YAMLDocuments = %q, want sword and plate only", got)
	}
	if got := YAMLDocuments(fsys, "missing"); len(got) != 0 {
		t.Errorf("a missing directory gave %q", got)
	}
}
