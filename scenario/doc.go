// Package scenario reads the YAML files people write for fray: encounter
// files, which set up a fight for one ruleset, and scenario files, which add
// a script of decisions, forced dice and expectations and are checked by
// running them (fray check).
//
// Loading is strict. Every problem is reported, each as a *Problem that
// names the file, line and column and says what is allowed: YAML syntax,
// unknown keys, values of the wrong type or out of range, references to
// bundled content that does not exist, and the *engine.FieldError values a
// ruleset's EncounterSpec.Start returns, which are placed at the line of the
// field they name.
//
// An encounter file is decoded into the ruleset's spec struct
// (engine.RulesetInfo.NewSpec) by reflection. The struct tags that drive
// decoding also drive the JSON Schema that Schema generates:
//
//	yaml:"name"          the key (as for goccy/go-yaml and encoding/json;
//	                     without a tag the json tag or the lower-cased
//	                     field name; "-" skips the field; ",inline" or an
//	                     embedded struct without a name merges its fields)
//	doc:"text"           what the field means (the schema's description)
//	required:"true"      the key must be given (and not be null)
//	enum:"a,b,c"         the only values allowed (strings or integers)
//	min:"0" max:"10"     bounds of a number, or of the number of items of
//	                     a list or mapping
//	eachmin:"0" eachmax:"20"
//	                     bounds of every number of a list, or of every
//	                     value of a mapping (a skill's rank by name)
//
// Any mapping in an encounter may say "use: NAME" to start from the bundled
// content document NAME of the ruleset (engine.RulesetInfo.Content); the
// keys written next to it override the content's, mappings merging key by
// key. SetField sets one field of an encounter file, named by a FieldPath
// such as "combatants[1].evade", looking into that content the same way.
// docs/scenarios.md describes both file formats for the people who write
// them.
package scenario
