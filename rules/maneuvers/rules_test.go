package maneuvers

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"fray/dice"
	"fray/engine"
)

// TestTestRoll checks R01 and R02: the pass at 10, a Success for every 5
// over, the kept die of a boon or bane, and automatic results that draw no
// die.
func TestTestRoll(t *testing.T) {
	s := &State{Options: DefaultOptions()}
	for _, c := range []struct {
		check
		dice      []int
		total     int
		pass      bool
		successes int
		drawn     int
	}{
		{check{mod: 0}, []int{9}, 9, false, 0, 1},
		{check{mod: 0}, []int{10}, 10, true, 1, 1},
		{check{mod: 4}, []int{10}, 14, true, 1, 1},
		{check{mod: 5}, []int{10}, 15, true, 2, 1},
		{check{mod: 5}, []int{20}, 25, true, 4, 1},
		{check{mod: 3, edge: 1}, []int{4, 15}, 18, true, 2, 2},
		{check{mod: 3, edge: 2}, []int{15, 4}, 18, true, 2, 2},
		{check{mod: 3, edge: -1}, []int{4, 15}, 7, false, 0, 2},
		{check{mod: 3, autoPass: true}, nil, 0, true, 1, 0},
		{check{mod: 3, autoPass: true, autoFail: true}, nil, 0, false, 0, 0},
	} {
		src := dice.NewScript(c.dice...)
		r := s.roll(src, c.check)
		if r.Total != c.total || r.Pass != c.pass || r.Successes != c.successes || src.Drawn() != c.drawn {
			t.Errorf("%+v with %v: got %+v after %d dice; want total %d, pass %v, %d successes, %d dice",
				c.check, c.dice, r, src.Drawn(), c.total, c.pass, c.successes, c.drawn)
		}
	}
}

