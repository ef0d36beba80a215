// Go baseline for bench/cache_bench.cpp: the same workload on client-go's own Indexer
// (k8s.io/client-go/tools/cache: cache.NewIndexer with cache.MetaNamespaceKeyFunc,
// cache.MetaNamespaceIndexFunc and a node-name index) holding real *v1.Pod objects
// (k8s.io/api/core/v1), so that the C++ store can be compared with upstream measured on the same
// machine in the same minute.
//
// The workload mirrors cache_bench.cpp: 50,000 pods over 50 namespaces and 1,000 nodes, each pod
// with the same name, namespace, uid, resourceVersion, three labels and spec.nodeName as the C++
// BenchPod; the same key order and update orders (in turn, and the same shuffles: shuffle.go
// reproduces std::shuffle with std::mt19937) and the same read patterns.
// Printed lines (ns per operation):
//
//	BENCH go_store_add_ns                  Add of a new object (store growing to 50,000)
//	BENCH go_store_update_index_change_ns  Update moving an object to another node
//	BENCH go_store_update_random_order_ns  the same, objects visited in a shuffled order
//	BENCH go_store_getbykey_ns             GetByKey (random keys)
//	BENCH go_hash_find_ns                  a bare map[string]interface{} lookup
//	BENCH go_store_byindex_node_ns         ByIndex("node", n): 50 results
//	BENCH go_store_byindex_namespace_ns    ByIndex("namespace", ns): 1,000 results
//	BENCH go_store_list_all_ns             List(): 50,000 results
//
// Run from bench/go: `go run .` (every line), `go run . -writes` (the three writes),
// `go run . -getbykey` (GetByKey), or both flags; bench/paired_vs_go.sh alternates these with the
// C++ runs. `go run . -informer` runs the informer workloads of bench/informer_bench.cpp instead
// (informer.go; -testdata names the testdata directory, ../../testdata by default; -events
// limits it to go_informer_events_per_s). `go run . -ctrl` runs the controller-runtime workloads of
// bench/ctrl_bench.cpp (ctrl.go); `go run . -apply` the server-side apply workloads of
// bench/managedfields_bench.cpp on upstream's field manager (apply.go).
// Each measurement is one testing.Benchmark of about 0.3 s, like bench-summary's quick C++ pass.
// `go test` checks that shuffle.go reproduces the C++ orders.
package main

import (
	"flag"
	"fmt"
	"testing"

	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/cache"
)

// The workload of bench/cache_bench.cpp.
const (
	objects    = 50000
	namespaces = 50
	nodes      = 1000
	apps       = objects / 10 // each app label value matches 10 objects
)

func nodeOf(i int) int { return (i * 7919) % nodes }

func nsName(i int) string   { return fmt.Sprintf("namespace-%02d", i%namespaces) }
func nodeName(n int) string { return fmt.Sprintf("node-%04d", n) }

// makePod builds the Pod of cache_bench.cpp's MakeBenchPod(i, node).
func makePod(i, node int) *v1.Pod {
	tier := "backend"
	if i%3 == 0 {
		tier = "frontend"
	}
	env := "staging"
	if i%2 == 0 {
		env = "prod"
	}
	return &v1.Pod{
		TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "Pod"},
		ObjectMeta: metav1.ObjectMeta{
			Namespace:       nsName(i),
			Name:            fmt.Sprintf("pod-%07d", i),
			UID:             types.UID(fmt.Sprintf("0f8a%08x-1b2c-4d5e-8f90-a1b2c3d4e5f6", i)),
			ResourceVersion: fmt.Sprint(100000 + i),
			Labels:          map[string]string{"app": fmt.Sprintf("app-%05d", (i*7)%apps), "tier": tier, "env": env},
		},
		Spec: v1.PodSpec{NodeName: nodeName(node)},
	}
}

// nodeIndexFunc is cache_bench.cpp's NodeIndexFunc: the pod's spec.nodeName.
func nodeIndexFunc(obj interface{}) ([]string, error) {
	return []string{obj.(*v1.Pod).Spec.NodeName}, nil
}

func twoIndexes() cache.Indexers {
	return cache.Indexers{cache.NamespaceIndex: cache.MetaNamespaceIndexFunc, "node": nodeIndexFunc}
}

func newStore() cache.Indexer { return cache.NewIndexer(cache.MetaNamespaceKeyFunc, twoIndexes()) }

func must(err error) {
	if err != nil {
		panic(err)
	}
}

// fixture holds what cache_bench.cpp's Fixture holds.
type fixture struct {
	pods, moved []*v1.Pod
	keys        []string // in random order
	store       cache.Indexer
	plain       map[string]interface{}
}

func newFixture() *fixture {
	f := &fixture{pods: make([]*v1.Pod, objects), moved: make([]*v1.Pod, objects), keys: make([]string, objects)}
	for i := 0; i < objects; i++ {
		f.pods[i] = makePod(i, nodeOf(i))
		f.moved[i] = makePod(i, (nodeOf(i)+1)%nodes)
		key, err := cache.MetaNamespaceKeyFunc(f.pods[i])
		must(err)
		f.keys[i] = key
	}
	cppShuffle(f.keys, 42) // std::shuffle(keys, std::mt19937(42)), as cache_bench.cpp
	f.store = newStore()
	f.plain = make(map[string]interface{}, objects)
	for _, p := range f.pods {
		must(f.store.Add(p))
		key, err := cache.MetaNamespaceKeyFunc(p)
		must(err)
		f.plain[key] = p
	}
	return f
}

