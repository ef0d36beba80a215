// Go baseline for bench/ctrl_bench.cpp: controller-runtime v0.25.3's cache and controller on the
// same pods as the C++ side (`-ctrl`).
//
// The API server is an in-process httptest server serving /api/v1/pods: a list answers the
// PodList of podgen.go's 50,000 realistic pods (testdata/pods/pod-realistic.json varied by name,
// namespace, uid, resourceVersion, labels and nodeName: 50 namespaces, 50 pods per node, each
// `app` label value on exactly 10 pods), a watch streams the MODIFIED events the benchmark queues
// (flushed when no more are queued, as kube-apiserver's watch handler does). The client side is
// controller-runtime's own: cache.New (its informer cache: client-go's SharedIndexInformer per
// GVK, its cache reader) with typed *v1.Pod objects (client-go's scheme), a static RESTMapper and
// the server's HTTP client in cache.Options, rest.Config.ContentType application/json (the C++
// side has no protobuf; controller-runtime would otherwise ask for protobuf), client-go's
// WatchListClient gate off (list then watch, no streaming list, as the C++ side);
// controller.NewUnmanaged with source.Kind over that cache and handler.EnqueueRequestForObject
// (default options: one worker, the default rate limiter, no predicates).
// Printed lines:
//
//	BENCH go_ctrl_get_ns            cache.Get of a *v1.Pod by key (keys in a shuffled order;
//	                                controller-runtime deep-copies the cached object into the
//	                                caller's, its default)
//	BENCH go_ctrl_list_fields_ns    cache.List(&PodList, MatchingFields{"spec.nodeName": n}) over
//	                                the nodes in turn, through the index registered with
//	                                IndexField: 50 of 50,000 pods, deep-copied
//	BENCH go_ctrl_list_labels_ns    cache.List(&PodList, MatchingLabels{"app": a}) over the app
//	                                values in turn: 10 of 50,000 pods (no namespace, so the reader
//	                                walks every cached pod and matches its labels), deep-copied
//	BENCH go_ctrl_reconciles_per_s  no-op reconciles per second driven by pod updates through the
//	                                whole pipeline: 10,000 MODIFIED events of distinct pods (each
//	                                moved to another node; event bytes built before the clock
//	                                starts) written by the server -> HTTP watch -> JSON decoding ->
//	                                Reflector -> DeltaFIFO -> Indexer -> the Kind source's handler
//	                                -> the controller's rate-limited workqueue -> the reconciler,
//	                                from the first event written to the 10,000th reconcile (every
//	                                update is exactly one reconcile: distinct keys); fastest of 3
//	                                rounds, after the 50,000 reconciles of the initial sync drained
//	BENCH go_ctrl_get_nocopy_ns     diagnostics: ctrl_get_ns and ctrl_list_fields_ns with
//	BENCH go_ctrl_list_fields_nocopy_ns  client.UnsafeDisableDeepCopy (no deep copy: the
//	                                C++ reader's shared_ptr<const T> results copy nothing either)
//
// How this maps to bench/ctrl_bench.cpp (which runs this binary with `--go` and prints each go_
// line after its own): the same pods, keys, nodes, app values, read orders and update counts;
// there the server is testing::FakeAPIServer (in process, no HTTP), the cache is ctrl::Cache
// holding runtime::Unstructured pods (the library has no typed Pod) and the controller
// ctrl::Controller over source::Kind and handler::EnqueueRequestForObject. Its reads return the
// cached objects without copying (go_ctrl_*_nocopy_ns are the like-for-like Go figures; its
// ctrl_*_copy_ns add the copy controller-runtime makes). Its ctrl_reconciles_per_s writes the
// same event bytes as this program into the watch its cache's informer decodes (an in-memory
// pipe in place of the HTTP response); its ctrl_reconciles_server_per_s and _held_ diagnostics
// drive the rounds through FakeAPIServer::Update instead.
// Each read measurement is one testing.Benchmark of about 0.3 s, like bench-summary's quick C++
// pass.
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-logr/logr"
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	ctrllog "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// The workloads of bench/ctrl_bench.cpp.
const (
	ctrlObjects       = 50000
	ctrlUpdates       = 10000 // updates (of pods 0..ctrlUpdates-1) per reconcile round
	ctrlRounds        = 3
	ctrlListVersion   = 1000000000 + ctrlObjects // the PodList's resourceVersion (podGen.podList)
	ctrlNodeIndexName = "spec.nodeName"
)

// podServer: list and watch of pods over HTTP.
type podServer struct {
	list   []byte
	events chan []byte // event lines for the open watch
	lists  atomic.Int32
}

func (s *podServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/api/v1/pods" {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	q := r.URL.Query()
	if q.Get("watch") != "true" && q.Get("watch") != "1" {
		s.lists.Add(1)
		_, _ = w.Write(s.list)
		return
	}
	if q.Get("sendInitialEvents") == "true" {
		http.Error(w, "streaming lists are not served", http.StatusBadRequest)
		return
	}
	flusher := w.(http.Flusher)
	w.WriteHeader(http.StatusOK)
	flusher.Flush()
	for {
		select {
		case <-r.Context().Done():
			return
		case ev := <-s.events:
			if _, err := w.Write(ev); err != nil {
				return
			}
			if len(s.events) == 0 {
				flusher.Flush()
			}
		}
	}
}

// ctrlKeys: the pods' keys in std::shuffle(std::mt19937(42)) order, as ctrl_bench.cpp.
func ctrlKeys() []client.ObjectKey {
	keys := make([]client.ObjectKey, ctrlObjects)
	for i := range keys {
		keys[i] = client.ObjectKey{Namespace: fmt.Sprintf("ns-%02d", i%namespaces), Name: fmt.Sprintf("pod-%05d", i)}
	}
	cppShuffle(keys, 42)
	return keys
}

