package march

import (
	"compress/gzip"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// storedTasks returns every task of the snapshots recorded before the typed
// fields (testdata/stored, written by TestStoredSnapshots), as stored.
func storedTasks(t *testing.T) []json.RawMessage {
	t.Helper()
	f, err := os.Open("testdata/stored/snapshots.json.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var points []struct {
		Snapshot struct {
			Tasks []json.RawMessage `json:"tasks"`
		} `json:"snapshot"`
	}
	if err := json.NewDecoder(z).Decode(&points); err != nil {
		t.Fatal(err)
	}
	var out []json.RawMessage
	for _, p := range points {
		out = append(out, p.Snapshot.Tasks...)
	}
	return out
}

// TestTaskLegacyFields decodes every stored task of the old encoding and
// checks that legacy gives back its generic fields exactly (so no value is
// lost or moved to a wrong field), that the new encoding round-trips and
// holds no generic field.
func TestTaskLegacyFields(t *testing.T) {
	kinds := map[TaskKind]bool{}
	for _, raw := range storedTasks(t) {
		var task Task
		if err := json.Unmarshal(raw, &task); err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		kinds[task.K] = true
		var old legacyTask
		if err := json.Unmarshal(raw, &old); err != nil {
			t.Fatal(err)
		}
		if got := task.legacy(); !reflect.DeepEqual(got, old) {
			t.Fatalf("%s: legacy fields %+v, want %+v", raw, got, old)
		}
		b, err := json.Marshal(&task)
		if err != nil {
			t.Fatal(err)
		}
		var back Task
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, task) {
			t.Fatalf("%s: round trip %+v, want %+v", b, back, task)
		}
		var keys map[string]json.RawMessage
		_ = json.Unmarshal(b, &keys)
		for _, k := range []string{"n", "m", "card", "sub", "a"} {
			if _, ok := keys[k]; ok {
				t.Fatalf("%s: generic field %q in the new encoding", b, k)
			}
		}
	}
	if len(kinds) < 31 {
		t.Fatalf("the fixtures hold %d task kinds, want 31", len(kinds))
	}
}

// TestTaskLegacyRefused: a stored generic field that the task's kind never
// used, or a flag with another value, is an error rather than lost.
func TestTaskLegacyRefused(t *testing.T) {
	for raw, want := range map[string]string{
		`{"k":"side","seat":-1,"hex":-1,"n":2}`:                  `no field "n"`,
		`{"k":"invader","seat":0,"hex":3,"m":1}`:                 `no field "m"`,
		`{"k":"soldier","seat":-1,"hex":1,"sub":"raid"}`:         `not "trap"`,
		`{"k":"worker","seat":-1,"hex":-1,"n":1,"m":2}`:          `not 0 or 1`,
		`{"k":"ferocity","seat":0,"hex":3,"sub":"ant","card":5}`: `no field "card"`,
	} {
		var task Task
		err := json.Unmarshal([]byte(raw), &task)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", raw, err, want)
		}
	}
}

// TestTaskFamiliesIsZero: a family with a list is left out of the encoding
// only when every field is zero or an empty list, so no field is lost.
func TestTaskFamiliesIsZero(t *testing.T) {
	for _, fam := range []interface{ IsZero() bool }{&FightTask{}, &LossTask{}, &MoveTask{}, &ExploreTask{}, &ReactTask{}, &EffectTask{}, &HordeTask{}} {
		typ := reflect.TypeOf(fam).Elem()
		if !fam.IsZero() {
			t.Errorf("%s{} is not zero", typ.Name())
		}
		for i := range typ.NumField() {
			v := reflect.New(typ).Elem()
			f := v.Field(i)
			switch f.Kind() {
			case reflect.Int:
				f.SetInt(-1)
			case reflect.Bool:
				f.SetBool(true)
			case reflect.String:
				f.SetString("x")
			case reflect.Slice:
				f.Set(reflect.ValueOf([]int{}))
				if !v.Addr().Interface().(interface{ IsZero() bool }).IsZero() {
					t.Errorf("%s with an empty %s is not zero", typ.Name(), typ.Field(i).Name)
				}
				f.Set(reflect.ValueOf([]int{0}))
			default:
				t.Fatalf("%s.%s: a field of kind %s", typ.Name(), typ.Field(i).Name, f.Kind())
			}
			if v.Addr().Interface().(interface{ IsZero() bool }).IsZero() {
				t.Errorf("%s with %s set is zero: the encoding would drop it", typ.Name(), typ.Field(i).Name)
			}
		}
	}
}
