// The informer benchmarks' data: testdata/pods/pod-realistic.json varied per pod. Each varied
// value occurs once in the template, so a pod is the template with those values substituted;
// bench/informer_bench.cpp (PodGen) builds the same bytes, and both print the length and FNV-1a
// hash of their event stream and PodList (an `informer data:` line) so that the two can be compared.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// The template's values, as they appear in it (quoted), with what replaces them for pod i.
var podFields = []struct {
	token string
	value func(i, rv, node int) string
}{
	{`"pod-00000"`, func(i, _, _ int) string { return fmt.Sprintf(`"pod-%05d"`, i) }},
	{`"ns-00"`, func(i, _, _ int) string { return fmt.Sprintf(`"ns-%02d"`, i%namespaces) }},
	{`"632be59b-d9b4-4019-a000-e59bd9b4e019"`, func(i, _, _ int) string {
		return fmt.Sprintf(`"%08x-d9b4-4019-a000-%012x"`, i, i)
	}},
	{`"1000000000"`, func(_, rv, _ int) string { return `"` + strconv.Itoa(rv) + `"` }},
	{`"app-0000"`, func(i, _, _ int) string { return fmt.Sprintf(`"app-%04d"`, (i*7)%apps) }},
	{`"prod"`, func(i, _, _ int) string {
		if i%2 == 0 {
			return `"prod"`
		}
		return `"staging"`
	}},
	{`"frontend"`, func(i, _, _ int) string {
		if i%3 == 0 {
			return `"frontend"`
		}
		return `"backend"`
	}},
	{`"node-0000"`, func(_, _, node int) string { return fmt.Sprintf(`"node-%04d"`, node) }},
}

// podGen: the template cut at the varied values.
type podGen struct {
	parts  []string // len(fields)+1 pieces of the template
	fields []int    // podFields index of the value after parts[k]
}

func loadPodGen(testdata string) *podGen {
	raw, err := os.ReadFile(filepath.Join(testdata, "pods", "pod-realistic.json"))
	must(err)
	doc := strings.TrimRight(string(raw), "\n")
	type hit struct{ pos, field int }
	var hits []hit
	for f, field := range podFields {
		if strings.Count(doc, field.token) != 1 {
			panic(fmt.Sprintf("pod-realistic.json: %s must occur once", field.token))
		}
		hits = append(hits, hit{strings.Index(doc, field.token), f})
	}
	sort.Slice(hits, func(a, b int) bool { return hits[a].pos < hits[b].pos })
	g := &podGen{}
	at := 0
	for _, h := range hits {
		g.parts = append(g.parts, doc[at:h.pos])
		g.fields = append(g.fields, h.field)
		at = h.pos + len(podFields[h.field].token)
	}
	g.parts = append(g.parts, doc[at:])
	return g
}

// appendPod appends pod i (resourceVersion rv, on node `node`) as compact JSON.
func (g *podGen) appendPod(dst []byte, i, rv, node int) []byte {
	for k, f := range g.fields {
		dst = append(dst, g.parts[k]...)
		dst = append(dst, podFields[f].value(i, rv, node)...)
	}
	return append(dst, g.parts[len(g.parts)-1]...)
}

// watchStream: `adds` ADDED events (pods 0..adds-1), then `updates` MODIFIED events (pod j%adds
// moved to the next node), one `{"type":...,"object":...}` line each, resourceVersions increasing.
func (g *podGen) watchStream(adds, updates int) []byte {
	var b []byte
	rv := 1000000000
	for i := 0; i < adds; i++ {
		rv++
		b = append(b, `{"type":"ADDED","object":`...)
		b = append(g.appendPod(b, i, rv, nodeOf(i)), "}\n"...)
	}
	for j := 0; j < updates; j++ {
		rv++
		i := j % adds
		b = append(b, `{"type":"MODIFIED","object":`...)
		b = append(g.appendPod(b, i, rv, (nodeOf(i)+1)%nodes), "}\n"...)
	}
	return b
}

// podList: a PodList document of n pods, allocated at its exact size.
func (g *podGen) podList(n int) []byte {
	head := fmt.Sprintf(`{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"%d"},"items":[`, podListVersion)
	size := len(head) + 2
	var scratch []byte
	for i := 0; i < n; i++ {
		scratch = g.appendPod(scratch[:0], i, 1000000000+i, nodeOf(i))
		size += len(scratch) + 1
	}
	b := make([]byte, 0, size)
	b = append(b, head...)
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = g.appendPod(b, i, 1000000000+i, nodeOf(i))
	}
	return append(b, "]}"...)
}

// fnv1a: the 64-bit FNV-1a hash of b.
func fnv1a(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}
