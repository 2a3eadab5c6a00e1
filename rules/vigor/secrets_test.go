package vigor_test

import (
	"testing"

	"fray/engine"
	"fray/rules/vigor"
)

// BenchmarkViewInto makes an enemy's view of a fight with hidden creatures
// decision after decision, as a simulation gives each policy one: once
// dst holds memory from the first view, a view allocates nothing.
//
//	go test ./rules/vigor -run '^$' -bench ViewInto -benchmem
func BenchmarkViewInto(b *testing.B) {
	s := load(b, "hidden.yaml", `
ruleset: vigor
options: {gm_prompts: true}
sides: [{id: a}, {id: b}]
combatants:
  - {use: duelist, id: ann, side: a, x: 0, y: 0}
  - {use: archer, id: bo, side: b, x: 40, y: 5, hidden: true}
  - {use: grizzly, id: bear, side: b, x: 8, y: 0, hidden: true}
  - {use: bandit, id: kit, side: b, x: 10, y: 10}
`)
	r := vigor.Rules{}
	v := engine.Viewer{Combatant: "ann"}
	var view vigor.State
	r.ViewInto(&view, &s, v)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		r.ViewInto(&view, &s, v)
	}
	if c := view.Combatant("bo"); c == nil || !c.Unseen {
		b.Fatal("bo is not unseen in ann's view")
	}
}
