package myrmes

// SetClip sets r's observer of texts shortened to fit (tests only).
func SetClip(r *Renderer, f func(lang, text string)) { r.clip = f }

// SetSeen sets the observer told of every text drawn with its em height in
// pixels.
func SetSeen(r *Renderer, f func(lang, text string, px float64)) { r.seen = f }
