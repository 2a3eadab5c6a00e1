package woundslots

import (
	"fmt"
	"strconv"
	"strings"

	"fray/engine"
)

// Sheets describes each creature for the table: its wound slots by level,
// filled out of their number (a level with no slots left out); AP out of
// the most its Speed lets it hold; its initiative, which moves during the
// fight; stamina out of its max; then, when it has them, fatigue, mana
// out of its max, the yards left in this round's movement pool, a
// recovery bonus, and during rests the long rests taken today out of 2.
// Then its conditions with how long each lasts, in the rules' words.
func (Rules) Sheets(s *State) []engine.Sheet {
	return engine.SheetEach(s.Combatants, func(c *Combatant) engine.Sheet {
		sh := engine.Sheet{Combatant: c.ID, Numbers: sheetNumbers(s, c)}
		writeConditions(&sh, s, c)
		return sh
	})
}

// sheetNumbers lists c's key numbers, most important first.
func sheetNumbers(s *State, c *Combatant) []engine.Number {
	nums := make([]engine.Number, 0, 12)
	for l := Light; l <= Fatal; l++ {
		if filled, slots := *c.Wounds.At(l), *c.Slots.At(l); slots > 0 || filled > 0 {
			nums = append(nums, engine.Number{Name: LevelName(l) + " wounds", Value: filled, Max: slots})
		}
	}
	nums = append(nums,
		engine.Number{Name: "AP", Value: c.AP, Max: apRow(c.Attributes.Speed).Max},
		engine.Number{Name: "initiative", Value: c.Initiative})
	if c.NormalMaxStamina() > 0 || c.Stamina > 0 {
		nums = append(nums, engine.Number{Name: "stamina", Value: c.Stamina, Max: c.MaxStamina()})
	}
	if c.Fatigue > 0 {
		nums = append(nums, engine.Number{Name: "fatigue", Value: c.Fatigue})
	}
	if c.RaceMana+c.Attributes.Lor > 0 || c.Mana > 0 {
		nums = append(nums, engine.Number{Name: "mana", Value: c.Mana, Max: c.maxMana()})
	}
	if c.PoolQuarters > 0 {
		nums = append(nums, engine.Number{Name: "yards of pool", Value: c.PoolYards()})
	}
	if c.RecoveryBonus > 0 {
		nums = append(nums, engine.Number{Name: "recovery bonus", Value: c.RecoveryBonus})
	}
	if s.Phase == Resting {
		nums = append(nums, engine.Number{Name: "long rests today", Value: c.LongRests, Max: MaxLongRests})
	}
	return nums
}

// coverName names a cover (R10) as the table says it; "" for none.
func coverName(cover string) string {
	switch cover {
	case "quarter", "half":
		return cover
	case "three":
		return "three-quarters"
	case "slit":
		return "nine-tenths"
	}
	return ""
}

