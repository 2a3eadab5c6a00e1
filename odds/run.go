package odds

import "slices"

// run resolves actor's command c from state s, level by level: the command,
// then the prompts it leads to, then the prompts those lead to. When it
// stops on an error, k.at says where, so that proceed may go on from
// there with more budget (All's second round), or an estimate from what
// is left (see frontier.go).
func (k *calc[S, C, E]) run(s *S, actor string, c C) error {
	k.at = cursor[S, C]{level: []*node[S]{{state: k.g.Clone(s), p: certain()}}, root: choice[C]{who: actor, cmd: c, p: certain()}}
	k.next, k.nextOrder = map[string]*node[S]{}, nil
	return k.proceed()
}

// cursor is where run has got to: the level of situations being
// resolved, the node of it being answered or resolved, and then the
// answers gathered being resolved.
type cursor[S, C any] struct {
	level []*node[S]
	depth int
	root  choice[C] // the command, the choice of the level of depth 0
	// i is the node of the level being answered; choices are its answers
	// (nil before it is answered), j the next of them to resolve.
	i       int
	choices []choice[C]
	j       int
	// resolving is set once the level's prompts are all answered, while
	// k.gathered are resolved, g the next of them.
	resolving bool
	g         int
}

// proceed resolves from where k.at says, to the end or an error. The
// decisions probed far past the budget (tooBig) are put off (k.big), and
// the rest resolved without them: they are then left to the frontier,
// and proceed stops as past the budget.
func (k *calc[S, C, E]) proceed() error {
	if err := k.levels(); err != nil {
		return err
	}
	if len(k.big) > 0 {
		return errOverPaths
	}
	return nil
}

// levels resolves level by level from where k.at says, to the end or an
// error, putting off the decisions too big (k.big).
func (k *calc[S, C, E]) levels() error {
	at := &k.at
	// A level may be empty with answers still to resolve, where run went
	// on by probability (deep.go).
	for len(at.level) > 0 || at.g < len(k.gathered) {
		for !at.resolving && at.i < len(at.level) {
			n := at.level[at.i]
			if at.choices == nil {
				k.situations++
				k.sp.situations.Add(1)
				if n.steps > k.opts.MaxSteps {
					k.leaveOut(k.reasons.steps, n.p)
					at.i++
					continue
				}
				switch rest, ok := n.rest.(*choice[C]); {
				case at.depth == 0:
					at.choices = []choice[C]{at.root}
				case ok:
					at.choices = []choice[C]{*rest}
				default:
					choices, err := k.answer(n)
					if err != nil {
						// Not counted again when it goes on.
						k.situations--
						k.sp.situations.Add(-1)
						return err
					}
					at.choices = choices
				}
				at.j = 0
			}
			for ; at.j < len(at.choices); at.j++ {
				ch := at.choices[at.j]
				if k.forgets && at.depth > 0 {
					k.gather(n, ch)
					continue
				}
				if err := k.resolve(n, ch); err == errSplit {
					// Its parts in its place, resolved next.
					at.choices = slices.Replace(at.choices, at.j, at.j+1, k.splits...)
					at.j--
				} else if err != nil {
					return err
				}
			}
			at.choices = nil
			at.i++
		}
		at.resolving = true
		for ; at.g < len(k.gathered); at.g++ {
			g := k.gathered[at.g]
			if err := k.resolve(g.n, g.ch); err == errSplit {
				parts := make([]gathered[S, C], len(k.splits))
				for i, ch := range k.splits {
					parts[i] = gathered[S, C]{n: g.n, ch: ch}
				}
				k.gathered = slices.Replace(k.gathered, at.g, at.g+1, parts...)
				at.g--
			} else if err != nil {
				return err
			}
		}
		clear(k.gathered)
		k.gathered = k.gathered[:0]
		clear(k.gatheredAt)
		level := k.nextLevel()
		*at = cursor[S, C]{level: level, depth: at.depth + 1, root: at.root}
		k.next, k.nextOrder = map[string]*node[S]{}, nil
	}
	return nil
}
