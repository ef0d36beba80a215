// Go baseline for bench/informer_bench.cpp: client-go's SharedIndexInformer, its watch decoding
// path and its store on the same JSON bytes as the C++ side (`-informer`).
//
// Objects are *unstructured.Unstructured, as the C++ side decodes them (the library has no typed
// core/v1 Pod): the decoders are built as client-go's dynamic client builds them
// (client-go/dynamic/scheme.go: newBasicNegotiatedSerializer; the object decoder is the JSON
// serializer with an unstructured creater, the watch-event decoder the JSON serializer on a scheme
// holding metav1's WatchEvent) and the watch is the one rest.Request.Watch returns
// (rest/request.go: newStreamWatcher: json.Framer, streaming.NewDecoder, restclientwatch.NewDecoder,
// watch.NewStreamWatcher), over a bytes.Reader instead of an HTTP body.
// For scale, informer_bytes_per_pod is also measured with typed *v1.Pod objects
// (client-go/kubernetes/scheme's codecs, go_informer_bytes_per_pod_typed).
//
// The data (podgen.go) is pod-realistic.json from testdata/pods varied by name, namespace, uid,
// resourceVersion, three labels and nodeName; bench/informer_bench.cpp builds the same bytes.
// Printed lines:
//
//	BENCH go_informer_events_per_s         watch events through the informer to a no-op handler
//	BENCH go_relist_50k_ms                 a PodList of 50,000 pods decoded and Replaced in an Indexer
//	BENCH go_relist_peak_extra_mb          peak RSS above the RSS before that relist (its own process)
//	BENCH go_informer_bytes_per_pod        heap retained per cached pod after the informer synced
//	BENCH go_informer_bytes_per_pod_strip_managed_fields  the same, managedFields stripped by a transform
//	BENCH go_informer_bytes_per_pod_typed  the same with typed *v1.Pod (no transform)
//	BENCH go_pod_json_bytes                JSON size of one pod, for scale
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	v1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer/json"
	"k8s.io/apimachinery/pkg/runtime/serializer/streaming"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/kubernetes/scheme"
	restclientwatch "k8s.io/client-go/rest/watch"
	"k8s.io/client-go/tools/cache"
)

// The workloads of bench/informer_bench.cpp.
const (
	eventAdds      = 5000 // ADDED events of the event stream
	eventUpdates   = 5000 // then MODIFIED events (each pod moved to another node)
	eventRounds    = 3    // informer runs over the stream; the fastest counts
	relistObjects  = 50000
	relistRounds   = 3 // relist processes; the fastest time and the median peak count
	retainedPods   = 10000
	listRV         = "1"
	podListVersion = 1000000000 + relistObjects
)

// --- decoders (client-go/dynamic/scheme.go) ----------------------------------------------------

var basicScheme = kruntime.NewScheme()

func init() { metav1.AddToGroupVersion(basicScheme, schema.GroupVersion{Version: "v1"}) }

// unstructuredCreater and unstructuredTyper: dynamic/scheme.go's, which make every kind the
// scheme does not know an *unstructured.Unstructured.
type unstructuredCreater struct{ nested kruntime.ObjectCreater }

func (c unstructuredCreater) New(kind schema.GroupVersionKind) (kruntime.Object, error) {
	if out, err := c.nested.New(kind); err == nil {
		return out, nil
	}
	out := &unstructured.Unstructured{}
	out.GetObjectKind().SetGroupVersionKind(kind)
	return out, nil
}

type unstructuredTyper struct{ nested kruntime.ObjectTyper }

func (t unstructuredTyper) ObjectKinds(obj kruntime.Object) ([]schema.GroupVersionKind, bool, error) {
	kinds, unversioned, err := t.nested.ObjectKinds(obj)
	if err == nil {
		return kinds, unversioned, nil
	}
	if _, ok := obj.(kruntime.Unstructured); ok && !obj.GetObjectKind().GroupVersionKind().Empty() {
		return []schema.GroupVersionKind{obj.GetObjectKind().GroupVersionKind()}, false, nil
	}
	return nil, false, err
}

func (t unstructuredTyper) Recognizes(gvk schema.GroupVersionKind) bool { return true }

// codecs: the object decoder and the watch-event decoder of one client.
type codecs struct {
	object, stream kruntime.Decoder
	typed          bool
}

func unstructuredCodecs() codecs {
	return codecs{
		object: json.NewSerializerWithOptions(json.DefaultMetaFactory, unstructuredCreater{basicScheme},
			unstructuredTyper{basicScheme}, json.SerializerOptions{}),
		stream: json.NewSerializerWithOptions(json.DefaultMetaFactory, basicScheme, basicScheme, json.SerializerOptions{}),
	}
}

// typedCodecs: what a typed clientset's REST client negotiates (rest/request.go via
// runtime.NewClientNegotiator over scheme.Codecs.WithoutConversion()).
func typedCodecs() codecs {
	neg := kruntime.NewClientNegotiator(scheme.Codecs.WithoutConversion(), v1.SchemeGroupVersion)
	object, stream, _, err := neg.StreamDecoder("application/json", nil)
	must(err)
	return codecs{object: object, stream: stream, typed: true}
}

