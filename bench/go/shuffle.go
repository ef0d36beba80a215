package main

// The random orders of bench/cache_bench.cpp, reproduced exactly: std::shuffle with a
// std::mt19937 as libstdc++ (GCC 12) computes it, so that both sides visit the keys and the
// updated objects in the same order.

// mt19937 is the 32-bit Mersenne Twister (std::mt19937).
type mt19937 struct {
	mt  [624]uint32
	idx int
}

func newMT19937(seed uint32) *mt19937 {
	m := &mt19937{idx: 624}
	m.mt[0] = seed
	for i := 1; i < 624; i++ {
		m.mt[i] = 1812433253*(m.mt[i-1]^(m.mt[i-1]>>30)) + uint32(i)
	}
	return m
}

func (m *mt19937) next() uint32 {
	if m.idx >= 624 {
		for i := 0; i < 624; i++ {
			y := (m.mt[i] & 0x80000000) | (m.mt[(i+1)%624] & 0x7fffffff)
			v := m.mt[(i+397)%624] ^ (y >> 1)
			if y&1 != 0 {
				v ^= 0x9908b0df
			}
			m.mt[i] = v
		}
		m.idx = 0
	}
	y := m.mt[m.idx]
	m.idx++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// uniform is std::uniform_int_distribution{0, n - 1}(g) for a 32-bit generator: Lemire's
// nearly-divisionless method (libstdc++ uniform_int_dist.h: _S_nd).
func (m *mt19937) uniform(n uint32) uint32 {
	product := uint64(m.next()) * uint64(n)
	low := uint32(product)
	if low < n {
		threshold := -n % n
		for low < threshold {
			product = uint64(m.next()) * uint64(n)
			low = uint32(product)
		}
	}
	return uint32(product >> 32)
}

// cppShuffle is std::shuffle(v.begin(), v.end(), std::mt19937(seed)) (libstdc++ stl_algo.h): when
// the generator's range covers the square of the length, swap positions are drawn two at a time.
func cppShuffle[T any](v []T, seed uint32) {
	n := uint64(len(v))
	if n < 2 {
		return
	}
	if (1<<32-1)/n < n {
		panic("cppShuffle: only the paired-draw path of std::shuffle is reproduced")
	}
	g := newMT19937(seed)
	i := uint64(1)
	if n%2 == 0 {
		j := g.uniform(2)
		v[i], v[j] = v[j], v[i]
		i++
	}
	for i < n {
		r := i + 1 // swap range of position i; position i+1 has r+1
		x := uint64(g.uniform(uint32(r * (r + 1))))
		a, b := x/(r+1), x%(r+1)
		v[i], v[a] = v[a], v[i]
		i++
		v[i], v[b] = v[b], v[i]
		i++
	}
}
