package odds

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// Types that meet what encoding/json does besides writing fields.
type (
	// inner is a plain struct, with a field JSON does not see.
	inner struct {
		A      int
		hidden int
	}
	// zeroByValue counts as zero, for omitzero, when N is even.
	zeroByValue struct{ N int }
	// zeroByPointer counts as zero when N is negative.
	zeroByPointer struct{ N int }
	// coarse writes only its sign as JSON.
	coarse int
	// coarsePtr writes only its parity, from a pointer receiver: JSON
	// calls it only where the value is addressable.
	coarsePtr int
	// nullish writes odd values as null, as a nil pointer to it is.
	nullish int
	// level writes half itself as text, also as a map key.
	level int
	// embeds has its fields promoted by JSON.
	embeds struct {
		inner
		X int
	}
	// twins has two fields of one name: JSON keeps the tagged one.
	twins struct {
		A int `json:"X"`
		X int
	}
	// signed has a float JSON leaves out when zero, negative zero too.
	signed struct {
		F float64 `json:",omitempty"`
		G float32 `json:",omitempty"`
	}
	// chain is a list, as deep as it is long.
	chain struct {
		Next *chain `json:",omitempty"`
		V    int
	}
)

func (z zeroByValue) IsZero() bool    { return z.N%2 == 0 }
func (z *zeroByPointer) IsZero() bool { return z.N < 0 }

func (c coarse) MarshalJSON() ([]byte, error) {
	return []byte(strconv.Itoa(min(max(int(c), -1), 1))), nil
}

func (c *coarsePtr) MarshalJSON() ([]byte, error) { return []byte(strconv.Itoa(int(*c) % 2)), nil }

func (n nullish) MarshalJSON() ([]byte, error) {
	if n%2 == 1 {
		return []byte("null"), nil
	}
	return []byte(strconv.Itoa(int(n))), nil
}

func (l level) MarshalText() ([]byte, error) { return []byte(strconv.Itoa(int(l) / 2)), nil }

// rich has a field of every sort a state may have.
type rich struct {
	B     bool
	I8    int8 `json:"i8,omitempty"`
	U     uint
	F     float64
	F32   float32 `json:",omitempty"`
	S     string
	SO    string `json:"so,omitempty"`
	Q     int    `json:"q,string"`
	P     *inner `json:"p,omitempty"`
	PP    **inner
	PS    *[]int
	L     []int
	LO    []int `json:"lo,omitempty"`
	Bytes []byte
	A     [2]int8
	M     map[string]int
	MO    map[string]int `json:",omitempty"`
	MI    map[int]string
	MM    map[string]map[string]int
	Any   any
	AnyO  any `json:",omitempty"`
	C     coarse
	MCo   map[string]coarse
	PN    *nullish
	CP    coarsePtr
	MC    map[string]coarsePtr
	LC    []coarsePtr
	T     level
	MT    map[level]int
	E     embeds
	Tw    twins
	Z     zeroByValue   `json:",omitzero"`
	ZP    zeroByPointer `json:",omitzero"`
	ZI    inner         `json:",omitzero"`
	Skip  int           `json:"-"`
	N     *chain
	priv  int
}

// richValues returns n values of rich drawn from small sets, so that many
// are alike in JSON in many ways.
func richValues(r *rand.Rand, n int) []*rich {
	pick := func(k int) int { return r.IntN(k) }
	strs := []string{"", "a", "<a>&", "a\xff", "a\xfe", "a\ufffd", `a\ufffd`, "\u2028", "é"}
	floats := []float64{0, math.Copysign(0, -1), 1, 0.1, 1e21}
	anys := []any{nil, 1, 1.0, "1", (*int)(nil), []int(nil), []int{}, map[string]int{"a": 1}, coarse(5), coarse(7)}
	ints := func() []int {
		switch pick(3) {
		case 0:
			return nil
		case 1:
			return []int{}
		}
		return []int{pick(2), pick(2)}[:1+pick(2)]
	}
	maps := func() map[string]int {
		switch pick(3) {
		case 0:
			return nil
		case 1:
			return map[string]int{}
		}
		m := map[string]int{}
		for range 1 + pick(3) {
			m[strs[pick(len(strs))]] = pick(2)
		}
		return m
	}
	out := make([]*rich, n)
	for i := range out {
		v := &rich{
			B: pick(2) == 0, I8: int8(pick(2)), U: uint(pick(2)), F: floats[pick(len(floats))], F32: float32(pick(2)),
			S: strs[pick(len(strs))], SO: strs[pick(2)], Q: pick(2),
			L: ints(), LO: ints(), A: [2]int8{int8(pick(2)), 0},
			M: maps(), MO: maps(), Any: anys[pick(len(anys))], AnyO: anys[pick(len(anys))],
			C: coarse(pick(5) - 2), CP: coarsePtr(pick(4)), T: level(pick(4)),
			E:  embeds{inner{pick(2), pick(2)}, pick(2)},
			Tw: twins{pick(2), pick(2)}, Z: zeroByValue{pick(4)}, ZP: zeroByPointer{pick(3) - 1}, ZI: inner{A: pick(2), hidden: pick(2)},
			Skip: pick(2), priv: pick(2),
		}
		if pick(2) == 0 {
			v.P = &inner{A: pick(2), hidden: pick(2)}
		}
		switch pick(3) {
		case 1:
			var in *inner
			v.PP = &in
		case 2:
			in := &inner{A: pick(2)}
			v.PP = &in
		}
		switch pick(3) {
		case 1:
			var l []int
			v.PS = &l
		case 2:
			v.PS = &[]int{pick(2)}
		}
		switch pick(3) {
		case 1:
			v.Bytes = []byte{}
		case 2:
			v.Bytes = []byte(strs[pick(len(strs))])
		}
		if pick(2) == 0 {
			v.MI = map[int]string{pick(3) - 1: strs[pick(3)], 7: ""}
		}
		if pick(2) == 0 {
			v.MM = map[string]map[string]int{"x": maps(), "y": maps(), strs[pick(len(strs))]: maps()}
		}
		if pick(2) == 0 {
			v.MC = map[string]coarsePtr{"a": coarsePtr(pick(4)), "b": coarsePtr(pick(4))}
		}
		if pick(2) == 0 {
			v.LC = []coarsePtr{coarsePtr(pick(4))}
		}
		if pick(2) == 0 {
			v.MT = map[level]int{level(pick(4)): 1}
		}
		if pick(2) == 0 {
			v.MCo = map[string]coarse{"a": coarse(pick(5) - 2)}
		}
		if pick(2) == 0 {
			n := nullish(pick(3))
			v.PN = &n
		}
		for range pick(3) {
			v.N = &chain{Next: v.N, V: pick(2)}
		}
		out[i] = v
	}
	return out
}