// writeConditions adds to sh what c suffers or keeps up: first whether it
// is out of the fight, then what holds it, its posture, what its fatigue
// does, the round's hindrances, water, its lasting conditions and
// effects, what it has readied or is paying for, and its mount and cover.
func writeConditions(sh *engine.Sheet, s *State, c *Combatant) {
	add := sh.Suffers
	nameOf := func(id string) string { return sheetName(s, id) }
	round := max(s.Round, 1)
	switch {
	case c.Status == Dead:
		add("dead", "")
	case c.Status == Away:
		add("not arrived yet", "joins as round "+strconv.Itoa(c.Joins+1)+" begins (A14)")
	case c.IsDying && c.Status == Unconscious:
		last := round + max(0, max(1, 5+c.Attributes.Vit)-c.Dying)
		add("unconscious and dying", "dies at the end of "+roundWords(s, last)+" unless stabilized (A08)")
	case c.Status == Unconscious:
		add("unconscious", "until a wake check succeeds, one every 10 minutes (A09)")
	}
	if c.Status == Active && c.Helpless > 0 {
		add("helpless: the immobile Defense", "until the end of "+roundWords(s, round+c.Helpless-1)+" (R39)")
	}
	if c.PinnedBy != "" {
		add("pinned by "+nameOf(c.PinnedBy)+": helpless, may only escape", "until it escapes (R52, R59)")
	}
	for _, id := range c.Grappling {
		add("grappled with "+nameOf(id), "until one escapes or a gap opens (R52, A23)")
	}
	switch c.Posture {
	case Prone:
		add("prone: melee +3 and ranged -3 against it", "until it changes posture (R10, R49)")
	case Crouching:
		add("crouching: melee +2 and ranged -2 against it", "until it changes posture (R10, R49)")
	}
	if c.Surprised {
		add("surprised: no round 1 AP", "until the end of its first turn (R31, A14)")
	}
	if c.Defending {
		add("defending: +2 or a skill Defense", "until its next turn or a wound (R45)")
	}
	n := c.NormalMaxStamina()
	if c.IsExhausted {
		lasts := "until a long rest (A26)"
		if n > 0 {
			lasts = fmt.Sprintf("until fatigue is %d or less, or a long rest (A26)", (n-1)/2)
		}
		add(fmt.Sprintf("exhausted: -%d on every check and attack", ExhaustedPenalty), lasts)
	}
	if c.Staggered() {
		lasts := ""
		if n > 0 {
			lasts = fmt.Sprintf("until fatigue is %d or less (A26)", n-1)
		}
		add("staggered: no Turn End AP", lasts)
	}
	if c.Distracted {
		add("distracted: -2 on attacks and every Defense", "until the end of the round (R61, A33)")
	}
	if c.Harried > 0 {
		add(fmt.Sprintf("harried: -%d on ranged attacks", c.Harried), "until the end of the round (R46)")
	}
	if c.SharingWith != "" {
		add("sharing a space with "+nameOf(c.SharingWith)+": -2 on attacks and melee and ranged Defense", "until one leaves it (R51)")
	}
	switch {
	case c.Sunk:
		add("sunk below the surface: the immobile Defense", "until it surfaces or leaves the water (R75)")
	case c.Submerged:
		add("under water: the immobile Defense", "while it stays under water (R74)")
	}
	if c.Fell {
		add("fallen to the foot of its climb", "climbs again once it moves (R75)")
	}
	for i := range c.Conditions {
		cd := &c.Conditions[i]
		name := cd.Name
		if cd.Level > NoWound {
			name += " (" + LevelName(cd.Level) + ")"
		}
		add(name, lasting(s, cd.Since, cd.Rounds, "until treated (R64)"))
	}
	for i := range c.Effects {
		e := &c.Effects[i]
		name := "its " + e.Name + " holds"
		if e.Item != "" {
			name = "its " + e.Item + "'s " + e.Name + " holds"
		}
		if e.Mana > 0 {
			name += fmt.Sprintf(": %d mana invested", e.Mana)
		}
		add(name, lasting(s, e.Since, e.Rounds, "until ended (R60)"))
	}
	if c.Readied {
		name := "readied an attack"
		if !c.ReadyAction.IsZero() {
			name = "readied " + c.ReadyAction.String()
		}
		add(name, "until used, or any other action or reaction (R47)")
	}
	if l := c.Long; l != nil {
		lasts := ""
		switch {
		case l.Remaining > 0:
			lasts = strconv.Itoa(l.Remaining) + " AP still owed (R25)"
		case l.Rounds > 0:
			lasts = "all AP for " + strconv.Itoa(l.Rounds) + " more rounds (R25)"
		}
		add("in the middle of "+l.Object, lasts)
	}
	if c.OpeningOn != "" {
		add(fmt.Sprintf("an opening against %s: its rebuffs meet %d when that beats the Defense", nameOf(c.OpeningOn), c.OpeningTotal), "for the rest of the turn (R50)")
	}
	if c.Dashing {
		add("dashing: rate doubled", "until the end of the round (R54)")
	}
	if len(c.Ignoring) > 0 {
		names := make([]string, len(c.Ignoring))
		for i, id := range c.Ignoring {
			names[i] = nameOf(id)
		}
		add("ignoring "+strings.Join(names, ", ")+": their attacks are rear attacks (+4)", "until it stops ignoring them (R12)")
	}
	if c.Riding != "" {
		add("riding "+nameOf(c.Riding), "until it dismounts (R53, R76)")
	}
	if c.Rider != "" {
		add("ridden by "+nameOf(c.Rider), "until its rider dismounts (R53, R76)")
	}
	if c.Bolting {
		add("bolting: will not be steered", "until calmed (R77)")
	}
	if cv := coverName(c.Cover); cv != "" {
		add("behind "+cv+" cover", "until the GM rules otherwise (R10)")
	}
}

// roundWords names round n for a duration's end: "the round" when it is
// the round being fought, else "round n".
func roundWords(s *State, n int) string {
	if s.Round >= 1 && n <= s.Round {
		return "the round"
	}
	return "round " + strconv.Itoa(n)
}

// lasting says how long a condition or an effect from round since lasts:
// to the end of its last round (R32), or, lasting no set number of
// rounds, otherwise.
func lasting(s *State, since, rounds int, otherwise string) string {
	if rounds <= 0 {
		return otherwise
	}
	return "until the end of " + roundWords(s, since+rounds-1) + " (R32)"
}

// sheetName is how a sheet names the combatant with the given id: its
// name, or its id when it has none or another combatant shares it (three
// goblins called Goblin).
func sheetName(s *State, id string) string {
	t := s.Combatant(id)
	if t == nil || t.Name == "" {
		return id
	}
	for i := range s.Combatants {
		if o := &s.Combatants[i]; o.ID != id && o.Name == t.Name {
			return id
		}
	}
	return t.Name
}
