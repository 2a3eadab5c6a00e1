package blackpowder

import (
	"strconv"

	"fray/engine"
)

// Sheets describes each combatant for the table: LP out of its maximum,
// the actions left this turn, fatigue, and the rounds in the gun in hand;
// then what it suffers or keeps up, with how long each lasts.
func (Rules) Sheets(s *State) []engine.Sheet {
	return engine.SheetEach(s.Combatants, func(c *Combatant) engine.Sheet {
		sh := engine.Sheet{Combatant: c.ID, Numbers: []engine.Number{
			{Name: "LP", Value: c.LP, Max: c.LPMax},
			{Name: "actions", Value: c.Actions},
			{Name: "fatigue", Value: c.Fatigue},
		}}
		w := c.weapon()
		if w.Kind == KindGun {
			sh.Numbers = append(sh.Numbers, engine.Number{Name: w.Name + " loaded", Value: w.Loaded, Max: max(w.Capacity, 1)})
		}
		writeConditions(&sh, s, c, w)
		return sh
	})
}

// writeConditions adds to sh what c suffers or keeps up.
func writeConditions(sh *engine.Sheet, s *State, c *Combatant, w *Weapon) {
	add := sh.Suffers
	nameOf := func(id string) string {
		if t := s.combatant(id); t != nil {
			return t.Name
		}
		return id
	}
	if c.Status != Active {
		add(c.Status.String(), "")
	}
	if c.Unaware {
		add("unaware", "until it notices the fight")
	}
	if c.Prone {
		add("prone", "until it stands up")
	}
	if c.Trapped > 0 {
		add("trapped", "until it escapes (Athletics vs "+strconv.Itoa(c.Trapped)+")")
	}
	if c.HeldBy != "" {
		add("held by "+nameOf(c.HeldBy), "until it breaks free or is released")
	}
	if c.Holding != "" {
		add("holding "+nameOf(c.Holding), "until it lets go")
	}
	if c.Running {
		add("running", "until its next turn")
	}
	if c.Aim != nil {
		add("aiming at "+nameOf(c.Aim.Target), "fires before its group's next turn")
	}
	if c.Delayed {
		add("holding a delayed action", "until it is used")
	}
	if c.Assist > 0 {
		add("assisted +"+strconv.Itoa(c.Assist), "on its next check this round")
	}
	if c.Reloading > 0 {
		need := w.Reload[min(max(c.GunslingerTier, 0), 2)]
		add("reloading", strconv.Itoa(c.Reloading)+" of "+strconv.Itoa(need)+" reload actions spent")
	}
	if w.Kind == KindGun && w.State != GunOK {
		add("the "+w.Name+" "+gunStateWords(w.State), "")
	}
}

// gunStateWords says a gun's state that is not ok in words.
func gunStateWords(st string) string {
	switch st {
	case GunMinorJam:
		return "has a minor jam"
	case GunNeedsFix:
		return "needs fixing"
	case GunMajorJam:
		return "has a major jam"
	case GunInoperableCombat:
		return "is out of action for this fight"
	case GunBrokenWorkshop:
		return "needs a workshop"
	case GunDestroyed:
		return "is destroyed"
	}
	return "is " + st
}
