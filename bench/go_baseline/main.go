// Go baseline for bench/cache_bench.cpp: the same workload on a store and index written the way
// client-go's tools/cache writes them (threadSafeMap + storeIndex: a map of items, and per index
// a map from value to a set of keys, updated on every write), so that the C++ store can be
// compared with Go measured on the same machine in the same minute.
//
// Not client-go itself (this tree builds without network access): a re-implementation of its
// algorithm from the upstream source as of 2024 (Update computes the old and new values of every
// index, skips an index whose single value is unchanged, deletes the key from the old sets, drops
// empty sets, adds it to the new ones; MetaNamespaceKeyFunc and MetaNamespaceIndexFunc go through
// an interface assertion, as meta.Accessor does; reads copy the matching items into a new slice).
//
// Run: go run bench/go_baseline/main.go (prints BENCH go_<name> <value> <unit> lines); with
// -writes it measures the writes only (Add, Update, Update in random order: bench/paired_vs_go.sh).
package main

import (
	"flag"
	"fmt"
	"math/rand"
	"sync"
	"testing"
)

type objectMeta struct {
	Name            string
	Namespace       string
	UID             string
	ResourceVersion string
	Labels          map[string]string
}

func (m *objectMeta) GetName() string      { return m.Name }
func (m *objectMeta) GetNamespace() string { return m.Namespace }

type pod struct {
	APIVersion string
	Kind       string
	objectMeta
	NodeName string
}

// metaObject is the part of metav1.Object the key and index functions use.
type metaObject interface {
	GetName() string
	GetNamespace() string
}

func accessor(obj interface{}) (metaObject, error) {
	if m, ok := obj.(metaObject); ok {
		return m, nil
	}
	return nil, fmt.Errorf("object does not implement the Object interfaces")
}

func metaNamespaceKeyFunc(obj interface{}) (string, error) {
	m, err := accessor(obj)
	if err != nil {
		return "", err
	}
	if ns := m.GetNamespace(); len(ns) > 0 {
		return ns + "/" + m.GetName(), nil
	}
	return m.GetName(), nil
}

type indexFunc func(obj interface{}) ([]string, error)

func metaNamespaceIndexFunc(obj interface{}) ([]string, error) {
	m, err := accessor(obj)
	if err != nil {
		return []string{""}, err
	}
	return []string{m.GetNamespace()}, nil
}

func nodeIndexFunc(obj interface{}) ([]string, error) {
	return []string{obj.(*pod).NodeName}, nil
}

type set map[string]struct{}
type index map[string]set

type storeIndex struct {
	indexers map[string]indexFunc
	indices  map[string]index
}

func (i *storeIndex) addKeyToIndex(key, value string, idx index) {
	s := idx[value]
	if s == nil {
		s = set{}
		idx[value] = s
	}
	s[key] = struct{}{}
}

func (i *storeIndex) deleteKeyFromIndex(key, value string, idx index) {
	s := idx[value]
	if s == nil {
		return
	}
	delete(s, key)
	if len(s) == 0 {
		delete(idx, value)
	}
}

func (i *storeIndex) updateIndices(oldObj, newObj interface{}, key string) {
	for name, fn := range i.indexers {
		var oldValues, newValues []string
		if oldObj != nil {
			oldValues, _ = fn(oldObj)
		}
		if newObj != nil {
			newValues, _ = fn(newObj)
		}
		idx := i.indices[name]
		if idx == nil {
			idx = index{}
			i.indices[name] = idx
		}
		if len(newValues) == 1 && len(oldValues) == 1 && newValues[0] == oldValues[0] {
			continue
		}
		for _, v := range oldValues {
			i.deleteKeyFromIndex(key, v, idx)
		}
		for _, v := range newValues {
			i.addKeyToIndex(key, v, idx)
		}
	}
}

type indexer struct {
	lock  sync.RWMutex
	items map[string]interface{}
	index *storeIndex
}

func newIndexer(indexers map[string]indexFunc) *indexer {
	return &indexer{items: map[string]interface{}{}, index: &storeIndex{indexers: indexers, indices: map[string]index{}}}
}

func (c *indexer) Add(obj interface{}) {
	key, err := metaNamespaceKeyFunc(obj)
	if err != nil {
		panic(err)
	}
	c.lock.Lock()
	defer c.lock.Unlock()
	old := c.items[key]
	c.items[key] = obj
	c.index.updateIndices(old, obj, key)
}

func (c *indexer) Update(obj interface{}) { c.Add(obj) }

func (c *indexer) GetByKey(key string) (interface{}, bool) {
	c.lock.RLock()
	defer c.lock.RUnlock()
	item, exists := c.items[key]
	return item, exists
}

func (c *indexer) ByIndex(name, value string) []interface{} {
	c.lock.RLock()
	defer c.lock.RUnlock()
	s := c.index.indices[name][value]
	list := make([]interface{}, 0, len(s))
	for key := range s {
		list = append(list, c.items[key])
	}
	return list
}

func (c *indexer) List() []interface{} {
	c.lock.RLock()
	defer c.lock.RUnlock()
	list := make([]interface{}, 0, len(c.items))
	for _, item := range c.items {
		list = append(list, item)
	}
	return list
}

