//go:build race

package testscale

const race = true
