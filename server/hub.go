package server

import (
	"sync"
	"time"
)

// hub knows the latest version of each fight this server has heard of and
// wakes the live streams of a fight when it moves.
type hub struct {
	mu       sync.Mutex
	versions map[string]int64
	subs     map[string]map[chan struct{}]struct{}
	done     chan struct{}
	closed   bool
}

func newHub() *hub {
	return &hub{versions: map[string]int64{}, subs: map[string]map[chan struct{}]struct{}{}, done: make(chan struct{})}
}

// heard records that fight has reached version and wakes its streams.
func (h *hub) heard(fight string, version int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if version > h.versions[fight] {
		h.versions[fight] = version
	}
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

// limiter is a token bucket per key: rate a second, burst at most.
type limiter struct {
	mu      sync.Mutex
	rate    float64
	burst   float64
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// maxBuckets bounds the limiter's memory: past it, idle buckets are
// dropped.
const maxBuckets = 100_000

func newLimiter(rate float64, burst int) *limiter {
	return &limiter{rate: rate, burst: float64(burst), buckets: map[string]*bucket{}}
}

// allow reports whether key may make a request now, and if not, how long
// to wait.
func (l *limiter) allow(key string, now time.Time) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) >= maxBuckets {
			for k, old := range l.buckets {
				if now.Sub(old.last).Seconds()*l.rate >= l.burst {
					delete(l.buckets, k)
				}
			}
		}
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
}
