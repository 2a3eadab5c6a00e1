package parts

import "fray/engine"

// ChooseByKind is the shape of a tactical policy's Choose that tells its
// prompts apart by kind alone: no command when p offers none, act's on a
// turn, react's on a reaction's prompt, and the prompt's fallback (a
// ruling's default, the end) otherwise. Passed functions, not closures, it
// inlines into Choose and allocates nothing.
func ChooseByKind[S, C any](s *S, p *engine.Prompt[C], act, react func(*S, *engine.Prompt[C]) C) C {
	if len(p.Options) == 0 {
		var none C
		return none
	}
	switch p.Kind {
	case engine.Act:
		return act(s, p)
	case engine.React:
		return react(s, p)
	}
	return p.Fallback()
}