// streamWatcher: rest/request.go's newStreamWatcher over the bytes.
func (c codecs) streamWatcher(b []byte) watch.Interface {
	frames := json.Framer.NewFrameReader(io.NopCloser(bytes.NewReader(b)))
	return watch.NewStreamWatcher(restclientwatch.NewDecoder(streaming.NewDecoder(frames, c.stream), c.object),
		apierrors.NewClientErrorReporter(500, "GET", "ClientWatchDecoding"))
}

// --- the informer ------------------------------------------------------------------------------

// listWatch: a cache.ListWatch that lists and then watches (no streaming list), as the C++ side.
type listWatch struct{ *cache.ListWatch }

func (listWatch) IsWatchListSemanticsUnSupported() bool { return true }

func unstructuredNodeIndex(obj interface{}) ([]string, error) {
	spec, _ := obj.(*unstructured.Unstructured).Object["spec"].(map[string]interface{})
	node, _ := spec["nodeName"].(string)
	return []string{node}, nil
}

func typedNodeIndex(obj interface{}) ([]string, error) {
	return []string{obj.(*v1.Pod).Spec.NodeName}, nil
}

// runningInformer: an informer over one watch stream, its handler having seen `total` events.
type runningInformer struct {
	informer cache.SharedIndexInformer
	stop     chan struct{}
	elapsed  time.Duration // from Run to the handler's last event
}

// startInformer runs a SharedIndexInformer whose list is empty and whose first watch is `stream`
// (later watches never send), with the namespace and node indexes and a counting no-op handler,
// and returns once the handler has seen `total` events.
func startInformer(c codecs, stream []byte, total int64, transform cache.TransformFunc) *runningInformer {
	var watched atomic.Bool
	lw := &cache.ListWatch{
		ListFunc: func(metav1.ListOptions) (kruntime.Object, error) {
			if c.typed {
				return &v1.PodList{ListMeta: metav1.ListMeta{ResourceVersion: listRV}}, nil
			}
			return &unstructured.UnstructuredList{Object: map[string]interface{}{
				"apiVersion": "v1", "kind": "PodList", "metadata": map[string]interface{}{"resourceVersion": listRV}}}, nil
		},
		WatchFunc: func(metav1.ListOptions) (watch.Interface, error) {
			if watched.Swap(true) {
				return watch.NewFake(), nil
			}
			return c.streamWatcher(stream), nil
		},
	}
	var example kruntime.Object = &v1.Pod{}
	node := typedNodeIndex
	if !c.typed {
		u := &unstructured.Unstructured{}
		u.SetGroupVersionKind(v1.SchemeGroupVersion.WithKind("Pod"))
		example, node = u, unstructuredNodeIndex
	}
	inf := cache.NewSharedIndexInformer(listWatch{lw}, example, 0,
		cache.Indexers{cache.NamespaceIndex: cache.MetaNamespaceIndexFunc, "node": node})
	if transform != nil {
		must(inf.SetTransform(transform))
	}
	var seen atomic.Int64
	done := make(chan struct{})
	count := func() {
		if seen.Add(1) == total {
			close(done)
		}
	}
	_, err := inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(interface{}) { count() },
		UpdateFunc: func(_, _ interface{}) { count() },
		DeleteFunc: func(interface{}) { count() },
	})
	must(err)
	r := &runningInformer{informer: inf, stop: make(chan struct{})}
	start := time.Now()
	go inf.Run(r.stop)
	<-done
	r.elapsed = time.Since(start)
	return r
}

func benchEvents(g *podGen) float64 {
	stream := g.watchStream(eventAdds, eventUpdates)
	c := unstructuredCodecs()
	best := 0.0
	for round := 0; round < eventRounds; round++ {
		runtime.GC()
		r := startInformer(c, stream, eventAdds+eventUpdates, nil)
		close(r.stop)
		if rate := float64(eventAdds+eventUpdates) / r.elapsed.Seconds(); rate > best {
			best = rate
		}
		if n := len(r.informer.GetIndexer().ListKeys()); n != eventAdds {
			panic(fmt.Sprintf("informer holds %d pods, want %d", n, eventAdds))
		}
	}
	return best
}

// heapAlloc: the live heap after two full collections.
func heapAlloc() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// stripManagedFields: controller-runtime's TransformStripManagedFields
// (sigs.k8s.io/controller-runtime/pkg/cache/cache.go), which the C++ cache::StripManagedFields ports.
func stripManagedFields(in interface{}) (interface{}, error) {
	if obj, err := meta.Accessor(in); err == nil && obj.GetManagedFields() != nil {
		obj.SetManagedFields(nil)
	}
	return in, nil
}

