package render

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
)

// streamDepth is how deep stream writes a value a part at a time: the
// object itself a field at a time, and its fields' arrays an element at
// a time (the analysis' stability list has an element a run). Below, each
// part is marshalled whole.
const streamDepth = 2

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// stream writes v as json.MarshalIndent(v, prefix, " ") writes it, placed
// depth levels in, a field or an element at a time down to streamDepth:
// the analysis of a year of campaigns is never one buffer, nor indented
// as one. A struct that encoding/json would encode with rules stream does
// not follow (an embedded field, a ",string" or "omitzero" option, a name
// it would check further) is marshalled whole.
func (o *jsonObject) stream(v reflect.Value, prefix string, depth int) {
	if o.err != nil {
		return
	}
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			o.write("null")
			return
		}
		if v.Kind() == reflect.Pointer && marshals(v.Type()) {
			break
		}
		v = v.Elem()
	}
	if depth >= streamDepth || marshals(v.Type()) || v.Kind() == reflect.Pointer {
		o.leaf(v, prefix, depth)
		return
	}
	in := prefix + strings.Repeat(" ", depth+1)
	switch v.Kind() {
	case reflect.Struct:
		fields, ok := jsonFields(v.Type())
		if !ok {
			o.leaf(v, prefix, depth)
			return
		}
		n := 0
		for _, f := range fields {
			fv := v.Field(f.index)
			if f.omitEmpty && isEmptyValue(fv) {
				continue
			}
			if n == 0 {
				o.write("{\n" + in)
			} else {
				o.write(",\n" + in)
			}
			n++
			o.write(f.key + ": ")
			o.stream(fv, prefix, depth+1)
		}
		if n == 0 {
			o.write("{}")
		} else {
			o.write("\n" + prefix + strings.Repeat(" ", depth) + "}")
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			o.leaf(v, prefix, depth) // base64
			return
		}
		if v.Kind() == reflect.Slice && v.IsNil() {
			o.write("null")
			return
		}
		if v.Len() == 0 {
			o.write("[]")
			return
		}
		for i := 0; i < v.Len(); i++ {
			if i == 0 {
				o.write("[\n" + in)
			} else {
				o.write(",\n" + in)
			}
			o.stream(v.Index(i), prefix, depth+1)
		}
		o.write("\n" + prefix + strings.Repeat(" ", depth) + "]")
	default:
		o.leaf(v, prefix, depth)
	}
}

// leaf writes v marshalled whole, indented at depth; an addressable v is
// marshalled through its address, as encoding/json reaches the fields of
// a value it was given a pointer to (a method on the pointer applies).
func (o *jsonObject) leaf(v reflect.Value, prefix string, depth int) {
	if o.err != nil {
		return
	}
	var x any
	if v.CanAddr() {
		x = v.Addr().Interface()
	} else {
		x = v.Interface()
	}
	b, err := json.Marshal(x)
	if err != nil {
		o.err = err
		return
	}
	o.buf = appendIndent(o.buf[:0], b, prefix+strings.Repeat(" ", depth), " ")
	o.write(string(o.buf))
	if cap(o.buf) > 1<<20 {
		o.buf = nil
	}
}

// marshals reports whether t, or a pointer to it, encodes itself.
func marshals(t reflect.Type) bool {
	if t.Implements(marshalerType) || t.Implements(textMarshalerType) {
		return true
	}
	if t.Kind() != reflect.Pointer {
		p := reflect.PointerTo(t)
		return p.Implements(marshalerType) || p.Implements(textMarshalerType)
	}
	return false
}

type jsonField struct {
	index     int
	key       string // the quoted name
	omitEmpty bool
}

// jsonFields lists the fields encoding/json writes of t, in order, when
// its rules for them are the plain ones (ok).
func jsonFields(t reflect.Type) (fields []jsonField, ok bool) {
	seen := map[string]bool{}
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if sf.Anonymous {
			return nil, false
		}
		if !sf.IsExported() {
			continue
		}
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = sf.Name
		}
		for _, c := range name {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
				return nil, false
			}
		}
		if seen[name] {
			return nil, false // encoding/json leaves out both
		}
		seen[name] = true
		f := jsonField{index: i, key: `"` + name + `"`}
		for _, opt := range strings.Split(opts, ",") {
			switch opt {
			case "":
			case "omitempty":
				f.omitEmpty = true
			default:
				return nil, false
			}
		}
		fields = append(fields, f)
	}
	return fields, true
}

// isEmptyValue is encoding/json's test for omitempty.
func isEmptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64,
		reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}