func report(name string, ns float64) { fmt.Printf("BENCH go_%s %.3f ns\n", name, ns) }

func perOp(r testing.BenchmarkResult) float64 { return float64(r.T.Nanoseconds()) / float64(r.N) }

var sink interface{}

func (f *fixture) benchWrites() {
	add := testing.Benchmark(func(b *testing.B) {
		for n := 0; n < b.N; n++ {
			s := newStore()
			for _, p := range f.pods {
				must(s.Add(p))
			}
		}
	})
	report("store_add_ns", perOp(add)/objects)

	// Updates the objects order(0), order(1), ... in turn on a full store, each moved to its
	// other node and, on the next pass, back.
	updateInTurn := func(order func(i int) int) float64 {
		r := testing.Benchmark(func(b *testing.B) {
			s := newStore()
			for _, p := range f.pods {
				must(s.Add(p))
			}
			b.ResetTimer()
			i, flip := 0, true
			for n := 0; n < b.N; n++ {
				k := order(i)
				if flip {
					must(s.Update(f.moved[k]))
				} else {
					must(s.Update(f.pods[k]))
				}
				if i++; i == objects {
					i, flip = 0, !flip
				}
			}
		})
		return perOp(r)
	}
	report("store_update_index_change_ns", updateInTurn(func(i int) int { return i }))
	shuffled := make([]int, objects)
	for i := range shuffled {
		shuffled[i] = i
	}
	cppShuffle(shuffled, 7) // std::shuffle(order, std::mt19937(7)), as cache_bench.cpp
	report("store_update_random_order_ns", updateInTurn(func(i int) int { return shuffled[i] }))
}

func (f *fixture) benchGetByKey() {
	get := testing.Benchmark(func(b *testing.B) {
		i := 0
		for n := 0; n < b.N; n++ {
			item, exists, err := f.store.GetByKey(f.keys[i])
			if !exists || err != nil {
				panic("missing key " + f.keys[i])
			}
			sink = item
			if i++; i == objects {
				i = 0
			}
		}
	})
	report("store_getbykey_ns", perOp(get))
}

func (f *fixture) benchReads() {
	f.benchGetByKey()
	// The bare map lookup, starting half-way through the keys (as cache_bench.cpp's BM_HashFind).
	find := testing.Benchmark(func(b *testing.B) {
		i := objects / 2
		for n := 0; n < b.N; n++ {
			sink = f.plain[f.keys[i]]
			if i++; i == objects {
				i = 0
			}
		}
	})
	report("hash_find_ns", perOp(find))

	// ByIndex over every value of an index in turn.
	byIndex := func(index string, values []string, want int) float64 {
		r := testing.Benchmark(func(b *testing.B) {
			for n := 0; n < b.N; n++ {
				items, err := f.store.ByIndex(index, values[n%len(values)])
				if err != nil || len(items) != want {
					panic(fmt.Sprintf("ByIndex(%q, %q): %d items, %v", index, values[n%len(values)], len(items), err))
				}
				sink = items
			}
		})
		return perOp(r)
	}
	nodeValues := make([]string, nodes)
	for n := range nodeValues {
		nodeValues[n] = nodeName(n)
	}
	nsValues := make([]string, namespaces)
	for n := range nsValues {
		nsValues[n] = nsName(n)
	}
	report("store_byindex_node_ns", byIndex("node", nodeValues, objects/nodes))
	report("store_byindex_namespace_ns", byIndex(cache.NamespaceIndex, nsValues, objects/namespaces))

	list := testing.Benchmark(func(b *testing.B) {
		for n := 0; n < b.N; n++ {
			sink = f.store.List()
		}
	})
	report("store_list_all_ns", perOp(list))
}

func main() {
	testing.Init()
	writes := flag.Bool("writes", false, "measure the writes (Add, Update, Update in random order)")
	getByKey := flag.Bool("getbykey", false, "measure GetByKey")
	informer := flag.Bool("informer", false, "measure the informer workloads (informer.go) instead")
	ctrl := flag.Bool("ctrl", false, "measure controller-runtime's cache and controller (ctrl.go) instead")
	apply := flag.Bool("apply", false, "measure upstream's field manager (apply.go) instead")
	events := flag.Bool("events", false, "with -informer: the event workload alone")
	relist := flag.Bool("relist-child", false, "run one relist and print it (informer.go: benchRelist's child)")
	testdata := flag.String("testdata", "../../testdata", "the repository's testdata directory")
	flag.Parse()
	if *relist {
		relistChild(loadPodGen(*testdata))
		return
	}
	if *ctrl {
		benchCtrl(*testdata)
		return
	}
	if *apply {
		benchApply(*testdata)
		return
	}
	if *informer {
		benchInformer(*testdata, *events)
		return
	}
	must(flag.Set("test.benchtime", "300ms"))
	f := newFixture()
	if !*writes && !*getByKey {
		f.benchWrites()
		f.benchReads()
		return
	}
	if *writes {
		f.benchWrites()
	}
	if *getByKey {
		f.benchGetByKey()
	}
}