// bytesPerPod: heap the running informer retains per pod once synced on `retainedPods` ADDED
// events.
func bytesPerPod(g *podGen, c codecs, transform cache.TransformFunc) float64 {
	stream := g.watchStream(retainedPods, 0)
	before := heapAlloc()
	r := startInformer(c, stream, retainedPods, transform)
	after := heapAlloc()
	runtime.KeepAlive(r.informer)
	runtime.KeepAlive(stream)
	close(r.stop)
	if n := len(r.informer.GetIndexer().ListKeys()); n != retainedPods {
		panic(fmt.Sprintf("informer holds %d pods, want %d", n, retainedPods))
	}
	return float64(int64(after)-int64(before)) / retainedPods
}

// --- the relist (one per process) --------------------------------------------------------------

// procStatusKB reads a `Name:  <n> kB` line of /proc/self/status.
func procStatusKB(name string) int64 {
	f, err := os.Open("/proc/self/status")
	must(err)
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if rest, ok := strings.CutPrefix(s.Text(), name+":"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			must(err)
			return kb
		}
	}
	panic("no " + name + " in /proc/self/status")
}

// relistChild decodes a PodList of relistObjects pods as the dynamic client's List does
// (rest.Result.Into: the serializer's Decode into an UnstructuredList), extracts the items as the
// Reflector does (meta.ExtractListWithAlloc) and Replaces them into an Indexer with the two
// indexes; prints `RELIST <ms> <peak extra MiB>`. The peak is VmHWM, reset to the current RSS
// (/proc/self/clear_refs) once the list's bytes are in memory and the heap was returned to the OS.
func relistChild(g *podGen) {
	body := g.podList(relistObjects)
	c := unstructuredCodecs()
	runtime.GC()
	debug.FreeOSMemory()
	must(os.WriteFile("/proc/self/clear_refs", []byte("5"), 0))
	rss := procStatusKB("VmRSS")
	start := time.Now()
	obj, _, err := c.object.Decode(body, nil, &unstructured.UnstructuredList{})
	must(err)
	items, err := meta.ExtractListWithAlloc(obj)
	must(err)
	rv, err := meta.NewAccessor().ResourceVersion(obj)
	must(err)
	obj = nil
	store := cache.NewIndexer(cache.MetaNamespaceKeyFunc,
		cache.Indexers{cache.NamespaceIndex: cache.MetaNamespaceIndexFunc, "node": unstructuredNodeIndex})
	found := make([]interface{}, 0, len(items)) // as Reflector.syncWith
	for _, item := range items {
		found = append(found, item)
	}
	items = nil
	must(store.Replace(found, rv))
	elapsed := time.Since(start)
	peak := procStatusKB("VmHWM")
	if n := len(store.ListKeys()); n != relistObjects {
		panic(fmt.Sprintf("store holds %d pods, want %d", n, relistObjects))
	}
	runtime.KeepAlive(body)
	fmt.Printf("RELIST %.3f %.3f\n", float64(elapsed.Nanoseconds())/1e6, float64(peak-rss)/1024)
}

// benchRelist runs relistChild in relistRounds fresh processes.
func benchRelist(testdata string) (ms, peakMB float64) {
	self, err := os.Executable()
	must(err)
	var times, peaks []float64
	for round := 0; round < relistRounds; round++ {
		out, err := exec.Command(self, "-relist-child", "-testdata", testdata).Output()
		must(err)
		var t, p float64
		if _, err := fmt.Sscanf(string(out), "RELIST %g %g", &t, &p); err != nil {
			panic(fmt.Sprintf("relist child printed %q: %v", out, err))
		}
		times, peaks = append(times, t), append(peaks, p)
	}
	sort.Float64s(times)
	sort.Float64s(peaks)
	return times[0], peaks[len(peaks)/2]
}

func benchInformer(testdata string, eventsOnly bool) {
	g := loadPodGen(testdata)
	if eventsOnly {
		fmt.Printf("BENCH go_informer_events_per_s %.3f events/s\n", benchEvents(g))
		return
	}
	stream, list := g.watchStream(eventAdds, eventUpdates), g.podList(relistObjects)
	fmt.Printf("informer data: stream %d bytes fnv1a %016x, list %d bytes fnv1a %016x\n",
		len(stream), fnv1a(stream), len(list), fnv1a(list))
	stream, list = nil, nil
	fmt.Printf("BENCH go_informer_events_per_s %.3f events/s\n", benchEvents(g))
	ms, peak := benchRelist(testdata)
	fmt.Printf("BENCH go_relist_50k_ms %.3f ms\n", ms)
	fmt.Printf("BENCH go_relist_peak_extra_mb %.3f MiB\n", peak)
	fmt.Printf("BENCH go_informer_bytes_per_pod %.3f bytes\n", bytesPerPod(g, unstructuredCodecs(), nil))
	fmt.Printf("BENCH go_informer_bytes_per_pod_strip_managed_fields %.3f bytes\n",
		bytesPerPod(g, unstructuredCodecs(), stripManagedFields))
	fmt.Printf("BENCH go_informer_bytes_per_pod_typed %.3f bytes\n", bytesPerPod(g, typedCodecs(), nil))
	fmt.Printf("BENCH go_pod_json_bytes %d bytes\n", len(g.appendPod(nil, 12345, 1000012345, nodeOf(12345))))
}