// keysAgreeWithJSON fails unless the keys of values of one type are equal
// exactly when their JSON is, and a value without JSON has a key of its
// own.
func keysAgreeWithJSON(t *testing.T, values []any) {
	t.Helper()
	var w, fresh keyWriter
	var unique atomic.Int64
	keys := make([]string, len(values))
	jsons := make([][]byte, len(values))
	for i, v := range values {
		keys[i] = string(w.appendState([]byte("C|"), v, &unique))
		if again := string(fresh.appendState([]byte("C|"), v, &unique)); again != keys[i] && !strings.HasPrefix(again, "C|#") {
			t.Fatalf("value %d: a fresh writer's key %q, not %q", i, again, keys[i])
		}
		var err error
		if jsons[i], err = json.Marshal(v); err != nil {
			jsons[i] = nil
		}
	}
	for i := range values {
		for j := range values {
			if reflect.TypeOf(values[i]) != reflect.TypeOf(values[j]) {
				continue // a computation's states are of one type
			}
			sameKey, sameJSON := keys[i] == keys[j], jsons[i] != nil && bytes.Equal(jsons[i], jsons[j])
			if i == j && jsons[i] == nil {
				sameJSON = true // the same key, given once
			}
			if sameKey != sameJSON {
				t.Fatalf("values %d and %d: the same key %v, the same JSON %v:\n%s\n%s\nkeys %q\nand  %q", i, j, sameKey, sameJSON, jsons[i], jsons[j], keys[i], keys[j])
			}
		}
	}
}

// Keys tell states apart exactly as their JSON does, over values alike in
// JSON in every way encoding/json makes them so: values that differ in one
// field, many of them alike, then in all.
func TestKeysAreEqualExactlyWhenTheJSONIs(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	all := richValues(r, 300)
	var values []any
	rt := reflect.TypeFor[rich]()
	for i := range rt.NumField() {
		if !rt.Field(i).IsExported() {
			continue
		}
		for _, v := range all[:40] {
			one := &rich{}
			reflect.ValueOf(one).Elem().Field(i).Set(reflect.ValueOf(v).Elem().Field(i))
			values = append(values, one)
		}
	}
	for _, v := range all {
		values = append(values, v)
	}
	keysAgreeWithJSON(t, values)
}

// Numbers JSON cannot write, negative zeros it leaves out, loops, and
// lists deeper than the walk follows.
func TestKeysOfAwkwardStates(t *testing.T) {
	deep := func(n, last int) *chain {
		c := &chain{V: last}
		for range n {
			c = &chain{Next: c}
		}
		return c
	}
	loop := &chain{V: 1}
	loop.Next = loop
	values := []any{
		&rich{F: math.NaN()}, &rich{F: math.Inf(1)}, &rich{F: math.Inf(-1)}, &rich{}, &rich{F: 1},
		loop, deep(1200, 1), deep(1200, 1), deep(1200, 2), deep(1199, 1), deep(3, 1),
		[]int{1, 2, 3}, &[]int{1, 2, 3}, make(chan int), &struct{ C chan int }{}, &struct{ C chan int }{C: make(chan int)},
		&signed{}, &signed{F: math.Copysign(0, -1)}, &signed{G: float32(math.Copysign(0, -1))}, &signed{F: 1}, &signed{G: 1},
	}
	keysAgreeWithJSON(t, values)
}

// A key is appended to what the buffer holds, and the writer keeps no
// hold on it.
func TestKeyWriterAppends(t *testing.T) {
	var w keyWriter
	var unique atomic.Int64
	buf := []byte("F|tags|")
	k1 := string(w.appendState(buf, &rich{S: "x"}, &unique))
	if !strings.HasPrefix(k1, "F|tags|b") || w.b != nil {
		t.Fatalf("key %q, the writer holds %q", k1, w.b)
	}
	if k2 := string(w.appendState(buf[:2], &rich{S: "x"}, &unique)); k2 != "F|"+k1[len("F|tags|"):] {
		t.Fatalf("key %q after %q", k2, k1)
	}
	if k := string(w.appendState(nil, make(chan int), &unique)); k != fmt.Sprintf("#%d", unique.Load()) {
		t.Fatalf("the key of a channel is %q", k)
	}
}
