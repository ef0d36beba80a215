package main

import "testing"

// The orders std::shuffle(0..49999, std::mt19937(seed)) gives with libstdc++ (g++ 12 and
// clang++ 14 agree): first elements, last element and a polynomial hash of the whole order.
func TestCppShuffle(t *testing.T) {
	for _, c := range []struct {
		seed  uint32
		first []int
		last  int
		hash  uint64
	}{
		{42, []int{16438, 44775, 6820, 16872, 18648}, 21990, 6387294034379287848},
		{7, []int{9159, 2606, 39662, 33878, 4484}, 42030, 6637362671626663054},
	} {
		v := make([]int, 50000)
		for i := range v {
			v[i] = i
		}
		cppShuffle(v, c.seed)
		var h uint64
		for _, x := range v {
			h = h*1000003 + uint64(x)
		}
		for i, want := range c.first {
			if v[i] != want {
				t.Errorf("seed %d: v[%d] = %d, want %d", c.seed, i, v[i], want)
			}
		}
		if v[len(v)-1] != c.last || h != c.hash {
			t.Errorf("seed %d: last %d hash %d, want %d %d", c.seed, v[len(v)-1], h, c.last, c.hash)
		}
	}
}
