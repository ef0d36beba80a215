package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"k8s.io/apimachinery/pkg/api/resource"
)

func arith() {
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		parts := strings.Split(sc.Text(), "\t")
		a := resource.MustParse(parts[0])
		b := resource.MustParse(parts[1])
		sum := a.DeepCopy()
		sum.Add(b)
		diff := a.DeepCopy()
		diff.Sub(b)
		ac := a.DeepCopy()
		cmp := ac.Cmp(b)
		prod := a.DeepCopy()
		exact := prod.Mul(3)
		neg := a.DeepCopy()
		neg.Neg()
		r := a.DeepCopy()
		rexact := r.RoundUp(resource.Kilo)
		r2 := a.DeepCopy()
		r2exact := r2.RoundUp(resource.Milli)
		fmt.Printf("%s\t%s\t%s\t%s\t%d\t%s\t%v\t%s\t%s\t%v\t%s\t%v\t%s\t%s\n", parts[0], parts[1], sum.String(), diff.String(), cmp, prod.String(), exact, neg.String(), r.String(), rexact, r2.String(), r2exact, sum.Format, diff.Format)
	}
}