// TestContest checks R03: ties and double failures go to the resister.
func TestContest(t *testing.T) {
	pass := func(n int) TestRoll { return TestRoll{Pass: true, Successes: n} }
	fail := TestRoll{}
	for _, c := range []struct {
		a, b TestRoll
		want bool
	}{
		{pass(1), fail, true}, {fail, pass(1), false}, {fail, fail, false},
		{pass(2), pass(1), true}, {pass(2), pass(2), false}, {pass(1), pass(3), false},
	} {
		if got := beats(c.a, c.b); got != c.want {
			t.Errorf("beats(%+v, %+v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestDamagePipeline checks R28-R31 with the worked examples E01-E06.
func TestDamagePipeline(t *testing.T) {
	s := &State{Options: DefaultOptions()}
	iron := []Armor{{Name: "iron", Level: "full", AR: 5}}
	bone := []Weapon{{Name: "bone", Kind: "shield", BR: 6}}
	for _, c := range []struct {
		name    string
		c       Combatant
		raw     int
		typ     string
		blocked bool
		want    int
	}{
		{"E01", Combatant{Resist: map[string]int{"fire": 3}}, 10, "fire", false, 7},
		{"E02 frost", Combatant{Resist: map[string]int{"magical": 2}}, 5, "frost", false, 3},
		{"E02 shock", Combatant{Resist: map[string]int{"magical": 2}}, 6, "shock", false, 4},
		{"E02 fire", Combatant{Resist: map[string]int{"magical": 2}}, 1, "fire", false, 0},
		{"E02 crushing", Combatant{Resist: map[string]int{"magical": 2}}, 5, "crushing", false, 5},
		{"E03", Combatant{Vulnerable: map[string]int{"crushing": 3}}, 4, "crushing", false, 7},
		{"E04 slashing", Combatant{Armor: iron}, 8, "slashing", false, 3},
		{"E04 fire", Combatant{Armor: iron}, 8, "fire", false, 8},
		{"E05 slashing", Combatant{Weapons: bone, Wield: []string{"bone"}}, 9, "slashing", true, 3},
		{"E05 shock", Combatant{Weapons: bone, Wield: []string{"bone"}}, 9, "shock", true, 6},
		{"E05 iron", Combatant{Weapons: bone, Wield: []string{"bone"}, Armor: iron}, 12, "piercing", true, 1},
		{"A26 best AR", Combatant{Armor: []Armor{{Level: "partial", AR: 1}, {Level: "full", AR: 5, ARMagical: 1}}}, 8, "slashing", false, 3},
		{"A26 magical AR", Combatant{Armor: []Armor{{Level: "partial", AR: 1}, {Level: "full", AR: 5, ARMagical: 1}}}, 8, "fire", false, 7},
		{"E05 not blocked", Combatant{Weapons: bone, Wield: []string{"bone"}}, 9, "slashing", false, 9},
		{"A25 other", Combatant{Weapons: bone, Wield: []string{"bone"}}, 9, "acid", true, 9},
		{"E06 fire", Combatant{Resist: map[string]int{"fire": 3, "magical": 2}}, 10, "fire", false, 7},
		{"E06 crushing", Combatant{Vulnerable: map[string]int{"crushing": 3, "physical": 2}}, 4, "crushing", false, 7},
	} {
		if _, _, _, _, got := damageAfter(s, &c.c, c.raw, c.typ, c.blocked); got != c.want {
			t.Errorf("%s: %d %s damage leaves %d, want %d", c.name, c.raw, c.typ, got, c.want)
		}
	}
	s.Options.ShieldVsOther = "half"
	sh := Combatant{Weapons: bone, Wield: []string{"bone"}}
	if _, _, _, _, got := damageAfter(s, &sh, 9, "acid", true); got != 6 {
		t.Errorf("shield_vs_other half: 9 acid leaves %d, want 6", got)
	}
}

// TestSizeMatters checks R21's table.
func TestSizeMatters(t *testing.T) {
	for _, c := range []struct {
		loser, winner string
		want          sizeEffect
	}{
		{"gargantuan", "medium", sizeEffect{autoPass: true}},
		{"large", "medium", sizeEffect{edge: 1}},
		{"medium", "", sizeEffect{}},
		{"small", "medium", sizeEffect{edge: -1}},
		{"tiny", "medium", sizeEffect{autoFail: true}},
	} {
		if got := sizeEffectOf(c.loser, c.winner); got != c.want {
			t.Errorf("%s against %s: %+v, want %+v", c.loser, c.winner, got, c.want)
		}
	}
}

// duel is a small spec for the tests below.
func duel() *Spec {
	return &Spec{Combatants: []Combatant{
		{ID: "ann", Side: "a", Str: 3, Health: 20, Weapons: []Weapon{{Name: "sword", Kind: "melee", Damage: "1d8", Type: "slashing"}},
			Styles: []Style{{Name: "fencer", Rank: 2, Gear: []string{"sword"}}}},
		{ID: "bob", Side: "b", Str: 2, Health: 20, X: 1, Weapons: []Weapon{{Name: "sword", Kind: "melee", Damage: "1d8", Type: "slashing"}}},
	}}
}

// hiddenFromBob is the duel's state with cy too, in the order given, ann
// hidden from bob.
func hiddenFromBob(t *testing.T, cy Combatant, order ...string) State {
	sp := duel()
	sp.Combatants = append(sp.Combatants, cy)
	sp.Begin = Start{Order: order, Combatants: map[string]CombatantStart{"ann": {HiddenFrom: []string{"bob"}}}}
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestStyleGear checks R26 and E07: 5 items free, 25 XP each beyond,
// at most 10, checked against the XP given.
func TestStyleGear(t *testing.T) {
	sp := duel()
	xp := 20
	sp.Combatants[0].XP = &xp
	sp.Combatants[0].Styles = []Style{{Name: "big", Gear: strings.Fields("a b c d e f")}}
	sp.Combatants[1].Styles = []Style{{Name: "huge", Gear: strings.Fields("a b c d e f g h i j k")}}
	_, err := sp.State()
	want := []string{
		"combatants[0].xp: the styles' gear beyond 5 free items costs 25 XP and ann has 20 (R26)",
		"combatants[1].styles[0].gear: a style lists at most 10 items, not 11 (R26)",
	}
	wantProblems(t, err, want)
	xp = 25
	sp.Combatants[1].Styles[0].Gear = sp.Combatants[1].Styles[0].Gear[:10]
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	if s.Combatants[0].StyleXP != 25 || s.Combatants[1].StyleXP != 125 {
		t.Errorf("style XP %d and %d, want 25 and 125", s.Combatants[0].StyleXP, s.Combatants[1].StyleXP)
	}
}

// TestNegativeResistance checks that a resistance or vulnerability below
// 0 is refused at its field (R28): under a group's, or none, only the
// highest counting, it would do nothing.
func TestNegativeResistance(t *testing.T) {
	sp := duel()
	sp.Combatants[1].Resist = map[string]int{"fire": -3}
	sp.Combatants[1].Vulnerable = map[string]int{"physical": -1}
	_, err := sp.State()
	want := []string{
		"combatants[1].resist.fire: -3 is less than 0: a resistance takes damage off, 0 or more (R28); the other way round is vulnerable",
		"combatants[1].vulnerable.physical: -1 is less than 0: a vulnerability adds damage, 0 or more (R28); the other way round is resist",
	}
	wantProblems(t, err, want)
}

// TestNPCInitiative checks that an NPC's initiative modifier is refused
// at its field: an NPC rolls 1d6 + PER (R05), and a PC's is kept.
func TestNPCInitiative(t *testing.T) {
	sp := duel()
	two, three := 2, 3
	sp.Combatants[0].PC, sp.Combatants[0].Initiative = true, &two
	sp.Combatants[1].Initiative = &three
	_, err := sp.State()
	wantProblems(t, err, []string{"combatants[1].initiative: bob is an NPC, which rolls initiative 1d6 + PER (R05): only a player character (pc: true) has an initiative modifier"})
	sp.Combatants[1].Initiative = nil
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	if got := initMod(&s.Combatants[0]); got != 2 {
		t.Errorf("the PC's initiative modifier is %d, want 2", got)
	}
}

// TestStartProblems checks that a starting state's mistakes are each
// reported at their field.
func TestStartProblems(t *testing.T) {
	sp := duel()
	hp := 0
	sp.Begin = Start{Order: []string{"ann", "bob"}, Turn: "bob", Combatants: map[string]CombatantStart{
		"bob": {HP: &hp},
		"zed": {},
	}}
	_, err := sp.State()
	want := []string{
		`start.combatants.zed: no combatant "zed"; combatants: ann, bob`,
		"start.turn: bob is unconscious or dead and takes no turn",
	}
	wantProblems(t, err, want)
	over := sp.Combatants[0].Health + 1
	sp.Begin = Start{Combatants: map[string]CombatantStart{"ann": {HP: &over}}}
	if _, err := sp.State(); err == nil || err.Error() != fmt.Sprintf("start.combatants.ann.hp: ann has at most %d health (R33), not %d", over-1, over) {
		t.Errorf("health above the maximum: %v", err)
	}
	sp.Begin = Start{Order: []string{"ann"}}
	if _, err := sp.State(); err == nil || !strings.Contains(err.Error(), "start.order: the order must list every combatant once") {
		t.Errorf("an order without bob: %v", err)
	}
	// What holds only between foes, only in round 1 or only in one's
	// own turn is refused at its field.
	sp = duel()
	sp.Combatants = append(sp.Combatants, Combatant{ID: "cy", Side: "a", Health: 10, X: 5}, Combatant{ID: "dan", Side: "b", Health: 10, Y: 1})
	sp.Begin = Start{Round: 2, Order: []string{"ann", "bob", "cy", "dan"}, Combatants: map[string]CombatantStart{
		"ann": {HiddenFrom: []string{"cy", "bob", "bob"}, Feinting: "cy", Surprised: true},
		"bob": {GrappledBy: "cy", Moved: 1},
		"cy":  {GrappledBy: "ann"},
		"dan": {GrappledBy: "ann"},
	}}
	_, err = sp.State()
	want = []string{
		"start.combatants.ann.feinting: cy is no foe of ann: a feint is made on a foe, the loser of a combat roll (R20)",
		"start.combatants.ann.hidden_from: cy is no foe of ann: one hides from foes (R36)",
		"start.combatants.ann.hidden_from: bob is named twice",
		"start.combatants.ann.surprised: surprise lasts round 1 only (R07), and the fight is in round 2",
		"start.combatants.bob.grappled_by: cy is 4.00 m from bob: a grapple holds a foe within 1 m (R35)",
		"start.combatants.cy.grappled_by: ann is no foe of cy: a grapple holds a foe (R35)",
		"start.combatants.bob.moved: metres moved are the turn's, and it is not bob's turn",
	}
	wantProblems(t, err, want)
	sp.Begin = Start{Order: []string{"ann", "bob", "cy", "dan"}, Combatants: map[string]CombatantStart{
		"bob": {GrappledBy: "ann"}, "dan": {GrappledBy: "ann"},
	}}
	if _, err := sp.State(); err == nil || err.Error() != "start.combatants.dan.grappled_by: ann grapples bob already: one grapple at a time (R35)" {
		t.Errorf("one grappler holding two: %v", err)
	}
	one := 1
	sp.Begin = Start{Combatants: map[string]CombatantStart{"ann": {AP: &one, Attacks: 1}}}
	_, err = sp.State()
	want = []string{
		"start.combatants.ann.ap: AP are the round's: round 1 begins with 3 each (R06); give an order to start part-way through",
		"start.combatants.ann.attacks: attacks are the round's: round 1 begins with none made (R06); give an order to start part-way through",
	}
	if err == nil || err.Error() != strings.Join(want, "\n") {
		t.Errorf("AP and attacks before the fight begins: %v", err)
	}
}

// TestRefusals checks that bad commands are refused with their code and a
// readable message, and change nothing.
func TestRefusals(t *testing.T) {
	sp := duel()
	sp.Begin = Start{Order: []string{"ann", "bob"}}
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	r := Rules{}
	before := r.Clone(&s)
	for _, c := range []struct {
		actor string
		cmd   Command
		code  engine.Code
		msg   string
	}{
		{"bob", &Strike{Target: "ann"}, engine.NotYourTurn, "it is ann's decision, not bob's"},
		{"ann", &Strike{Target: "zed"}, engine.Invalid, `there is no combatant called "zed"`},
		{"ann", &Strike{Target: "bob", Weapon: "axe"}, engine.Invalid, `ann carries no "axe"`},
		{"ann", &Strike{Target: "bob", Attr: "cha"}, engine.Invalid, `a strike uses str or agi, not "cha"`},
		{"ann", &Move{To: Point{40, 0}}, engine.NotAllowedNow, "moving to 40,0 costs 40.00 m and ann has 6.00 m left this turn (dash for more)"},
		{"ann", &Defend{Defence: Block}, engine.NotAllowedNow, "no attack waits for a defence: it is ann's turn"},
		{"ann", &Continue{}, engine.NotAllowedNow, "cannot continue now: it is ann's turn"},
		{"ann", &Escape{}, engine.NotAllowedNow, "ann is not grappled"},
		{"ann", &Delay{After: "ann"}, engine.NotAllowedNow, "cannot delay until after \"ann\": it must be someone whose turn is still to come this round (bob)"},
		{"ann", &EndFight{}, engine.NotYourTurn, "only the GM ends a fight"},
	} {
		_, err := r.Decide(&s, c.actor, c.cmd, dice.NewScript())
		var e *engine.Error
		if !errors.As(err, &e) || e.Code != c.code || e.Msg != c.msg {
			t.Errorf("%s: %s: got %v, want %s: %s", c.actor, r.FormatCommand(c.cmd), err, c.code, c.msg)
		}
	}
	if a, b := r.Next(&s), r.Next(&before); a.Question != b.Question || len(a.Options) != len(b.Options) {
		t.Errorf("a refusal changed the state")
	}
}

// TestOutcomeTags checks the tags of a critical win with Precision that
// takes its target down.
func TestOutcomeTags(t *testing.T) {
	sp := duel()
	hp := 5
	sp.Begin = Start{Order: []string{"ann", "bob"}, Combatants: map[string]CombatantStart{"bob": {HP: &hp}}}
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	r := Rules{}
	var events []Event
	src := dice.NewScript(15, 2)
	for _, step := range []struct {
		actor string
		cmd   Command
	}{{"ann", &Strike{Target: "bob"}}, {engine.GM, &Situation{}}, {"bob", &Defend{Defence: DodgeDef}}, {"ann", &Maneuver{Name: Precision}}} {
		evs, err := r.Decide(&s, step.actor, step.cmd, src)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			r.Evolve(&s, e)
		}
		events = append(events, evs...)
	}
	damage := make([]int, 2)
	tags := r.Outcome(&s, "ann", events, &s, nil, damage)
	if got := strings.Join(tags, " "); got != "hit critical bob:down precision" || damage[1] != 8 {
		t.Errorf("tags %q, damage %v; want hit critical bob:down precision and 8 to bob", got, damage)
	}
	if cond, down := r.Condition(&s, "bob"); cond != "unconscious" || !down {
		t.Errorf("bob is %s (down %v), want unconscious", cond, down)
	}
}

// TestGrammar checks the command table: no mistake in it, every command
// kind written by a row, and every command read from its text (synonyms
// too), written back and read again as the same command.
func TestGrammar(t *testing.T) {
	if err := words.Err(); err != nil {
		t.Fatal(err)
	}
	if err := words.RoundTrip(nil, "begin", "begin red", "delay bob", "move 1.5,-2", "move to 3 0", "dash", "disengage",
		"strike bob", "attack bob with sword style fencer using agi", "cast bolt at bob", "cast mend on ann", "grapple bob",
		"escape", "escape with acrobatics", "release", "release sword", "stand", "stand up", "search", "sneak", "sneak to 1,2",
		"pick-up sword", "pick up sword", "end", "end turn", "situation", "situation unaware cover low mod -2 edge 1 defence-mod 1 defense-edge -1",
		"block", "dodge", "parry using str", "withstand", "none", "no defence", "oa", "opportunity attack with dagger", "pass",
		"bash", "brace", "disarm sword", "feint", "precision", "precision head", "push", "trip", "no-maneuver", "no maneuvre",
		"resist athletics", "way-clear", "way blocked", "draw sword", "stow sword", "manipulate the big lever", "continue",
		"end-fight", "end the fight red", "rest", "train ann fencer rapier of note", "done", "improvise swing at bob with athletics",
		"harmless", "harmless with athletics", "harmful", "harmful melee mind with athletics damage 1d6+1 type blunt"); err != nil {
		t.Error(err)
	}
	r := Rules{}
	for _, text := range []string{"strike bob with sword style fencer using agi", "move 1.5,-2", "situation unaware cover low mod -2 edge 1",
		"parry using agi", "disarm sword", "precision head", "no-maneuver", "resist sleight-of-hand", "cast bolt at bob", "release", "escape acrobatics"} {
		c, err := r.ParseCommand(nil, "ann", text)
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		if got := r.FormatCommand(c); got != text {
			t.Errorf("%q reads back as %q", text, got)
		}
	}
	if _, err := r.ParseCommand(nil, "ann", "move 1;2"); err == nil {
		t.Errorf("move 1;2 was read")
	}
}

// TestSynonyms checks that the other ways people write commands read as
// the commands they mean, some only when the fight waits for them.
func TestSynonyms(t *testing.T) {
	r := Rules{}
	maneuver := &State{Roll: &Roll{Stage: StageManeuver}}
	defence := &State{Roll: &Roll{Stage: StageDefence}}
	grapple := &State{Contest: &Contest{}}
	for _, c := range []struct {
		s          *State
		text, want string
	}{
		{nil, "Attack bob with sword", "strike bob with sword"},
		{nil, "opportunity attack", "oa"},
		{nil, "attack of opportunity with sword", "oa with sword"},
		{nil, "stand up", "stand"},
		{nil, "end turn", "end"},
		{nil, "pick up sword", "pick-up sword"},
		{nil, "maneuver trip", "trip"},
		{nil, "defend dodge", "dodge"},
		{nil, "no defense", "none"},
		{nil, "use magic mend on ann", "cast mend at ann"},
		{nil, "resist with athletics", "resist athletics"},
		{nil, "delay until after bob", "delay bob"},
		{nil, "move to 3,0", "move 3,0"},
		{nil, "move 3 -1.5", "move 3,-1.5"},
		{nil, "situation defense-mod 2", "situation defence-mod 2"},
		{nil, "parry with agi", "parry using agi"},
		{nil, "parry str", "parry using str"},
		{nil, "strike bob using agility", "strike bob using agi"},
		{nil, "resist with sleight of hand", "resist sleight-of-hand"},
		{nil, "escape using acrobatics", "escape acrobatics"},
		{nil, "move to 3, -1", "move 3,-1"},
		{grapple, "sleight of hand", "resist sleight-of-hand"},
		{maneuver, "pass", "no-maneuver"},
		{maneuver, "none", "no-maneuver"},
		{defence, "pass", "none"},
		{grapple, "acrobatics", "resist acrobatics"},
		{nil, "pass", "pass"},
	} {
		cmd, err := r.ParseCommand(c.s, "ann", c.text)
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if got := r.FormatCommand(cmd); got != c.want {
			t.Errorf("%q reads as %q, want %q", c.text, got, c.want)
		}
	}
}

// TestHiddenViews checks the secret of hiding: a foe a combatant is
// hidden from sees it where it hid and not its moves; the GM and its
// allies see everything.
func TestHiddenViews(t *testing.T) {
	s := hiddenFromBob(t, Combatant{ID: "cy", Side: "a", Health: 10, Y: 3}, "ann", "bob", "cy")
	r := Rules{}
	events, err := r.Decide(&s, "ann", &Move{To: Point{0, 2}}, dice.NewScript())
	if err != nil {
		t.Fatal(err)
	}
	bob, cy := engine.Viewer{Combatant: "bob"}, engine.Viewer{Combatant: "cy"}
	for _, e := range events {
		if _, ok := r.ViewEvent(&s, e, bob); ok {
			t.Errorf("bob sees %s", r.DescribeEvent(&s, e))
		}
		if _, ok := r.ViewEvent(&s, e, cy); !ok {
			t.Errorf("cy does not see %s", r.DescribeEvent(&s, e))
		}
		r.Evolve(&s, e)
	}
	if _, ok := r.ViewCommand(&s, "ann", &Move{To: Point{0, 2}}, bob); ok {
		t.Errorf("bob sees ann's move command")
	}
	// Nor her standing up, nor her letting an opportunity go (R36).
	for _, c := range []Command{&Stand{}, &Pass{}} {
		if _, ok := r.ViewCommand(&s, "ann", c, bob); ok {
			t.Errorf("bob sees ann's %s command", r.FormatCommand(c))
		}
		if _, ok := r.ViewCommand(&s, "ann", c, cy); !ok {
			t.Errorf("cy does not see ann's %s command", r.FormatCommand(c))
		}
	}
	var view State
	r.ViewInto(&view, &s, bob)
	if a := view.Combatant("ann"); a.X != 0 || a.Y != 0 {
		t.Errorf("bob sees ann at %g,%g, want where she hid, 0,0", a.X, a.Y)
	}
	r.ViewInto(&view, &s, engine.Everyone)
	if a := view.Combatant("ann"); a.Y != 2 {
		t.Errorf("the GM sees ann at %g,%g, want 0,2", a.X, a.Y)
	}
	view.Combatants[0].Wield[0] = "changed"
	if s.Combatants[0].Wield[0] != "sword" {
		t.Errorf("changing a view changed the state")
	}
}

// TestHiddenWindowReactors checks that a reaction window of an older log
// names to a foe none of its reactors hidden from that foe, in the view of
// the state and in the prompt (R36).
func TestHiddenWindowReactors(t *testing.T) {
	s := hiddenFromBob(t, Combatant{ID: "cy", Side: "a", Health: 10, Y: 3}, "bob", "ann", "cy")
	r := Rules{}
	opened := &WindowOpened{Reactors: []string{"ann", "cy"}}
	if e, ok := r.ViewEvent(&s, opened, engine.Viewer{Combatant: "bob"}); !ok || strings.Contains(r.DescribeEvent(&s, e), "ann") {
		t.Errorf("bob reads the window's opening as %q, want cy's alone", r.DescribeEvent(&s, e))
	}
	r.Evolve(&s, opened)
	bob := engine.Viewer{Combatant: "bob"}
	var view State
	r.ViewInto(&view, &s, bob)
	if w := view.Window; w == nil || len(w.Reactors) != 1 || w.Reactors[0] != "cy" || w.Next != 0 {
		t.Errorf("bob's view of the window = %+v, want cy alone, next 0", w)
	}
	if p := r.ViewPrompt(&s, r.Next(&s), bob); p.Actor != engine.GM || len(p.Options) != 0 || strings.Contains(p.Question, "ann") {
		t.Errorf("bob sees the prompt %+v, want the GM's, naming nobody", p)
	}
	passed := &ReactionPassed{Combatant: "ann"}
	if _, ok := r.ViewEvent(&s, passed, engine.Viewer{Combatant: "bob"}); ok {
		t.Errorf("bob reads that ann uses no reaction")
	}
	r.Evolve(&s, passed)
	r.ViewInto(&view, &s, bob)
	if w := view.Window; w == nil || len(w.Reactors) != 1 || w.Next != 0 {
		t.Errorf("bob's view of the window after ann passed = %+v, want cy asked", w)
	}
	if w := s.Window; w == nil || len(w.Reactors) != 2 || w.Next != 1 {
		t.Errorf("the view changed the state's window: %+v", w)
	}
}

// TestItemProblems checks that an item's field its kind never reads is
// refused at that field rather than ignored, and so is gear a style lists
// twice (R14, R26, R30).
func TestItemProblems(t *testing.T) {
	sp := duel()
	sp.Combatants[0].Weapons = []Weapon{
		{Name: "sword", Kind: "melee", Damage: "1d8", Type: "slashing", Range: 20},
		{Name: "bow", Kind: "ranged", Damage: "1d6", Type: "piercing", Range: 20, Reach: 2},
		{Name: "buckler", Kind: "shield", BR: 2, Damage: "1d4", Type: "crushing"},
		{Name: "axe", Kind: "melee", Damage: "1d8", Type: "slashing", BR: 4},
	}
	sp.Combatants[0].Wield = []string{"sword"}
	sp.Combatants[0].Styles = []Style{{Name: "fencer", Gear: []string{"sword", "bow", "sword"}}}
	_, err := sp.State()
	want := []string{
		"combatants[0].styles[0].gear[2]: \"sword\" is listed twice: a style's gear is different types of gear (R26)",
		"combatants[0].weapons[0].range: a melee weapon strikes within its reach (R14); range is a ranged or thrown weapon's",
		"combatants[0].weapons[1].reach: only a melee weapon has a reach (R14); a ranged item has none",
		"combatants[0].weapons[2].damage: a shield blocks rather than strikes (R15, R30): it has no damage or damage type",
		"combatants[0].weapons[3].br: only a shield has a block rating (R30); a melee weapon has none",
	}
	wantProblems(t, err, want)
}

// TestSpellProblems checks that spell data the rules cannot use is
// refused at its field: an attack spell marked as a reaction (R13).
func TestSpellProblems(t *testing.T) {
	sp := duel()
	sp.Combatants[0].Spells = []Spell{{Name: "bolt", Traits: []string{"attack"}, Reaction: true, Range: 10, Damage: "1d6", Type: "fire"}}
	_, err := sp.State()
	want := "combatants[0].spells[0].reaction: an attack spell cannot be a reaction: only spells that are no attacks are used as reactions (R13)"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	// A free spell's AP, a non-attack's defences and an item held twice
	// are refused rather than ignored (R10, R15).
	sp = duel()
	sp.Combatants[0].Spells = []Spell{{Name: "quick", Free: true, AP: 2, Heal: "1"}, {Name: "ward", Defences: []string{"dodge"}}}
	sp.Combatants[0].Wield = []string{"sword", "sword"}
	_, err = sp.State()
	wants := []string{
		`combatants[0].wield[1]: "sword" is named twice: an item is held once`,
		"combatants[0].spells[0].ap: a free spell costs no AP (R10), not 2",
		"combatants[0].spells[1].defences: only an attack is defended against (R15): give the spell the attack or melee-attack trait, or no defences",
	}
	wantProblems(t, err, wants)
}

// TestReactionsBetweenActions checks R13 and A12: between actions the act
// prompt names as Others everyone who may react, OptionsFor gives each its
// reactions, Decide takes a reaction from them and nothing else, and a
// foe a reactor is hidden from is not told of it.
func TestReactionsBetweenActions(t *testing.T) {
	sp := duel()
	hp := 12
	sp.Combatants = append(sp.Combatants,
		Combatant{ID: "cy", Side: "a", Health: 10, Y: 1, Spells: []Spell{{Name: "mend", Reaction: true, Heal: "1d6"}}},
		Combatant{ID: "dee", Side: "b", Health: 10, X: 5})
	sp.Begin = Start{Order: []string{"bob", "ann", "cy", "dee"}, Combatants: map[string]CombatantStart{
		"ann": {HP: &hp}, "cy": {HiddenFrom: []string{"bob"}}, "dee": {Surprised: true}}}
	s, err := sp.State()
	if err != nil {
		t.Fatal(err)
	}
	r := Rules{}
	p := r.Next(&s)
	if p.Actor != "bob" || !slices.Equal(p.Others, []string{"ann", "cy"}) {
		t.Fatalf("prompt for %s, others %v; want bob, others ann and cy (dee is surprised)", p.Actor, p.Others)
	}
	var cy []string
	for _, o := range r.OptionsFor(&s, "cy") {
		cy = append(cy, r.FormatCommand(o.Command))
	}
	if !slices.Equal(cy, []string{"cast mend at ann"}) {
		t.Errorf("cy's options %q, want cast mend at ann", cy)
	}
	var ann []string
	for _, o := range r.OptionsFor(&s, "ann") {
		ann = append(ann, r.FormatCommand(o.Command))
	}
	if !slices.Equal(ann, []string{"stow sword"}) {
		t.Errorf("ann's options %q, want stow sword", ann)
	}
	if o := r.OptionsFor(&s, "dee"); o != nil {
		t.Errorf("dee, surprised, is offered %d options", len(o))
	}
	if v := r.ViewPrompt(&s, p, engine.Viewer{Combatant: "bob"}); !slices.Equal(v.Others, []string{"ann"}) || len(p.Others) != 2 {
		t.Errorf("bob sees others %v (the prompt's now %v), want ann alone: cy is hidden from him", v.Others, p.Others)
	}
	if _, err := r.Decide(&s, "ann", &Strike{Target: "bob"}, dice.NewScript()); engine.CodeOf(err) != engine.NotYourTurn {
		t.Errorf("ann strikes in bob's turn: %v, want not-your-turn", err)
	}
	events, err := r.Decide(&s, "cy", &Cast{Spell: "mend", Target: "ann"}, dice.NewScript(4))
	if err != nil {
		t.Fatal(err)
	}
	engine.Apply[State, Command, Event](r, &s, events)
	if a, c := s.Combatant("ann"), s.Combatant("cy"); a.HP != 16 || c.AP != 2 || r.Next(&s).Actor != "bob" {
		t.Errorf("after cy's mend: ann %d health, cy %d AP, prompt for %s; want 16, 2, bob", a.HP, c.AP, r.Next(&s).Actor)
	}
}

// wantProblems fails t unless err says the problems want, one a line, in
// that order.
func wantProblems(t *testing.T, err error, want []string) {
	t.Helper()
	if err == nil || err.Error() != strings.Join(want, "\n") {
		t.Errorf("got %v\nwant %s", err, strings.Join(want, "\n"))
	}
}
