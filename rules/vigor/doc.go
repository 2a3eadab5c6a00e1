// Package vigor is the vigor ruleset: every roll is an action d20 that
// nothing modifies plus bonus dice that share one rank on the ladder
// d4-d6-d8-d10-d12-d20 (stepped by Charges, Challenges and Wounded, then
// clamped) and burst on their maximum; two actions a turn; reactions paid
// in Vigor (Defense, openings, readied attacks), never on one's own turn;
// damage of a weapon's quality die against Armor Rank, taken from
// Durability first and then Health; Shock and death.
//
// docs/rules/vigor.md is its rulings page: the commands, the dice draw
// order, the transcript vocabulary and every rule (Rnn) and ruling (Ann)
// of the spec with where it lives.
//
// The files: rules.go holds the contract (Decide, Step, Evolve, Next,
// Moves and the rest of engine.Ruleset) and the decider that runs one
// command; each rule's file holds its commands, the events they lead to
// with their apply and describe, and the rules that resolve them.
//
//   - rules.go: Rules, the Command and Event interfaces, the decider and
//     the dispatch of a command to its rule;
//   - state.go: the state, the stat blocks and their derived values;
//   - tables.go: the tables of the rules as data (ladder, sizes,
//     visibility, cover, damage types, categories) and the numbers;
//   - roll.go: rolling dice and the modifiers of a roll, and how exact
//     odds follow them by class;
//   - initiative.go: initiative and late joiners (R08, A10);
//   - turns.go: the flow from turn to turn and round to round, and the
//     Recovery Phase (R07, R09, R41);
//   - costs.go: what acts cost in actions, Vigor and Mana (R10, R20, R38);
//   - attack.go: attacks, off-hand attacks and the GM's modifiers (R11,
//     R12, R22-R25);
//   - defense.go: Defend, Defenses and taking a hit (R13, R21);
//   - damage.go: damage, armour and its wear (R26-R35);
//   - rulings.go: the GM's knockdown and kill rulings (R37, R39);
//   - openings.go: openings and passing them (R20);
//   - readied.go: readied attacks (R16, §7.6.3);
//   - movement.go: moving, escaping and standing up (R14, R15, R19);
//   - skills.go: skill checks and resistance checks (R18, R40, A38);
//   - healing.go: emergency aid and stabilizing (R18, R36);
//   - abilities.go, items.go: using abilities and items (R17);
//   - rest.go: rests after the fight (R42);
//   - endfight.go: the end of the fight, decided or the GM's;
//   - next.go: the prompts (§7 of the spec);
//   - codec.go: the text vocabulary and the kinds tables (engine.Kinds,
//     each type added beside it in the file of its rule);
//   - hot.go: the memory the hot path reuses (Step, Moves, ScratchInto):
//     two engine.Arenas, for the commands of Moves and the events of
//     Step with the dice and lists they carry, and the state's working
//     copies, and the keys of the stat blocks kept for AppendKey;
//   - clones.go: Clone, whose clones of a scratch state share their
//     roster, copy on write (parts.Rosters);
//   - key.go: the state's key for exact odds (AppendKey);
//   - tools.go: simulation, the tactical policy and exact odds;
//   - secrets.go, sheets.go, board.go: what each viewer sees;
//   - spec.go, start.go: the encounter file, "start:" and the Plugin.
package vigor