// The workload of bench/cache_bench.cpp.
const (
	objects    = 50000
	namespaces = 50
	nodes      = 1000
	apps       = objects / 10
)

func nodeOf(i int) int { return (i * 7919) % nodes }

func makePod(i, node int) *pod {
	p := &pod{APIVersion: "v1", Kind: "Pod", NodeName: fmt.Sprintf("node-%04d", node)}
	p.Namespace = fmt.Sprintf("namespace-%02d", i%namespaces)
	p.Name = fmt.Sprintf("pod-%07d", i)
	p.UID = fmt.Sprintf("0f8a%08x-1b2c-4d5e-8f90-a1b2c3d4e5f6", i)
	p.ResourceVersion = fmt.Sprint(100000 + i)
	tier := "backend"
	if i%3 == 0 {
		tier = "frontend"
	}
	env := "staging"
	if i%2 == 0 {
		env = "prod"
	}
	p.Labels = map[string]string{"app": fmt.Sprintf("app-%05d", (i*7)%apps), "tier": tier, "env": env}
	return p
}

func twoIndexes() map[string]indexFunc {
	return map[string]indexFunc{"namespace": metaNamespaceIndexFunc, "node": nodeIndexFunc}
}

func main() {
	// A quick pass, like bench-summary's C++ runs: 0.3 s per measurement instead of 1 s.
	testing.Init()
	writesOnly := flag.Bool("writes", false, "measure the writes only (Add, Update, Update in random order)")
	flag.Parse()
	if err := flag.Set("test.benchtime", "300ms"); err != nil {
		panic(err)
	}
	pods := make([]*pod, objects)
	moved := make([]*pod, objects)
	keys := make([]string, objects)
	for i := 0; i < objects; i++ {
		pods[i] = makePod(i, nodeOf(i))
		moved[i] = makePod(i, (nodeOf(i)+1)%nodes)
		keys[i], _ = metaNamespaceKeyFunc(pods[i])
	}
	rand.New(rand.NewSource(42)).Shuffle(len(keys), func(a, b int) { keys[a], keys[b] = keys[b], keys[a] })
	store := newIndexer(twoIndexes())
	plain := map[string]interface{}{}
	for _, p := range pods {
		store.Add(p)
		k, _ := metaNamespaceKeyFunc(p)
		plain[k] = p
	}

	report := func(name string, ns float64) { fmt.Printf("BENCH go_%s %.3f ns\n", name, ns) }
	perOp := func(r testing.BenchmarkResult) float64 { return float64(r.T.Nanoseconds()) / float64(r.N) }

	add := testing.Benchmark(func(b *testing.B) {
		for n := 0; n < b.N; n++ {
			s := newIndexer(twoIndexes())
			for _, p := range pods {
				s.Add(p)
			}
		}
	})
	report("store_add_ns", float64(add.NsPerOp())/objects)

	// Updates the objects order(0), order(1), ... in turn on a full store, each moved to its
	// other node and, on the next pass, back.
	updateInTurn := func(order func(i int) int) float64 {
		r := testing.Benchmark(func(b *testing.B) {
			s := newIndexer(twoIndexes())
			for _, p := range pods {
				s.Add(p)
			}
			b.ResetTimer()
			i, flip := 0, true
			for n := 0; n < b.N; n++ {
				k := order(i)
				if flip {
					s.Update(moved[k])
				} else {
					s.Update(pods[k])
				}
				if i++; i == objects {
					i, flip = 0, !flip
				}
			}
		})
		return perOp(r)
	}
	report("store_update_index_change_ns", updateInTurn(func(i int) int { return i }))
	shuffled := rand.New(rand.NewSource(7)).Perm(objects)
	report("store_update_random_order_ns", updateInTurn(func(i int) int { return shuffled[i] }))
	if *writesOnly {
		return
	}

	var sink interface{}
	get := testing.Benchmark(func(b *testing.B) {
		for n := 0; n < b.N; n++ {
			sink, _ = store.GetByKey(keys[n%objects])
		}
	})
	report("store_getbykey_ns", perOp(get))

	find := testing.Benchmark(func(b *testing.B) {
		for n := 0; n < b.N; n++ {
			sink = plain[keys[n%objects]]
		}
	})
	report("hash_find_ns", perOp(find))
	_ = sink

	// ByIndex over every value of an index in turn (values formatted as the C++ bench does).
	byIndex := func(index, format string, count int) float64 {
		values := make([]string, count)
		for i := range values {
			values[i] = fmt.Sprintf(format, i)
		}
		r := testing.Benchmark(func(b *testing.B) {
			for n := 0; n < b.N; n++ {
				_ = store.ByIndex(index, values[n%count])
			}
		})
		return perOp(r)
	}
	report("store_byindex_node_ns", byIndex("node", "node-%04d", nodes))
	report("store_byindex_namespace_ns", byIndex("namespace", "namespace-%02d", namespaces))

	list := testing.Benchmark(func(b *testing.B) {
		for n := 0; n < b.N; n++ {
			_ = store.List()
		}
	})
	report("store_list_all_ns", perOp(list))
}
