// Command quantitygolden prints the answers of k8s.io/apimachinery v0.37.2's resource.Quantity
// that testdata/resource/*.tsv hold (tests/api/resource/quantity_golden_test.cpp compares with them):
//
//	cut -f1 ../quantity_parse.tsv | grep -v '^#' | GOFLAGS=-mod=mod go run .        # parse table
//	cut -f1,2 ../quantity_arith.tsv | grep -v '^#' | GOFLAGS=-mod=mod go run . arith # arithmetic
package main

import (
	"bufio"
	"fmt"
	"math"
	"os"

	"k8s.io/apimachinery/pkg/api/resource"
)

func main() {
	if len(os.Args) > 1 {
		arith()
		return
	}
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		in := sc.Text()
		q, err := resource.ParseQuantity(in)
		if err != nil {
			msg := "format"
			if err == resource.ErrNumeric {
				msg = "numeric"
			} else if err == resource.ErrSuffix {
				msg = "suffix"
			}
			fmt.Printf("%s\tERR\t%s\n", in, msg)
			continue
		}
		s := q.String()
		i, ok := q.AsInt64()
		if !ok {
			i = 0
		}
		q2 := q.DeepCopy()
		f := q2.AsApproximateFloat64()
		fmt.Printf("%s\t%s\t%s\t%d\t%d\t%d\t%d\t%v\t%d\t%v\t%016x\n", in, s, q.Format, q.Value(), q.MilliValue(), q.ScaledValue(resource.Nano), q.ScaledValue(resource.Kilo), ok, i, q.Sign(), math.Float64bits(f))
	}
}
