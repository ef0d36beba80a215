// The server-side apply workloads of bench/managedfields_bench.cpp on upstream's field manager
// (k8s.io/apimachinery/pkg/util/managedfields: the default FieldManager chain built by
// managedfieldstest.NewFakeFieldManager, with the deduced type converter), on the same realistic
// Pod (testdata/pods/pod-realistic.json) and the same configurations:
//
//	BENCH go_managedfields_apply_ns   FieldManager.Apply by "controller" (force) of the
//	                                  configuration whose container image alternates between two
//	                                  versions, onto the Pod as the previous apply left it
//	BENCH go_managedfields_update_ns  FieldManager.UpdateNoErrors of the Pod with the "tier" label
//	                                  alternated, by "editor" (a deep copy of the edited Pod per call)
//
// The configurations are decoded before the clock starts (one copy per call: Apply may keep them).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"k8s.io/apimachinery/pkg/util/managedfields/managedfieldstest"
)

func applyConfig(version int) *unstructured.Unstructured {
	text := `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"pod-00000","namespace":"ns-00",` +
		`"labels":{"managed-by":"controller"}},"spec":{"containers":[{"name":"app","image":"registry.example/web:v` +
		fmt.Sprint(version) + `"}]}}`
	u := &unstructured.Unstructured{}
	must(json.Unmarshal([]byte(text), &u.Object))
	return u
}

func benchApply(testdata string) {
	raw, err := os.ReadFile(filepath.Join(testdata, "pods", "pod-realistic.json"))
	must(err)
	gvk := schema.GroupVersionKind{Version: "v1", Kind: "Pod"}
	fm := managedfieldstest.NewFakeFieldManager(managedfields.NewDeducedTypeConverter(), gvk)
	created := func() *unstructured.Unstructured {
		pod := &unstructured.Unstructured{}
		must(json.Unmarshal(raw, &pod.Object))
		empty := &unstructured.Unstructured{Object: map[string]interface{}{"apiVersion": "v1", "kind": "Pod"}}
		return fm.UpdateNoErrors(empty, pod, "creator").(*unstructured.Unstructured)
	}
	must(flag.Set("test.benchtime", "300ms"))
	apply := testing.Benchmark(func(b *testing.B) {
		live := created()
		configs := make([]*unstructured.Unstructured, b.N)
		for i := range configs {
			configs[i] = applyConfig(1 + i%2)
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			next, err := fm.Apply(live, configs[i], "controller", true)
			if err != nil {
				panic(err)
			}
			live = next.(*unstructured.Unstructured)
		}
	})
	fmt.Printf("BENCH go_managedfields_apply_ns %.1f ns\n", float64(apply.T.Nanoseconds())/float64(apply.N))
	update := testing.Benchmark(func(b *testing.B) {
		live := created()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			edited := live.DeepCopy()
			tier := "backend"
			if i%2 == 1 {
				tier = "frontend"
			}
			must(unstructured.SetNestedField(edited.Object, tier, "metadata", "labels", "tier"))
			live = fm.UpdateNoErrors(live, edited, "editor").(*unstructured.Unstructured)
		}
	})
	fmt.Printf("BENCH go_managedfields_update_ns %.1f ns\n", float64(update.T.Nanoseconds())/float64(update.N))
}