func benchCtrl(testdata string) {
	// No streaming list: the Reflector lists, then watches (client-go/features: KUBE_FEATURE_*).
	must(os.Setenv("KUBE_FEATURE_WatchListClient", "false"))
	ctrllog.SetLogger(logr.Discard()) // the reconciler logs nothing; neither does the C++ side
	must(flag.Set("test.benchtime", "300ms"))
	g := loadPodGen(testdata)
	srv := &podServer{list: g.podList(ctrlObjects), events: make(chan []byte, ctrlUpdates)}
	fmt.Printf("ctrl data: list %d bytes fnv1a %016x\n", len(srv.list), fnv1a(srv.list))
	ts := httptest.NewServer(srv)
	defer ts.Close()

	cfg := &rest.Config{Host: ts.URL, ContentConfig: rest.ContentConfig{ContentType: "application/json"}}
	mapper := meta.NewDefaultRESTMapper([]schema.GroupVersion{v1.SchemeGroupVersion})
	mapper.Add(v1.SchemeGroupVersion.WithKind("Pod"), meta.RESTScopeNamespace)
	c, err := cache.New(cfg, cache.Options{HTTPClient: ts.Client(), Scheme: scheme.Scheme, Mapper: mapper})
	must(err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	must(c.IndexField(ctx, &v1.Pod{}, ctrlNodeIndexName, func(o client.Object) []string {
		return []string{o.(*v1.Pod).Spec.NodeName}
	}))

	var reconciles atomic.Int64
	target := atomic.Int64{}
	done := make(chan struct{}, 1)
	ctl, err := controller.NewUnmanaged("ctrl-bench", controller.Options{
		Reconciler: reconcile.Func(func(context.Context, reconcile.Request) (reconcile.Result, error) {
			if reconciles.Add(1) == target.Load() {
				done <- struct{}{}
			}
			return reconcile.Result{}, nil
		}),
	})
	must(err)
	must(ctl.Watch(source.Kind(c, &v1.Pod{}, &handler.TypedEnqueueRequestForObject[*v1.Pod]{})))
	target.Store(ctrlObjects) // the initial sync: one reconcile per pod
	go func() { must(c.Start(ctx)) }()
	go func() { must(ctl.Start(ctx)) }()
	if !c.WaitForCacheSync(ctx) {
		panic("the cache did not sync")
	}
	select {
	case <-done:
	case <-time.After(5 * time.Minute):
		panic(fmt.Sprintf("initial sync: %d reconciles of %d", reconciles.Load(), ctrlObjects))
	}

	keys := ctrlKeys()
	benchGet := func(opts ...client.GetOption) float64 {
		return perOp(testing.Benchmark(func(b *testing.B) {
			i := 0
			for n := 0; n < b.N; n++ {
				var pod v1.Pod
				must(c.Get(ctx, keys[i], &pod, opts...))
				if pod.Name != keys[i].Name {
					panic("Get returned " + pod.Name)
				}
				if i++; i == ctrlObjects {
					i = 0
				}
			}
		}))
	}
	benchListFields := func(opts ...client.ListOption) float64 {
		return perOp(testing.Benchmark(func(b *testing.B) {
			for n := 0; n < b.N; n++ {
				var pods v1.PodList
				node := nodeName(n % nodes)
				must(c.List(ctx, &pods, append(opts, client.MatchingFields{ctrlNodeIndexName: node})...))
				if len(pods.Items) != ctrlObjects/nodes {
					panic(fmt.Sprintf("List(%s): %d pods", node, len(pods.Items)))
				}
			}
		}))
	}
	report("ctrl_get_ns", benchGet())
	report("ctrl_list_fields_ns", benchListFields())
	listLabels := testing.Benchmark(func(b *testing.B) {
		for n := 0; n < b.N; n++ {
			var pods v1.PodList
			app := fmt.Sprintf("app-%04d", n%apps)
			must(c.List(ctx, &pods, client.MatchingLabels{"app": app}))
			if len(pods.Items) != ctrlObjects/apps {
				panic(fmt.Sprintf("List(app=%s): %d pods", app, len(pods.Items)))
			}
		}
	})
	report("ctrl_list_labels_ns", perOp(listLabels))
	// Diagnostics: the same reads with client.UnsafeDisableDeepCopy (the cached object itself, a
	// shallow struct copy into the caller's), closer to the C++ reader's shared pointers.
	report("ctrl_get_nocopy_ns", benchGet(client.UnsafeDisableDeepCopy))
	report("ctrl_list_fields_nocopy_ns", benchListFields(client.UnsafeDisableDeepCopy))

	best := 0.0
	rv := ctrlListVersion
	for round := 1; round <= ctrlRounds; round++ {
		batch := make([][]byte, ctrlUpdates)
		for i := range batch {
			rv++
			b := append([]byte(nil), `{"type":"MODIFIED","object":`...)
			batch[i] = append(g.appendPod(b, i, rv, (nodeOf(i)+round)%nodes), "}\n"...)
		}
		target.Store(reconciles.Load() + ctrlUpdates)
		start := time.Now()
		for _, ev := range batch {
			srv.events <- ev
		}
		select {
		case <-done:
		case <-time.After(5 * time.Minute):
			panic(fmt.Sprintf("round %d: %d reconciles, want %d", round, reconciles.Load(), target.Load()))
		}
		if rate := float64(ctrlUpdates) / time.Since(start).Seconds(); rate > best {
			best = rate
		}
	}
	fmt.Printf("BENCH go_ctrl_reconciles_per_s %.3f reconciles/s\n", best)
	if n := srv.lists.Load(); n != 1 {
		panic(fmt.Sprintf("the server answered %d lists, want 1 (a relist)", n))
	}
}
