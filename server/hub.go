package server

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// hub knows the latest version of each fight this server has heard of and
// wakes the live streams of a fight when it moves.
type hub struct {
	mu       sync.Mutex
	versions map[string]int64
	subs     map[string]map[chan struct{}]struct{}
	done     chan struct{}
	closed   bool
	// moved, when set, is told of each fight that reached a newer
	// version (outside the hub's lock).
	moved func(fight string, version int64)
}

func newHub() *hub {
	return &hub{versions: map[string]int64{}, subs: map[string]map[chan struct{}]struct{}{}, done: make(chan struct{})}
}

// heard records that fight has reached version and wakes its streams.
func (h *hub) heard(fight string, version int64) {
	h.mu.Lock()
	newer := version > h.versions[fight]
	if newer {
		h.versions[fight] = version
	}
	for ch := range h.subs[fight] {
		wake(ch)
	}
	moved := h.moved
	h.mu.Unlock()
	if newer && moved != nil {
		moved(fight, version)
	}
}

// poke wakes the streams of fight without a new version: something else
// is there to send (odds computed).
func (h *hub) poke(fight string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs[fight] {
		wake(ch)
	}
}

// wake signals ch without blocking: one pending wake-up is enough.
func wake(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// wakeAll wakes every stream, to look for entries missed.
func (h *hub) wakeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, subs := range h.subs {
		for ch := range subs {
			wake(ch)
		}
	}
}

// latest returns the latest version heard of for fight (0 if none).
func (h *hub) latest(fight string) int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.versions[fight]
}

// subscribe returns a channel woken when fight moves, and a function that
// ends the subscription.
func (h *hub) subscribe(fight string) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.subs[fight] == nil {
		h.subs[fight] = map[chan struct{}]struct{}{}
	}
	h.subs[fight][ch] = struct{}{}
	return ch, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(h.subs[fight], ch)
		if len(h.subs[fight]) == 0 {
			delete(h.subs, fight)
		}
	}
}

// closeAll ends every stream: done is closed.
func (h *hub) closeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.closed {
		h.closed = true
		close(h.done)
	}
}

// limiter limits requests per key (a token's hash, a client's address):
// a token bucket each (golang.org/x/time/rate), rate a second on average
// and burst at once.
type limiter struct {
	mu    sync.Mutex
	rate  rate.Limit
	burst int
	keys  map[string]*rate.Limiter
}

// maxBuckets bounds the limiter's memory: past it, the buckets of keys
// idle long enough to be full again are dropped (a new one starts full,
// so dropping them changes nothing).
const maxBuckets = 100_000

func newLimiter(r float64, burst int) *limiter {
	return &limiter{rate: rate.Limit(r), burst: burst, keys: map[string]*rate.Limiter{}}
}

// spent reports how long key must wait for its bucket to hold a request
// again, without taking one: 0 when it holds one now (or has no bucket).
func (l *limiter) spent(key string, now time.Time) time.Duration {
	l.mu.Lock()
	lim, ok := l.keys[key]
	l.mu.Unlock()
	if !ok {
		return 0
	}
	if n := lim.TokensAt(now); n < 1 {
		return time.Duration((1 - n) / float64(l.rate) * float64(time.Second))
	}
	return 0
}

// allow reports whether key may make a request now, and if not, how long
// to wait.
func (l *limiter) allow(key string, now time.Time) (bool, time.Duration) {
	l.mu.Lock()
	lim, ok := l.keys[key]
	if !ok {
		if len(l.keys) >= maxBuckets {
			for k, old := range l.keys {
				if old.TokensAt(now) >= float64(l.burst) {
					delete(l.keys, k)
				}
			}
		}
		lim = rate.NewLimiter(l.rate, l.burst)
		l.keys[key] = lim
	}
	l.mu.Unlock()
	r := lim.ReserveN(now, 1)
	if !r.OK() {
		return false, time.Second
	}
	if wait := r.DelayFrom(now); wait > 0 {
		r.CancelAt(now)
		return false, wait
	}
	return true, 0
}
